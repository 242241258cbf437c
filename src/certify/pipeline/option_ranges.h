#pragma once
/// \file option_ranges.h
/// The certifiers' constructors refuse options out of range by the one schema's ranges: these are
/// defined beside the schema (ompl/validator_options.cpp), where every range is written, so a
/// certifier built directly from C++ refuses what `ompl_ccd options` lists as out of range, with
/// the same message as every front end.

#include <string>

#include "ompl_ccd/certify/pipeline/culling_options.h"

namespace ompl_ccd
{
// declared, not included: the certifiers' headers sit above the pipeline
struct ConservativeAdvancementOptions;
struct TolerancedMotionOptions;
struct IntervalArithmeticOptions;
}  // namespace ompl_ccd

namespace ompl_ccd::pipeline
{
/** \brief \throws Error naming \a context and the first option (schema order) out of its range. */
void checkOptionRanges(const ConservativeAdvancementOptions &options, const CullingOptions &culling,
                       const std::string &context);
void checkOptionRanges(const TolerancedMotionOptions &options, const CullingOptions &culling,
                       const std::string &context);
void checkOptionRanges(const IntervalArithmeticOptions &options, const CullingOptions &culling,
                       const std::string &context);
}  // namespace ompl_ccd::pipeline
