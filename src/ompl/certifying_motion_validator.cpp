#include "ompl_ccd/ompl/certifying_motion_validator.h"

#include <ompl/base/SpaceInformation.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
CertifyingMotionValidator::CertifyingMotionValidator(const ompl::base::SpaceInformationPtr &si,
                                                     RobotModelPtr robot, CertifierPtr certifier,
                                                     const Query &query)
  : ompl::base::MotionValidator(si)
  , robot_(std::move(robot))
  , certifier_(std::move(certifier))
  , query_(query)
  , thread_data_([this] {
    auto data = std::make_unique<ThreadData>();
    data->workspace = certifier_->makeWorkspace();
    data->q1.resize(robot_->nq());
    data->q2.resize(robot_->nq());
    return data;
  })
{
  OMPL_CCD_THROW_UNLESS(robot_ != nullptr,
                        "CertifyingMotionValidator: the robot model is null; pass the model of the state space.");
  OMPL_CCD_THROW_UNLESS(certifier_ != nullptr, "CertifyingMotionValidator: the certifier is null; pass a certifier "
                                               "(see makeMotionValidator).");
  checkQuery(query_, "CertifyingMotionValidator");
}

bool CertifyingMotionValidator::checkMotion(const ompl::base::State *s1, const ompl::base::State *s2) const
{
  // Undecided counts as invalid: only a guaranteed Free is a valid motion.
  return run(s1, s2, Mode::Decide, false).verdict == Verdict::Free;
}

bool CertifyingMotionValidator::checkMotion(const ompl::base::State *s1, const ompl::base::State *s2,
                                            std::pair<ompl::base::State *, double> &lastValid) const
{
  const Report report = run(s1, s2, Mode::FirstContact, false);
  if (report.verdict == Verdict::Free)
    return true;
  // No contact before toc_lower (the certifier's guarantee): the last valid state is there, never
  // past the contact.
  lastValid.second = report.toc_lower;
  if (lastValid.first != nullptr)
    si_->getStateSpace()->interpolate(s1, s2, report.toc_lower, lastValid.first);
  return false;
}

Report CertifyingMotionValidator::certify(const ompl::base::State *s1, const ompl::base::State *s2, Mode mode) const
{
  return run(s1, s2, mode, true);
}

Report CertifyingMotionValidator::run(const ompl::base::State *s1, const ompl::base::State *s2, Mode mode,
                                      bool statistics) const
{
  ThreadData &data = thread_data_.local();
  stateToVector(*robot_, s1, data.q1);
  stateToVector(*robot_, s2, data.q2);
  const JointMotion motion(*robot_, data.q1, data.q2);
  Query query = query_;
  query.mode = mode;
  query.statistics = statistics;
  Report report = certifyEdge(*certifier_, *data.workspace, motion, query);

  // One exit for the counters. OMPL's valid_/invalid_ are plain integers read by its Benchmark after
  // planning; several planner threads update them here, so each update is an atomic read-modify-write.
  if (report.verdict == Verdict::Free)
    __atomic_fetch_add(&valid_, 1u, __ATOMIC_RELAXED);
  else
    __atomic_fetch_add(&invalid_, 1u, __ATOMIC_RELAXED);
  return report;
}
}  // namespace ompl_ccd
