// Outer covers (outer_cover.h): a mesh's leaves from mesh_cover.cpp, a primitive's from its grid or
// slices, grouped under children by median splits; then, in frame F, each child's radius made to
// hold its leaves and the root's its children.
#include "ompl_ccd/spheres/outer_cover.h"

#include <algorithm>
#include <cmath>

#include "ompl_ccd/numeric.h"
#include "spheres/mesh_cover.h"
#include "spheres/smallest_ball.h"
#include "spheres/solid_depth.h"

namespace ompl_ccd
{
namespace
{
/// A tree in frame G before its inner radii are made to hold their leaves: the leaves grouped by
/// child (child k's are leaves[child_first[k], child_first[k + 1])), each child's and the root's
/// centre.
struct TreeDraft
{
  Eigen::Vector3d root_centre = Eigen::Vector3d::Zero();
  std::vector<int> child_first;
  std::vector<Eigen::Vector3d> child_centres;
  std::vector<Sphere> leaves;
};

/// The cuts n₀, n₁, n₂ of a box of half sizes \a half: each axis cut so that a sub-box's half
/// diagonal is at most about \a leaf_radius, unless that makes more than \a max_leaves sub-boxes;
/// then the axis whose sub-boxes are longest is cut once more while the product stays within
/// \a max_leaves. Counted in doubles before anything is allocated (a 1 km box at 3 cm wants 1e15).
Eigen::Vector3i boxCuts(const Eigen::Vector3d &half, double leaf_radius, int max_leaves)
{
  Eigen::Vector3d wanted;
  for (int i = 0; i < 3; ++i)
    wanted[i] = std::max(1.0, std::ceil(half[i] * std::sqrt(3.0) / leaf_radius));
  if (wanted.prod() <= max_leaves)
    return wanted.cast<int>();
  Eigen::Vector3i cuts = Eigen::Vector3i::Ones();
  for (;;)
  {
    int axis = 0;
    half.cwiseQuotient(cuts.cast<double>()).maxCoeff(&axis);
    if (cuts[axis] >= wanted[axis] || cuts.prod() / cuts[axis] * (cuts[axis] + 1) > max_leaves)
      return cuts;
    ++cuts[axis];
  }
}

/// Balls circumscribing the n₀ × n₁ × n₂ sub-boxes (boxCuts) of a box of half sizes \a half
/// (frame G).
std::vector<Sphere> boxLeaves(const Eigen::Vector3d &half, double leaf_radius, int max_leaves)
{
  const Eigen::Vector3i cuts = boxCuts(half, leaf_radius, max_leaves);
  const Eigen::Vector3d sub = half.cwiseQuotient(cuts.cast<double>());
  const double radius = numeric::padUp(sub.norm());
  std::vector<Sphere> leaves;
  leaves.reserve(cuts.prod());
  for (int i = 0; i < cuts[0]; ++i)
    for (int j = 0; j < cuts[1]; ++j)
      for (int k = 0; k < cuts[2]; ++k)
      {
        const Eigen::Vector3d centre = -half + sub.cwiseProduct(Eigen::Vector3d(2 * i + 1, 2 * j + 1, 2 * k + 1));
        leaves.push_back({centre, radius});
      }
  return leaves;
}

/// Balls circumscribing n slices of a cylinder (frame G: axis z, centred), n such that a slice's
/// ball is at most about \a leaf_radius where the cylinder's own radius allows, and at most
/// \a max_leaves (counted in doubles first).
std::vector<Sphere> cylinderLeaves(double radius, double length, double leaf_radius, int max_leaves)
{
  const double half_slice_wanted = std::sqrt(std::max(leaf_radius * leaf_radius - radius * radius, 0.0));
  const double wanted = std::ceil(0.5 * length / std::max(half_slice_wanted, 0.5 * radius));
  const int slices = static_cast<int>(std::clamp(wanted, 1.0, static_cast<double>(max_leaves)));
  const double half_slice = 0.5 * length / slices;
  const double ball = numeric::padUp(std::hypot(radius, half_slice));
  std::vector<Sphere> leaves;
  leaves.reserve(slices);
  for (int k = 0; k < slices; ++k)
    leaves.push_back({Eigen::Vector3d(0.0, 0.0, -0.5 * length + (2 * k + 1) * half_slice), ball});
  return leaves;
}

/// The smallest ball of the centres of leaves[first, last): a centre about which a ball holding
/// them is small (the smallest when they are alike, as a primitive's are).
Eigen::Vector3d centreOf(const std::vector<Sphere> &leaves, int first, int last)
{
  std::vector<Eigen::Vector3d> centres;
  for (int i = first; i < last; ++i)
    centres.push_back(leaves[i].centre);
  return spheres::smallestBall(std::move(centres)).centre;
}

/// \a leaves under at most \a max_children children: the group of the widest spread
/// of centres split at its median along its longest axis, until there are max_children groups or
/// none has two leaves.
TreeDraft groupedLeaves(std::vector<Sphere> leaves, int max_children)
{
  std::vector<std::pair<int, int>> groups{{0, static_cast<int>(leaves.size())}};
  const auto spread = [&](const std::pair<int, int> &g) {
    Eigen::AlignedBox3d box;
    for (int i = g.first; i < g.second; ++i)
      box.extend(leaves[i].centre);
    return box;
  };
  while (static_cast<int>(groups.size()) < max_children)
  {
    const auto widest = std::max_element(groups.begin(), groups.end(), [&](const auto &a, const auto &b) {
      return spread(a).sizes().maxCoeff() < spread(b).sizes().maxCoeff();
    });
    const auto [first, last] = *widest;
    if (last - first < 2)
      break;
    int axis = 0;
    spread(*widest).sizes().maxCoeff(&axis);
    const int middle = first + (last - first) / 2;
    std::nth_element(leaves.begin() + first, leaves.begin() + middle, leaves.begin() + last,
                     [axis](const Sphere &a, const Sphere &b) { return a.centre[axis] < b.centre[axis]; });
    *widest = {first, middle};
    groups.push_back({middle, last});
  }
  std::sort(groups.begin(), groups.end());
  TreeDraft draft;
  for (const auto &[first, last] : groups)
  {
    draft.child_first.push_back(first);
    draft.child_centres.push_back(centreOf(leaves, first, last));
  }
  draft.child_first.push_back(static_cast<int>(leaves.size()));
  draft.root_centre = centreOf(leaves, 0, static_cast<int>(leaves.size()));
  draft.leaves = std::move(leaves);
  return draft;
}

/// The draft tree of \a shape in its own frame G.
TreeDraft draftInShapeFrame(const CollisionShape &shape, const spheres::SolidDepth &depth, const CoverOptions &options)
{
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      return groupedLeaves(spheres::meshLeaves(*shape.mesh, depth, options), options.max_children);
    case CollisionShape::Kind::Box:
      return groupedLeaves(boxLeaves(0.5 * shape.box_size, options.leaf_radius, options.max_leaves), options.max_children);
    case CollisionShape::Kind::Cylinder:
      return groupedLeaves(cylinderLeaves(shape.radius, shape.length, options.leaf_radius, options.max_leaves),
                           options.max_children);
    case CollisionShape::Kind::Sphere:
      return groupedLeaves({Sphere{Eigen::Vector3d::Zero(), shape.radius}}, options.max_children);
  }
  return {};
}

/// The radius about \a centre holding every ball of \a balls: |c − cᵢ| + rᵢ at most, rounded up
/// (the norm within 3u, the sum within u of exact: inside padUp's 1e-9).
double radiusHolding(const Eigen::Vector3d &centre, const std::vector<Sphere> &balls, int first, int last)
{
  double radius = 0.0;
  for (int i = first; i < last; ++i)
    radius = std::max(radius, (balls[i].centre - centre).norm() + balls[i].radius);
  return numeric::padUp(radius);
}
}  // namespace

Sphere outerBound(const CollisionShape &shape, const Eigen::Isometry3d &X_FG)
{
  Sphere bound;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
    {
      Eigen::AlignedBox3d box;
      for (const Eigen::Vector3d &p : shape.mesh->vertices)
        box.extend(p);
      bound = {box.center(), spheres::radiusAbout(box.center(), shape.mesh->vertices)};
      break;
    }
    case CollisionShape::Kind::Box:
      bound = {Eigen::Vector3d::Zero(), 0.5 * shape.box_size.norm()};
      break;
    case CollisionShape::Kind::Cylinder:
      bound = {Eigen::Vector3d::Zero(), std::hypot(shape.radius, 0.5 * shape.length)};
      break;
    case CollisionShape::Kind::Sphere:
      bound = {Eigen::Vector3d::Zero(), shape.radius};
      break;
  }
  // rigid: the centre moves, the radius stays; the transform's rounding (≈ 1e-16 of the
  // coordinates) is inside padUp's nanometre
  return {X_FG * bound.centre, numeric::padUp(bound.radius)};
}

OuterCover outerCover(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, const CoverOptions &options)
{
  const spheres::SolidDepth depth(shape);
  const TreeDraft draft = draftInShapeFrame(shape, depth, options);
  OuterCover cover;
  // the leaves: rigid, as outerBound; each holds its part in G, and after the move its part's
  // image within the transform's rounding (inside padUp's nanometre)
  // (its excess measured with the grown radius)
  for (const Sphere &leaf : draft.leaves)
  {
    const Sphere grown{leaf.centre, numeric::padUp(leaf.radius)};
    cover.leaves.push_back({X_FG * grown.centre, grown.radius});
    cover.excess = std::max(cover.excess, depth.excess(grown));
  }
  // the children and the root, sized in F on the final leaves: containment as computed there
  const Eigen::Isometry3d X_GF = X_FG.inverse();
  std::vector<Sphere> child_balls;
  for (std::size_t k = 0; k + 1 < draft.child_first.size(); ++k)
  {
    const int first = draft.child_first[k], last = draft.child_first[k + 1];
    const Eigen::Vector3d centre = X_FG * draft.child_centres[k];
    const Sphere ball{centre, radiusHolding(centre, cover.leaves, first, last)};
    cover.children.push_back({ball, first, last - first});
    child_balls.push_back(ball);
    cover.children_excess = std::max(cover.children_excess, depth.excess({X_GF * ball.centre, ball.radius}));
  }
  const Eigen::Vector3d root = X_FG * draft.root_centre;
  cover.bound = {root, radiusHolding(root, child_balls, 0, static_cast<int>(child_balls.size()))};
  cover.bound_excess = depth.excess({X_GF * cover.bound.centre, cover.bound.radius});
  return cover;
}
}  // namespace ompl_ccd
