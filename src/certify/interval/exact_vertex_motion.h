#pragma once
/// \file exact_vertex_motion.h
/// Enclosure functions of moving vertices: the input of the elementary contact solver
/// (exact_elementary_contact.h). Given a time interval T, a VertexMotion returns boxes that contain each
/// requested vertex's position (and velocity) at every t ∈ T. A point interval T = [t, t] gives
/// the exact position up to rounding: the solver validates its roots with it.
/// LinearVertexMotion is the model of the elementary CCD benchmarks (each vertex on a segment);
/// RigidVertexMotion (exact_rigid_vertex_motion.h) moves a link's vertices with an enclosed pose.

#include <vector>

#include <Eigen/Core>

#include "ompl_ccd/bound/interval_vector.h"

namespace ompl_ccd
{
/** \brief Vertices moving over time, known through enclosures over time intervals. Implementations
    are immutable and thread-safe. */
class VertexMotion
{
public:
  virtual ~VertexMotion() = default;

  /** \brief Number of vertices (valid indices are 0 … size() − 1). */
  virtual int size() const = 0;

  /** \brief Encloses the vertices \a vertices over the time interval \a T:
      positions[k] ∋ p_v(t) for v = vertices[k] and every t ∈ T; when \a velocities is not null,
      also (*velocities)[k] ∋ dp_v/dt(t).
      \param[out] positions resized to vertices.size().
      \param[out] velocities resized likewise, if given.
      \retval false if the motion offers no velocity enclosure (\a velocities left unspecified). */
  virtual bool enclose(const Interval &T, const std::vector<int> &vertices, std::vector<IntervalVector3> &positions,
                       std::vector<IntervalVector3> *velocities) const = 0;
};

/** \brief Each vertex moves on a segment: p(t) = p⁰ + t (p¹ − p⁰), t ∈ [0, 1] (the elementary CCD
    query model: linear interpolation of the vertices between two time steps). */
class LinearVertexMotion : public VertexMotion
{
public:
  /** \param start p⁰ of every vertex (metres) \param end p¹ of every vertex (same size).
      \throws Error if the sizes differ or a coordinate is not finite. */
  LinearVertexMotion(std::vector<Eigen::Vector3d> start, std::vector<Eigen::Vector3d> end);

  int size() const override { return static_cast<int>(start_.size()); }
  bool enclose(const Interval &T, const std::vector<int> &vertices, std::vector<IntervalVector3> &positions,
               std::vector<IntervalVector3> *velocities) const override;

private:
  /** \brief p⁰ and p¹ of every vertex. */
  std::vector<Eigen::Vector3d> start_, end_;
};
}  // namespace ompl_ccd
