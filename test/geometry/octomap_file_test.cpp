#include "ompl_ccd/geometry/octomap_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <octomap/OcTree.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/point_cloud_file.h"
#include "support/surface_samples.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

std::filesystem::path tempFolder()
{
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / "ompl_ccd_octomap_test";
  std::filesystem::create_directories(folder);
  return folder;
}

/** \brief True when \a p lies in the cube of \a cell (closed). */
bool inCell(const Eigen::Vector3d &p, const OccupiedCell &cell)
{
  return ((p - cell.center).cwiseAbs().array() <= 0.5 * cell.size + 1e-9).all();
}

TEST(OctomapFile, TheBundledMapHasOneLeafPerVoxelOfTheCloud)
{
  // scripts/generate_sensor_examples.py wrote the map from the cloud itself, unpruned, at 2 cm.
  const std::vector<Eigen::Vector3d> points = readPointCloudFile(test::examplePath("sensors/scene_cloud.pcd"));
  const std::vector<OccupiedCell> cells = readOctomapFile(test::examplePath("sensors/scene_octomap.bt"));
  std::set<std::array<long, 3>> voxels;
  for (const Eigen::Vector3d &p : points)
    voxels.insert({std::lround(std::floor(p.x() / 0.02)), std::lround(std::floor(p.y() / 0.02)),
                   std::lround(std::floor(p.z() / 0.02))});
  ASSERT_EQ(cells.size(), voxels.size());
  for (const OccupiedCell &cell : cells)
    EXPECT_DOUBLE_EQ(cell.size, 0.02);
  std::size_t covered = 0;
  for (const Eigen::Vector3d &p : points)
    covered += std::any_of(cells.begin(), cells.end(), [&](const OccupiedCell &c) { return inCell(p, c); });
  EXPECT_EQ(covered, points.size());
}

TEST(OctomapFile, ReadsWhatLiboctomapWritesPrunedLeavesAtTheirDepth)
{
  // A full 8 cm cube of 1 cm voxels prunes to one 8 cm leaf (aligned to the tree's grid).
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 8; ++k)
        points.emplace_back(0.005 + 0.01 * i, 0.005 + 0.01 * j, 0.005 + 0.01 * k);
  points.emplace_back(-0.305, 0.2, 0.1);
  const std::string path = (tempFolder() / "cube.bt").string();
  test::writeOctomap(points, 0.01, path);
  const std::vector<OccupiedCell> cells = readOctomapFile(path);
  ASSERT_EQ(cells.size(), 2u);
  std::vector<double> sizes = {cells[0].size, cells[1].size};
  std::sort(sizes.begin(), sizes.end());
  EXPECT_DOUBLE_EQ(sizes[0], 0.01);
  EXPECT_DOUBLE_EQ(sizes[1], 0.08);
  for (const Eigen::Vector3d &p : points)
    EXPECT_TRUE(inCell(p, cells[0]) || inCell(p, cells[1])) << p.transpose();
}

/// Far from the map's origin a cell's float centre (liboctomap's leaf iterator) is off by up to half
/// a float ulp (1.2e-4 m at 2–4 km): the cells read are the keys' cubes, their centres in double —
/// a leaf and pruned leaves of 2, 4 and 8 leaves a side, at depths 16 down to 13.
TEST(OctomapFile, CellsAreTheirKeysCubesWithCentresInDouble)
{
  constexpr double res = 0.1;
  octomap::OcTree tree(res);
  // keys near (3000, −2000, 1500) m
  const unsigned origin = 32768, x = origin + 30008, y = origin - 20000, z = origin + 15000;
  for (const unsigned leaves : {1u, 2u, 4u, 8u})
    for (unsigned i = 0; i < leaves; ++i)
      for (unsigned j = 0; j < leaves; ++j)
        for (unsigned k = 0; k < leaves; ++k)
          tree.updateNode(octomap::OcTreeKey(x + i, y + 16 * leaves + j, z + k), true);
  const std::string path = (tempFolder() / "far.bt").string();
  ASSERT_TRUE(tree.writeBinary(path));
  const std::vector<OccupiedCell> cells = readOctomapFile(path);
  ASSERT_EQ(cells.size(), 4u);
  std::set<double> sizes;
  for (const OccupiedCell &cell : cells)
  {
    sizes.insert(cell.size);
    const unsigned leaves = static_cast<unsigned>(std::lround(cell.size / res));
    // the cube's lowest corner is the key's, (key − origin) · res, exact but for one rounding
    const Eigen::Vector3d corner = cell.center - Eigen::Vector3d::Constant(0.5 * cell.size);
    const Eigen::Vector3d expected(30008 * res, (-20000.0 + 16 * leaves) * res, 15000 * res);
    EXPECT_LT((corner - expected).cwiseAbs().maxCoeff(), 1e-12) << "leaves " << leaves;
    const Eigen::Vector3d rounded = cell.center.cast<float>().cast<double>();
    EXPECT_GT((rounded - cell.center).cwiseAbs().maxCoeff(), 1e-6) << "the float centre would be off";
  }
  EXPECT_EQ(sizes, (std::set<double>{0.1, 0.2, 0.4, 0.8}));
}

TEST(OctomapFile, FullMapsKeepLogOddsAndTheThresholdDecides)
{
  octomap::OcTree tree(0.05);
  tree.setNodeValue(octomap::point3d(0.1f, 0.1f, 0.1f), octomap::logodds(0.6));   // occupied at 0.5
  tree.setNodeValue(octomap::point3d(0.3f, 0.1f, 0.1f), octomap::logodds(0.9));   // occupied at 0.5 and 0.7
  tree.setNodeValue(octomap::point3d(0.5f, 0.1f, 0.1f), octomap::logodds(0.2));   // free
  const std::string path = (tempFolder() / "full.ot").string();
  ASSERT_TRUE(tree.write(path));
  EXPECT_EQ(readOctomapFile(path).size(), 2u);
  EXPECT_EQ(readOctomapFile(path, 0.7).size(), 1u);
  EXPECT_EQ(readOctomapFile(path, 0.1).size(), 3u);
}

TEST(OctomapFile, AnEmptyMapHasNoCells)
{
  const std::string path = (tempFolder() / "empty.bt").string();
  ASSERT_TRUE(octomap::OcTree(0.1).writeBinary(path));
  EXPECT_TRUE(readOctomapFile(path).empty());
}

/** \brief \a bytes written to \a name, and the pieces of the message readOctomapFile must give. */
struct BadMap
{
  std::string name, bytes;
  std::vector<std::string> message;
};

class OctomapFileError : public ::testing::TestWithParam<BadMap>
{
};

TEST_P(OctomapFileError, NamesFileElementAndFix)
{
  const std::string path = (tempFolder() / GetParam().name).string();
  std::ofstream(path, std::ios::binary) << GetParam().bytes;
  try
  {
    readOctomapFile(path);
    FAIL() << "accepted " << path;
  }
  catch (const Error &e)
  {
    EXPECT_THAT(e.what(), HasSubstr("readOctomapFile: " + path));
    for (const std::string &piece : GetParam().message)
      EXPECT_THAT(e.what(), HasSubstr(piece));
  }
}

const std::string kBinaryHeader = "# Octomap OcTree binary file\nid OcTree\nsize 1\nres 0.1\ndata\n";

INSTANTIATE_TEST_SUITE_P(
    OctomapFile, OctomapFileError,
    ::testing::Values(
        BadMap{"text.bt", "hello\n", {"the first line is not '# Octomap OcTree binary file'"}},
        BadMap{"color.ot", "# Octomap OcTree file\nid ColorOcTree\nsize 1\nres 0.1\ndata\n",
               {"the map is an 'ColorOcTree', not an 'OcTree'"}},
        BadMap{"nores.bt", "# Octomap OcTree binary file\nid OcTree\nsize 1\ndata\n", {"lacks `id` or `res`"}},
        BadMap{"zero_res.bt", "# Octomap OcTree binary file\nid OcTree\nres 0\ndata\n",
               {"`res` is not a number in (0, 1e+06] (metres)"}},
        // a cube of 32768 × res is not finite in float: liboctomap's own bounds break
        BadMap{"huge_res.bt", "# Octomap OcTree binary file\nid OcTree\nres 1e39\ndata\n",
               {"`res` is not a number in (0, 1e+06] (metres)"}},
        // res 100: the root's occupied child is a cube of 3.3e6 m
        BadMap{"wide_cell.bt", "# Octomap OcTree binary file\nid OcTree\nres 100\ndata\n" + std::string("\x02\x00", 2),
               {"the occupied cell of key (", ") at depth 1 (side 3.2768e+06 m", "give `res` in metres"}},
        BadMap{"nodata.bt", "# Octomap OcTree binary file\nid OcTree\nres 0.1\n", {"no `data` line"}},
        // the root says child 0 is an inner node, whose bytes are missing
        BadMap{"cut.bt", kBinaryHeader + std::string("\x03\x00", 2), {"ends at byte 2 inside a node", "cut short"}},
        BadMap{"deep.bt", kBinaryHeader + std::string(34, '\x03').replace(1, 1, 1, '\0'),
               {"nests deeper than octomap's 16 levels"}},
        BadMap{"trailing.bt", kBinaryHeader + std::string("\x02\x00zz", 4), {"2 bytes follow the octree"}}));

TEST(OctomapFile, RefusesAThresholdThatIsNoProbability)
{
  EXPECT_THAT([] { readOctomapFile(test::examplePath("sensors/scene_octomap.bt"), 1.5); },
              ::testing::ThrowsMessage<Error>(HasSubstr("occupancy_threshold 1.5 is not in (0, 1)")));
}
}  // namespace
}  // namespace ompl_ccd
