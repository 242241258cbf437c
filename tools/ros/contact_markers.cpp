#include "contact_markers.h"

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd::ros_node
{
namespace
{
using visualization_msgs::Marker;

/** \brief Samples drawn per trajectory segment for the path lines. */
constexpr int kSamplesPerSegment = 20;

std_msgs::ColorRGBA color(float r, float g, float b, float a)
{
  std_msgs::ColorRGBA c;
  c.r = r, c.g = g, c.b = b, c.a = a;
  return c;
}

geometry_msgs::Point point(const Eigen::Vector3d &p)
{
  geometry_msgs::Point out;
  out.x = p.x(), out.y = p.y(), out.z = p.z();
  return out;
}

Marker marker(const std::string &frame, const std::string &ns, int id, int type, const std_msgs::ColorRGBA &c)
{
  Marker m;
  m.header.frame_id = frame;
  m.ns = ns;
  m.id = id;
  m.type = type;
  m.action = Marker::ADD;
  m.pose.orientation.w = 1.0;
  m.scale.x = m.scale.y = m.scale.z = 1.0;
  m.color = c;
  return m;
}

/** \brief \a shape at \a X_WG as one marker (a mesh as a triangle list). */
Marker shapeMarker(const CollisionShape &shape, const Eigen::Isometry3d &X_WG, Marker m)
{
  const Eigen::Quaterniond q(X_WG.rotation());
  m.pose.position = point(X_WG.translation());
  m.pose.orientation.x = q.x(), m.pose.orientation.y = q.y(), m.pose.orientation.z = q.z(), m.pose.orientation.w = q.w();
  switch (shape.kind)
  {
    case CollisionShape::Kind::Box:
      m.type = Marker::CUBE;
      m.scale.x = shape.box_size.x(), m.scale.y = shape.box_size.y(), m.scale.z = shape.box_size.z();
      break;
    case CollisionShape::Kind::Cylinder:
      m.type = Marker::CYLINDER;
      m.scale.x = m.scale.y = 2 * shape.radius, m.scale.z = shape.length;
      break;
    case CollisionShape::Kind::Sphere:
      m.type = Marker::SPHERE;
      m.scale.x = m.scale.y = m.scale.z = 2 * shape.radius;
      break;
    case CollisionShape::Kind::Mesh:
      m.type = Marker::TRIANGLE_LIST;
      for (const Eigen::Vector3i &t : shape.mesh->triangles)
        for (int k = 0; k < 3; ++k)
          m.points.push_back(point(shape.mesh->vertices[t[k]]));
      break;
  }
  return m;
}

/** \brief The end link's origin along segment \a k from t = \a from to \a to. */
std::vector<geometry_msgs::Point> pathPoints(const CollisionWorld &world, CollisionWorkspace &ws, const JointMotion &motion,
                                             int link, double from, double to)
{
  std::vector<geometry_msgs::Point> points;
  for (int s = 0; s <= kSamplesPerSegment; ++s)
  {
    updatePoses(world, ws, motion.stateAt(from + (to - from) * s / kSamplesPerSegment));
    points.push_back(point(ws.kinematics.X_WL[link].translation()));
  }
  return points;
}

/** \brief Red markers of every geometry of URDF link \a name (robot) or obstacle \a name, posed by ws. */
void addBody(const CollisionWorld &world, const CollisionWorkspace &ws, const std::string &name, const std::string &frame,
             visualization_msgs::MarkerArray &out)
{
  const Marker red = marker(frame, "witness_links", 0, Marker::CUBE, color(0.9f, 0.1f, 0.1f, 0.8f));
  const std::vector<Link> &links = world.robot().links();
  for (std::size_t l = 0; l < links.size(); ++l)
    for (std::size_t g = 0; g < links[l].geometries.size(); ++g)
      if (links[l].geometries[g].urdf_link == name)
      {
        Marker m = shapeMarker(links[l].geometries[g].shape, ws.kinematics.X_WL[l] * links[l].geometries[g].X_LG, red);
        m.id = static_cast<int>(out.markers.size());
        out.markers.push_back(std::move(m));
      }
  for (const Obstacle &obstacle : world.scene().obstacles())
    if (obstacle.name == name)
    {
      Marker m = shapeMarker(obstacle.shape, obstacle.X_WG, red);
      m.color = color(1.0f, 0.5f, 0.0f, 0.9f);
      m.id = static_cast<int>(out.markers.size());
      out.markers.push_back(std::move(m));
    }
}

/** \brief The contact points and the normal arrow of \a contact. */
void addContact(const Contact &contact, const std::string &frame, visualization_msgs::MarkerArray &out)
{
  Marker points = marker(frame, "contact", 0, Marker::SPHERE_LIST, color(1.0f, 0.9f, 0.0f, 1.0f));
  points.scale.x = points.scale.y = points.scale.z = 0.015;
  points.points = {point(contact.point_a), point(contact.point_b)};
  out.markers.push_back(points);
  Marker normal = marker(frame, "contact", 1, Marker::ARROW, color(1.0f, 0.9f, 0.0f, 1.0f));
  normal.scale.x = 0.005, normal.scale.y = 0.012, normal.scale.z = 0.02;
  normal.points = {point(contact.point_a), point(contact.point_a + 0.05 * contact.normal)};
  out.markers.push_back(normal);
}
}  // namespace

visualization_msgs::MarkerArray contactMarkers(const CollisionWorld &world, const TrajectoryAnswer &answer,
                                               const std::string &frame)
{
  visualization_msgs::MarkerArray out;
  Marker clear;
  clear.action = Marker::DELETEALL;
  out.markers.push_back(clear);
  const RobotModel &robot = world.robot();
  int end_link = 0;
  for (int l = 0; l < static_cast<int>(robot.links().size()); ++l)
    end_link = robot.links()[l].geometries.empty() ? end_link : l;  // the last body with geometry
  CollisionWorkspace ws(world);
  Marker free_path = marker(frame, "path", 0, Marker::LINE_STRIP, color(0.1f, 0.8f, 0.1f, 1.0f));
  Marker hit_path = marker(frame, "path", 1, Marker::LINE_STRIP, color(0.9f, 0.1f, 0.1f, 1.0f));
  free_path.scale.x = hit_path.scale.x = 0.01;
  const Report *hit = nullptr;
  for (std::size_t k = 0; k < answer.reports.size() && !hit; ++k)
  {
    const JointMotion motion(robot, answer.waypoints[k], answer.waypoints[k + 1]);
    const Report &report = answer.reports[k];
    const double free_until = report.verdict == Verdict::Free ? 1.0 : report.verdict == Verdict::Collision ? report.toc_lower : 0.0;
    for (const geometry_msgs::Point &p : pathPoints(world, ws, motion, end_link, 0.0, free_until))
      free_path.points.push_back(p);
    if (report.verdict == Verdict::Free)
      continue;
    hit = &report;
    hit_path.points = pathPoints(world, ws, motion, end_link, free_until, 1.0);
    if (report.witness)
    {
      updatePoses(world, ws, motion.stateAt(report.witness->time));
      addBody(world, ws, report.witness->link, frame, out);
      addBody(world, ws, report.witness->other, frame, out);
      addContact(*report.witness, frame, out);
    }
  }
  out.markers.push_back(free_path);
  if (hit)
    out.markers.push_back(hit_path);
  return out;
}
}  // namespace ompl_ccd::ros_node
