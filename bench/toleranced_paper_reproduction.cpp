/// Reproduction of the examples of [SchroeckerWeber] Sec. 7 with our implementation of the
/// toleranced-motion test: Listing 1 (subdivision, ε-termination Eq. 11, depth limit) around
/// Listing 2 (fat polygon vs polygon) on rational motions of degree eight.
///
/// The motions: a quaternion Bézier curve q(t) of degree 4 gives R(t) = Rot(q(t)) whose entries are
/// quadrics in q over ‖q‖² — rational of degree eight — and a cubic translation; every pose is
/// rigid. Sub-motions are enclosed by interval arithmetic on that formula and turned into balls
/// (bounding_ball.h); the polygons are fans of triangles tested with fat_primitive_tests.h.
///
/// Sec. 7.1: a moving and a fixed convex octagon, one motion without and one (translated) with a
/// collision. Sec. 7.2: two unit squares subdivided into n × n sub-squares, n = 1..10, a
/// collision, a near-collision and a no-collision motion (same rotation, translations differing by
/// a constant), with one global mass distribution (Table 1) or one per moving sub-square (Table 2);
/// "total" is the time of all n⁴ polygon pairs, "average" the time per pair, as in the paper.
/// A last table runs the same pairs through the hierarchy our certifier uses instead of n⁴
/// separate recursions: one recursion per moving sub-square in which fixed squares excluded over an
/// interval are not tested again inside it.
///
/// Usage: toleranced_paper_reproduction [runs]   (runs per timing, default 3)
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "certify/toleranced/affine_metric.h"
#include "certify/toleranced/bounding_ball.h"
#include "certify/toleranced/fat_primitive_tests.h"
#include "ompl_ccd/numeric.h"

using namespace ompl_ccd;

namespace
{
using numeric::kPi;

/// Bernstein polynomial B_i^n(t) for a scalar or an Interval t.
template <typename S>
S bernstein(int i, int n, const S &t)
{
  static const int binomial[5][5] = {{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
  S r = S(binomial[n][i]);
  const S u = S(1.0) - t;
  for (int k = 0; k < i; ++k)
    r = r * t;
  for (int k = 0; k < n - i; ++k)
    r = r * u;
  return r;
}

/// A rational motion of degree eight: quaternion Bézier curve of degree 4 and cubic translation.
struct RationalMotion
{
  std::array<Eigen::Vector4d, 5> Q;  // (w, x, y, z)
  std::array<Eigen::Vector3d, 4> P;
  Eigen::Vector3d shift = Eigen::Vector3d::Zero();

  template <typename S>
  void pose(const S &t, std::array<S, 9> &R, std::array<S, 3> &p) const
  {
    std::array<S, 4> q = {S(0.0), S(0.0), S(0.0), S(0.0)};
    for (int i = 0; i <= 4; ++i)
    {
      const S b = bernstein(i, 4, t);
      for (int k = 0; k < 4; ++k)
        q[k] = q[k] + S(Q[i](k)) * b;
    }
    const S &w = q[0], &x = q[1], &y = q[2], &z = q[3];
    const S n = w * w + x * x + y * y + z * z;
    const S two(2.0);
    R = {(w * w + x * x - y * y - z * z) / n, two * (x * y - w * z) / n, two * (x * z + w * y) / n,
         two * (x * y + w * z) / n, (w * w - x * x + y * y - z * z) / n, two * (y * z - w * x) / n,
         two * (x * z - w * y) / n, two * (y * z + w * x) / n, (w * w - x * x - y * y + z * z) / n};
    for (int k = 0; k < 3; ++k)
    {
      p[k] = S(shift(k));
      for (int i = 0; i <= 3; ++i)
        p[k] = p[k] + S(P[i](k)) * bernstein(i, 3, t);
    }
  }

  Eigen::Isometry3d at(double t) const
  {
    std::array<double, 9> R;
    std::array<double, 3> p;
    pose(t, R, p);
    Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
    for (int i = 0; i < 3; ++i)
    {
      for (int k = 0; k < 3; ++k)
        X.linear()(i, k) = R[3 * i + k];
      X.translation()(i) = p[i];
    }
    return X;
  }

  IntervalPose enclose(double t0, double t1) const
  {
    IntervalPose X;
    pose(Interval(t0, t1), X.R, X.p);
    return X;
  }
};

using Polygon = std::vector<Eigen::Vector3d>;

/// Fan triangles of a convex polygon.
std::vector<std::array<Eigen::Vector3d, 3>> fan(const Polygon &polygon)
{
  std::vector<std::array<Eigen::Vector3d, 3>> t;
  for (std::size_t i = 1; i + 1 < polygon.size(); ++i)
    t.push_back({polygon[0], polygon[i], polygon[i + 1]});
  return t;
}

/// The paper's mass distribution: equal weights in the vertices and one point over the barycenter
/// at a small distance (a tenth of the diameter) from the polygons' plane.
AffineMetric paperMetric(const std::vector<Polygon> &polygons)
{
  std::vector<Eigen::Vector3d> points;
  Eigen::Vector3d c = Eigen::Vector3d::Zero();
  double diameter = 0.0;
  for (const Polygon &polygon : polygons)
    for (const Eigen::Vector3d &v : polygon)
    {
      points.push_back(v);
      c += v;
    }
  c /= static_cast<double>(points.size());
  for (const Eigen::Vector3d &a : points)
    for (const Eigen::Vector3d &b : points)
      diameter = std::max(diameter, (a - b).norm());
  const Polygon &first = polygons.front();
  const Eigen::Vector3d n = (first[1] - first[0]).cross(first[2] - first[0]).normalized();
  points.push_back(c + 0.1 * diameter * n);
  return AffineMetric::fromPoints(points, std::vector<double>(points.size(), 1.0));
}

/// A moving polygon prepared for Listing 2.
struct MovingPolygon
{
  std::vector<FatTriangle> triangles;
  double rho_max = 1.0;
};

MovingPolygon prepare(const AffineMetric &metric, const Polygon &polygon)
{
  MovingPolygon m;
  for (const auto &t : fan(polygon))
  {
    m.triangles.emplace_back(metric, t[0], t[1], t[2]);
    m.rho_max = std::max(m.rho_max, m.triangles.back().rho_max);
  }
  return m;
}

struct Counters
{
  long polygon_tests = 0;
  int max_depth = 0;
};

/// [SchroeckerWeber] Listing 2: fat moving polygon under B_R(g) vs fixed polygon.
bool intersection(const MovingPolygon &P, const std::vector<std::array<Eigen::Vector3d, 3>> &F,
                  const Eigen::Isometry3d &g, double R)
{
  const Eigen::Isometry3d g_inv = g.inverse();
  for (const auto &f : F)
  {
    const FixedTriangle Fz = {g_inv * f[0], g_inv * f[1], g_inv * f[2]};
    for (const FatTriangle &p : P.triangles)
      if (fatTriangleHitsTriangle(p, paddedRadius(R, 0.0, 1e-9), Fz))
        return true;
  }
  return false;
}

/// [SchroeckerWeber] Listing 1 for one polygon pair; appends the intervals of possible collision.
void collision(const AffineMetric &metric, const MovingPolygon &P, const std::vector<std::array<Eigen::Vector3d, 3>> &F,
               const RationalMotion &c, double t0, double t1, int depth, double epsilon, int max_depth,
               std::vector<std::pair<double, double>> &out, Counters &counters)
{
  counters.max_depth = std::max(counters.max_depth, depth);
  if (depth >= max_depth)
  {
    out.emplace_back(t0, t1);
    return;
  }
  const Eigen::Isometry3d g = c.at(0.5 * (t0 + t1));
  const double R = enclosingRadius(metric, c.enclose(t0, t1), g);
  if (R * P.rho_max < epsilon)  // Eq. (11)
  {
    out.emplace_back(t0, t1);
    return;
  }
  ++counters.polygon_tests;
  if (!intersection(P, F, g, R))
    return;
  const double tm = 0.5 * (t0 + t1);
  collision(metric, P, F, c, t0, tm, depth + 1, epsilon, max_depth, out, counters);
  collision(metric, P, F, c, tm, t1, depth + 1, epsilon, max_depth, out, counters);
}

/// The hierarchical variant: one recursion for a moving polygon against a list of fixed polygons,
/// each excluded fixed polygon dropped for the sub-intervals (the motion's poses over a
/// sub-interval are a subset of those over the interval).
void collisionPruned(const AffineMetric &metric, const MovingPolygon &P,
                     const std::vector<std::vector<std::array<Eigen::Vector3d, 3>>> &fixed, std::vector<int> alive,
                     const RationalMotion &c, double t0, double t1, int depth, double epsilon, int max_depth,
                     std::vector<std::pair<double, double>> &out, Counters &counters)
{
  counters.max_depth = std::max(counters.max_depth, depth);
  if (depth >= max_depth)
  {
    out.emplace_back(t0, t1);
    return;
  }
  const Eigen::Isometry3d g = c.at(0.5 * (t0 + t1));
  const double R = enclosingRadius(metric, c.enclose(t0, t1), g);
  if (R * P.rho_max < epsilon)
  {
    out.emplace_back(t0, t1);
    return;
  }
  std::vector<int> kept;
  for (int f : alive)
  {
    ++counters.polygon_tests;
    if (intersection(P, fixed[f], g, R))
      kept.push_back(f);
  }
  if (kept.empty())
    return;
  const double tm = 0.5 * (t0 + t1);
  collisionPruned(metric, P, fixed, kept, c, t0, tm, depth + 1, epsilon, max_depth, out, counters);
  collisionPruned(metric, P, fixed, kept, c, tm, t1, depth + 1, epsilon, max_depth, out, counters);
}

double seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
  return std::chrono::duration<double>(b - a).count();
}

Polygon octagon(double radius, double phase)
{
  Polygon p;
  for (int i = 0; i < 8; ++i)
  {
    const double a = phase + 2.0 * kPi * i / 8.0;
    p.emplace_back(radius * std::cos(a), radius * std::sin(a), 0.0);
  }
  return p;
}

/// A turn of about 110° about a tilted axis, with a slight wobble, as a degree-4 quaternion curve.
RationalMotion turningMotion(const std::array<Eigen::Vector3d, 4> &path)
{
  RationalMotion m;
  const Eigen::Vector3d axis = Eigen::Vector3d(1.0, 0.3, 0.1).normalized();
  for (int i = 0; i <= 4; ++i)
  {
    const double angle = 1.9 * i / 4.0;
    Eigen::Vector3d wobble(0.0, 0.05 * std::sin(1.3 * i), 0.0);
    m.Q[i] << std::cos(0.5 * angle), std::sin(0.5 * angle) * (axis + wobble);
  }
  m.P = path;
  return m;
}

/// Closest point of triangle abc to p (Ericson, Real-Time Collision Detection, p. 141).
Eigen::Vector3d closestOnTriangle(const Eigen::Vector3d &p, const Eigen::Vector3d &a, const Eigen::Vector3d &b,
                                  const Eigen::Vector3d &c)
{
  const Eigen::Vector3d ab = b - a, ac = c - a, ap = p - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0)
    return a;
  const Eigen::Vector3d bp = p - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3)
    return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0)
    return a + d1 / (d1 - d3) * ab;
  const Eigen::Vector3d cp = p - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6)
    return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0)
    return a + d2 / (d2 - d6) * ac;
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
    return b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b);
  const double denom = 1.0 / (va + vb + vc);
  return a + ab * (vb * denom) + ac * (vc * denom);
}

/// Distance between segments p0 p1 and q0 q1 (Ericson p. 149, non-degenerate segments).
double segmentDistance(const Eigen::Vector3d &p0, const Eigen::Vector3d &p1, const Eigen::Vector3d &q0,
                       const Eigen::Vector3d &q1)
{
  const Eigen::Vector3d d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.dot(d1), e = d2.dot(d2), f = d2.dot(r), c = d1.dot(r), b = d1.dot(d2);
  const double denom = a * e - b * b;
  double s = denom > 1e-14 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
  double t = (b * s + f) / e;
  if (t < 0.0)
  {
    t = 0.0;
    s = std::clamp(-c / a, 0.0, 1.0);
  }
  else if (t > 1.0)
  {
    t = 1.0;
    s = std::clamp((b - c) / a, 0.0, 1.0);
  }
  return ((p0 + s * d1) - (q0 + t * d2)).norm();
}

/// Distance between two triangles: vertex–face and edge–edge distances (0 if they cross: an edge
/// meets the other triangle's interior, detected as an edge–edge distance of 0 or a sign change).
double triangleDistance(const std::array<Eigen::Vector3d, 3> &P, const std::array<Eigen::Vector3d, 3> &F)
{
  double d = INFINITY;
  for (int i = 0; i < 3; ++i)
  {
    d = std::min(d, (P[i] - closestOnTriangle(P[i], F[0], F[1], F[2])).norm());
    d = std::min(d, (F[i] - closestOnTriangle(F[i], P[0], P[1], P[2])).norm());
    for (int j = 0; j < 3; ++j)
      d = std::min(d, segmentDistance(P[i], P[(i + 1) % 3], F[j], F[(j + 1) % 3]));
  }
  // An edge of one piercing the other's interior.
  for (int pass = 0; pass < 2; ++pass)
  {
    const auto &A = pass == 0 ? P : F;
    const auto &B = pass == 0 ? F : P;
    const Eigen::Vector3d n = (B[1] - B[0]).cross(B[2] - B[0]);
    for (int i = 0; i < 3; ++i)
    {
      const double s0 = n.dot(A[i] - B[0]), s1 = n.dot(A[(i + 1) % 3] - B[0]);
      if (s0 * s1 >= 0.0)
        continue;
      const Eigen::Vector3d x = A[i] + s0 / (s0 - s1) * (A[(i + 1) % 3] - A[i]);
      if ((x - closestOnTriangle(x, B[0], B[1], B[2])).norm() < 1e-12)
        return 0.0;
    }
  }
  return d;
}

/// Sampled minimum distance (1001 times) between the moving and the fixed triangles (tables only).
double sampledClearance(const std::vector<std::array<Eigen::Vector3d, 3>> &moving,
                        const std::vector<std::array<Eigen::Vector3d, 3>> &fixed, const RationalMotion &c)
{
  double best = INFINITY;
  for (int k = 0; k <= 1000; ++k)
  {
    const Eigen::Isometry3d X = c.at(k / 1000.0);
    for (const auto &m : moving)
    {
      const std::array<Eigen::Vector3d, 3> P = {X * m[0], X * m[1], X * m[2]};
      for (const auto &f : fixed)
        best = std::min(best, triangleDistance(P, f));
    }
  }
  return best;
}

void section71(int runs)
{
  std::printf("== Sec. 7.1: moving octagon P vs fixed octagon F, rational motion of degree 8 ==\n");
  const Polygon F = octagon(1.0, 0.0);
  const Polygon P = octagon(0.8, kPi / 8.0);
  const AffineMetric metric = paperMetric({P});
  const MovingPolygon moving = prepare(metric, P);
  const auto F_triangles = fan(F);
  const double epsilon = 0.01 * 2.0;  // about one percent of the polygon diameters
  RationalMotion motion = turningMotion({Eigen::Vector3d(-2.6, 0.2, 0.95), Eigen::Vector3d(-0.8, -0.3, 1.0),
                                         Eigen::Vector3d(0.8, 0.4, 1.0), Eigen::Vector3d(2.6, -0.1, 0.95)});
  std::printf("%-13s %10s %9s %12s %14s %10s\n", "example", "clearance", "result", "time [ms]", "polygon tests",
              "max depth");
  for (int example = 1; example <= 2; ++example)
  {
    motion.shift = Eigen::Vector3d(0.0, 0.0, example == 1 ? -0.2 : -0.6);
    std::vector<std::pair<double, double>> out;
    Counters counters;
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < runs; ++r)
    {
      out.clear();
      counters = Counters{};
      collision(metric, moving, F_triangles, motion, 0.0, 1.0, 0, epsilon, 12, out, counters);
    }
    const double ms = 1e3 * seconds(start, std::chrono::steady_clock::now()) / runs;
    std::printf("%-13s %10.4f %9s %12.3f %14ld %10d\n", example == 1 ? "1 (no coll.)" : "2 (collision)",
                sampledClearance(fan(P), F_triangles, motion), out.empty() ? "free" : "possible", ms,
                counters.polygon_tests, counters.max_depth);
  }
  std::printf("paper: example 1 free, 0.1427 s, 173 tests, depth 8; example 2 collision, 0.0075 s, 9 tests, "
              "depth 8 (Core 2 Duo 3 GHz).\n\n");
}

/// Unit square in z = 0 split into n × n sub-squares.
std::vector<Polygon> subdividedSquare(int n)
{
  std::vector<Polygon> squares;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
    {
      const double x0 = double(i) / n, x1 = double(i + 1) / n, y0 = double(j) / n, y1 = double(j + 1) / n;
      squares.push_back({{x0, y0, 0.0}, {x1, y0, 0.0}, {x1, y1, 0.0}, {x0, y1, 0.0}});
    }
  return squares;
}

void section72(int runs)
{
  std::printf("== Sec. 7.2: n x n subdivided squares, rational motion of degree 8 ==\n");
  const double epsilon = 0.01 * std::sqrt(2.0);
  const int max_depth = 12;
  // The moving square sweeps over the fixed one, its corner dipping towards the fixed square's
  // far corner; the three motions differ by a constant translation.
  RationalMotion motion = turningMotion({Eigen::Vector3d(-1.6, -0.2, 0.55), Eigen::Vector3d(-0.2, 0.1, 0.5),
                                         Eigen::Vector3d(0.6, 0.3, 0.5), Eigen::Vector3d(1.6, 0.4, 0.6)});
  const std::array<std::pair<const char *, double>, 3> variants = {
      {{"collision", -0.45}, {"near-collision", -0.31}, {"no-collision", 0.2}}};
  // Clearances of the three motions for n = 1.
  {
    const auto moving = fan(subdividedSquare(1)[0]);
    const auto fixed = fan(subdividedSquare(1)[0]);
    std::printf("sampled clearance:");
    for (const auto &[name, dz] : variants)
    {
      motion.shift = Eigen::Vector3d(0.0, 0.0, dz);
      std::printf("  %s %.4f", name, sampledClearance(moving, fixed, motion));
    }
    std::printf("\n");
  }
  for (int table = 1; table <= 3; ++table)
  {
    std::printf("%s\n", table == 1   ? "Table 1 (ours): global mass distribution, n^4 separate recursions"
                        : table == 2 ? "Table 2 (ours): individual mass distributions, n^4 separate recursions"
                                     : "Hierarchy (ours): individual mass distributions, one pruned recursion per "
                                       "moving square");
    std::printf("%3s", "n");
    for (const auto &variant : variants)
      std::printf(" | %-14s total [s]  avg [us] free/possible", variant.first);
    std::printf("\n");
    for (int n = 1; n <= 10; ++n)
    {
      const std::vector<Polygon> squares = subdividedSquare(n);
      std::vector<std::vector<std::array<Eigen::Vector3d, 3>>> fixed;
      for (const Polygon &s : squares)
        fixed.push_back(fan(s));
      const AffineMetric global = paperMetric(squares);
      std::vector<AffineMetric> metrics;
      std::vector<MovingPolygon> moving;
      for (const Polygon &s : squares)
      {
        metrics.push_back(table == 1 ? global : paperMetric({s}));
        moving.push_back(prepare(metrics.back(), s));
      }
      std::printf("%3d", n);
      for (const auto &[name, dz] : variants)
      {
        motion.shift = Eigen::Vector3d(0.0, 0.0, dz);
        int possible = 0;
        const auto start = std::chrono::steady_clock::now();
        for (int r = 0; r < runs; ++r)
        {
          possible = 0;
          for (std::size_t m = 0; m < moving.size(); ++m)
          {
            std::vector<std::pair<double, double>> out;
            Counters counters;
            if (table < 3)
            {
              for (const auto &f : fixed)
              {
                collision(metrics[m], moving[m], f, motion, 0.0, 1.0, 0, epsilon, max_depth, out, counters);
                possible += out.empty() ? 0 : 1;
                out.clear();
              }
            }
            else
            {
              std::vector<int> all(fixed.size());
              for (std::size_t f = 0; f < fixed.size(); ++f)
                all[f] = static_cast<int>(f);
              collisionPruned(metrics[m], moving[m], fixed, all, motion, 0.0, 1.0, 0, epsilon, max_depth, out,
                              counters);
              possible += out.empty() ? 0 : 1;
            }
          }
        }
        const double total = seconds(start, std::chrono::steady_clock::now()) / runs;
        const double pairs = std::pow(double(n), 4.0);
        const long checked = table < 3 ? static_cast<long>(pairs) : static_cast<long>(n) * n;
        std::printf(" | %14s %9.4f %9.2f %6ld/%-6d", "", total, 1e6 * total / pairs, checked - possible, possible);
      }
      std::printf("\n");
    }
  }
  std::printf("paper (Core 2 Duo 3 GHz, g++ 4.8), n = 10: Table 1 total 448 / 738 / 389 s, average 0.04 / 0.07 / "
              "0.04 s; Table 2 total 227 / 408 / 259 s, average 0.02 / 0.04 / 0.03 s.\n");
}
}  // namespace

int main(int argc, char **argv)
{
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  section71(runs);
  section72(runs);
  return 0;
}
