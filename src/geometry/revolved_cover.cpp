#include "ompl_ccd/geometry/revolved_cover.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <memory>

#include <Eigen/Geometry>

#include "ompl_ccd/geometry/shape_triangulation.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Slack, in slabs, on the slab index of a triangle's axial range: the division by the slab
/// width rounds at ≈ 10⁻¹⁶, so a triangle ending within 10⁻⁹ of a slab boundary reaches both.
constexpr double kSlabIndexSlack = 1e-9;
}  // namespace

bool RevolvedCover::mayContain(const Eigen::Vector3d &p_L) const
{
  const Eigen::Vector3d offset = p_L - origin;
  const double z = axis.dot(offset);
  const double r = (offset - z * axis).norm();
  // every slab whose range, widened by rounding slack, holds z
  const double slack = numeric::kPadRel * (1.0 + slab * static_cast<double>(radius.size()));
  const int first = static_cast<int>(std::floor((z - z_min - slack) / slab));
  const int last = static_cast<int>(std::floor((z - z_min + slack) / slab));
  for (int i = std::max(first, 0); i <= std::min(last, static_cast<int>(radius.size()) - 1); ++i)
    if (r <= radius[i] * (1.0 + numeric::kPadRel) + slack)
      return true;
  return false;
}

RevolvedCover revolvedCover(const LinkGeometry &body, const Eigen::Vector3d &origin, const Eigen::Vector3d &axis,
                            int slabs, int sides)
{
  assert(body.shape.kind == CollisionShape::Kind::Mesh && body.shape.mesh && slabs >= 1 && sides >= 3);
  const TriangleMesh &mesh = *body.shape.mesh;
  RevolvedCover cover;
  cover.origin = origin;
  cover.axis = axis.normalized();
  // axial coordinate and radius of every vertex, in L
  std::vector<double> z(mesh.vertices.size()), r(mesh.vertices.size());
  double z_max = -numeric::kInfinity;
  cover.z_min = numeric::kInfinity;
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v)
  {
    const Eigen::Vector3d offset = body.X_LG * mesh.vertices[v] - origin;
    z[v] = cover.axis.dot(offset);
    r[v] = (offset - z[v] * cover.axis).norm();
    cover.z_min = std::min(cover.z_min, z[v]);
    z_max = std::max(z_max, z[v]);
  }
  // slabs a little wider than the body (rounding; a flat body still gets a thickness)
  const double pad = numeric::kPadRel * (1.0 + z_max - cover.z_min) + numeric::kPadAbs;
  cover.z_min -= pad;
  z_max += pad;
  cover.slab = (z_max - cover.z_min) / slabs;
  std::vector<double> largest(slabs, 0.0);
  for (const Eigen::Vector3i &triangle : mesh.triangles)
  {
    double lo = numeric::kInfinity, hi = -numeric::kInfinity, reach = 0.0;
    for (int k = 0; k < 3; ++k)
    {
      lo = std::min(lo, z[triangle[k]]);
      hi = std::max(hi, z[triangle[k]]);
      reach = std::max(reach, r[triangle[k]]);
    }
    // the slabs it reaches into, a rounding's width more on each side
    const int first = std::clamp(static_cast<int>(std::floor((lo - cover.z_min) / cover.slab - kSlabIndexSlack)), 0, slabs - 1);
    const int last = std::clamp(static_cast<int>(std::floor((hi - cover.z_min) / cover.slab + kSlabIndexSlack)), 0, slabs - 1);
    for (int i = first; i <= last; ++i)
      largest[i] = std::max(largest[i], reach);
  }
  // the slabs' prisms: cylinders (triangulated as prisms over n-gons that circumscribe them, in a
  // frame whose z is the axis), padded for rounding
  const Eigen::Quaterniond z_to_axis = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), cover.axis);
  auto triangles = std::make_shared<TriangleMesh>();
  triangles->source = "revolved cover";
  for (int i = 0; i < slabs; ++i)
  {
    CollisionShape cylinder;
    cylinder.kind = CollisionShape::Kind::Cylinder;
    cylinder.radius = numeric::padUp(largest[i]);
    cylinder.length = cover.slab * (1.0 + numeric::kPadRel);  // neighbours overlap: no rounding gap
    const Eigen::Isometry3d X_LS = Eigen::Translation3d(origin + (cover.z_min + (i + 0.5) * cover.slab) * cover.axis) * z_to_axis;
    const ShapeTriangles prism = triangulateShape(cylinder, X_LS, sides);
    const int base = static_cast<int>(triangles->vertices.size());
    triangles->vertices.insert(triangles->vertices.end(), prism.vertices.begin(), prism.vertices.end());
    for (const Eigen::Vector3i &triangle : prism.triangles)
      triangles->triangles.push_back(triangle + Eigen::Vector3i::Constant(base));
    // the prism's corners, measured (its largest radius is at a vertex)
    double corner = 0.0;
    for (const Eigen::Vector3d &p : prism.vertices)
    {
      const Eigen::Vector3d offset = p - origin;
      corner = std::max(corner, (offset - cover.axis.dot(offset) * cover.axis).norm());
    }
    cover.radius.push_back(numeric::padUp(corner));
    cover.volume += 0.5 * sides * corner * corner * std::sin(numeric::kTwoPi / sides) * cover.slab;
  }
  cover.geometry.urdf_link = body.urdf_link;
  cover.geometry.shape.kind = CollisionShape::Kind::Mesh;
  cover.geometry.shape.mesh = std::move(triangles);
  return cover;
}
}  // namespace ompl_ccd
