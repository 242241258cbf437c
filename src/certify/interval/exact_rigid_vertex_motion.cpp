#include "certify/interval/exact_rigid_vertex_motion.h"

#include <utility>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
/** \brief {R p + o : R ∈ X.R, o ∈ X.p} for the exact point p. */
IntervalVector3 transform(const IntervalPose &X, const Eigen::Vector3d &p)
{
  IntervalVector3 out;
  for (int i = 0; i < 3; ++i)
    out[i] =
        X.R[3 * i] * Interval(p.x()) + X.R[3 * i + 1] * Interval(p.y()) + X.R[3 * i + 2] * Interval(p.z()) + X.p[i];
  return out;
}
}  // namespace

bool PoseEnclosureFunction::encloseRate(const Interval & /*T*/, IntervalPose & /*dX_WB*/) const { return false; }

RigidVertexMotion::RigidVertexMotion(std::shared_ptr<const PoseEnclosureFunction> pose,
                                     std::vector<Eigen::Vector3d> p_BV)
  : RigidVertexMotion(std::move(pose), std::make_shared<const std::vector<Eigen::Vector3d>>(std::move(p_BV)))
{
}

RigidVertexMotion::RigidVertexMotion(std::shared_ptr<const PoseEnclosureFunction> pose,
                                     std::shared_ptr<const std::vector<Eigen::Vector3d>> p_BV)
  : pose_(std::move(pose)), p_BV_(std::move(p_BV))
{
  OMPL_CCD_THROW_UNLESS(pose_ != nullptr && p_BV_ != nullptr,
                        "RigidVertexMotion: the pose enclosure or the vertices are null; pass both.");
  for (std::size_t i = 0; i < p_BV_->size(); ++i)
    OMPL_CCD_THROW_UNLESS((*p_BV_)[i].allFinite(), "RigidVertexMotion: vertex ", i,
                          " has a non-finite coordinate; give finite positions.");
}

bool RigidVertexMotion::enclose(const Interval &T, const std::vector<int> &vertices,
                                std::vector<IntervalVector3> &positions, std::vector<IntervalVector3> *velocities) const
{
  IntervalPose X_WB;
  pose_->enclose(T, X_WB);
  positions.resize(vertices.size());
  for (std::size_t k = 0; k < vertices.size(); ++k)
    positions[k] = transform(X_WB, (*p_BV_)[vertices[k]]);
  if (!velocities)
    return true;
  IntervalPose dX_WB;
  if (!pose_->encloseRate(T, dX_WB))
    return false;
  // d(R p + o)/dt = Ṙ p + ȯ: the same product with the derivative matrices.
  velocities->resize(vertices.size());
  for (std::size_t k = 0; k < vertices.size(); ++k)
    (*velocities)[k] = transform(dX_WB, (*p_BV_)[vertices[k]]);
  return true;
}
}  // namespace ompl_ccd
