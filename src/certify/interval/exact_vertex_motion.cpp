#include "certify/interval/exact_vertex_motion.h"

#include <cmath>
#include <utility>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
LinearVertexMotion::LinearVertexMotion(std::vector<Eigen::Vector3d> start, std::vector<Eigen::Vector3d> end)
  : start_(std::move(start)), end_(std::move(end))
{
  OMPL_CCD_THROW_UNLESS(start_.size() == end_.size(), "LinearVertexMotion: ", start_.size(), " start positions but ",
                        end_.size(), " end positions; give one end position per vertex.");
  for (std::size_t i = 0; i < start_.size(); ++i)
    OMPL_CCD_THROW_UNLESS(start_[i].allFinite() && end_[i].allFinite(), "LinearVertexMotion: vertex ", i,
                          " has a non-finite coordinate; give finite positions.");
}

bool LinearVertexMotion::enclose(const Interval &T, const std::vector<int> &vertices,
                                 std::vector<IntervalVector3> &positions,
                                 std::vector<IntervalVector3> *velocities) const
{
  positions.resize(vertices.size());
  if (velocities)
    velocities->resize(vertices.size());
  for (std::size_t k = 0; k < vertices.size(); ++k)
  {
    const IntervalVector3 p0 = pointBox(start_[vertices[k]]);
    // dp/dt = p¹ − p⁰, rounded outward (the exact difference is in the box).
    const IntervalVector3 v = pointBox(end_[vertices[k]]) - p0;
    positions[k] = p0 + T * v;
    if (velocities)
      (*velocities)[k] = v;
  }
  return true;
}
}  // namespace ompl_ccd
