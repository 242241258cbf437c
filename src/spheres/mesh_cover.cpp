// A mesh's leaves (mesh_cover.h): pieces, medial candidates, a greedy set cover at the least reach
// the leaf budget allows, then each piece to its cheapest chosen centre.
#include "spheres/mesh_cover.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "ompl_ccd/numeric.h"
#include "spheres/smallest_ball.h"

namespace ompl_ccd::spheres
{
namespace
{
using Triangle = std::array<Eigen::Vector3d, 3>;

/// Most pieces: a mesh of more triangles takes them in groups of nearby ones; the first cuts (to
/// the leaf size) add at most kCoarsePieces, the cuts of the pieces no candidate takes within the
/// goal at most kRefinedPieces more; past them pieces stay uncut (their leaves grow; still a
/// cover). Bound the build's time and memory whatever the mesh's size. The shortest edge cut.
constexpr std::size_t kMaxPieces = 4096, kCoarsePieces = 512, kRefinedPieces = 2048;
constexpr double kShortestCut = 1e-3;
/// Surface points candidates are shot from per round, and the rounds.
constexpr int kSeeds = 32, kSeedRounds = 8;
/// The worst pieces (by their cheapest candidate) a round's seeds are spread among.
constexpr std::size_t kWorstSeeded = 256;
/// The candidates kept per piece after each round (its cheapest), and those a cut piece's halves
/// are measured against again (the piece's cheapest).
constexpr std::size_t kKeptPerPiece = 3, kRemeasured = 16;
/// The fractions of the inscribed depth candidates sit at along each seed's normal (the seed's
/// surface point is one too).
constexpr std::array<double, 3> kDepthFractions{1.0, 0.6, 0.3};
/// Bisection steps of the inscribed depth; the reach τ's resolution, metres.
constexpr int kDepthSteps = 14;
constexpr double kReachStep = 1e-4;

/// What a leaf takes whole: a piece of a triangle, or a group of whole triangles; a surface point
/// of it and the normal there.
struct Piece
{
  std::vector<Eigen::Vector3d> corners;
  Eigen::Vector3d point, normal;
};

Piece pieceOf(const Triangle &t)
{
  return {{t[0], t[1], t[2]}, (t[0] + t[1] + t[2]) / 3.0, (t[1] - t[0]).cross(t[2] - t[0])};
}

double longestEdge(const Triangle &t)
{
  return std::max({(t[1] - t[0]).squaredNorm(), (t[2] - t[1]).squaredNorm(), (t[0] - t[2]).squaredNorm()});
}

/// \a pieces cut in two at the midpoint of their longest edge, the longest first, until every
/// piece's longest edge is at most \a length or there are \a most: the two halves of a cut
/// together are the triangle (the midpoint's rounding, 1e-16 of the coordinates, is inside the
/// leaves' nanometre pad), and a sliver is shortened in as many cuts as its length asks for.
std::vector<Triangle> cutLongestFirst(std::vector<Triangle> pieces, double length, std::size_t most)
{
  const auto shorter = [](const Triangle &a, const Triangle &b) { return longestEdge(a) < longestEdge(b); };
  std::make_heap(pieces.begin(), pieces.end(), shorter);
  while (!pieces.empty() && longestEdge(pieces.front()) > length * length && pieces.size() < most)
  {
    std::pop_heap(pieces.begin(), pieces.end(), shorter);
    Triangle t = pieces.back();
    pieces.pop_back();
    // rotate so that the longest edge is t[0] t[1]
    while ((t[1] - t[0]).squaredNorm() < std::max((t[2] - t[1]).squaredNorm(), (t[0] - t[2]).squaredNorm()))
      std::rotate(t.begin(), t.begin() + 1, t.end());
    const Eigen::Vector3d middle = 0.5 * (t[0] + t[1]);
    for (const Triangle &half : {Triangle{t[0], middle, t[2]}, Triangle{middle, t[1], t[2]}})
    {
      pieces.push_back(half);
      std::push_heap(pieces.begin(), pieces.end(), shorter);
    }
  }
  return pieces;
}

/// \a triangles as pieces: one each, or, past kMaxPieces, groups of nearby ones (median splits of
/// their centroids along the longest axis, down to groups of at most 2n / kMaxPieces).
std::vector<Piece> piecesOf(std::vector<Triangle> triangles)
{
  std::vector<Piece> pieces;
  if (triangles.size() <= kMaxPieces)
  {
    for (const Triangle &t : triangles)
      pieces.push_back(pieceOf(t));
    return pieces;
  }
  const std::size_t per_group = (2 * triangles.size() + kMaxPieces - 1) / kMaxPieces;
  std::vector<std::pair<std::size_t, std::size_t>> todo{{0, triangles.size()}};
  const auto centre = [](const Triangle &t) { return t[0] + t[1] + t[2]; };
  while (!todo.empty())
  {
    const auto [first, last] = todo.back();
    todo.pop_back();
    if (last - first > per_group)
    {
      Eigen::AlignedBox3d box;
      for (std::size_t k = first; k < last; ++k)
        box.extend(centre(triangles[k]));
      int axis = 0;
      box.sizes().maxCoeff(&axis);
      const std::size_t middle = first + (last - first) / 2;
      std::nth_element(triangles.begin() + first, triangles.begin() + middle, triangles.begin() + last,
                       [&](const Triangle &a, const Triangle &b) { return centre(a)[axis] < centre(b)[axis]; });
      todo.push_back({first, middle});
      todo.push_back({middle, last});
      continue;
    }
    Piece group = pieceOf(triangles[first]);
    for (std::size_t k = first + 1; k < last; ++k)
      group.corners.insert(group.corners.end(), triangles[k].begin(), triangles[k].end());
    pieces.push_back(std::move(group));
  }
  return pieces;
}

/// The set bits of \a x (SWAR: no popcnt instruction is assumed of the target).
int popcount(std::uint64_t x)
{
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

/// Pieces as sets: a bit per piece.
class PieceSet
{
public:
  explicit PieceSet(std::size_t size) : words_((size + 63) / 64, 0) {}
  void set(std::size_t i) { words_[i / 64] |= std::uint64_t{1} << (i % 64); }
  /** \brief Sets the pieces p with \a costs[p] ≤ \a within. */
  void setWhere(const std::vector<float> &costs, float within)
  {
    for (std::size_t w = 0; w < words_.size(); ++w)
    {
      std::uint64_t word = 0;
      const std::size_t first = 64 * w, last = std::min(costs.size(), first + 64);
      for (std::size_t p = first; p < last; ++p)
        word |= static_cast<std::uint64_t>(costs[p] <= within) << (p - first);
      words_[w] |= word;
    }
  }
  /// How many of this set's pieces are in \a other too.
  int countIn(const PieceSet &other) const
  {
    int count = 0;
    for (std::size_t w = 0; w < words_.size(); ++w)
      count += popcount(words_[w] & other.words_[w]);
    return count;
  }
  void remove(const PieceSet &other)
  {
    for (std::size_t w = 0; w < words_.size(); ++w)
      words_[w] &= ~other.words_[w];
  }

private:
  std::vector<std::uint64_t> words_;
};

/// A candidate centre and the depth of the ball about it known to lie in the solid (0 when none).
struct Candidate
{
  Eigen::Vector3d centre;
  double depth = 0.0;
};

/// Up to \a count of the pieces \a among spread over the surface: each next one the farthest from
/// those before.
std::vector<int> spreadPieces(const std::vector<Piece> &pieces, const std::vector<int> &among, int count)
{
  std::vector<int> chosen;
  if (among.empty())
    return chosen;
  std::vector<double> nearest(among.size(), numeric::kInfinity);
  chosen.push_back(among.front());
  while (static_cast<int>(chosen.size()) < std::min<int>(count, among.size()))
  {
    const Eigen::Vector3d last = pieces[chosen.back()].point;
    for (std::size_t i = 0; i < among.size(); ++i)
      nearest[i] = std::min(nearest[i], (pieces[among[i]].point - last).squaredNorm());
    chosen.push_back(among[std::max_element(nearest.begin(), nearest.end()) - nearest.begin()]);
  }
  return chosen;
}

/// +1 when the mesh's triangles wind outwards (positive enclosed volume), −1 when inwards.
double outwardSign(const TriangleMesh &mesh)
{
  double volume = 0.0;
  for (const Eigen::Vector3i &t : mesh.triangles)
    volume += mesh.vertices[t[0]].dot(mesh.vertices[t[1]].cross(mesh.vertices[t[2]]));
  return volume >= 0.0 ? 1.0 : -1.0;
}

/// The candidates of \a seeds, appended to \a found: each seed piece's surface point q, and along
/// the inward normal n the largest tangent ball (q + ρn, ρ) whose centre is ρ from the triangles
/// (so the ball meets none and lies in the solid), by bisection up to \a limit, and the balls at
/// kDepthFractions of it (tangent at q inside the first: inside too). Without a solid, the surface
/// points alone.
void addCandidates(const TriangleMesh &mesh, const std::vector<Piece> &pieces, const std::vector<int> &seeds,
                   const SolidDepth &depth, double limit, std::vector<Candidate> &found)
{
  const double inward = -outwardSign(mesh);
  for (const int i : seeds)
  {
    const Eigen::Vector3d &q = pieces[i].point, &normal = pieces[i].normal;
    found.push_back({q, 0.0});
    if (!depth.hasSolid() || !(normal.norm() > 0.0))
      continue;
    const Eigen::Vector3d n = inward * normal.normalized();
    double lo = 0.0, hi = limit;
    for (int step = 0; step < kDepthSteps; ++step)
    {
      const double mid = 0.5 * (lo + hi);
      // (a relative tolerance for the distance's rounding; the depth is only the cost's estimate,
      // the leaves' excess is measured again)
      (depth.distance(q + mid * n) >= mid * (1.0 - 1e-6) ? lo : hi) = mid;
    }
    if (lo > 0.0)
      for (const double f : kDepthFractions)
        found.push_back({q + f * lo * n, f * lo});
  }
}

/// How far candidate \a c's ball reaches beyond the solid if it takes piece \a p.
double cost(const Candidate &c, const Piece &p)
{
  double farthest = 0.0;
  for (const Eigen::Vector3d &v : p.corners)
    farthest = std::max(farthest, (v - c.centre).squaredNorm());
  return std::sqrt(farthest) - c.depth;
}

/// The candidates a greedy set cover picks to take every piece within reach \a tau (each pick the
/// one taking most pieces not yet taken; costs[candidate][piece]), or nothing when more than
/// \a most are needed.
std::vector<int> coverWithin(const std::vector<std::vector<float>> &costs, std::size_t pieces, double tau, int most)
{
  const std::size_t candidates = costs.size();
  std::vector<PieceSet> takes(candidates, PieceSet(pieces));
  PieceSet open(pieces);
  for (std::size_t p = 0; p < pieces; ++p)
    open.set(p);
  const float within = static_cast<float>(tau);
  for (std::size_t c = 0; c < candidates; ++c)
    takes[c].setWhere(costs[c], within);
  // lazy greedy: a candidate's count of open pieces only falls as others are picked, so the one on
  // top of the heap, counted again, is the best when it still beats the next one's stale count
  std::vector<std::pair<int, std::size_t>> heap;
  for (std::size_t c = 0; c < candidates; ++c)
    heap.push_back({takes[c].countIn(open), c});
  std::make_heap(heap.begin(), heap.end());
  std::vector<int> picked;
  for (std::size_t left = pieces; left > 0;)
  {
    if (heap.empty() || static_cast<int>(picked.size()) == most)
      return {};
    std::pop_heap(heap.begin(), heap.end());
    auto [count, c] = heap.back();
    heap.pop_back();
    count = takes[c].countIn(open);
    if (count == 0)
      continue;
    if (!heap.empty() && count < heap.front().first)
    {
      heap.push_back({count, c});
      std::push_heap(heap.begin(), heap.end());
      continue;
    }
    picked.push_back(static_cast<int>(c));
    open.remove(takes[c]);
    left -= count;
  }
  return picked;
}
}  // namespace

std::vector<Sphere> meshLeaves(const TriangleMesh &mesh_G, const SolidDepth &depth, const CoverOptions &options)
{
  std::vector<Triangle> triangles;
  triangles.reserve(mesh_G.triangles.size());
  for (const Eigen::Vector3i &t : mesh_G.triangles)
    triangles.push_back({mesh_G.vertices[t[0]], mesh_G.vertices[t[1]], mesh_G.vertices[t[2]]});
  std::vector<Piece> pieces = piecesOf(cutLongestFirst(std::move(triangles), options.leaf_radius, mesh_G.triangles.size() + kCoarsePieces));
  const std::size_t budget = pieces.size() + kRefinedPieces;  // pieces the cuts below may make
  const Sphere whole = smallestBall(mesh_G.vertices);
  const double limit = 2.0 * whole.radius;
  // costs[p][c]: piece p taken by candidate c; cheapest[p] its least
  std::vector<Candidate> found;
  std::vector<std::vector<float>> costs(pieces.size());
  std::vector<float> cheapest(pieces.size(), std::numeric_limits<float>::infinity());
  const auto costRow = [&](std::size_t p, std::size_t from) {
    for (std::size_t c = from; c < found.size(); ++c)
    {
      costs[p].push_back(static_cast<float>(cost(found[c], pieces[p])));
      cheapest[p] = std::min(cheapest[p], costs[p].back());
    }
  };
  const auto badPieces = [&] {
    std::vector<int> bad;
    for (std::size_t p = 0; p < pieces.size(); ++p)
      if (cheapest[p] > options.excess_goal)
        bad.push_back(static_cast<int>(p));
    return bad;
  };
  // cuts a single-triangle piece p in two at its longest edge's midpoint: p becomes one half, the
  // other is appended (the halves together are the piece)
  const auto cut = [&](int p) {
    Triangle t{pieces[p].corners[0], pieces[p].corners[1], pieces[p].corners[2]};
    while ((t[1] - t[0]).squaredNorm() < std::max((t[2] - t[1]).squaredNorm(), (t[0] - t[2]).squaredNorm()))
      std::rotate(t.begin(), t.begin() + 1, t.end());
    const Eigen::Vector3d middle = 0.5 * (t[0] + t[1]);
    // a half's cost is at most its piece's (its corners lie in the piece's hull): the halves
    // inherit the row, measured again for the piece's kRemeasured cheapest candidates
    std::vector<int> nearest(found.size());
    for (std::size_t c = 0; c < found.size(); ++c)
      nearest[c] = static_cast<int>(c);
    const std::size_t remeasured = std::min(kRemeasured, found.size());
    std::nth_element(nearest.begin(), nearest.begin() + remeasured - 1, nearest.end(),
                     [&](int a, int b) { return costs[p][a] < costs[p][b]; });
    nearest.resize(remeasured);
    pieces[p] = pieceOf({t[0], middle, t[2]});
    pieces.push_back(pieceOf({middle, t[1], t[2]}));
    costs.push_back(costs[p]);
    cheapest.push_back(cheapest[p]);
    for (const std::size_t half : {static_cast<std::size_t>(p), pieces.size() - 1})
    {
      for (const int c : nearest)
        costs[half][c] = static_cast<float>(cost(found[c], pieces[half]));
      cheapest[half] = *std::min_element(costs[half].begin(), costs[half].end());
    }
  };
  // keeps the candidates among the kKeptPerPiece cheapest of some piece (the others are of no use
  // to the cover, which picks for each piece among its cheapest)
  const auto prune = [&] {
    std::vector<char> keep(found.size(), 0);
    for (std::size_t p = 0; p < pieces.size(); ++p)
    {
      // the kKeptPerPiece cheapest in one pass, kept sorted
      std::array<std::size_t, kKeptPerPiece> best;
      std::array<float, kKeptPerPiece> best_cost;
      best.fill(0);
      best_cost.fill(std::numeric_limits<float>::infinity());
      const std::vector<float> &row = costs[p];
      for (std::size_t c = 0; c < row.size(); ++c)
        if (row[c] < best_cost.back())
        {
          std::size_t k = kKeptPerPiece - 1;
          for (; k > 0 && row[c] < best_cost[k - 1]; --k)
            best_cost[k] = best_cost[k - 1], best[k] = best[k - 1];
          best_cost[k] = row[c], best[k] = c;
        }
      for (std::size_t k = 0; k < kKeptPerPiece; ++k)
        if (best_cost[k] < std::numeric_limits<float>::infinity())
          keep[best[k]] = 1;
    }
    std::size_t next = 0;
    for (std::size_t c = 0; c < found.size(); ++c)
      if (keep[c])
        found[next++] = found[c];
    found.resize(next);
    for (std::vector<float> &row : costs)
    {
      std::size_t at = 0;
      for (std::size_t c = 0; c < row.size(); ++c)
        if (keep[c])
          row[at++] = row[c];
      row.resize(at);
    }
  };
  // round by round: candidates shot from pieces spread among those no candidate takes within the
  // goal yet (at first, all), then each such piece cut in two while the budget of pieces lasts
  std::vector<int> bad(pieces.size());
  for (std::size_t p = 0; p < pieces.size(); ++p)
    bad[p] = static_cast<int>(p);
  for (int round = 0; round < kSeedRounds && !bad.empty(); ++round)
  {
    const std::size_t known = found.size();
    addCandidates(mesh_G, pieces, spreadPieces(pieces, bad, kSeeds), depth, limit, found);
    for (std::size_t p = 0; p < pieces.size(); ++p)
      costRow(p, known);
    prune();
    bad = badPieces();
    if (round + 1 == kSeedRounds)
      break;
    // the worst first, this round's share of the budget
    std::sort(bad.begin(), bad.end(), [&](int a, int b) { return cheapest[a] > cheapest[b]; });
    const std::size_t share = (budget - std::min(budget, pieces.size())) / (kSeedRounds - 1 - round);
    for (std::size_t k = 0; k < bad.size() && k < share; ++k)
      if (pieces[bad[k]].corners.size() == 3 &&
          longestEdge({pieces[bad[k]].corners[0], pieces[bad[k]].corners[1], pieces[bad[k]].corners[2]}) >
              kShortestCut * kShortestCut)
        cut(bad[k]);
    bad = badPieces();
    std::sort(bad.begin(), bad.end(), [&](int a, int b) { return cheapest[a] > cheapest[b]; });
    bad.resize(std::min(bad.size(), kWorstSeeded));
  }

  // the least reach τ the leaf budget suffices for: no less than the goal, nor than the reach of
  // the piece worst served by every candidate; found by growing τ by a quarter until it suffices,
  // then bisecting down to a tenth of a millimetre
  double lo = options.excess_goal;
  for (const float c : cheapest)
    lo = std::max(lo, static_cast<double>(c));
  std::vector<std::vector<float>> by_candidate(found.size(), std::vector<float>(pieces.size()));
  for (std::size_t p = 0; p < pieces.size(); ++p)
    for (std::size_t c = 0; c < found.size(); ++c)
      by_candidate[c][p] = costs[p][c];
  std::vector<int> chosen = coverWithin(by_candidate, pieces.size(), lo, options.max_leaves);
  if (chosen.empty())
  {
    double hi = lo;
    while (chosen.empty() && hi < limit)
    {
      lo = hi;
      hi = std::min(limit, 1.25 * hi + kReachStep);
      chosen = coverWithin(by_candidate, pieces.size(), hi, options.max_leaves);
    }
    if (chosen.empty())  // within the whole ball's reach one candidate takes everything
      chosen = coverWithin(by_candidate, pieces.size(), numeric::kInfinity, options.max_leaves);
    while (hi - lo > kReachStep)
    {
      const double mid = 0.5 * (lo + hi);
      std::vector<int> within = coverWithin(by_candidate, pieces.size(), mid, options.max_leaves);
      if (within.empty())
        lo = mid;
      else
        hi = mid, chosen = std::move(within);
    }
  }
  // each piece to the chosen centre it costs least; a leaf's radius measured to its pieces' corners
  std::vector<std::vector<Eigen::Vector3d>> corners(chosen.size());
  for (std::size_t p = 0; p < pieces.size(); ++p)
  {
    std::size_t best = 0;
    for (std::size_t k = 1; k < chosen.size(); ++k)
      if (costs[p][chosen[k]] < costs[p][chosen[best]])
        best = k;
    corners[best].insert(corners[best].end(), pieces[p].corners.begin(), pieces[p].corners.end());
  }
  std::vector<Sphere> leaves;
  for (std::size_t k = 0; k < chosen.size(); ++k)
    if (!corners[k].empty())
    {
      const Eigen::Vector3d &centre = found[chosen[k]].centre;
      leaves.push_back({centre, radiusAbout(centre, corners[k])});
    }
  return leaves;
}
}  // namespace ompl_ccd::spheres
