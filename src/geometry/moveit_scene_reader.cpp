#include "moveit_scene_reader.h"

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene_bound.h"
#include "yaml_values.h"

namespace ompl_ccd::scene_io
{
namespace
{
/** \brief Fields of moveit_msgs/PlanningScene; only `world` carries obstacles. */
const std::vector<std::string> kSceneKeys = {
    "name", "robot_state", "robot_model_name", "fixed_frame_transforms", "allowed_collision_matrix",
    "link_padding", "link_scale", "object_colors", "world", "is_diff"};
/** \brief Fields of moveit_msgs/CollisionObject that are read or known to be harmless. */
const std::vector<std::string> kObjectKeys = {
    "header", "id", "pose", "type", "primitives", "primitive_poses", "meshes", "mesh_poses", "planes",
    "plane_poses", "subframe_names", "subframe_poses"};

/** \brief True iff \a node is present and holds something (a non-empty list or map, or a scalar). */
bool nonEmpty(const YAML::Node &node)
{
  return node && !node.IsNull() && !((node.IsSequence() || node.IsMap()) && node.size() == 0);
}

/** \brief One solid_primitive {type, dimensions} (MoveIt: cylinder [height, radius], sphere [radius]). */
CollisionShape readPrimitive(const YAML::Node &node, const std::string &where)
{
  checkKeys(node, where, {"type", "dimensions"});
  OMPL_CCD_THROW_UNLESS(node["type"] && node["dimensions"], where, ": needs `type` and `dimensions` (",
                        lineOf(node), "); add them.");
  const std::string type = readString(node["type"], where, "type");
  const YAML::Node dimensions = node["dimensions"];
  CollisionShape shape;
  if (type == "box")
  {
    const std::vector<double> size = readNumbers(dimensions, where, "dimensions", 3, true);
    shape.kind = CollisionShape::Kind::Box;
    shape.box_size = Eigen::Vector3d(size[0], size[1], size[2]);
  }
  else if (type == "cylinder")
  {
    const std::vector<double> height_radius = readNumbers(dimensions, where, "dimensions", 2, true);
    shape.kind = CollisionShape::Kind::Cylinder;
    shape.length = height_radius[0];
    shape.radius = height_radius[1];
  }
  else
  {
    OMPL_CCD_THROW_UNLESS(type == "sphere", where, ": primitive type '", type, "' is not supported (",
                          lineOf(node["type"]), "); use box, cylinder or sphere.");
    shape.kind = CollisionShape::Kind::Sphere;
    shape.radius = readNumbers(dimensions, where, "dimensions", 1, true)[0];
  }
  return shape;
}

/** \brief header.frame_id of a collision object (std_msgs/Header: seq, stamp, frame_id); empty if none. */
std::string readFrame(const YAML::Node &object, const std::string &where)
{
  const YAML::Node header = object["header"];
  if (!nonEmpty(header))
    return "";
  checkKeys(header, where + ": `header`", {"seq", "stamp", "frame_id"});
  const YAML::Node frame_id = header["frame_id"];
  if (!frame_id || frame_id.IsNull())
    return "";
  OMPL_CCD_THROW_UNLESS(frame_id.IsScalar(), where, ": `header.frame_id` must be a frame name (", lineOf(frame_id),
                        "); fix it.");
  const std::string &frame = frame_id.Scalar();
  return frame.rfind('/', 0) == 0 ? frame.substr(1) : frame;  // tf's "/base_link" is "base_link"
}

/** \brief Obstacles of collision object \a i. */
std::vector<Obstacle> readObject(const YAML::Node &object, std::size_t i, const std::string &file_where)
{
  std::string where = concat(file_where, ": collision_objects ", i);
  if (object.IsMap() && object["id"] && object["id"].IsScalar())
    where += " ('" + object["id"].Scalar() + "')";
  checkKeys(object, where, kObjectKeys);
  OMPL_CCD_THROW_UNLESS(object["id"], where, ": has no `id` (", lineOf(object), "); add a unique id.");
  const std::string id = readString(object["id"], where, "id");
  OMPL_CCD_THROW_UNLESS(!nonEmpty(object["meshes"]), where, ": mesh shapes are not supported in MoveIt scenes (",
                        lineOf(object["meshes"]), "); put the mesh in an ompl_ccd scene YAML `mesh:` item.");
  OMPL_CCD_THROW_UNLESS(!nonEmpty(object["planes"]), where, ": planes are not supported (",
                        lineOf(object["planes"]), "); replace the plane by a thin box.");

  const YAML::Node primitives = object["primitives"], poses = object["primitive_poses"];
  const std::size_t count = nonEmpty(primitives) ? primitives.size() : 0;
  const std::size_t pose_count = nonEmpty(poses) ? poses.size() : 0;
  OMPL_CCD_THROW_UNLESS(count == pose_count && (count == 0 || (primitives.IsSequence() && poses.IsSequence())),
                        where, ": ", count, " primitives but ", pose_count, " primitive_poses (", lineOf(object),
                        "); give one pose per primitive.");
  const Eigen::Isometry3d X_WO = object["pose"] ? readPose(object["pose"], where, "pose") : Eigen::Isometry3d::Identity();
  const std::string frame = readFrame(object, where);

  std::vector<Obstacle> obstacles;
  for (std::size_t k = 0; k < count; ++k)
  {
    const std::string primitive_where = concat(where, ": primitive ", k);
    Obstacle obstacle;
    obstacle.name = count == 1 ? id : concat(id, "/", k);
    obstacle.shape = readPrimitive(primitives[k], primitive_where);
    obstacle.X_WG = X_WO * readPose(poses[k], primitive_where, "primitive_poses");
    requireShapeInBounds(obstacle.shape, obstacle.X_WG, primitive_where);
    obstacle.frame = frame;
    obstacles.push_back(std::move(obstacle));
  }
  return obstacles;
}
}  // namespace

std::vector<Obstacle> readMoveItScene(const YAML::Node &root, const std::string &path)
{
  const std::string file_where = concat("loadScene: ", path);
  checkKeys(root, file_where, kSceneKeys);
  const YAML::Node world = root["world"];
  checkKeys(world, file_where + ": `world`", {"collision_objects", "octomap"});
  OMPL_CCD_THROW_UNLESS(!nonEmpty(world["octomap"]), file_where, ": octomaps are not supported (",
                        lineOf(world["octomap"]), "); remove `world.octomap` or convert it to boxes.");

  std::vector<Obstacle> obstacles;
  const YAML::Node objects = world["collision_objects"];
  if (!nonEmpty(objects))
    return obstacles;
  OMPL_CCD_THROW_UNLESS(objects.IsSequence(), file_where, ": `world.collision_objects` must be a list (",
                        lineOf(objects), "); write one `- id: ...` item per object.");
  std::string frame;  // of the first object that names one
  for (std::size_t i = 0; i < objects.size(); ++i)
    for (Obstacle &obstacle : readObject(objects[i], i, file_where))
    {
      OMPL_CCD_THROW_UNLESS(frame.empty() || obstacle.frame.empty() || obstacle.frame == frame, file_where,
                            ": collision_objects ", i, " ('", obstacle.name, "') is in frame '", obstacle.frame,
                            "' but an earlier object in frame '", frame, "' (", lineOf(objects[i]),
                            "); the scene has no transform between frames: express every object in one frame.");
      if (frame.empty())
        frame = obstacle.frame;
      obstacles.push_back(std::move(obstacle));
    }
  return obstacles;
}
}  // namespace ompl_ccd::scene_io
