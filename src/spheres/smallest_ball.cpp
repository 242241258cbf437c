// Welzl's smallest enclosing ball, move-to-front form ([Gaertner1999] Sec. 2): the ball of the
// points met so far is kept; a point outside it lies on the boundary of the smallest ball of those
// points and itself ([Welzl1991] Lemma 1), so the ball is rebuilt with that point as a support, at
// most four supports deep, and the point is moved to the front of the list (it is likely to be
// outside again).
#include "spheres/smallest_ball.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <list>
#include <random>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd::spheres
{
namespace
{
/// A ball as the algorithm carries it: centre and squared radius (negative: empty).
struct Candidate
{
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  double radius2 = -1.0;

  bool outside(const Eigen::Vector3d &p) const
  {
    // a relative slack keeps rounding from rebuilding a ball a point is on (radiusAbout decides
    // containment, not this)
    return (p - centre).squaredNorm() > radius2 * (1.0 + 1e-12) + 1e-300;
  }
};

/// Relative size below which supports are taken as degenerate (collinear or coplanar).
constexpr double kDegenerate = 1e-12;

Candidate diametral(const Eigen::Vector3d &a, const Eigen::Vector3d &b)
{
  return {0.5 * (a + b), 0.25 * (b - a).squaredNorm()};
}

/// The smallest ball with \a s[0..n) on its boundary (n ≤ 4), or, when they are degenerate, a
/// ball through some of them holding the rest (cocircular or collinear supports, as a mesh's
/// vertices on one plane give).
Candidate ballOn(const Eigen::Vector3d *s, int n)
{
  switch (n)
  {
    case 0:
      return {};
    case 1:
      return {s[0], 0.0};
    case 2:
      return diametral(s[0], s[1]);
    case 3:
    {
      // circumcentre: s₀ + ((|a|² b − |b|² a) × (a × b)) / (2 |a × b|²)
      const Eigen::Vector3d a = s[1] - s[0], b = s[2] - s[0], axb = a.cross(b);
      const double d = 2.0 * axb.squaredNorm();
      if (!(d > kDegenerate * a.squaredNorm() * b.squaredNorm()))
      {
        const Candidate ab = diametral(s[0], s[1]), bc = diametral(s[1], s[2]), ca = diametral(s[2], s[0]);
        return std::max({ab, bc, ca}, [](const Candidate &x, const Candidate &y) { return x.radius2 < y.radius2; });
      }
      const Eigen::Vector3d o = (a.squaredNorm() * b - b.squaredNorm() * a).cross(axb) / d;
      return {s[0] + o, o.squaredNorm()};
    }
    default:
    {
      // circumcentre: s₀ + (|a|² (b × c) + |b|² (c × a) + |c|² (a × b)) / (2 a · (b × c))
      const Eigen::Vector3d a = s[1] - s[0], b = s[2] - s[0], c = s[3] - s[0];
      const double det = a.dot(b.cross(c));
      if (!(std::abs(det) > kDegenerate * a.norm() * b.norm() * c.norm()))
      {
        Candidate three = ballOn(s, 3);
        three.radius2 = std::max(three.radius2, (s[3] - three.centre).squaredNorm());
        return three;
      }
      const Eigen::Vector3d o =
          (a.squaredNorm() * b.cross(c) + b.squaredNorm() * c.cross(a) + c.squaredNorm() * a.cross(b)) / (2.0 * det);
      return {s[0] + o, o.squaredNorm()};
    }
  }
}

/// The smallest ball of the points before \a end in \a order with supports[0..count) on its
/// boundary ([Gaertner1999] procedure mtf_mb).
Candidate moveToFront(const std::vector<Eigen::Vector3d> &points, std::list<int> &order, std::list<int>::iterator end,
                      Eigen::Vector3d *supports, int count)
{
  Candidate ball = ballOn(supports, count);
  if (count == 4)
    return ball;
  for (auto it = order.begin(); it != end;)
  {
    const auto next = std::next(it);
    if (ball.outside(points[*it]))
    {
      supports[count] = points[*it];
      ball = moveToFront(points, order, it, supports, count + 1);
      order.splice(order.begin(), order, it);
    }
    it = next;
  }
  return ball;
}
}  // namespace

double radiusAbout(const Eigen::Vector3d &centre, const std::vector<Eigen::Vector3d> &points)
{
  double radius = 0.0;
  for (const Eigen::Vector3d &p : points)
    radius = std::max(radius, (p - centre).norm());
  return numeric::padUp(radius);
}

Sphere smallestBall(std::vector<Eigen::Vector3d> points)
{
  std::mt19937 rng(1);
  std::shuffle(points.begin(), points.end(), rng);
  std::list<int> order(points.size());
  int k = 0;
  for (int &i : order)
    i = k++;
  Eigen::Vector3d supports[4];
  const Candidate ball = moveToFront(points, order, order.end(), supports, 0);
  // the centre of the points' box holds them too: the smaller of the two, should rounding have
  // spoilt the algorithm's centre
  Eigen::AlignedBox3d box;
  for (const Eigen::Vector3d &p : points)
    box.extend(p);
  const double welzl = radiusAbout(ball.centre, points), boxed = radiusAbout(box.center(), points);
  return welzl <= boxed ? Sphere{ball.centre, welzl} : Sphere{box.center(), boxed};
}
}  // namespace ompl_ccd::spheres
