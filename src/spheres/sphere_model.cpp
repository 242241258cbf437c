// The sphere model's robot half: joints in float, bodies' covers and inner balls with their
// rounding pads. The obstacles are built in obstacle_balls.cpp.
#include "spheres/sphere_model.h"

#include <cmath>

#include "ompl_ccd/spheres/inner_spheres.h"
#include "spheres/shared_covers.h"

namespace ompl_ccd::spheres
{
void BallArrays::push(const Eigen::Vector3d &centre, float radius)
{
  x.push_back(static_cast<float>(centre.x()));
  y.push_back(static_cast<float>(centre.y()));
  z.push_back(static_cast<float>(centre.z()));
  r.push_back(radius);
}

namespace
{
void copyMatrix(const Eigen::Matrix3d &m, float *out)
{
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k)
      out[3 * i + k] = static_cast<float>(m(i, k));
}

void copyVector(const Eigen::Vector3d &v, float *out)
{
  for (int i = 0; i < 3; ++i)
    out[i] = static_cast<float>(v[i]);
}

/// Distance of p_L from the axis of link's own joint when it rotates (the lever of that joint's
/// turn), else |p_L|.
double axisLever(const RobotModel &model, int link, const Eigen::Vector3d &p_L)
{
  const int j = model.links()[link].parent_joint;
  if (j < 0 || (model.joints()[j].type != JointType::Revolute && model.joints()[j].type != JointType::Continuous))
    return p_L.norm();
  return model.joints()[j].axis.cross(p_L).norm();
}
}  // namespace

SphereModel::SphereModel(const CollisionWorld &world, std::vector<BodyRef> bodies, std::vector<BodyPair> self_pairs,
                         const SphereOptions &options)
  : world_(&world), self_pairs_(std::move(self_pairs))
{
  rounding_ = linkRounding(world.robot());
  buildJoints();
  for (const BodyRef &ref : bodies)
    bodies_.push_back(LaneBody{ref, ref.link});
  buildBodies(options);
  self_pad_ = floatUp(distanceRounding(reach_, reach_, 0.0));
  buildObstacles(options);
}

void SphereModel::buildJoints()
{
  const RobotModel &model = world_->robot();
  for (std::size_t j = 0; j < model.joints().size(); ++j)
  {
    const Joint &joint = model.joints()[j];
    const JointTerms &terms = model.jointTerms()[j];
    LaneJoint lane;
    lane.parent_link = joint.parent_link;
    lane.child_link = joint.child_link;
    lane.type = joint.type;
    copyVector(joint.X_PJ.translation(), lane.t);
    switch (joint.type)
    {
      case JointType::Revolute:
      case JointType::Continuous:
        copyMatrix(terms.A, lane.A);
        copyMatrix(terms.B, lane.B);
        copyMatrix(terms.C, lane.C);
        break;
      case JointType::Prismatic:
        copyMatrix(joint.X_PJ.linear(), lane.A);
        copyVector(terms.u_P, lane.u);
        break;
      case JointType::Floating:  // the edge's terms (EdgeLanes)
        break;
    }
    joints_.push_back(lane);
  }
}

void SphereModel::buildBodies(const SphereOptions &options)
{
  const RobotModel &model = world_->robot();
  for (LaneBody &body : bodies_)
  {
    const LinkGeometry &geometry = model.links()[body.link].geometries[body.ref.geometry];
    const LinkRounding &rounding = rounding_[body.link];
    const std::shared_ptr<const OuterCover> shared = sharedCover(world_->robotPtr(), body.ref, options.robot_cover);
    const OuterCover &cover = *shared;
    excess_.push_back(cover.excess);
    body.bound_L = cover.bound;
    const auto padded = [&](const Sphere &ball) { return floatUp(ball.radius + pointRounding(rounding, ball.centre.norm())); };
    const auto pushOuter = [&](const Sphere &ball) {
      outer_.push(ball.centre, padded(ball));
      outer_lever_.push_back(ball.centre.norm());
      outer_axis_lever_.push_back(axisLever(model, body.link, ball.centre));
    };
    body.bound = outer_.size();
    pushOuter(cover.bound);
    body.outer_first = outer_.size();
    for (const Sphere &leaf : cover.leaves)
      pushOuter(leaf);
    body.outer_count = outer_.size() - body.outer_first;
    body.child_first = children_.size();
    for (const CoverChild &child : cover.children)
    {
      children_.push(child.ball.centre, padded(child.ball));
      child_lever_.push_back(child.ball.centre.norm());
      child_axis_lever_.push_back(axisLever(model, body.link, child.ball.centre));
      child_leaves_.push_back({body.outer_first + child.leaf_first, child.leaf_count});
    }
    body.child_count = children_.size() - body.child_first;
    body.inner_first = inner_.size();
    for (const Sphere &ball : innerSpheres(geometry.shape, geometry.X_LG, options.inner_per_body))
    {
      const double radius = ball.radius - pointRounding(rounding, ball.centre.norm());
      if (radius > 0.0)
        inner_.push(ball.centre, floatDown(radius));
    }
    body.inner_count = inner_.size() - body.inner_first;
    if (geometry.shape.kind != CollisionShape::Kind::Mesh)
      body.solid = Solid::Primitive;
    else
      body.solid = body.inner_count > 0 ? Solid::ClosedMesh : Solid::None;
    reach_ = std::max(reach_, rounding.reach + cover.bound.centre.norm() + cover.bound.radius);
  }
}
}  // namespace ompl_ccd::spheres
