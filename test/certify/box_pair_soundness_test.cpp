// Boxes whose nearest features are parallel edges, where FCL's GJK distance between two fcl::Box
// shapes can lie far above the true one (a lower bound taken from it let `toleranced` and
// `interval` exclude time spans that hold a contact): a small box on a planar carriage
// (test/data/certify/planar_box.urdf: x, y and a turn about z, so that its upright edges stay
// parallel to the obstacle's) sliding into an upright box's corner, and crossing a thin upright
// plate. Every certifier, in both modes, through makeMotionValidator, must call each edge
// Collision with a witness that an independent query puts in contact: FCL's triangle–triangle
// distance between the boxes' surfaces (no GJK).
#include <gtest/gtest.h>

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>
#include <memory>
#include <ompl/base/ScopedState.h>

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/shape_triangulation.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;

/// The planar box robot among one box obstacle of \a size at \a position, turned by \a yaw about z.
CollisionWorldPtr planarBoxWorld(const Eigen::Vector3d &size, const Eigen::Vector3d &position, double yaw = 0.0)
{
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(test::testDataPath("certify/planar_box.urdf")));
  Obstacle obstacle;
  obstacle.name = "obstacle";
  obstacle.shape.kind = CollisionShape::Kind::Box;
  obstacle.shape.box_size = size;
  obstacle.X_WG.translation() = position;
  obstacle.X_WG.linear() = Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  return std::make_shared<const CollisionWorld>(robot, std::make_shared<const Scene>(std::vector<Obstacle>{obstacle}));
}

/// The surface triangles of \a shape as an FCL mesh.
std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> surfaceOf(const CollisionShape &shape)
{
  const ShapeTriangles t = triangulateShape(shape, Eigen::Isometry3d::Identity());
  std::vector<fcl::Triangle> triangles;
  for (const Eigen::Vector3i &f : t.triangles)
    triangles.emplace_back(f[0], f[1], f[2]);
  auto mesh = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  mesh->beginModel();
  mesh->addSubModel(t.vertices, triangles);
  mesh->endModel();
  return mesh;
}

/// The distance between the robot's box and the obstacle at \a q: 0 when a corner of one lies in
/// the other, else FCL's triangle–triangle distance between their surfaces.
double boxDistance(const CollisionWorld &world, const Eigen::VectorXd &q)
{
  const RobotModel &robot = world.robot();
  KinematicsWorkspace kinematics(robot);
  forwardKinematics(robot, kinematics, q);
  const LinkGeometry &block = robot.links().back().geometries.at(0);
  const Obstacle &obstacle = world.scene().obstacles().at(0);
  const Eigen::Isometry3d X_WA = kinematics.X_WL.back() * block.X_LG, X_WB = obstacle.X_WG;
  const auto corners = [](const CollisionShape &box) {
    std::vector<Eigen::Vector3d> c;
    for (int i = 0; i < 8; ++i)
      c.push_back(0.5 * box.box_size.cwiseProduct(Eigen::Vector3d(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1)));
    return c;
  };
  const auto inside = [](const CollisionShape &box, const Eigen::Isometry3d &X_WBox, const Eigen::Vector3d &p_W) {
    return ((X_WBox.inverse() * p_W).cwiseAbs() - 0.5 * box.box_size).maxCoeff() <= 0.0;
  };
  for (const Eigen::Vector3d &p : corners(block.shape))
    if (inside(obstacle.shape, X_WB, X_WA * p))
      return 0.0;
  for (const Eigen::Vector3d &p : corners(obstacle.shape))
    if (inside(block.shape, X_WA, X_WB * p))
      return 0.0;
  const fcl::CollisionObjectd a(surfaceOf(block.shape), X_WA), b(surfaceOf(obstacle.shape), X_WB);
  fcl::DistanceRequestd request;
  fcl::DistanceResultd result;
  return std::max(0.0, fcl::distance(&a, &b, request, result));
}

/// Every certifier in both modes calls q0 → q1 Collision, its witness in contact.
void expectCollisionEverywhere(const CollisionWorldPtr &world, const Eigen::VectorXd &q0, const Eigen::VectorXd &q1,
                               const std::string &label)
{
  // the edge collides: a dense sample is in contact
  const JointMotion motion(world->robot(), q0, q1);
  bool touches = false;
  for (int i = 0; i <= 4000 && !touches; ++i)
    touches = boxDistance(*world, motion.stateAt(i / 4000.0)) == 0.0;
  ASSERT_TRUE(touches) << label << ": no sample in contact";
  const auto si = std::make_shared<ob::SpaceInformation>(makeStateSpace(world->robot()));
  si->setup();
  ob::ScopedState<> s0(si), s1(si);
  vectorToState(world->robot(), q0, s0.get());
  vectorToState(world->robot(), q1, s1.get());
  for (const std::string name : {"ca", "toleranced", "interval"})
  {
    const auto validator = std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator(name, si, world));
    ASSERT_NE(validator, nullptr);
    for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    {
      const Report report = validator->certify(s0.get(), s1.get(), mode);
      const std::string what = label + ", " + name + (mode == Mode::Decide ? " Decide" : " FirstContact");
      ASSERT_EQ(report.verdict, Verdict::Collision) << what;
      ASSERT_TRUE(report.witness) << what;
      EXPECT_LE(boxDistance(*world, motion.stateAt(report.witness->time)),
                validator->query().contact_distance * (1.0 + 1e-9))
          << what << ": the witness at t = " << report.witness->time << " is not in contact";
    }
  }
}

Eigen::VectorXd state(double x, double y, double yaw)
{
  Eigen::VectorXd q(3);
  q << x, y, yaw;
  return q;
}

TEST(BoxPairSoundness, SmallBoxSlidingIntoAnUprightBoxCorner)
{
  // Found by a search over motions through configurations where FCL's GJK distance is far above
  // the true one; each was called Free by toleranced or interval while lower bounds came from it.
  const CollisionWorldPtr world = planarBoxWorld(Eigen::Vector3d(0.3, 0.4, 0.2), Eigen::Vector3d(0.5, 0.0, 0.0));
  const std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> edges = {
      {state(0.88518619947260002, -0.22368834266090412, -0.80290218520176571),
       state(0.65073294388376701, -0.27191436800390778, -0.81909691986963706)},
      {state(0.65284534525077476, -0.42524312168770789, -0.89601512542015904),
       state(0.72226404853242876, -0.20985632312259855, -0.88238960006229483)},
      {state(0.66584357386562465, -0.44118312670688836, 2.3615331223342477),
       state(0.72261521203418178, -0.20319199713706632, 2.4009151217505011)},
      {state(0.6952221930506377, -0.95315400470761324, 2.6415400412366377),
       state(0.7229964752762722, -0.14955022586057226, 2.6518450040122934)},
      {state(0.54681350719839172, -0.95684877795840939, -0.83711186260772863),
       state(0.73108984733359206, -0.16505731937814527, -0.82591638598467065)},
      {state(0.88228324149599691, -0.23457030899957393, -0.75526508883983956),
       state(0.65407289015051095, -0.27200131369606106, -0.79336144292732669)},
      {state(0.61215190463545521, -0.71045923131136535, -0.82447855805185644),
       state(0.72236793834489577, -0.190518508253954, -0.82947629012820279)},
  };
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    expectCollisionEverywhere(world, edges[i].first, edges[i].second, "edge " + std::to_string(i));
    if (HasFatalFailure())
      return;
  }
}

TEST(BoxPairSoundness, BoxCrossingAThinPlate)
{
  // The box passes through a 0.5 mm plate, each edge through a configuration where FCL's GJK
  // distance is far above the true one.
  const CollisionWorldPtr world = planarBoxWorld(Eigen::Vector3d(0.0005, 0.6, 0.6), Eigen::Vector3d(0.5, 0.0, 0.0), 0.3);
  const std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> edges = {
      {state(0.98445452801615752, -0.92021199103780382, 0.48594056825997478),
       state(0.037827670638147293, 0.83097349991316016, 0.27327213756114077)},
      {state(0.9913445867722761, -0.71293188111256656, 3.0985203681460263),
       state(0.1853521569207297, 0.22581477733307664, 2.3859285564866863)},
      {state(0.96872019281095323, -0.7502612204880601, -1.1332804559416814),
       state(0.10094837190377548, 0.69249691374518518, -1.3427060143841261)},
      {state(0.90535339807775084, -0.820458831699725, 1.699010007588142),
       state(0.32346027006076838, 0.46866764851894938, 1.7095818597685264)},
      {state(0.91465539108268812, -0.73588039792605542, -1.3845906951229572),
       state(0.11627950958016631, 0.64340878672559654, -1.7355112565748265)},
      {state(0.92226484732433223, -0.74493254995766778, 1.5567540460807565),
       state(0.31091508360760722, 0.45174651846927283, 1.9609798810654189)},
  };
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    expectCollisionEverywhere(world, edges[i].first, edges[i].second, "edge " + std::to_string(i));
    if (HasFatalFailure())
      return;
  }
}
}  // namespace
}  // namespace ompl_ccd
