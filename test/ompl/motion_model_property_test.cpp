// The certified motion is the planner's: for every joint kind the loader accepts, the certifiers'
// motion model (JointMotion's joint values start + t·delta, the floating root's constant-rate turn,
// and the closing turn to the goal) poses every link where forward kinematics of
// `space->interpolate(s1, s2, t)` and of s2 put it; and every certifier's verdict agrees with dense
// sampling of `space->interpolate` (and s2) on small worlds built from those joints.
#include <gtest/gtest.h>
#include <ompl/base/ScopedState.h>
#include <ompl/base/SpaceInformation.h>

#include <cmath>
#include <random>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;

RobotModelPtr everyJointKind(bool floating_root)
{
  RobotModelOptions options;
  options.floating_root = floating_root;
  return std::make_shared<const RobotModel>(
      RobotModel::fromUrdfFile(test::testDataPath("ompl/every_joint_kind.urdf"), options));
}

Eigen::VectorXd interpolated(const ob::StateSpacePtr &space, const RobotModel &model, const Eigen::VectorXd &q1,
                             const Eigen::VectorXd &q2, double t)
{
  ob::ScopedState<> s1(space), s2(space), out(space);
  vectorToState(model, q1, s1.get());
  vectorToState(model, q2, s2.get());
  space->interpolate(s1.get(), s2.get(), t, out.get());
  Eigen::VectorXd q;
  stateToVector(model, out.get(), q);
  return q;
}

/** \brief The state whose forward kinematics is the certifiers' model at t: every one-value joint
    at jointStart + t·jointDelta (unwrapped: mimic joints follow the unwrapped source), the root at
    p0 + t·dp turned by R0 · AngleAxis(t·angle, axis). */
Eigen::VectorXd modelState(const JointMotion &motion, double t)
{
  const RobotModel &model = motion.model();
  Eigen::VectorXd q = motion.stateAt(t);
  for (std::size_t j = 0; j < model.joints().size(); ++j)
  {
    const Joint &joint = model.joints()[j];
    if (joint.q_index < 0)
      continue;
    if (joint.type == JointType::Floating)
    {
      const int i = joint.q_index;
      q.segment<3>(i) = motion.rootPositionStart() + t * motion.rootPositionDelta();
      const Eigen::Quaterniond R =
          motion.rootRotationStart() * Eigen::Quaterniond(Eigen::AngleAxisd(t * motion.rootRotationAngle(),
                                                                            motion.rootRotationAxis()));
      q.segment<4>(i + 3) = R.coeffs();
    }
    else
      q[joint.q_index] = motion.jointStart(static_cast<int>(j)) + t * motion.jointDelta(static_cast<int>(j));
  }
  return q;
}

/** \brief Largest distance between the link origins and between their rotation matrices' entries
    posed at \a qa and at \a qb, with the joint values the models see: mimic joints included. */
double poseGap(const RobotModel &model, const Eigen::VectorXd &qa, const Eigen::VectorXd &qb)
{
  KinematicsWorkspace a(model), b(model);
  forwardKinematics(model, a, qa);
  forwardKinematics(model, b, qb);
  double gap = 0.0;
  for (std::size_t l = 0; l < model.links().size(); ++l)
    gap = std::max({gap, (a.X_WL[l].translation() - b.X_WL[l].translation()).cwiseAbs().maxCoeff(),
                    (a.X_WL[l].linear() - b.X_WL[l].linear()).cwiseAbs().maxCoeff()});
  return gap;
}

/** \brief \a q with its coefficient k moved by \a ulps units in the last place. */
Eigen::Vector4d nudged(Eigen::Vector4d q, int k, int ulps)
{
  for (int i = 0; i < std::abs(ulps); ++i)
    q[k] = std::nextafter(q[k], ulps > 0 ? 2.0 : -2.0);
  return q;
}

/** \brief Makes \a q2 an adversarial goal for \a q1 (edge number \a e): continuous joints across
    ±π, a floating root turned by 8e-5 rad (below OMPL's SO3 threshold), by nearly half a turn, not
    at all, by half a turn (AngleAxis(π): q1 · q2 ≈ 6e-17), or by half a turn a few ulps off
    (q1 · q2 within a few ulps of 0, of either sign, so that the way of the turn is decided by how
    the dot product rounds). */
void makeAdversarial(const RobotModel &model, std::size_t e, const Eigen::VectorXd &q1, Eigen::VectorXd &q2)
{
  const int spin = model.joints()[model.jointIndex("spin")].q_index;
  const int wrist = model.joints()[model.jointIndex("wrist")].q_index;
  q2[spin] = q1[spin] > 0.0 ? -M_PI + 0.3 * (M_PI - q1[spin]) : M_PI - 0.3 * (M_PI + q1[spin]);
  q2[wrist] = q1[wrist] > 0.0 ? -M_PI + 0.1 : M_PI - 0.1;
  if (model.joints()[0].type != JointType::Floating)
    return;
  const Eigen::Quaterniond R0(q1[6], q1[3], q1[4], q1[5]);
  const double turns[] = {8e-5, M_PI - 1e-3, 0.0, M_PI, M_PI};
  const double turn = turns[e % 5];
  const Eigen::Quaterniond R1 = R0 * Eigen::Quaterniond(Eigen::AngleAxisd(turn, Eigen::Vector3d(1, 2, 3).normalized()));
  q2.segment<4>(3) = R1.coeffs();
  if (e % 5 == 4)
    q2.segment<4>(3) = nudged(nudged(R1.coeffs(), static_cast<int>(e / 5 % 4), 3 - static_cast<int>(e % 7)), 3, 2);
}

/** \brief \a count random edges over every joint's whole range, then \a count adversarial ones
    (makeAdversarial). */
std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> propertyEdges(const RobotModel &model, std::size_t count,
                                                                      std::uint32_t seed)
{
  std::mt19937 rng(seed);
  std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> edges;
  for (std::size_t e = 0; e < count; ++e)
    edges.emplace_back(test::randomState(model, rng), test::randomState(model, rng));
  for (std::size_t e = 0; e < count; ++e)
  {
    Eigen::VectorXd q1 = test::randomState(model, rng), q2 = q1;
    makeAdversarial(model, e, q1, q2);
    edges.emplace_back(q1, q2);
  }
  return edges;
}

/** \brief Edges with collision-free ends in \a world: half random steps of 5–40 % of the way to a
    random state, half adversarial (makeAdversarial), so that some are free and some collide. */
std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> freeEndedEdges(const CollisionWorld &world,
                                                                       std::size_t count, std::uint32_t seed)
{
  const RobotModel &model = world.robot();
  const ob::StateSpacePtr space = makeStateSpace(model);
  CollisionWorkspace ws(world);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> fraction(0.05, 0.4);
  std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> edges;
  while (edges.size() < 2 * count)
  {
    const Eigen::VectorXd q1 = test::randomState(model, rng);
    Eigen::VectorXd q2 = q1;
    if (edges.size() < count)
      q2 = interpolated(space, model, q1, test::randomState(model, rng), fraction(rng));
    else
      makeAdversarial(model, edges.size(), q1, q2);
    if (!isInCollision(world, ws, q1) && !isInCollision(world, ws, q2))
      edges.emplace_back(q1, q2);
  }
  return edges;
}

void expectModelPosesEqualInterpolation(const RobotModelPtr &model)
{
  const ob::StateSpacePtr space = makeStateSpace(*model);
  std::size_t closing = 0;
  for (const auto &[q1, q2] : propertyEdges(*model, 40, 7))
  {
    const JointMotion motion(*model, q1, q2);
    for (int k = 0; k <= 64; ++k)
    {
      const double t = k / 64.0;
      const Eigen::VectorXd q_ompl = interpolated(space, *model, q1, q2, t);
      EXPECT_LT((motion.stateAt(t) - q_ompl).cwiseAbs().maxCoeff(), 1e-12) << "t = " << t;
      EXPECT_LT(poseGap(*model, modelState(motion, t), q_ompl), 1e-9) << "t = " << t;
    }
    // the edge ends at s2: directly, or through the closing turn
    const Eigen::VectorXd end = interpolated(space, *model, q1, q2, 1.0);
    if (motion.reachesGoal())
    {
      EXPECT_LT(poseGap(*model, end, q2), 1e-9);
      continue;
    }
    ++closing;
    const int r = model->joints()[0].q_index + 3;  // the root's quaternion differs from s2's: not ±q2
    EXPECT_TRUE(end.segment<4>(r) != q2.segment<4>(r) && end.segment<4>(r) != -q2.segment<4>(r))
        << "a closing turn only where OMPL stops short of s2";
    const JointMotion close = motion.closingMotion();
    EXPECT_LT(poseGap(*model, close.stateAt(0.0), end), 1e-12);
    EXPECT_LT(poseGap(*model, close.stateAt(1.0), q2), 1e-12);
    for (int k = 0; k <= 8; ++k)
      EXPECT_LT(poseGap(*model, modelState(close, k / 8.0), close.stateAt(k / 8.0)), 1e-12);
  }
  if (model->joints()[0].type == JointType::Floating)
  {
    EXPECT_GT(closing, 0u) << "the 8e-5 rad turns must need a closing turn";
  }
}

TEST(MotionModelProperty, EveryJointKindPosesLikeInterpolate)
{
  expectModelPosesEqualInterpolation(everyJointKind(false));
}

TEST(MotionModelProperty, EveryJointKindOnAFloatingBasePosesLikeInterpolate)
{
  expectModelPosesEqualInterpolation(everyJointKind(true));
}

/** \brief Obstacles across the robot's reach: a 1 mm plate, a 4 mm pole and a block. */
ScenePtr smallScene()
{
  std::vector<Obstacle> obstacles(3);
  obstacles[0].name = "plate";
  obstacles[0].shape.kind = CollisionShape::Kind::Box;
  obstacles[0].shape.box_size = Eigen::Vector3d(0.3, 0.3, 0.001);
  obstacles[0].X_WG.translation() = Eigen::Vector3d(0.45, 0.2, 0.15);
  obstacles[1].name = "pole";
  obstacles[1].shape.kind = CollisionShape::Kind::Cylinder;
  obstacles[1].shape.radius = 0.002;
  obstacles[1].shape.length = 1.0;
  obstacles[1].X_WG.translation() = Eigen::Vector3d(-0.3, 0.35, 0.3);
  obstacles[2].name = "block";
  obstacles[2].shape.kind = CollisionShape::Kind::Box;
  obstacles[2].shape.box_size = Eigen::Vector3d(0.1, 0.1, 0.1);
  obstacles[2].X_WG.translation() = Eigen::Vector3d(0.1, -0.6, 0.4);
  return std::make_shared<const Scene>(std::move(obstacles));
}

/** \brief Dense sampling of the planner's states on the edge: interpolate at k/n and s2. The first
    colliding sample's time, or nullopt. */
std::optional<double> firstSampledContact(const CollisionWorld &world, const ob::StateSpacePtr &space,
                                          const Eigen::VectorXd &q1, const Eigen::VectorXd &q2, int n)
{
  CollisionWorkspace ws(world);
  for (int k = 0; k <= n; ++k)
    if (isInCollision(world, ws, interpolated(space, world.robot(), q1, q2, static_cast<double>(k) / n)))
      return static_cast<double>(k) / n;
  if (isInCollision(world, ws, q2))
    return 1.0;
  return std::nullopt;
}

/** \brief Every certifier against dense sampling: never Free where a sample collides; a Collision's
    witness time holds a configuration within contact_distance of contact (certifier.h). */
void expectCertifiersAgreeWithSampling(const RobotModelPtr &model, std::uint32_t seed)
{
  const auto world = std::make_shared<const CollisionWorld>(model, smallScene());
  const ob::SpaceInformationPtr si = makeSimpleSetup(world, "discrete")->getSpaceInformation();
  si->setup();
  const ob::StateSpacePtr space = si->getStateSpace();
  const auto edges = freeEndedEdges(*world, 16, seed);
  std::vector<std::optional<double>> sampled;
  for (const auto &[q1, q2] : edges)
    sampled.push_back(firstSampledContact(*world, space, q1, q2, 2000));
  ValidatorOptions options;
  for (const std::string &name : motionValidatorNames())
  {
    if (name == "discrete")
      continue;
    const auto validator = std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator(name, si, world, options));
    ASSERT_NE(validator, nullptr) << name;
    std::size_t free = 0, collision = 0, undecided = 0;
    for (std::size_t e = 0; e < edges.size(); ++e)
    {
      ob::ScopedState<> s1(si), s2(si);
      vectorToState(*model, edges[e].first, s1.get());
      vectorToState(*model, edges[e].second, s2.get());
      for (const Mode mode : {Mode::Decide, Mode::FirstContact})
      {
        const Report report = validator->certify(s1.get(), s2.get(), mode);
        const std::string where = name + " edge " + std::to_string(e) + " " + toString(mode);
        if (report.verdict == Verdict::Free)
        {
          ++free;
          EXPECT_FALSE(sampled[e]) << where << ": free, but the planner's state at t = " << *sampled[e] << " collides";
        }
        else if (report.verdict == Verdict::Collision)
        {
          ++collision;
          CollisionWorkspace ws(*world);
          double distance = minimumDistance(*world, ws, interpolated(space, *model, edges[e].first, edges[e].second,
                                                                      report.toc_upper));
          if (report.toc_upper == 1.0)
            distance = std::min(distance, minimumDistance(*world, ws, edges[e].second));
          EXPECT_LE(distance, options.contact_distance) << where << " at t = " << report.toc_upper;
          if (sampled[e] && mode == Mode::FirstContact)
          {
            EXPECT_LE(report.toc_lower, *sampled[e] + 1e-12) << where;
          }
        }
        else
          ++undecided;
      }
    }
    std::printf("%-12s free %zu collision %zu undecided %zu of %zu\n", name.c_str(), free, collision, undecided,
                2 * edges.size());
  }
}

// OMPL interpolates the stored rotations, the model turns the normalised ones: with norms off 1 by
// up to kMaxRotationNormError the two pose every link alike to within rounding, for any turn (the
// model measures the angle on the normalised rotations, where acos of the stored ones' dot product
// loses it), and certifyEdge refuses more than that rather than certify another motion.
TEST(MotionModelProperty, RotationsOffUnitNormTurnLikeOmplWithinTheLimitAndAreRefusedBeyond)
{
  const RobotModelPtr model = everyJointKind(true);
  const ob::StateSpacePtr space = makeStateSpace(*model);
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> off(-kMaxRotationNormError, kMaxRotationNormError);
  double worst = 0.0;
  for (const auto &[q1_unit, q2_unit] : propertyEdges(*model, 30, 31))
  {
    Eigen::VectorXd q1 = q1_unit, q2 = q2_unit;
    q1.segment<4>(3) *= 1.0 + off(rng);
    q2.segment<4>(3) *= 1.0 + off(rng);
    const JointMotion motion(*model, q1, q2);
    EXPECT_LE(motion.rotationNormError(), kMaxRotationNormError * (1.0 + 1e-3));
    if (!motion.reachesGoal())
      continue;
    for (int k = 0; k <= 32; ++k)
      worst = std::max(worst, poseGap(*model, modelState(motion, k / 32.0), interpolated(space, *model, q1, q2, k / 32.0)));
  }
  EXPECT_LT(worst, 1e-11);

  const auto world = std::make_shared<const CollisionWorld>(model, smallScene());
  const ob::SpaceInformationPtr si = makeSimpleSetup(world, "discrete")->getSpaceInformation();
  si->setup();
  Eigen::VectorXd q1 = test::randomState(*model, rng), q2 = q1;
  q2.segment<4>(3) *= 1.0 + 1e-10;  // within OMPL's own 1e-9, beyond the certifiers' limit
  ob::ScopedState<> s1(si), s2(si);
  vectorToState(*model, q1, s1.get());
  vectorToState(*model, q2, s2.get());
  for (const std::string name : {"ca", "toleranced", "interval"})
  {
    const auto validator = std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator(name, si, world));
    ASSERT_TRUE(validator) << name;
    EXPECT_FALSE(validator->checkMotion(s1.get(), s2.get())) << name;
    const Report report = validator->certify(s1.get(), s2.get(), Mode::Decide);
    EXPECT_EQ(report.verdict, Verdict::Undecided) << name;
    EXPECT_EQ(report.stats.count("rotation_not_unit"), 1u) << name;
  }
}

TEST(MotionModelProperty, CertifiersAgreeWithSamplingOnEveryJointKind)
{
  expectCertifiersAgreeWithSampling(everyJointKind(false), 11);
}

TEST(MotionModelProperty, CertifiersAgreeWithSamplingOnAFloatingBase)
{
  expectCertifiersAgreeWithSampling(everyJointKind(true), 13);
}

// Regression: a 40 m bar on a floating root turned by 8e-5 rad about z (below OMPL's SO3
// threshold, so every interpolated state keeps the start rotation) ends 0.1 mm inside a block that
// is 1.5 mm away at the start. The planner holds that goal state: no certifier may call it free.
TEST(MotionModelProperty, GoalRotationBelowOmplsThresholdIsCertified)
{
  RobotModelOptions robot_options;
  robot_options.floating_root = true;
  const auto model = std::make_shared<const RobotModel>(
      RobotModel::fromUrdfFile(test::testDataPath("ompl/long_bar.urdf"), robot_options));
  std::vector<Obstacle> obstacles(1);
  obstacles[0].name = "block";
  obstacles[0].shape.kind = CollisionShape::Kind::Box;
  obstacles[0].shape.box_size = Eigen::Vector3d(0.2, 0.2, 0.2);
  obstacles[0].X_WG.translation() = Eigen::Vector3d(19.95, 0.005 + 0.0015 + 0.1, 0.0);
  const auto world = std::make_shared<const CollisionWorld>(model, std::make_shared<const Scene>(std::move(obstacles)));
  const ob::SpaceInformationPtr si = makeSimpleSetup(world, "discrete")->getSpaceInformation();
  si->setup();

  Eigen::VectorXd q1(7), q2(7);
  q1 << 0, 0, 0, 0, 0, 0, 1;
  const Eigen::Quaterniond turned(Eigen::AngleAxisd(8e-5, Eigen::Vector3d::UnitZ()));
  q2 << 0, 0, 0, turned.x(), turned.y(), turned.z(), turned.w();
  CollisionWorkspace ws(*world);
  ASSERT_FALSE(isInCollision(*world, ws, q1));
  ASSERT_TRUE(isInCollision(*world, ws, q2));
  ASSERT_FALSE(JointMotion(*model, q1, q2).reachesGoal());

  ob::ScopedState<> s1(si), s2(si);
  vectorToState(*model, q1, s1.get());
  vectorToState(*model, q2, s2.get());
  for (const std::string &name : motionValidatorNames())
  {
    const ob::MotionValidatorPtr validator = makeMotionValidator(name, si, world);
    EXPECT_FALSE(validator->checkMotion(s1.get(), s2.get())) << name;
    const auto certifying = std::dynamic_pointer_cast<CertifyingMotionValidator>(validator);
    if (!certifying)
      continue;
    const Report report = certifying->certify(s1.get(), s2.get(), Mode::FirstContact);
    EXPECT_EQ(report.verdict, Verdict::Collision) << name;
    EXPECT_EQ(report.toc_upper, 1.0) << name;
    ASSERT_TRUE(report.witness) << name;
    EXPECT_EQ(report.witness->other, "block") << name;
  }
}
}  // namespace
}  // namespace ompl_ccd
