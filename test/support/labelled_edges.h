#pragma once
/// \file labelled_edges.h
/// A certifier held against the oracle's labels of a set of edges, in both modes, with gtest
/// expectations: the check every soundness test of a scene runs.

#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "support/oracle.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
/** \brief Certifies every edge of \a edges in Decide and in FirstContact mode (tolerance 10⁻³) and
    expects, per edge, no false Free and no toc_lower past the oracle's contact (\a labels, one per
    edge), and every Collision witness in contact in \a oracle_world (witnessInContact); prints each
    mode's tally under \a name. \returns the Collision reports of both modes. */
std::size_t expectSoundOnLabelledEdges(const Certifier &certifier, const CollisionWorld &oracle_world,
                                       const std::vector<Edge> &edges, const std::vector<OracleResult> &labels,
                                       const std::string &name);
}  // namespace ompl_ccd::test
