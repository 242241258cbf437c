#pragma once
/// \file validate_dask.h
/// `ompl_ccd validate --dask SCHEDULER`: the same validation answered by a Dask cluster, run by
/// `ompl_ccd-dask` (the Python package's entry point, python/ompl_ccd/dask_validate.py), which
/// prints the same JSON lines.

#include "validate_command.h"

namespace ompl_ccd::cli
{
/** \brief The arguments of `ompl_ccd-dask` for \a options: --scheduler options.dask_scheduler and
    every flag of \a options that was given, as `validate` took it. */
std::vector<std::string> daskArguments(const ValidateOptions &options);

/** \brief Replaces this process by `ompl_ccd-dask` (next to this program: build/ or the install
    prefix's bin/) with daskArguments(options); returns only on failure.
    \throws Error when ompl_ccd-dask is not there (the Python module was not built) or cannot run. */
[[noreturn]] void execValidateOnDask(const ValidateOptions &options);
}  // namespace ompl_ccd::cli
