#include "ompl_ccd/geometry/collision_queries.h"

#include <algorithm>
#include <cstdint>
#include <fcl/narrowphase/collision.h>
#include <optional>

#include "ompl_ccd/geometry/mesh_box_collision.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief Index of the scene obstacle behind an FCL object (its user data). */
int obstacleIndex(const fcl::CollisionObjectd *object)
{
  return static_cast<int>(reinterpret_cast<std::intptr_t>(object->getUserData()));
}

/** \brief Name of the scene obstacle behind an FCL object. */
const std::string &obstacleName(const Scene &scene, const fcl::CollisionObjectd *object)
{
  return scene.obstacles()[obstacleIndex(object)].name;
}

/** \brief URDF link that declared geometry g of link l. */
const std::string &urdfLink(const CollisionWorld &world, int l, int g)
{
  return world.robot().links()[l].geometries[g].urdf_link;
}

/** \brief Fills a contact witness from FCL's first contact (FCL: normal from o1 = link to o2). */
void fillContact(const fcl::CollisionResultd &result, const std::string &link, const std::string &other,
                 Contact *witness)
{
  *witness = Contact{};
  witness->link = link;
  witness->other = other;
  if (result.numContacts() > 0)
  {
    const fcl::Contactd &contact = result.getContact(0);
    witness->point_a = witness->point_b = contact.pos;
    witness->normal = contact.normal;
  }
}

/** \brief Fills a nearest-pair witness from a distance query's points (in W, p_WA on the link). */
void fillNearest(const NearestPoints &points, double distance, const std::string &link, const std::string &other,
                 Contact *nearest)
{
  *nearest = Contact{};
  nearest->link = link;
  nearest->other = other;
  nearest->point_a = points.p_WA;
  nearest->point_b = points.p_WB;
  nearest->distance = distance;
  const Eigen::Vector3d d_AB = nearest->point_b - nearest->point_a;
  if (distance > 0.0 && d_AB.norm() > 0.0)
    nearest->normal = d_AB.normalized();
}

/** \brief Broadphase payload of one robot object against the scene: the first contact. */
struct SceneCollision
{
  const Scene *scene = nullptr;
  const fcl::CollisionObjectd *query = nullptr;
  const fcl::CollisionRequestd *request = nullptr;
  const fcl::CollisionObjectd *obstacle = nullptr;
  fcl::CollisionResultd *result = nullptr;
};

/** \brief Broadphase callback: narrow phase on one candidate obstacle; true (stop) on contact. */
bool sceneCollisionCallback(fcl::CollisionObjectd *o1, fcl::CollisionObjectd *o2, void *cdata)
{
  auto &data = *static_cast<SceneCollision *>(cdata);
  const fcl::CollisionObjectd *obstacle = o1 == data.query ? o2 : o1;
  if (!obstacleCollides(*data.scene, obstacleIndex(obstacle), *data.query, *data.request, *data.result))
    return false;
  data.obstacle = obstacle;
  return true;
}

/** \brief Broadphase payload of one robot object against the scene: the running minimum. */
struct SceneDistance
{
  const fcl::CollisionObjectd *query = nullptr;
  /** \brief Minimum over every pair seen so far (all links), used to prune the tree. */
  double best = numeric::kInfinity;
  const fcl::CollisionObjectd *obstacle = nullptr;
  NearestPoints points;
};

/** \brief Broadphase callback: distance to one candidate (pairDistanceUpperBound: the distance of
    two real points, exact but for rounding except for cylinders and hulls); \a dist returns the
    running minimum so the tree skips nodes whose AABB is farther (AABB distance is a lower bound). */
bool sceneDistanceCallback(fcl::CollisionObjectd *o1, fcl::CollisionObjectd *o2, void *cdata, double &dist)
{
  auto &data = *static_cast<SceneDistance *>(cdata);
  const fcl::CollisionObjectd *obstacle = o1 == data.query ? o2 : o1;
  NearestPoints points;
  const double d = pairDistanceUpperBound(*data.query, *obstacle, &points);
  if (d < data.best)
  {
    data.best = d;
    data.obstacle = obstacle;
    data.points = points;
  }
  dist = data.best;
  return data.best <= 0.0;
}

/** \brief Name of point \a point of scene cloud \a cloud, as its ball's sphere obstacle would be named. */
std::string cloudPointName(const Scene &scene, std::size_t cloud, int point)
{
  return scene.clouds()[cloud].name + "/" + std::to_string(point);
}

/** \brief isInCollision on poses already set by updatePoses. */
bool posedCollision(const CollisionWorld &world, CollisionWorkspace &ws, Contact *witness)
{
  fcl::CollisionRequestd request;
  request.num_max_contacts = 1;
  request.enable_contact = witness != nullptr;

  for (int l : world.collidingLinks())
    for (std::size_t g = 0; g < ws.objects[l].size(); ++g)
    {
      fcl::CollisionResultd result;
      const int obstacle = firstObstacleHit(world.scene(), *ws.objects[l][g], request, result);
      if (obstacle >= 0)
      {
        if (witness)
          fillContact(result, urdfLink(world, l, g), world.scene().obstacles()[obstacle].name, witness);
        return true;
      }
      for (std::size_t k = 0; k < world.scene().clouds().size(); ++k)
      {
        const int point =
            firstCloudPointHit(*world.scene().clouds()[k].cloud, ws.clouds[k], *ws.objects[l][g], request, result);
        if (point < 0)
          continue;
        if (witness)
          fillContact(result, urdfLink(world, l, g), cloudPointName(world.scene(), k, point), witness);
        return true;
      }
    }

  for (const auto &[a, b] : world.selfPairs())
    for (std::size_t g = 0; g < ws.objects[a].size(); ++g)
      for (std::size_t h = 0; h < ws.objects[b].size(); ++h)
      {
        const fcl::CollisionObjectd &object_a = *ws.objects[a][g], &object_b = *ws.objects[b][h];
        if (!object_a.getAABB().overlap(object_b.getAABB()))
          continue;
        fcl::CollisionResultd result;
        // libccd's MPR at most, never its asserting GJK (collision_queries.h)
        if (fcl::collide(&object_a, &object_b, request, result) == 0)
          continue;
        if (witness)
          fillContact(result, urdfLink(world, a, g), urdfLink(world, b, h), witness);
        return true;
      }
  return false;
}
}  // namespace

bool obstacleCollides(const Scene &scene, int obstacle, const fcl::CollisionObjectd &object,
                      const fcl::CollisionRequestd &request, fcl::CollisionResultd &result)
{
  result.clear();
  const Obstacle &target = scene.obstacles()[obstacle];
  const fcl::CollisionGeometryd &geometry = *object.collisionGeometry();
  if (target.shape.kind != CollisionShape::Kind::Box || geometry.getObjectType() != fcl::OT_BVH ||
      geometry.getNodeType() != fcl::BV_OBBRSS)
    // libccd's MPR at most, never its asserting GJK (collision_queries.h)
    return fcl::collide(&object, &scene.object(obstacle), request, result) > 0;
  const Eigen::Vector3d half = 0.5 * target.shape.box_size;
  const std::optional<Eigen::Vector3d> point = meshBoxContact(
      static_cast<const fcl::BVHModel<fcl::OBBRSSd> &>(geometry), object.getTransform(), half, target.X_WG);
  if (!point)
    return false;
  // normal from the object into the box through its nearest face (FCL's: from o1 to o2), depth
  // the point's depth below that face
  const Eigen::Vector3d p_B = target.X_WG.inverse() * *point, slack = half - p_B.cwiseAbs();
  int face = 0;
  slack.minCoeff(&face);
  const Eigen::Vector3d normal = -(p_B[face] < 0.0 ? -1.0 : 1.0) * target.X_WG.linear().col(face);
  result.addContact(fcl::Contactd(&geometry, scene.object(obstacle).collisionGeometry().get(), fcl::Contactd::NONE,
                                  fcl::Contactd::NONE, *point, normal, std::max(0.0, slack[face])));
  return true;
}

int firstObstacleHit(const Scene &scene, fcl::CollisionObjectd &object, const fcl::CollisionRequestd &request,
                     fcl::CollisionResultd &result)
{
  SceneCollision data;
  data.scene = &scene;
  data.query = &object;
  data.request = &request;
  data.result = &result;
  scene.broadphase().collide(&object, &data, sceneCollisionCallback);
  return data.obstacle ? obstacleIndex(data.obstacle) : -1;
}

CollisionWorkspace::CollisionWorkspace(const CollisionWorld &world) : kinematics(world.robot())
{
  const std::vector<Link> &links = world.robot().links();
  objects.resize(links.size());
  for (std::size_t l = 0; l < links.size(); ++l)
    for (std::size_t g = 0; g < links[l].geometries.size(); ++g)
      objects[l].push_back(makeCollisionObject(world.linkGeometry(l, g)));
  for (const Obstacle &cloud : world.scene().clouds())
    clouds.emplace_back(*cloud.cloud);
}

void updatePoses(const CollisionWorld &world, CollisionWorkspace &ws, const Eigen::VectorXd &q)
{
  forwardKinematics(world.robot(), ws.kinematics, q);
  const std::vector<Link> &links = world.robot().links();
  for (int l : world.collidingLinks())
    for (std::size_t g = 0; g < links[l].geometries.size(); ++g)
    {
      const Eigen::Isometry3d X_WG = ws.kinematics.X_WL[l] * links[l].geometries[g].X_LG;
      ws.objects[l][g]->setTransform(X_WG);
      ws.objects[l][g]->computeAABB();
    }
}

bool isInCollision(const CollisionWorld &world, CollisionWorkspace &ws, const Eigen::VectorXd &q, Contact *witness)
{
  updatePoses(world, ws, q);
  return posedCollision(world, ws, witness);
}

double minimumDistance(const CollisionWorld &world, CollisionWorkspace &ws, const Eigen::VectorXd &q,
                       Contact *nearest)
{
  updatePoses(world, ws, q);
  // Collision first, so that "0" agrees exactly with isInCollision (FCL's distance of overlapping
  // pairs is implementation defined: -1 for primitives, 0 for meshes).
  if (posedCollision(world, ws, nearest))
    return 0.0;

  double best = numeric::kInfinity;
  for (int l : world.collidingLinks())
    for (std::size_t g = 0; g < ws.objects[l].size(); ++g)
    {
      SceneDistance data;
      data.query = ws.objects[l][g].get();
      data.best = best;
      world.scene().broadphase().distance(ws.objects[l][g].get(), &data, sceneDistanceCallback);
      if (data.obstacle)
      {
        best = data.best;
        if (nearest)
          fillNearest(data.points, std::max(best, 0.0), urdfLink(world, l, g),
                      obstacleName(world.scene(), data.obstacle), nearest);
      }
      for (std::size_t k = 0; k < world.scene().clouds().size(); ++k)
      {
        int point = -1;
        NearestPoints points;
        best = cloudDistanceBelow(*world.scene().clouds()[k].cloud, ws.clouds[k], *ws.objects[l][g], best, point,
                                  points);
        if (point >= 0 && nearest)
          fillNearest(points, std::max(best, 0.0), urdfLink(world, l, g), cloudPointName(world.scene(), k, point),
                      nearest);
      }
    }

  for (const auto &[a, b] : world.selfPairs())
    for (std::size_t g = 0; g < ws.objects[a].size(); ++g)
      for (std::size_t h = 0; h < ws.objects[b].size(); ++h)
      {
        const fcl::CollisionObjectd &object_a = *ws.objects[a][g], &object_b = *ws.objects[b][h];
        if (object_a.getAABB().distance(object_b.getAABB()) >= best)
          continue;
        NearestPoints points;
        const double d = pairDistanceUpperBound(object_a, object_b, &points);
        if (d >= best)
          continue;
        best = d;
        if (nearest)
          fillNearest(points, std::max(best, 0.0), urdfLink(world, a, g), urdfLink(world, b, h), nearest);
      }
  return std::max(best, 0.0);
}
}  // namespace ompl_ccd
