#pragma once
/// \file path_certification.h
/// Certifies many edges at once — the edges of a path, or any list of motions — on several threads,
/// one workspace per thread, the reports in edge order. ompl_ccd::certifyPath is the one code path
/// of `ompl_ccd plan`, `validate` and `benchmark` and of the ROS node.

#include <Eigen/Core>
#include <cstddef>
#include <functional>
#include <ompl/base/SpaceInformation.h>
#include <ompl/geometric/PathGeometric.h>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/clearance_profile.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/edge_file.h"

namespace ompl_ccd
{
/** \brief One edge's answer. */
struct EdgeReport
{
  Report report;
  /** \brief Microseconds spent inside the validator on this edge (the thread's own time, whatever
      the number of threads). */
  double time_us = 0.0;
  /** \brief The edge's clearance profile (clearance_profile.h), when CertifyOptions::clearance_profile
      asked for it; else empty. Not part of time_us. */
  std::vector<ClearanceSample> clearance;
};

/** \brief How to certify a list of edges. */
struct CertifyOptions
{
  /** \brief Mode::Decide (free or not) or Mode::FirstContact (TOC bracket and witness). */
  Mode mode = Mode::FirstContact;
  /** \brief Threads that answer edges; 0 = every core (std::thread::hardware_concurrency()). Never
      more threads than edges. */
  unsigned int jobs = 1;
  /** \brief Also compute each edge's clearance profile (EdgeReport::clearance), on the same threads. */
  bool clearance_profile = false;
  /** \brief Called in the calling thread with each edge's index and report, in edge order, as soon
      as that edge and every earlier one are answered (e.g. to print JSON lines while the rest run). */
  std::function<void(std::size_t, const EdgeReport &)> on_edge;
};

/** \brief The number of threads \a jobs asks for (0 = every core, at least 1). */
unsigned int resolveJobs(unsigned int jobs);

/** \brief Answers every edge of \a edges with the motion validator of \a si (reportEdge, edge_report.h),
    on options.jobs threads. Thread safety: a CertifyingMotionValidator keeps one certifier
    workspace per thread; OMPL's DiscreteMotionValidator is copied for each thread (its counters are
    plain integers); any other validator is called by one thread at a time. With jobs ≥ 2 each call
    starts its own threads, whose certifier workspaces the validator keeps until it is destroyed
    (per_thread.h): batch many edges per call rather than call often with a few.
    \pre \a si is set up, its state space is makeStateSpace(world->robot()).
    \returns one report per edge, in edge order.
    \throws Error as reportEdge (a state of the wrong size, NaN, out of bounds), from the first
            edge that failed. */
std::vector<EdgeReport> certifyEdges(const ompl::base::SpaceInformationPtr &si, const CollisionWorldPtr &world,
                                     const std::vector<Edge> &edges, const CertifyOptions &options = {});

/** \brief The edges of \a path: waypoint i → i + 1, as state vectors (Edge::line = i + 1, the goal's
    0-based waypoint index).
    \pre the path's states belong to makeStateSpace(robot) (any SpaceInformation over it). */
std::vector<Edge> pathEdges(const RobotModel &robot, const ompl::geometric::PathGeometric &path);

/** \brief Certifies every edge of \a path with the motion validator of \a si (certifyEdges on
    pathEdges): the path may come from another SpaceInformation over the same robot, e.g. a path
    planned with "discrete" re-checked by a "ca" space (makeSpaceInformation, simple_setup.h).
    \returns one report per edge (path.getStateCount() − 1 of them). */
std::vector<EdgeReport> certifyPath(const ompl::geometric::PathGeometric &path,
                                    const ompl::base::SpaceInformationPtr &si, const CollisionWorldPtr &world,
                                    const CertifyOptions &options = {});

/** \brief The number of \a reports with \a verdict. */
std::size_t countVerdicts(const std::vector<EdgeReport> &reports, Verdict verdict);
}  // namespace ompl_ccd
