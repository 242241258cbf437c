#include "ompl_ccd/geometry/scene_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "ompl_ccd/error.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

/** \brief Obstacles by name (checks the names are unique). */
std::map<std::string, const Obstacle *> byName(const Scene &scene)
{
  std::map<std::string, const Obstacle *> out;
  for (const Obstacle &obstacle : scene.obstacles())
    EXPECT_TRUE(out.emplace(obstacle.name, &obstacle).second) << obstacle.name;
  return out;
}

std::set<std::string> names(const Scene &scene)
{
  std::set<std::string> out;
  for (const Obstacle &obstacle : scene.obstacles())
    out.insert(obstacle.name);
  return out;
}

/** \brief Largest |coordinate| of the mesh vertices along each axis. */
Eigen::Vector3d meshExtent(const CollisionShape &shape)
{
  Eigen::Vector3d extent = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d &v : shape.mesh->vertices)
    extent = extent.cwiseMax(v.cwiseAbs());
  return extent;
}

TEST(SceneLoader, ExampleScene)
{
  const ScenePtr scene = loadScene(test::examplePath("scene.yaml"));
  EXPECT_EQ(names(*scene), (std::set<std::string>{"table", "shelf", "thin_plate", "pole", "ball"}));
  auto obstacles = byName(*scene);
  const Obstacle &table = *obstacles.at("table");
  EXPECT_EQ(table.shape.kind, CollisionShape::Kind::Box);
  EXPECT_TRUE(table.shape.box_size.isApprox(Eigen::Vector3d(0.60, 0.80, 0.04)));
  EXPECT_TRUE(table.X_WG.translation().isApprox(Eigen::Vector3d(0.60, -0.10, 0.18)));
  EXPECT_EQ(obstacles.at("shelf")->shape.kind, CollisionShape::Kind::Mesh);
  EXPECT_FALSE(obstacles.at("shelf")->shape.mesh->triangles.empty());
  const Obstacle &pole = *obstacles.at("pole");
  EXPECT_EQ(pole.shape.kind, CollisionShape::Kind::Cylinder);
  EXPECT_DOUBLE_EQ(pole.shape.radius, 0.006);
  EXPECT_DOUBLE_EQ(pole.shape.length, 0.80);
  EXPECT_EQ(obstacles.at("ball")->shape.kind, CollisionShape::Kind::Sphere);
  EXPECT_DOUBLE_EQ(obstacles.at("ball")->shape.radius, 0.05);
  // thin_plate: rotated 45° about z, so its local x axis is the diagonal.
  const Eigen::Vector3d x_W = obstacles.at("thin_plate")->X_WG.linear().col(0);
  EXPECT_NEAR(x_W.x(), std::sqrt(0.5), 1e-6);
  EXPECT_NEAR(x_W.y(), std::sqrt(0.5), 1e-6);
}

TEST(SceneLoader, EveryKindOfItem)
{
  const ScenePtr scene = loadScene(test::testDataPath("geometry/all_kinds.yaml"));
  EXPECT_EQ(names(*scene), (std::set<std::string>{"crate", "stretched", "slab", "post", "ball", "arm/base",
                                                  "arm/upper", "arm/fore", "arm/tool"}));
  auto obstacles = byName(*scene);

  const Obstacle &crate = *obstacles.at("crate");
  ASSERT_EQ(crate.shape.kind, CollisionShape::Kind::Mesh);
  EXPECT_EQ(crate.shape.mesh->triangles.size(), 12u);
  EXPECT_TRUE(meshExtent(crate.shape).isApprox(Eigen::Vector3d::Constant(0.25)));  // scale: 0.5
  EXPECT_TRUE(crate.X_WG.translation().isApprox(Eigen::Vector3d(0, 0, 2)));
  EXPECT_TRUE(crate.X_WG.linear().isIdentity());
  EXPECT_TRUE(meshExtent(obstacles.at("stretched")->shape).isApprox(Eigen::Vector3d(0.5, 1.0, 1.5)));

  const Obstacle &slab = *obstacles.at("slab");
  EXPECT_TRUE(slab.X_WG.translation().isApprox(Eigen::Vector3d(1, 2, 3)));
  EXPECT_TRUE(slab.X_WG.linear().col(0).isApprox(Eigen::Vector3d::UnitY(), 1e-6));  // 90° about z
  EXPECT_EQ(obstacles.at("post")->shape.kind, CollisionShape::Kind::Cylinder);
  EXPECT_DOUBLE_EQ(obstacles.at("post")->shape.length, 2.0);
  // |q| = 1.0002 is within 1e-3 of unit: accepted and normalised.
  EXPECT_TRUE(obstacles.at("ball")->X_WG.linear().isApprox(Eigen::Matrix3d::Identity(), 1e-12));

  // urdf item at pose (1, 2, 0) with j1 = π/2: the tool sphere sits 1.2 m along world +y from the
  // j1 axis, 0.1 m up.
  const Obstacle &tool = *obstacles.at("arm/tool");
  EXPECT_EQ(tool.shape.kind, CollisionShape::Kind::Sphere);
  EXPECT_TRUE(tool.X_WG.translation().isApprox(Eigen::Vector3d(1, 3.2, 0.1), 1e-9));
  EXPECT_TRUE(obstacles.at("arm/base")->X_WG.translation().isApprox(Eigen::Vector3d(1, 2, 0.05), 1e-9));
}

TEST(SceneLoader, MoveItObjectPoseAndSeveralPrimitives)
{
  const ScenePtr scene = loadScene(test::testDataPath("geometry/moveit_multi.yaml"));
  EXPECT_EQ(names(*scene), (std::set<std::string>{"rack/0", "rack/1", "can"}));
  auto obstacles = byName(*scene);
  // Object pose: (1, 0, 0), 90° about z; the sphere primitive is 1 m along the object's x = world y.
  EXPECT_TRUE(obstacles.at("rack/1")->X_WG.translation().isApprox(Eigen::Vector3d(1, 1, 0), 1e-6));
  EXPECT_TRUE(obstacles.at("rack/0")->X_WG.translation().isApprox(Eigen::Vector3d(1, 0, 0.3), 1e-6));
  EXPECT_TRUE(obstacles.at("rack/0")->X_WG.linear().col(0).isApprox(Eigen::Vector3d::UnitY(), 1e-6));
  EXPECT_TRUE(obstacles.at("rack/0")->shape.box_size.isApprox(Eigen::Vector3d(0.2, 0.4, 0.6)));
  EXPECT_DOUBLE_EQ(obstacles.at("rack/1")->shape.radius, 0.1);
  // MoveIt cylinder dimensions are [height, radius].
  const Obstacle &can = *obstacles.at("can");
  EXPECT_DOUBLE_EQ(can.shape.length, 0.14);
  EXPECT_DOUBLE_EQ(can.shape.radius, 0.03);
  // header.frame_id is kept (CollisionWorld refuses a moving link); an object without header has none.
  EXPECT_EQ(obstacles.at("rack/0")->frame, "world");
  EXPECT_EQ(can.frame, "");
}

TEST(SceneLoader, MotionBenchMakerPrimitiveScenes)
{
  const std::map<std::string, std::size_t> expected_counts = {
      {"bookshelf_scene_small.yaml", 7}, {"bookshelf_scene_tall.yaml", 15}, {"bookshelf_scene_thin.yaml", 21},
      {"box_scene_box.yaml", 7},         {"cage_scene_cage.yaml", 8},        {"table_scene_table.yaml", 12}};
  for (const auto &[file, count] : expected_counts)
  {
    const auto path = test::sharedDataPath("scenes/motion_bench_maker/primitive_scenes/" + file);
    if (!path)
      GTEST_SKIP() << "../shared/data is absent: MotionBenchMaker scenes not checked";
    const ScenePtr scene = loadScene(*path);
    EXPECT_EQ(scene->obstacles().size(), count) << file;
    EXPECT_EQ(scene->broadphase().size(), count) << file;
  }
  const ScenePtr small =
      loadScene(*test::sharedDataPath("scenes/motion_bench_maker/primitive_scenes/bookshelf_scene_small.yaml"));
  const Obstacle &can = *byName(*small).at("Can1");
  EXPECT_EQ(can.shape.kind, CollisionShape::Kind::Cylinder);
  EXPECT_DOUBLE_EQ(can.shape.length, 0.14);
  EXPECT_DOUBLE_EQ(can.shape.radius, 0.03);
  EXPECT_TRUE(can.X_WG.translation().isApprox(Eigen::Vector3d(0.9, 0, 1.08)));
}

TEST(SceneLoader, UrdfScenes)
{
  const auto kitchen = test::sharedDataPath("scenes/motion_bench_maker/kitchen/kitchen.urdf");
  const auto table_bars = test::sharedDataPath("scenes/motion_bench_maker/table_bars/table_bars.urdf");
  if (!kitchen || !table_bars)
    GTEST_SKIP() << "../shared/data is absent: kitchen and table_bars URDF scenes not checked";
  // The kitchen's meshes are open and hold zero-area triangles: it must load all the same.
  const ScenePtr kitchen_scene = loadScene(*kitchen);
  EXPECT_EQ(names(*kitchen_scene), (std::set<std::string>{"cupboard", "dishwasher_door", "cupboard_door_l",
                                                          "cupboard_door_r", "kitchen_counter"}));
  const ScenePtr bars = loadScene(*table_bars);
  EXPECT_EQ(names(*bars), (std::set<std::string>{"shelves", "right_bars", "left_bars"}));
  for (const Obstacle &obstacle : bars->obstacles())
    EXPECT_EQ(obstacle.shape.kind, CollisionShape::Kind::Mesh);
}

TEST(SceneLoader, MeshFileIsOneObstacleNamedAfterIt)
{
  const ScenePtr scene = loadScene(test::testDataPath("geometry/cube.obj"));
  ASSERT_EQ(scene->obstacles().size(), 1u);
  EXPECT_EQ(scene->obstacles()[0].name, "cube");
  EXPECT_TRUE(scene->obstacles()[0].X_WG.isApprox(Eigen::Isometry3d::Identity()));
  EXPECT_EQ(scene->obstacles()[0].shape.mesh->triangles.size(), 12u);
}

TEST(SceneLoader, MissingFile)
{
  EXPECT_THAT([] { loadScene("/no/such/scene.yaml"); },
              ::testing::ThrowsMessage<Error>(HasSubstr("loadScene: scene file '/no/such/scene.yaml' does not exist")));
  EXPECT_THAT([] { loadScene(test::testDataPath("tools")); },
              ::testing::ThrowsMessage<Error>(HasSubstr("' is a folder, not a file; pass the file itself.")));
}

TEST(SceneLoader, UnsupportedExtension)
{
  const std::string path = test::testDataPath("geometry/notes.txt");
  EXPECT_THAT([&] { loadScene(path); },
              ::testing::ThrowsMessage<Error>(HasSubstr("'" + path + "' has an unsupported format ('.txt')")));
}

/** \brief A scene file in test/data/geometry/errors/ and the pieces its error message must hold. */
struct BadScene
{
  std::string file;
  std::vector<std::string> message;
};

class SceneLoaderError : public ::testing::TestWithParam<BadScene>
{
};

TEST_P(SceneLoaderError, NamesFileItemAndFix)
{
  const std::string path = test::testDataPath("geometry/errors/" + GetParam().file);
  try
  {
    loadScene(path);
    FAIL() << "loadScene accepted " << path;
  }
  catch (const Error &e)
  {
    EXPECT_THAT(e.what(), HasSubstr("loadScene: " + path)) << "the message names the file";
    for (const std::string &piece : GetParam().message)
      EXPECT_THAT(e.what(), HasSubstr(piece));
  }
}

INSTANTIATE_TEST_SUITE_P(
    SceneLoader, SceneLoaderError,
    ::testing::Values(
        BadScene{"unknown_item_key.yaml",
                 {"obstacle 0 ('crate'): unknown key 'colour' (line 4); allowed keys: name, mesh, box, cylinder, "
                  "sphere, urdf, points, octomap, pose, scale, joints, radius, voxel, occupancy_threshold, cloud_index."}},
        BadScene{"unknown_top_key.yaml", {"unknown key 'units' (line 1); allowed keys: obstacles."}},
        BadScene{"missing_name.yaml", {"obstacle 0: has no `name` (line 2); add a unique name."}},
        BadScene{"name_not_string.yaml", {"obstacle 0: `name` must be a non-empty string (line 2, got a list)"}},
        BadScene{"item_not_map.yaml", {"obstacle 0: expected a map of keys (line 2, got 'crate')"}},
        BadScene{"obstacles_not_list.yaml", {"`obstacles` must be a list (line 2)"}},
        BadScene{"two_shapes.yaml",
                 {"obstacle 0 ('crate'): has both `box` and `sphere` (line 4); give one shape per obstacle"}},
        BadScene{"no_shape.yaml", {"('crate'): has no shape (line 2); add one of mesh, box, cylinder, sphere, urdf, points, octomap."}},
        BadScene{"negative_box.yaml", {"('crate'): `box` must be positive (line 3, got -0.1); give a size > 0"}},
        BadScene{"box_two_sizes.yaml", {"`box` must be a list of 3 positive numbers (line 3, got a list of 2)"}},
        BadScene{"sphere_not_number.yaml", {"('ball'): `sphere` must be a finite number (line 3, got 'big')"}},
        BadScene{"cylinder_unknown_key.yaml",
                 {"('post'): `cylinder`: unknown key 'height' (line 3); allowed keys: radius, length."}},
        BadScene{"cylinder_no_length.yaml",
                 {"('post'): `cylinder` needs both radius and length (line 3); write cylinder: {radius: r, length: "
                  "l}."}},
        BadScene{"non_unit_quaternion.yaml",
                 {"('crate'): `pose.orientation` [qx, qy, qz, qw] has norm 1.41421", "give a unit quaternion"}},
        BadScene{"pose_unknown_key.yaml",
                 {"('crate'): `pose`: unknown key 'rpy' (line 4); allowed keys: position, orientation."}},
        BadScene{"duplicate_name.yaml", {"obstacle 1 ('crate'): obstacle 0 has the same name; rename one of them."}},
        // yaml-cpp keeps a repeated key and returns the first: the second box was silently ignored.
        BadScene{"repeated_key.yaml", {"key 'box' is given twice in one map (lines 4 and 5); keep one of them."}},
        BadScene{"two_documents.yaml",
                 {"holds several YAML documents (separated by `---`); only the first would be read: merge them "
                  "into one."}},
        BadScene{"scale_on_box.yaml", {"('crate'): `scale` applies to `mesh` only, not `box` (line 4)"}},
        BadScene{"joints_on_mesh.yaml", {"('crate'): `joints` applies to `urdf` only, not `mesh` (line 4)"}},
        BadScene{"missing_mesh.yaml",
                 {"('crate'): `mesh` file '", "no_such_mesh.stl' does not exist (line 3); fix the path"}},
        BadScene{"mesh_is_folder.yaml",
                 {"('crate'): `mesh` file '", "model/meshes' is a folder, not a file (line 3); name the file itself."}},
        BadScene{"unknown_joint.yaml",
                 {"('arm'): `joints` names 'elbow', which is not a moving joint of '", "(its joints: j1, j2)"}},
        BadScene{"joint_out_of_limits.yaml",
                 {"('arm'): `joints` gives 'j2' 4, outside its limits [-3.1, 3.1]; give a value within the limits."}},
        BadScene{"mimic_joint.yaml",
                 {"('gripper'): `joints` sets 'slide_b', which takes no value of its own (mimic joint)"}},
        BadScene{"joints_not_map.yaml", {"('arm'): `joints` must be a map {joint_name: value} (line 4)"}},
        BadScene{"urdf_bad_collision.yaml",
                 {"bad_collision.urdf: link 'post' <collision> 1: <cylinder> on line 5 has no length; add "
                  "length='…' with the length along z in metres."}},
        BadScene{"urdf_no_collision.yaml",
                 {"('table'): URDF '", "visual_only.urdf' has no <collision> element, so it adds no obstacle; add "
                  "<collision> geometry (a <visual> is not used for collision checking) or remove the item."}},
        BadScene{"urdf_joint_loop.yaml",
                 {"loop.urdf: link 'frame' is the child of two joints, 'to_frame' and 'latch'; a URDF is a tree"}},
        BadScene{"moveit_mesh.yaml",
                 {"collision_objects 0 ('statue'): mesh shapes are not supported in MoveIt scenes (line 5)"}},
        BadScene{"moveit_plane.yaml", {"('floor'): planes are not supported (line 5); replace the plane by a thin box."}},
        BadScene{"moveit_cone.yaml",
                 {"('hat'): primitive 0: primitive type 'cone' is not supported (line 5); use box, cylinder or sphere."}},
        BadScene{"moveit_pose_count.yaml", {"('pair'): 2 primitives but 1 primitive_poses (line 3)"}},
        BadScene{"moveit_unknown_key.yaml",
                 {"collision_objects 0 ('crate'): unknown key 'operation' (line 4); allowed keys: header, id, pose"}},
        BadScene{"moveit_no_id.yaml", {"collision_objects 0: has no `id` (line 3); add a unique id."}},
        BadScene{"moveit_repeated_key.yaml", {"key 'primitive_poses' is given twice in one map (lines 7 and 10)"}},
        BadScene{"moveit_mixed_frames.yaml",
                 {"collision_objects 1 ('ball') is in frame 'tool0' but an earlier object in frame 'base_link' "
                  "(line 7); the scene has no transform between frames: express every object in one frame."}},
        BadScene{"moveit_duplicate_id.yaml",
                 {"Scene: obstacles 0 and 1 are both named 'crate'; give every obstacle a unique name."}},
        BadScene{"moveit_octomap.yaml", {"octomaps are not supported (line 4)"}},
        BadScene{"moveit_objects_not_list.yaml", {"`world.collision_objects` must be a list (line 3)"}},
        BadScene{"moveit_primitive_no_type.yaml", {"('crate'): primitive 0: needs `type` and `dimensions` (line 5)"}},
        BadScene{"moveit_box_dimensions.yaml",
                 {"('crate'): primitive 0: `dimensions` must be a list of 3 positive numbers (line 6, got a list of 2)"}},
        BadScene{"neither_format.yaml",
                 {"has neither a top-level `obstacles:` list (ompl_ccd scene) nor `world: collision_objects:`"}}),
    [](const ::testing::TestParamInfo<BadScene> &info) {
      return info.param.file.substr(0, info.param.file.find('.'));
    });

// Values beyond the bound on a scene (±1e6 m, scene_bound.h), in every reader and once placed: the
// mutants that crashed every validator while the scene loaded (FCL's dynamic AABB tree indexing
// outside its nodes once every merge cost overflowed), kept as fuzzer seeds too.
INSTANTIATE_TEST_SUITE_P(
    SceneBound, SceneLoaderError,
    ::testing::Values(
        BadScene{"sphere_1e200.yaml",
                 {"obstacle 0 ('ball'): `sphere` is 1e+200, beyond ±1e+06 (line 3)", "give metres"}},
        BadScene{"pose_position_1e200.yaml",
                 {"obstacle 0 ('crate'): `pose.position` is 1e+200, beyond ±1e+06 (line 4)"}},
        BadScene{"box_reaches_beyond_bound.yaml",
                 {"obstacle 0 ('wall'): it reaches from [100000, -0.5, -0.5] to [1.1e+06, 0.5, 0.5] in the world"}},
        BadScene{"moveit_sphere_1e200.yaml",
                 {"collision_objects 0 ('ball'): primitive 0: `dimensions` is 1e+200, beyond ±1e+06 (line 6)"}},
        BadScene{"moveit_poses_beyond_bound.yaml",
                 {"collision_objects 0 ('crate'): primitive 0: it is placed at [1.6e+06, 0, 0] in the world"}},
        BadScene{"urdf_pose_beyond_bound.yaml", {"obstacle 0 ('arm'): link '", "in the world, beyond ±1e+06 m"}},
        BadScene{"mesh_scaled_beyond_bound.yaml",
                 {"obstacle 0 ('cube'): its mesh vertex [500000, ", "] lies at [1.1e+06, "}},
        BadScene{"mesh_vertex_beyond_bound.yaml",
                 {"('sheet')", "huge_vertex.obj' has a vertex at [2e+06 0 0] after scale [1 1 1], beyond ±1e+06 m; "
                  "give the mesh in metres or fix its scale."}},
        BadScene{"cloud_point_1e200.yaml",
                 {"obstacle 0 ('cloud')", "cloud_point_1e200.pcd",
                  "a coordinate lies beyond ±1e+06 m (1e+200 0.2 0.3)"}},
        BadScene{"cloud_rotated_to_infinity.yaml",
                 {"obstacle 0 ('cloud')", "cloud_near_max.xyz", "line 2: a coordinate lies beyond ±1e+06 m"}},
        BadScene{"voxel_cover_nan_centre.yaml",
                 {"obstacle 0 ('cloud')", "cloud_near_max.xyz", "line 2: a coordinate lies beyond ±1e+06 m"}},
        BadScene{"octomap_resolution_1e39.yaml",
                 {"obstacle 0 ('map')", "resolution_1e39.bt: `res` is not a number in (0, 1e+06] (metres)"}},
        BadScene{"octomap_cell_beyond_bound.yaml",
                 {"obstacle 0 ('map')", "resolution_100.bt: the occupied cell of key (",
                  ") at depth 1 (side 3.2768e+06 m",
                  "reaches beyond ±1e+06 m of the map's origin; give `res` in metres."}}),
    [](const ::testing::TestParamInfo<BadScene> &info) {
      return info.param.file.substr(0, info.param.file.find('.'));
    });

TEST(SceneLoader, YamlSyntaxErrorNamesLine)
{
  const std::string path = test::testDataPath("geometry/errors/syntax_error.yaml");
  EXPECT_THAT([&] { loadScene(path); },
              ::testing::ThrowsMessage<Error>(::testing::ContainsRegex(
                  "loadScene: cannot parse '.*syntax_error.yaml' at line [0-9]+, column [0-9]+ \\(.*\\); fix the "
                  "YAML syntax.")));
}
}  // namespace
}  // namespace ompl_ccd
