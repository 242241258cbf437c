// Geometry culling of the pair service ([Redon2004] Sec. 5.1): refinement levels (5.1.1), the
// traversal of the two OBB trees with continuous overlap tests (Eq. (12)), and the elementary
// equations of the overlapping leaves (Eq. (13), (14)) that the feature boxes do not cull.
#include <algorithm>
#include <cstdint>

#include "certify/interval/exact_pair_solver_run.h"

namespace ompl_ccd
{
namespace
{
/** \brief A side's pose growth over its interval, as a fraction of its size, below which its level
    stops rising: a box moved by less than a quarter of the body's size is still tight. */
constexpr double kObbGrowthFraction = 0.25;

/** \brief Leaf pairs per split_pairs above which a sub-interval is halved before its equations are
    listed: their feature boxes cull most of a leaf pair's fifteen equations. */
constexpr int kLeafPairsPerSplitPair = 8;

std::uint64_t key(int first, int second)
{
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(first)) << 32) | static_cast<std::uint32_t>(second);
}
int keyFirst(std::uint64_t k) { return static_cast<int>(k >> 32); }
int keySecond(std::uint64_t k) { return static_cast<int>(k & 0xffffffffu); }

void sortUnique(std::vector<std::uint64_t> &keys)
{
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
}

}  // namespace

int PairContactSolver::Run::refinementLevel(int s, double growth) const
{
  const PairSide &side = ws_.sides[s];
  if (side.link < 0 || !solver_.options_.obb_trees)
    return 0;
  // [Redon2004] Sec. 5.1.1: the level follows the link's own motion over the interval, the same
  // for all its boxes; an interval pose grows about linearly with the interval's length.
  const double size = 0.5 * side.box_L.diagonal().norm();
  int level = 0;
  while (level < solver_.options_.obb_max_level && growth > kObbGrowthFraction * size)
  {
    growth *= 0.5;
    ++level;
  }
  return level;
}

void PairContactSolver::Run::moveSide(int s, double lo, double hi)
{
  PairSide &side = ws_.sides[s];
  if (side.link < 0 || (side.cached_lo == lo && side.cached_hi == hi))
    return;  // an obstacle stands still: its boxes, moved once by the identity, stay current
  side.cached_lo = lo;
  side.cached_hi = hi;
  side.stamp = ++ws_.stamps;
  side.pose = ws_.poses.over(lo, hi)[side.link];
}

const IntervalObb &PairContactSolver::Run::obb(int s, int node)
{
  PairSide &side = ws_.sides[s];
  IntervalObb &box = (*side.obbs)[node];
  int &stamp = (*side.obb_stamps)[node];
  if (stamp != side.stamp)
  {
    if (side.link < 0)  // the obstacle's features are in the world frame F
    {
      side.pose = IntervalPose{};
      for (int i = 0; i < 3; ++i)
        side.pose.R[4 * i] = Interval(1.0);
    }
    box = moveObb(side.tree->nodes()[node], side.pose);
    stamp = side.stamp;
  }
  return box;
}

void PairContactSolver::Run::traverse(double s0, double s1, int index, int level, bool exact,
                                      const std::vector<std::pair<int, int>> *candidates)
{
  for (int s = 0; s < 2; ++s)
  {
    const PairSide &side = ws_.sides[s];
    if (side.link < 0)
      continue;
    if (exact)
      moveSide(s, s0, s1);
    else
    {
      // The cell of the side's own level that holds sub-interval `index` of the finest level.
      const int cell = index >> (level - side.level), cells = 1 << side.level;
      const double t0 = request_.t0, t1 = request_.t1;
      moveSide(s, t0 + (t1 - t0) * cell / cells, cell + 1 == cells ? t1 : t0 + (t1 - t0) * (cell + 1) / cells);
    }
  }
  ws_.leaf_pairs.clear();
  const std::vector<ObbNode> &a = ws_.sides[0].tree->nodes(), &b = ws_.sides[1].tree->nodes();
  if (a.empty() || b.empty())
    return;
  const auto separated = [&](int na, int nb) {
    ++result_.stats.node_tests;
    const bool apart = obbsSeparated(obb(0, na), obb(1, nb), margin_);  // [Redon2004] Eq. (12) over the interval
    result_.stats.node_culled += apart;
    return apart;
  };
  if (candidates)
  {
    for (const auto &[na, nb] : *candidates)
      if (!separated(na, nb))
        ws_.leaf_pairs.emplace_back(na, nb);
  }
  else
  {
    ws_.node_stack.assign(1, {0, 0});
    while (!ws_.node_stack.empty())
    {
      const auto [na, nb] = ws_.node_stack.back();
      ws_.node_stack.pop_back();
      if (separated(na, nb))
        continue;
      const ObbNode &A = a[na], &B = b[nb];
      if (A.leaf() && B.leaf())
      {
        ws_.leaf_pairs.emplace_back(na, nb);
        continue;
      }
      // Descend the larger box (a leaf is never split).
      if (!A.leaf() && (B.leaf() || A.half.maxCoeff() >= B.half.maxCoeff()))
      {
        ws_.node_stack.emplace_back(A.left + 1, nb);
        ws_.node_stack.emplace_back(A.left, nb);
      }
      else
      {
        ws_.node_stack.emplace_back(na, B.left + 1);
        ws_.node_stack.emplace_back(na, B.left);
      }
    }
  }
  result_.stats.triangle_pairs += static_cast<double>(ws_.leaf_pairs.size());
}

void PairContactSolver::Run::encloseVertices(int s, const std::vector<int> &vertices, double s0, double s1)
{
  std::vector<int> &slot = ws_.slot[s], &enclosed = ws_.enclosed[s];
  for (const int v : enclosed)
    slot[v] = -1;
  slot.resize(ws_.sides[s].features->vertices.size(), -1);
  enclosed.clear();
  for (const int v : vertices)
    if (slot[v] < 0)
    {
      slot[v] = static_cast<int>(enclosed.size());
      enclosed.push_back(v);
    }
  ws_.sides[s].motion->enclose(Interval(s0, s1), enclosed, ws_.boxes[s], nullptr);
}

void PairContactSolver::Run::equationsOfTrianglePairs(double s0, double s1)
{
  const TriangleFeatures &fa = *ws_.sides[0].features, &fb = *ws_.sides[1].features;
  const std::vector<Eigen::Vector3i> &ea = *ws_.sides[0].triangle_edges, &eb = *ws_.sides[1].triangle_edges;
  const std::vector<ObbNode> &na = ws_.sides[0].tree->nodes(), &nb = ws_.sides[1].tree->nodes();
  // The vertices of the leaves' triangles, enclosed once over the sub-interval.
  std::array<std::vector<int>, 2> vertices;
  for (const auto &[leaf_a, leaf_b] : ws_.leaf_pairs)
    for (int k = 0; k < 3; ++k)
    {
      vertices[0].push_back(fa.triangles[na[leaf_a].triangle][k]);
      vertices[1].push_back(fb.triangles[nb[leaf_b].triangle][k]);
    }
  for (int s = 0; s < 2; ++s)
    encloseVertices(s, vertices[s], s0, s1);
  const auto box = [&](int s, int v) { return alignedBox(ws_.boxes[s][ws_.slot[s][v]]); };
  // Each triangle pair's features whose boxes come near: vertex against face ([Redon2004]
  // Eq. (14)) both ways, edge against edge (Eq. (13)); a feature pair shared by several triangle
  // pairs is kept once.
  for (std::vector<std::uint64_t> *keys : {&ws_.vertex_face[0], &ws_.vertex_face[1], &ws_.edge_edge})
    keys->clear();
  for (const auto &[leaf_a, leaf_b] : ws_.leaf_pairs)
  {
    const int ta = na[leaf_a].triangle, tb = nb[leaf_b].triangle;
    const Eigen::Vector3i &A = fa.triangles[ta], &B = fb.triangles[tb];
    const Eigen::AlignedBox3d va[3] = {box(0, A[0]), box(0, A[1]), box(0, A[2])};
    const Eigen::AlignedBox3d vb[3] = {box(1, B[0]), box(1, B[1]), box(1, B[2])};
    const Eigen::AlignedBox3d face_a = va[0].merged(va[1]).merged(va[2]), face_b = vb[0].merged(vb[1]).merged(vb[2]);
    if (!boxesWithin(face_a, face_b, margin_))
      continue;
    for (int k = 0; k < 3; ++k)
    {
      if (boxesWithin(va[k], face_b, margin_))
        ws_.vertex_face[0].push_back(key(A[k], tb));
      if (boxesWithin(vb[k], face_a, margin_))
        ws_.vertex_face[1].push_back(key(B[k], ta));
      const Eigen::AlignedBox3d edge_a = va[k].merged(va[(k + 1) % 3]);
      if (!boxesWithin(edge_a, face_b, margin_))
        continue;
      for (int j = 0; j < 3; ++j)
        if (boxesWithin(edge_a, vb[j].merged(vb[(j + 1) % 3]), margin_))
        {
          // triangle_edges[t][k] is the edge (t[k], t[k + 1]).
          ws_.edge_edge.push_back(key(ea[ta][k], eb[tb][j]));
        }
    }
  }
  for (std::vector<std::uint64_t> *keys : {&ws_.vertex_face[0], &ws_.vertex_face[1], &ws_.edge_edge})
    sortUnique(*keys);
  for (int s = 0; s < 2; ++s)
  {
    const TriangleFeatures &other = s == 0 ? fb : fa;
    for (const std::uint64_t k : ws_.vertex_face[s])
    {
      const Eigen::Vector3i &tri = other.triangles[keySecond(k)];
      ws_.equations.push_back(
          {FeaturePairKind::VertexFace, {VertexRef{s, keyFirst(k)}, {1 - s, tri[0]}, {1 - s, tri[1]}, {1 - s, tri[2]}}});
    }
  }
  for (const std::uint64_t k : ws_.edge_edge)
  {
    const Eigen::Vector2i &e = fa.edges[keyFirst(k)], &g = fb.edges[keySecond(k)];
    ws_.equations.push_back({FeaturePairKind::EdgeEdge, {VertexRef{0, e[0]}, {0, e[1]}, {1, g[0]}, {1, g[1]}}});
  }
}

void PairContactSolver::Run::equationsOfFeatureBoxes(double s0, double s1)
{
  std::array<FeatureSide, 2> sides;
  for (int s = 0; s < 2; ++s)
  {
    std::vector<int> all(ws_.sides[s].features->vertices.size());
    for (std::size_t v = 0; v < all.size(); ++v)
      all[v] = static_cast<int>(v);
    encloseVertices(s, all, s0, s1);
    featureBoxes(*ws_.sides[s].features, ws_.boxes[s], ws_.feature_boxes[s]);
    sides[s] = {ws_.sides[s].features, s, &ws_.feature_boxes[s]};
  }
  appendFeaturePairs(sides[0], sides[1], margin_, ws_.equations);
}

bool PairContactSolver::Run::collectEquations(double s0, double s1, int index, int level, bool exact, bool may_split,
                                              const std::vector<std::pair<int, int>> *candidates)
{
  ws_.equations.clear();
  if (!solver_.options_.obb_trees)
  {
    equationsOfFeatureBoxes(s0, s1);
    return true;
  }
  traverse(s0, s1, index, level, exact, candidates);
  if (may_split && static_cast<int>(ws_.leaf_pairs.size()) > kLeafPairsPerSplitPair * solver_.options_.split_pairs)
    return false;
  equationsOfTrianglePairs(s0, s1);
  return true;
}
}  // namespace ompl_ccd
