#include "ompl_ccd/ompl/edge_report.h"

#include <chrono>
#include <cmath>
#include <ompl/base/ScopedState.h>

#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
namespace ob = ompl::base;

namespace
{
using Clock = std::chrono::steady_clock;

double microsecondsSince(Clock::time_point start)
{
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

/** \brief The state at \a t of the planner's motion s1 → s2, as a state vector. */
Eigen::VectorXd stateAt(const ob::SpaceInformationPtr &si, const RobotModel &robot, const ob::State *s1,
                        const ob::State *s2, double t)
{
  ob::ScopedState<> state(si);
  si->getStateSpace()->interpolate(s1, s2, t, state.get());
  Eigen::VectorXd q;
  stateToVector(robot, state.get(), q);
  return q;
}

/** \brief Collision report at \a time with the checker's contact there as witness (if it finds one). */
Report collisionAt(const CollisionWorld &world, CollisionWorkspace &ws, const Eigen::VectorXd &q, double toc_lower,
                   double time)
{
  Report report;
  report.verdict = Verdict::Collision;
  report.toc_lower = toc_lower;
  report.toc_upper = time;
  Contact contact;
  if (isInCollision(world, ws, q, &contact))
  {
    contact.time = time;
    report.witness = contact;
  }
  return report;
}

/** \brief Report of a sampling validator (not a guarantee): Free → [1, 1]; a collision is bracketed
    by the samples the validator saw. */
Report reportSampled(const ob::SpaceInformationPtr &si, const CollisionWorld &world, CollisionWorkspace &ws,
                     const ob::MotionValidator &mv, const ob::State *s1, const ob::State *s2, Mode mode,
                     double *time_us)
{
  const ob::StateSpacePtr &space = si->getStateSpace();
  const unsigned int nd = space->validSegmentCount(s1, s2);
  Report report;
  bool free = false;
  std::pair<ob::State *, double> last_valid{nullptr, 0.0};
  const Clock::time_point start = Clock::now();
  if (mode == Mode::FirstContact)
    free = mv.checkMotion(s1, s2, last_valid);
  else
    free = mv.checkMotion(s1, s2);
  *time_us = microsecondsSince(start);

  if (free)
  {
    report.verdict = Verdict::Free;
    report.toc_lower = report.toc_upper = 1.0;
  }
  else if (mode == Mode::FirstContact)
  {
    // DiscreteMotionValidator sets lastValid.second = (j − 1)/nd at the first invalid sample j/nd;
    // the bracket's upper end is that sample, recomputed as j/nd so it is the very state it checked.
    const double j = std::round(last_valid.second * nd) + 1.0;
    const double upper = std::min(1.0, j / nd);
    report = collisionAt(world, ws, stateAt(si, world.robot(), s1, s2, upper), last_valid.second, upper);
  }
  else
  {
    // Decide gives no bracket: nothing is known below the first invalid sample, found here by
    // sampling at the same resolution (outside the timed call).
    report.verdict = Verdict::Collision;
    for (unsigned int j = 1; j <= nd; ++j)
    {
      const double t = static_cast<double>(j) / nd;
      const Eigen::VectorXd q = stateAt(si, world.robot(), s1, s2, t);
      if (isInCollision(world, ws, q))
      {
        report = collisionAt(world, ws, q, 0.0, t);
        break;
      }
    }
  }
  report.stats["segments"] = nd;
  return report;
}
}  // namespace

Report reportEdge(const ob::SpaceInformationPtr &si, const CollisionWorldPtr &world, const ob::MotionValidatorPtr &mv,
                  const Eigen::VectorXd &q1, const Eigen::VectorXd &q2, Mode mode, double *time_us)
{
  CollisionWorkspace ws(*world);
  return reportEdge(si, world, mv, q1, q2, mode, time_us, ws);
}

Report reportEdge(const ob::SpaceInformationPtr &si, const CollisionWorldPtr &world, const ob::MotionValidatorPtr &mv,
                  const Eigen::VectorXd &start, const Eigen::VectorXd &end, Mode mode, double *time_us,
                  CollisionWorkspace &ws)
{
  const RobotModel &robot = world->robot();
  const Eigen::VectorXd q1 = robot.acceptState(start, "reportEdge: edge start");
  const Eigen::VectorXd q2 = robot.acceptState(end, "reportEdge: edge end");
  double unused_time_us = 0.0;
  if (time_us == nullptr)
    time_us = &unused_time_us;
  *time_us = 0.0;

  // A start in collision is reported the same way for every validator (checked untimed).
  Contact contact;
  if (isInCollision(*world, ws, q1, &contact))
  {
    Report report;
    report.verdict = Verdict::Collision;
    report.toc_lower = report.toc_upper = 0.0;
    contact.time = 0.0;
    report.witness = contact;
    return report;
  }

  ob::ScopedState<> s1(si), s2(si);
  vectorToState(robot, q1, s1.get());
  vectorToState(robot, q2, s2.get());
  if (const auto *certifying = dynamic_cast<const CertifyingMotionValidator *>(mv.get()))
  {
    const Clock::time_point start = Clock::now();
    Report report = certifying->certify(s1.get(), s2.get(), mode);
    *time_us = microsecondsSince(start);
    return report;
  }
  return reportSampled(si, *world, ws, *mv, s1.get(), s2.get(), mode, time_us);
}
}  // namespace ompl_ccd
