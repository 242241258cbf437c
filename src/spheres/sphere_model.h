#pragma once
/// \file sphere_model.h
/// The sphere front end's model of a robot in its scene, in the float layout the lane kernels
/// (lane_batch.h) read: the joints' kinematic terms, every body's tree of outer balls (outer_cover.h)
/// and inner balls in its link's frame, and every obstacle as a primitive or as balls.
///
/// A body's tree, in structure-of-arrays float layout (LaneBody's indices):
///   outer()    [bound] [leaf 0 … leaf n−1]       the root, then its leaves, contiguous
///                        └ child 0 ┘└ child 1 ┘…  the leaves under one child are contiguous, in
///                                                 the children's order
///   children() [child 0 … child m−1]             m ≤ 8 balls, at child_first; childLeaves()
///                                                 [child_first + k] gives child k's leaves as
///                                                 indices into outer()
/// The root holds every child, a child every leaf under it, and the leaves together hold the body
/// (each a part of it), in exact arithmetic; each float ball holds its exact ball wherever its
/// centre's rounding moves it (the pads below), so a test may stop at any level that is clear. Radii carry
/// their rounding pads (lane_rounding.h): an outer radius is rounded up by the float error of its
/// centre's world position, an inner radius down by it; a test adds the obstacle's own distance
/// pad. Immutable once built; shared by every thread.

#include <Eigen/Geometry>
#include <cstdint>
#include <cstring>
#include <vector>

#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/spheres/outer_cover.h"
#include "ompl_ccd/spheres/sphere.h"
#include "spheres/lane_rounding.h"

namespace ompl_ccd::spheres
{
/** \brief Configurations evaluated at once: the lanes of one batch. */
inline constexpr int kLanes = 8;

/** \brief What an overlap of a body's inner balls proves (docs/design.md, "The sphere front end"). */
enum class Solid : std::uint8_t
{
  Primitive,   ///< a box, cylinder or sphere: a solid, as FCL sees it
  ClosedMesh,  ///< a closed mesh: its inner balls are inside the region it encloses
  None         ///< an open mesh: no inner balls
};

/** \brief Balls in structure-of-arrays float layout. */
struct BallArrays
{
  std::vector<float> x, y, z, r;
  /** \brief Appends a ball; \a radius already rounded the way its use needs. */
  void push(const Eigen::Vector3d &centre, float radius);
  int size() const { return static_cast<int>(r.size()); }
};

/** \brief A joint in float, for the lane kinematics: the child's pose in the parent's is
    (A + sin v B − cos v C, t + v u) for a rotating joint (u = 0) and (A, t + v u) for a prismatic
    one (B = C = 0); a floating root's terms are the edge's (EdgeLanes). */
struct LaneJoint
{
  int parent_link = -1, child_link = 0;
  JointType type = JointType::Revolute;
  float A[9] = {}, B[9] = {}, C[9] = {}, t[3] = {}, u[3] = {};
};

/** \brief The leaves under one child of a body's tree: SphereModel::outer()[leaf_first,
    leaf_first + leaf_count). */
struct LaneChild
{
  int leaf_first = 0, leaf_count = 0;
};

/** \brief A robot body: its link, its balls (indices into SphereModel's arrays) and its solid. */
struct LaneBody
{
  BodyRef ref;
  int link = 0;
  /** \brief Index of its bounding ball (the tree's root) in SphereModel::outer. */
  int bound = 0;
  /** \brief Its leaves in SphereModel::outer: they start right after the bound. */
  int outer_first = 0, outer_count = 0;
  /** \brief Its children in SphereModel::children() and childLeaves(). */
  int child_first = 0, child_count = 0;
  int inner_first = 0, inner_count = 0;
  Solid solid = Solid::None;
  /** \brief The bounding ball in the link frame, in double (the containment rule). */
  Sphere bound_L;
};

/** \brief How an obstacle is tested. */
enum class ObstacleShape : std::uint8_t
{
  Box,
  Cylinder,
  Sphere,
  Triangles,  ///< a group of a mesh's triangles (world frame), in SphereModel::obstacleTriangles()
  Balls       ///< a closed mesh's inner balls (world frame), in SphereModel::obstacleInner()
};

/** \brief A mesh triangle in float, as the lanes bound the distance to it from below: the larger
    of the plane-and-edges bound √(max(0, |n·p − h| − slack)² + max(0, max_i e_i·p − o_i)²) and the
    ball bound |p − c| − r (triangle_groups.cpp gives why each is a lower bound). A triangle with
    no area has n = e_i = 0: only its ball counts. */
struct LaneTriangle
{
  float n[3] = {}, h = 0.0f, slack = 0.0f;
  float e[9] = {}, o[3] = {};
  float c[3] = {}, r = 0.0f;
};

/** \brief A scene obstacle, or a part of a mesh obstacle, in float. A point's coordinates in a
    primitive's frame are axes · (p − centre): a box of half sizes half, a cylinder of radius
    half[0] and half length half[1] along local z, a sphere of radius half[0]. A mesh obstacle is
    several of these: groups of nearby triangles (each with its own bounding ball), then, for a
    closed mesh, one holding its inner balls. */
struct LaneObstacle
{
  /** \brief Its index in Scene::obstacles(). */
  int scene_index = 0;
  ObstacleShape shape = ObstacleShape::Box;
  float centre[3] = {}, axes[9] = {}, half[3] = {};
  /** \brief A ball holding the obstacle (world frame), rounded up. */
  float bound_centre[3] = {}, bound_radius = 0.0f;
  int triangle_first = 0, triangle_count = 0, inner_first = 0, inner_count = 0;
  /** \brief The float error of a distance computed to it (distanceRounding). */
  float pad = 0.0f;
  Solid solid = Solid::None;
  /** \brief The bounding ball in double (world frame): of this part, for culling. */
  Sphere bound_W;
  /** \brief The bounding ball of the whole scene obstacle (the containment rule). */
  Sphere obstacle_bound_W;
};

/** \brief Covers' granularity and the inner balls' count. */
struct SphereOptions
{
  CoverOptions robot_cover = kRobotCoverOptions;
  /** \brief Most triangles of a mesh obstacle in one group (one LaneObstacle). */
  int triangles_per_group = 16;
  int inner_per_body = 8;
};

/** \brief The model; see the file comment. */
class SphereModel
{
public:
  /** \param bodies the bodies in the order the pipeline indexes them (collisionBodies());
      \param self_pairs the self pairs to test (selfBodyPairs()). */
  SphereModel(const CollisionWorld &world, std::vector<BodyRef> bodies, std::vector<BodyPair> self_pairs,
              const SphereOptions &options = {});

  const CollisionWorld &world() const { return *world_; }
  const std::vector<LaneJoint> &joints() const { return joints_; }
  const std::vector<LinkRounding> &links() const { return rounding_; }
  const std::vector<LaneBody> &bodies() const { return bodies_; }
  const std::vector<BodyPair> &selfPairs() const { return self_pairs_; }
  /** \brief The obstacles as the lanes test them (a mesh obstacle is several, LaneObstacle). */
  const std::vector<LaneObstacle> &obstacles() const { return obstacles_; }
  /** \brief Robot balls (link frames): bounds and outer leaves; outer radii rounded up by their
      centres' float error. */
  const BallArrays &outer() const { return outer_; }
  /** \brief Robot bodies' children balls (link frames), rounded up as outer()'s; see the file
      comment for the layout. */
  const BallArrays &children() const { return children_; }
  /** \brief The leaves under each ball of children() (same index). */
  const std::vector<LaneChild> &childLeaves() const { return child_leaves_; }
  /** \brief The levers of every ball of children(), as outerLever() and outerAxisLever(). */
  const std::vector<double> &childLever() const { return child_lever_; }
  const std::vector<double> &childAxisLever() const { return child_axis_lever_; }
  /** \brief Robot inner balls (link frames), radii rounded down by their centres' float error. */
  const BallArrays &inner() const { return inner_; }
  /** \brief |p_L| and the distance from the link's own rotating joint's axis of every outer ball's
      centre (index as outer()): its levers for the motion bounds. */
  const std::vector<double> &outerLever() const { return outer_lever_; }
  const std::vector<double> &outerAxisLever() const { return outer_axis_lever_; }
  /** \brief Mesh obstacles' triangles, world frame (LaneTriangle), grouped by LaneObstacle. */
  const std::vector<LaneTriangle> &obstacleTriangles() const { return obstacle_triangles_; }
  /** \brief Closed mesh obstacles' inner balls, world frame, radii rounded down by their float
      rounding. */
  const BallArrays &obstacleInner() const { return obstacle_inner_; }
  /** \brief The indices in obstacles() of scene obstacle \a scene_index's parts. */
  const std::vector<int> &partsOf(int scene_index) const { return parts_[scene_index]; }
  /** \brief The float error of a distance between two robot balls (distanceRounding of the reach). */
  float selfPad() const { return self_pad_; }
  /** \brief A bound on the norm of every point of the robot over its configurations. */
  double reach() const { return reach_; }
  /** \brief The cover excess of body b's leaves (OuterCover::excess), metres. */
  const std::vector<double> &excess() const { return excess_; }

private:
  void buildJoints();
  void buildBodies(const SphereOptions &options);
  void buildObstacles(const SphereOptions &options);
  /** \brief Appends \a lane with its bounding ball \a bound (and the pads that follow from it). */
  void addObstacle(LaneObstacle lane, const Sphere &bound);
  /** \brief Appends mesh obstacle \a lane's triangles (world frame) as groups of nearby ones. */
  void addTriangleGroups(const LaneObstacle &lane, const Obstacle &obstacle, int per_group);

  const CollisionWorld *world_;
  std::vector<LaneJoint> joints_;
  std::vector<LinkRounding> rounding_;
  std::vector<LaneBody> bodies_;
  std::vector<BodyPair> self_pairs_;
  std::vector<LaneObstacle> obstacles_;
  std::vector<std::vector<int>> parts_;
  BallArrays outer_, children_, inner_, obstacle_inner_;
  std::vector<LaneChild> child_leaves_;
  std::vector<double> child_lever_, child_axis_lever_;
  std::vector<LaneTriangle> obstacle_triangles_;
  std::vector<double> outer_lever_, outer_axis_lever_, excess_;
  float self_pad_ = 0.0f;
  double reach_ = 0.0;
};

/** \brief A ball holding \a balls (world frame), its radius rounded up. */
Sphere ballAbout(const std::vector<Sphere> &balls);

/** \brief \a x as a float no smaller than it (x finite, below the largest float). */
inline float floatUp(double x)
{
  const float f = static_cast<float>(x);
  if (static_cast<double>(f) >= x)
    return f;
  // the next float up: one more in the bits' order of a positive float, one less of a negative one
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  bits = f > 0.0f ? bits + 1 : f < 0.0f ? bits - 1 : 1u;
  float up;
  std::memcpy(&up, &bits, sizeof up);
  return up;
}
/** \brief \a x as a float no larger than it (x finite, above the lowest float). */
inline float floatDown(double x) { return -floatUp(-x); }
}  // namespace ompl_ccd::spheres
