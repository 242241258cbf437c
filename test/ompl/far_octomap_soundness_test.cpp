// An OctoMap far from the robot, placed by a scene item's `pose`: its cells must stand where the
// map's keys mean them, not at the float centres liboctomap's leaf iterator rounds them to (up to
// 1.2e-4 m off at 2–4 km; which axes round depends on what the optimiser keeps in double). The map
// (resolution 0.1 m, around (3000, −3000, 3000) in its own frame, moved next to the robot by the
// pose) holds a single leaf, a pruned leaf of 8 and one of 64, each where the float rounding moves
// it most; the oracle is the same cells computed from the key path in double (each level halves
// the cube and steps toward the key's half) written as plain boxes. A cube on three prismatic
// joints ends its motion 50 nm, 1 µm and 50 µm inside each cell along each axis, through the face
// the float centre moved away from: every certifier, in both modes, must not answer Free (the
// oracle finds the contact), and stopping 1 mm short it must (the oracle certifies it).
#include <gtest/gtest.h>
#include <octomap/OcTree.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <unistd.h>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "support/oracle.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
namespace
{
namespace fs = std::filesystem;

constexpr double kResolution = 0.1;
constexpr unsigned kTreeDepth = 16, kKeyOrigin = 32768;
/** \brief Where the map's frame is placed: its cells near (3000, −3000, 3000) come next to the robot. */
const Eigen::Vector3d kMapPosition(-3000.6, 2999.4, -3000.6);
/** \brief Half the side of the robot's cube (xyz_slider.urdf). */
constexpr double kCubeHalfSide = 0.02;

/** \brief Centre, along one axis of the map frame, of the cell of key \a key at depth \a depth,
    from the key path alone: the root cube is centred at 0; the child at each level down is half
    as large and lies on the side its key bit says, so the centre moves by a quarter of the
    parent's side (res · 2^(15 − level)) toward it. */
double keyPathCentre(unsigned key, unsigned depth)
{
  double centre = 0.0;
  for (unsigned level = 1; level <= depth; ++level)
  {
    const double step = kResolution * std::ldexp(1.0, static_cast<int>(kTreeDepth - 1 - level));
    centre += ((key >> (kTreeDepth - level)) & 1u) ? step : -step;
  }
  return centre;
}

/** \brief A pruned cube of the map: its depth, the key of its lowest leaf (offsets from the key
    origin), the leaves it holds per axis. */
struct Block
{
  unsigned depth;
  Eigen::Vector3i first;  // key − 32768 on each axis
  int leaves;             // 2^(16 − depth)
};

/** \brief The key offset, among 12 from \a from aligned to \a leaves, whose cell's float centre is
    farthest from its key-path centre: the cell the float rounding moves the most along that axis. */
int mostRounded(int from, unsigned depth, int leaves)
{
  int best = from;
  double most = -1.0;
  for (int i = from; i < from + 12; i += leaves)
  {
    const double centre = keyPathCentre(kKeyOrigin + i, depth);
    const double shift = std::abs(static_cast<double>(static_cast<float>(centre)) - centre);
    if (shift > most)
      most = shift, best = i;
  }
  return best;
}

/** \brief The three cubes of the map: a leaf of 0.1 m, a pruned 0.2 m and a pruned 0.4 m cube, each
    where rounding moves it most on every axis, 0.4 m or more apart in y. */
std::vector<Block> mapBlocks()
{
  std::vector<Block> blocks;
  const int y_from[] = {-30016, -30000, -29984};
  for (int b = 0; b < 3; ++b)
  {
    const unsigned depth = 16 - b;
    const int leaves = 1 << b;
    blocks.push_back({depth,
                      Eigen::Vector3i(mostRounded(30000, depth, leaves), mostRounded(y_from[b], depth, leaves),
                                      mostRounded(30000, depth, leaves)),
                      leaves});
  }
  return blocks;
}

/** \brief Writes the map of \a blocks (every leaf occupied, pruned by writeBinary) to \a path. */
void writeMap(const std::vector<Block> &blocks, const std::string &path)
{
  octomap::OcTree tree(kResolution);
  for (const Block &block : blocks)
    for (int i = 0; i < block.leaves; ++i)
      for (int j = 0; j < block.leaves; ++j)
        for (int k = 0; k < block.leaves; ++k)
          tree.updateNode(octomap::OcTreeKey(kKeyOrigin + block.first.x() + i, kKeyOrigin + block.first.y() + j,
                                             kKeyOrigin + block.first.z() + k),
                          true);
  ASSERT_TRUE(tree.writeBinary(path));
}

/** \brief Centre of \a block in the world, from the key path. */
Eigen::Vector3d worldCentre(const Block &block)
{
  Eigen::Vector3d centre;
  for (int a = 0; a < 3; ++a)
    centre[a] = keyPathCentre(kKeyOrigin + block.first[a], block.depth);
  return kMapPosition + centre;
}

/** \brief The scene files: the map placed by a pose, and its leaves as plain boxes. */
struct SceneFiles
{
  std::string map_scene, box_scene;
};

SceneFiles writeScenes(const std::vector<Block> &blocks, const fs::path &folder)
{
  writeMap(blocks, (folder / "far.bt").string());
  std::ofstream map(folder / "map_scene.yaml"), boxes(folder / "box_scene.yaml");
  map << std::setprecision(17) << "obstacles:\n  - {name: map, octomap: far.bt, pose: {position: [" << kMapPosition.x()
      << ", " << kMapPosition.y() << ", " << kMapPosition.z() << "]}}\n";
  boxes << std::setprecision(17) << "obstacles:\n";
  int n = 0;
  for (const Block &block : blocks)
    for (int i = 0; i < block.leaves; ++i)
      for (int j = 0; j < block.leaves; ++j)
        for (int k = 0; k < block.leaves; ++k)
        {
          Eigen::Vector3d p;
          const Eigen::Vector3i key = block.first + Eigen::Vector3i(i, j, k);
          for (int a = 0; a < 3; ++a)
            p[a] = kMapPosition[a] + keyPathCentre(kKeyOrigin + key[a], kTreeDepth);
          boxes << "  - {name: leaf" << n++ << ", box: [" << kResolution << ", " << kResolution << ", "
                << kResolution << "], pose: {position: [" << p.x() << ", " << p.y() << ", " << p.z() << "]}}\n";
        }
  return {(folder / "map_scene.yaml").string(), (folder / "box_scene.yaml").string()};
}

/** \brief The cube's motion along \a axis ending \a depth inside \a block (negative: short of it),
    through the face its float-rounded box moved away from, centred on the block across. */
Edge motionInto(const RobotModel &robot, const Block &block, int axis, double depth)
{
  const Eigen::Vector3d centre = worldCentre(block);
  const double side = kResolution * block.leaves;
  const double exact = keyPathCentre(kKeyOrigin + block.first[axis], block.depth);
  const double direction = static_cast<float>(exact) > exact ? 1.0 : -1.0;  // rounded up: come from below
  Eigen::Vector3d end = centre, start = centre;
  end[axis] = centre[axis] - direction * (0.5 * side + kCubeHalfSide - depth);
  start[axis] = end[axis] - direction * 0.1;
  Edge edge{Eigen::VectorXd::Zero(robot.nq()), Eigen::VectorXd::Zero(robot.nq())};
  const char *joints[] = {"x", "y", "z"};
  for (int a = 0; a < 3; ++a)
  {
    const int q = robot.joints()[robot.jointIndex(joints[a])].q_index;
    edge.q0[q] = start[a];
    edge.q1[q] = end[a];
  }
  return edge;
}

class FarOctomap : public ::testing::Test
{
protected:
  static void SetUpTestSuite()
  {
    folder_ = fs::temp_directory_path() / ("ompl_ccd_far_octomap_" + std::to_string(::getpid()));
    fs::create_directories(folder_);
    const SceneFiles files = writeScenes(mapBlocks(), folder_);
    robot_ = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(testDataPath("ompl/xyz_slider.urdf")));
    map_world_ = std::make_shared<const CollisionWorld>(robot_, loadScene(files.map_scene));
    box_world_ = std::make_shared<const CollisionWorld>(robot_, loadScene(files.box_scene));
  }
  static void TearDownTestSuite() { fs::remove_all(folder_); }

  /** \brief Every certifier in both modes on \a edge in the map: never Free when \a contact, else Free. */
  static void expectCertifiers(const Edge &edge, bool contact, const std::string &where)
  {
    const ConservativeAdvancement ca(map_world_);
    const TolerancedMotion toleranced(map_world_);
    const IntervalArithmetic interval(map_world_);
    const JointMotion motion(*robot_, edge.q0, edge.q1);
    for (const auto &[name, certifier] : std::vector<std::pair<std::string, const Certifier *>>{
             {"ca", &ca}, {"toleranced", &toleranced}, {"interval", &interval}})
      for (const Mode mode : {Mode::Decide, Mode::FirstContact})
      {
        auto ws = certifier->makeWorkspace();
        Query query;
        query.mode = mode;
        const Report report = certifier->certify(*ws, motion, query);
        const std::string what = where + ", " + name + ", " + toString(mode);
        if (contact)
          EXPECT_EQ(report.verdict, Verdict::Collision) << what;
        else
          EXPECT_EQ(report.verdict, Verdict::Free) << what;
      }
  }

  static fs::path folder_;
  static RobotModelPtr robot_;
  static CollisionWorldPtr map_world_, box_world_;
};
fs::path FarOctomap::folder_;
RobotModelPtr FarOctomap::robot_;
CollisionWorldPtr FarOctomap::map_world_, FarOctomap::box_world_;

TEST_F(FarOctomap, TheMapHoldsALeafAndPrunedLeavesAtTheirDepths)
{
  ASSERT_EQ(map_world_->scene().obstacles().size(), 3u);
  ASSERT_EQ(box_world_->scene().obstacles().size(), 1u + 8u + 64u);
  // Placed where the key path puts them, within the side's growth for the centre's rounding.
  for (const Block &block : mapBlocks())
  {
    const double side = kResolution * block.leaves;
    bool found = false;
    for (const Obstacle &cell : map_world_->scene().obstacles())
      if (std::abs(cell.shape.box_size.x() - side) < 1e-9)
      {
        found = true;
        EXPECT_LT((cell.X_WG.translation() - worldCentre(block)).cwiseAbs().maxCoeff(), 1e-12) << block.depth;
        EXPECT_GE(cell.shape.box_size.x(), side);
      }
    EXPECT_TRUE(found) << "no cell of side " << side;
  }
}

TEST_F(FarOctomap, MotionsEndingInsideACellAreNeverFree)
{
  CollisionWorkspace oracle_ws(*box_world_);
  for (const Block &block : mapBlocks())
    for (int axis = 0; axis < 3; ++axis)
      for (const double depth : {50e-9, 1e-6, 50e-6})
      {
        const Edge edge = motionInto(*robot_, block, axis, depth);
        const std::string where = "cell of depth " + std::to_string(block.depth) + ", along axis " +
                                  std::to_string(axis) + ", " + std::to_string(depth * 1e6) + " µm in";
        const OracleResult oracle = runOracle(*box_world_, oracle_ws, JointMotion(*robot_, edge.q0, edge.q1));
        ASSERT_EQ(oracle.verdict, OracleVerdict::Colliding) << where;
        expectCertifiers(edge, true, where);
      }
}

TEST_F(FarOctomap, MotionsStoppingAMillimetreShortAreFree)
{
  CollisionWorkspace oracle_ws(*box_world_);
  for (const Block &block : mapBlocks())
    for (int axis = 0; axis < 3; ++axis)
    {
      const Edge edge = motionInto(*robot_, block, axis, -1e-3);
      const std::string where =
          "cell of depth " + std::to_string(block.depth) + ", along axis " + std::to_string(axis) + ", 1 mm short";
      const OracleResult oracle = runOracle(*box_world_, oracle_ws, JointMotion(*robot_, edge.q0, edge.q1));
      ASSERT_EQ(oracle.verdict, OracleVerdict::CertifiedFree) << where;
      expectCertifiers(edge, false, where);
    }
}
}  // namespace
}  // namespace ompl_ccd::test
