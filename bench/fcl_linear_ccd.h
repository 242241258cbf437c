#pragma once
/// \file fcl_linear_ccd.h
/// The FCL baseline of validator_benchmark: every link/obstacle and link/link pair of a robot with
/// fcl::continuousCollide between the links' poses at the edge's two ends.

#include <Eigen/Geometry>
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/continuous_collision.h>
#include <memory>
#include <vector>

#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/kinematics.h"

namespace ompl_ccd::bench
{
/** \brief Per-link-pair FCL continuous collision: each link geometry and each obstacle (or other
    link) with its world pose at q0 and at q1, interpolated by FCL (CCDM_LINEAR: translation linear,
    rotation about a fixed axis) — which is NOT the robot's joint motion — solved by conservative
    advancement (CCDC_CONSERVATIVE_ADVANCEMENT, libccd GJK) on RSS meshes, the only mesh BV whose
    motion bound FCL implements. Every pair is tried (no culling); the first contact ends the edge. */
class FclLinearCcd
{
public:
  explicit FclLinearCcd(const CollisionWorldPtr &world) : world_(world), kin0_(world->robot()), kin1_(world->robot())
  {
    request_.ccd_motion_type = fcl::CCDM_LINEAR;
    request_.ccd_solver_type = fcl::CCDC_CONSERVATIVE_ADVANCEMENT;
    request_.gjk_solver_type = fcl::GST_LIBCCD;
    const std::vector<Link> &links = world->robot().links();
    link_geometry_.resize(links.size());
    for (std::size_t l = 0; l < links.size(); ++l)
      for (const LinkGeometry &geometry : links[l].geometries)
        link_geometry_[l].push_back(convert(geometry.shape));
    for (const Obstacle &obstacle : world->scene().obstacles())
      obstacle_geometry_.push_back(convert(obstacle.shape));
  }

  /** \brief True iff some pair reports a contact. */
  bool collides(const Eigen::VectorXd &q0, const Eigen::VectorXd &q1)
  {
    const RobotModel &robot = world_->robot();
    forwardKinematics(robot, kin0_, q0);
    forwardKinematics(robot, kin1_, q1);
    auto pose = [&](const KinematicsWorkspace &kin, int l, std::size_t g) {
      return kin.X_WL[l] * robot.links()[l].geometries[g].X_LG;
    };
    const std::vector<Obstacle> &obstacles = world_->scene().obstacles();
    for (int l : world_->collidingLinks())
      for (std::size_t g = 0; g < link_geometry_[l].size(); ++g)
        for (std::size_t o = 0; o < obstacles.size(); ++o)
          if (pairCollides(link_geometry_[l][g], pose(kin0_, l, g), pose(kin1_, l, g), obstacle_geometry_[o],
                           obstacles[o].X_WG, obstacles[o].X_WG))
            return true;
    for (const auto &[a, b] : world_->selfPairs())
      for (std::size_t g = 0; g < link_geometry_[a].size(); ++g)
        for (std::size_t h = 0; h < link_geometry_[b].size(); ++h)
          if (pairCollides(link_geometry_[a][g], pose(kin0_, a, g), pose(kin1_, a, g), link_geometry_[b][h],
                           pose(kin0_, b, h), pose(kin1_, b, h)))
            return true;
    return false;
  }

private:
  static std::shared_ptr<fcl::CollisionGeometryd> convert(const CollisionShape &shape)
  {
    switch (shape.kind)
    {
      case CollisionShape::Kind::Mesh:
      {
        auto model = std::make_shared<fcl::BVHModel<fcl::RSSd>>();
        std::vector<fcl::Triangle> triangles;
        for (const Eigen::Vector3i &t : shape.mesh->triangles)
          triangles.emplace_back(t[0], t[1], t[2]);
        model->beginModel();
        model->addSubModel(shape.mesh->vertices, triangles);
        model->endModel();
        model->computeLocalAABB();
        return model;
      }
      case CollisionShape::Kind::Box:
        return std::make_shared<fcl::Boxd>(shape.box_size);
      case CollisionShape::Kind::Cylinder:
        return std::make_shared<fcl::Cylinderd>(shape.radius, shape.length);
      case CollisionShape::Kind::Sphere:
        return std::make_shared<fcl::Sphered>(shape.radius);
    }
    return nullptr;
  }

  /** \brief One pair; FCL's CA table has BVH × shape, not shape × BVH, so a mesh goes first. */
  bool pairCollides(const std::shared_ptr<fcl::CollisionGeometryd> &a, const Eigen::Isometry3d &a0,
                    const Eigen::Isometry3d &a1, const std::shared_ptr<fcl::CollisionGeometryd> &b,
                    const Eigen::Isometry3d &b0, const Eigen::Isometry3d &b1) const
  {
    fcl::ContinuousCollisionResultd result;
    if (a->getObjectType() != fcl::OT_BVH && b->getObjectType() == fcl::OT_BVH)
      fcl::continuousCollide(b.get(), b0, b1, a.get(), a0, a1, request_, result);
    else
      fcl::continuousCollide(a.get(), a0, a1, b.get(), b0, b1, request_, result);
    return result.is_collide;
  }

  CollisionWorldPtr world_;
  KinematicsWorkspace kin0_, kin1_;
  fcl::ContinuousCollisionRequestd request_;
  std::vector<std::vector<std::shared_ptr<fcl::CollisionGeometryd>>> link_geometry_;
  std::vector<std::shared_ptr<fcl::CollisionGeometryd>> obstacle_geometry_;
};

}  // namespace ompl_ccd::bench
