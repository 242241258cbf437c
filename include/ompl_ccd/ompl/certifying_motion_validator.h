#pragma once
/// \file certifying_motion_validator.h
/// An OMPL MotionValidator that asks a Certifier (exact, guaranteed) instead of sampling.

#include <ompl/base/MotionValidator.h>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/ompl/per_thread.h"

namespace ompl_ccd
{
/** \brief MotionValidator whose answers come from a Certifier.
    - checkMotion(s1, s2): Mode::Decide; true iff Verdict::Free (Undecided counts as invalid).
    - checkMotion(s1, s2, lastValid): Mode::FirstContact; on false, lastValid.second = toc_lower and
      lastValid.first (if non-null) = the state there, which is really valid; on true, lastValid is
      left alone.
    Thread-safe: per-thread certifier workspaces; valid_/invalid_ are updated atomically. */
class CertifyingMotionValidator : public ompl::base::MotionValidator
{
public:
  CertifyingMotionValidator(const ompl::base::SpaceInformationPtr &si, RobotModelPtr robot,
                            CertifierPtr certifier, const Query &query);

  bool checkMotion(const ompl::base::State *s1, const ompl::base::State *s2) const override;
  bool checkMotion(const ompl::base::State *s1, const ompl::base::State *s2,
                   std::pair<ompl::base::State *, double> &lastValid) const override;

  /** \brief The full report for s1 → s2 in \a mode (query's clearance and tolerance). Counts toward
      valid_/invalid_ like checkMotion. */
  Report certify(const ompl::base::State *s1, const ompl::base::State *s2, Mode mode) const;

  const Certifier &certifier() const { return *certifier_; }
  const Query &query() const { return query_; }

private:
  /** \brief certify(), with Query::statistics = \a statistics (checkMotion reads the verdict only). */
  Report run(const ompl::base::State *s1, const ompl::base::State *s2, Mode mode, bool statistics) const;
  struct ThreadData
  {
    std::unique_ptr<CertifierWorkspace> workspace;
    Eigen::VectorXd q1, q2;
  };
  RobotModelPtr robot_;
  CertifierPtr certifier_;
  Query query_;
  PerThread<ThreadData> thread_data_;
};
}  // namespace ompl_ccd
