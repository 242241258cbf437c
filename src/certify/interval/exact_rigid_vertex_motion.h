#pragma once
/// \file exact_rigid_vertex_motion.h
/// Vertices fixed in a rigid body B (a robot link, a moving obstacle) whose pose X_WB(t) is known
/// through an enclosure function: the interval rotation and translation over a time interval
/// ([Redon2004] Sec. 5.2.1: bounds on the position matrices over I, then interval matrix–vector
/// products). A caller plugs any per-link pose enclosure (a chain of interval joint transforms,
/// a Taylor pose evaluated to intervals, ...) by deriving from PoseEnclosureFunction.
///
/// References: [Redon2004] in README.md (section References).

#include <memory>
#include <vector>

#include <Eigen/Core>

#include "ompl_ccd/bound/taylor_pose.h"
#include "certify/interval/exact_vertex_motion.h"

namespace ompl_ccd
{
/** \brief Encloses a rigid body's pose X_WB(t) over time intervals. Immutable and thread-safe. */
class PoseEnclosureFunction
{
public:
  virtual ~PoseEnclosureFunction() = default;

  /** \brief Encloses X_WB(t) for every t ∈ \a T: X_WB.R ∋ R_WB(t), X_WB.p ∋ p_WB(t). With a point
      interval [t, t] the result is the exact pose up to rounding. */
  virtual void enclose(const Interval &T, IntervalPose &X_WB) const = 0;

  /** \brief Encloses the time derivative dX_WB/dt over \a T (used by interval Newton).
      \retval false if the function has none (the default): Newton steps are then skipped. */
  virtual bool encloseRate(const Interval &T, IntervalPose &dX_WB) const;
};

/** \brief Body-frame vertices p_BV moved by a pose enclosure: p_WV(t) = R_WB(t) p_BV + p_WB(t). */
class RigidVertexMotion : public VertexMotion
{
public:
  /** \param pose the body's pose over time (not null) \param p_BV the vertices in the body frame B.
      \throws Error if \a pose is null or a coordinate is not finite. */
  RigidVertexMotion(std::shared_ptr<const PoseEnclosureFunction> pose, std::vector<Eigen::Vector3d> p_BV);
  /** \brief The same, sharing the vertices \a p_BV (not null) instead of copying them. */
  RigidVertexMotion(std::shared_ptr<const PoseEnclosureFunction> pose,
                    std::shared_ptr<const std::vector<Eigen::Vector3d>> p_BV);

  int size() const override { return static_cast<int>(p_BV_->size()); }
  /** \brief One pose enclosure per call, then one interval matrix–vector product per vertex. */
  bool enclose(const Interval &T, const std::vector<int> &vertices, std::vector<IntervalVector3> &positions,
               std::vector<IntervalVector3> *velocities) const override;

private:
  /** \brief X_WB(t). */
  std::shared_ptr<const PoseEnclosureFunction> pose_;
  /** \brief Vertices in the body frame. */
  std::shared_ptr<const std::vector<Eigen::Vector3d>> p_BV_;
};
}  // namespace ompl_ccd
