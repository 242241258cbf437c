#pragma once
/// \file edge_checker.h
/// Answers edges (start and goal state vectors) with one motion validator, built once, from any
/// number of threads: what `ompl_ccd validate` does edge by edge and the Python module's
/// Validator.check does for a whole batch.

#include <ompl/base/MotionValidator.h>
#include <ompl/base/SpaceInformation.h>
#include <memory>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/edge_file.h"
#include "ompl_ccd/ompl/path_certification.h"
#include "ompl_ccd/ompl/per_thread.h"
#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd
{
/** \brief Most threads of EdgeChecker::checkAll (as the `threads` option: a fixed cap, the same on
    every machine; more threads than cores only add start-up time). */
constexpr int kMaxEdgeJobs = 256;

/** \brief The number of threads answering edges written \a text: `ompl_ccd validate --jobs` and
    Python's `Validator.check(..., jobs=)` take it through this one check.
    \param what names the argument in the message, e.g. "validate: --jobs" or "Validator.check: jobs".
    \throws Error "<what> is <text>; give an integer in [1, 256] (threads answering edges)." unless
            \a text is a decimal integer in [1, kMaxEdgeJobs]. */
int edgeJobs(const std::string &text, const std::string &what);

/** \brief One motion validator over makeStateSpace(world->robot()), answering edges with
    reportEdge (edge_report.h). The validator is made once, so a certifier's start-up (ca's joint-space
    certificates) is paid by the constructor, not per edge. Thread-safe: a certifying validator is
    shared by all threads (its certifier is immutable, its workspaces per thread); any other
    validator (OMPL's DiscreteMotionValidator counts its calls in plain fields) is made once more
    for each further thread that calls check(), and checkAll() shares it as certifyEdges does;
    each thread has its own collision workspace. */
class EdgeChecker
{
public:
  /** \brief Validator \a validator (makeMotionValidator's names) with \a options over the robot's
      state space. \throws Error for a null world, an unknown validator or an option out of range. */
  EdgeChecker(CollisionWorldPtr world, std::string validator, ValidatorOptions options);

  /** \brief The report of q1 → q2 in \a mode (reportEdge), timed into \a time_us. Thread-safe.
      \throws Error for a state the robot refuses (RobotModel::acceptState). */
  Report check(const Eigen::VectorXd &q1, const Eigen::VectorXd &q2, Mode mode, double *time_us) const;

  /** \brief The answers to \a edges in their order, computed by \a jobs threads that each take the
      next unanswered edge: certifyEdges (path_certification.h) with this validator.
      \throws Error if \a jobs is not in [1, kMaxEdgeJobs]; an exception of any edge is rethrown
      once every thread has stopped. */
  std::vector<EdgeReport> checkAll(const std::vector<Edge> &edges, Mode mode, int jobs) const;

  const CollisionWorldPtr &world() const { return world_; }
  /** \brief The validator's name ("ca", "discrete", ...). */
  const std::string &validatorName() const { return validator_; }

private:
  /** \brief What one thread answers edges with. */
  struct Lane
  {
    /** \brief Space information (state space, validity checker) and its motion validator. */
    ompl::base::SpaceInformationPtr si;
    ompl::base::MotionValidatorPtr validator;
    /** \brief For reportEdge's start-state check and sampled witnesses. */
    std::unique_ptr<CollisionWorkspace> ws;
  };
  /** \brief A lane with makeSpaceInformation's space information and its validator. */
  std::unique_ptr<Lane> makeValidatorLane() const;
  /** \brief A lane for one more thread: shared_'s validator when it certifies, else a new one. */
  std::unique_ptr<Lane> makeLane() const;
  /** \brief Answers \a edge with \a lane. */
  Report answer(Lane &lane, const Edge &edge, Mode mode, double *time_us) const;

  CollisionWorldPtr world_;
  std::string validator_;
  ValidatorOptions options_;
  /** \brief The validator made by the constructor. */
  std::unique_ptr<Lane> shared_;
  /** \brief True when shared_'s validator is a CertifyingMotionValidator (thread-safe). */
  bool certifying_ = false;
  /** \brief The lane of each thread that calls check() or checkAll(). */
  PerThread<Lane> lanes_;
};
}  // namespace ompl_ccd
