#include "certify/pipeline/joint_space_certificate.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <map>
#include <atomic>
#include <exception>
#include <mutex>
#include <set>
#include <thread>
#include <numeric>
#include <tuple>
#include <boost/container/small_vector.hpp>
#include <fcl/narrowphase/collision_object.h>

#include "ompl_ccd/bound/dynamic_aabb.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "certify/pipeline/certificate_cache.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/fcl_geometry.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/geometry/revolved_cover.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Relative error of the cells' distances (a lower bound within 1 + r: pair_distance.h), which
/// makes mesh distances far from contact much cheaper.
constexpr double kDistanceRelErr = 0.25;

/// Deepest cell (bounds the recursion of openSpans()).
constexpr int kMaxDepth = 60;

/// A revolved cover larger than this many times its body's box is not used.
constexpr double kLooseCover = 1.5;

/// Relative widening (of the piece's time span) of each one-turn piece of a segment past its cuts,
/// so that the rounding of the cut times leaves no gap between neighbouring pieces.
constexpr double kTurnPieceWidening = 1e-9;

/// Widening (units of t) of each open span past the clipped segment's ends: the clip's divisions
/// round at ≈ 10⁻¹⁶ of t ∈ [0, 1].
constexpr double kSpanWidening = 1e-12;

/// Appends the joints from \a link up to (not including) \a ancestor's; false if one of them is
/// not a revolute or prismatic joint with its own state value.
bool appendRelativeJoints(const RobotModel &model, int link, int ancestor, std::vector<int> &joints)
{
  for (int l = link; l != ancestor; l = model.links()[l].parent_link)
  {
    const int j = model.links()[l].parent_joint;
    if (j < 0)
      return false;
    const Joint &joint = model.joints()[j];
    if (joint.q_index < 0 || (joint.type != JointType::Revolute && joint.type != JointType::Prismatic))
      return false;
    joints.push_back(j);
  }
  return true;
}

/// A state of \a model: mid-limits, the floating root at the origin (its value is irrelevant here:
/// joints above the ancestor move both bodies rigidly).
Eigen::VectorXd baseState(const RobotModel &model)
{
  Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
  for (const Joint &joint : model.joints())
  {
    if (joint.q_index < 0)
      continue;
    if (joint.type == JointType::Floating)
      q[joint.q_index + 6] = 1.0;  // qw of an identity rotation
    else if (joint.type != JointType::Continuous)
      q[joint.q_index] = 0.5 * (joint.lower + joint.upper);
  }
  return q;
}

/// The part [s_in, s_out] of the segment a + s (b − a), s ∈ [0, 1], in the closed box [lo, hi]
/// widened by rounding slack; false if none (slab clipping).
bool clipSegment(const std::array<double, 3> &a, const std::array<double, 3> &b, const std::array<double, 3> &lo,
                 const std::array<double, 3> &hi, std::size_t dims, double &s_in, double &s_out)
{
  s_in = 0.0;
  s_out = 1.0;
  for (std::size_t k = 0; k < dims; ++k)
  {
    const double slack = numeric::kFinePadRel * (1.0 + std::fabs(lo[k]) + std::fabs(hi[k]));
    const double low = lo[k] - slack, high = hi[k] + slack, d = b[k] - a[k];
    if (d == 0.0)
    {
      if (a[k] < low || a[k] > high)
        return false;
      continue;
    }
    double s0 = (low - a[k]) / d, s1 = (high - a[k]) / d;
    if (s0 > s1)
      std::swap(s0, s1);
    s_in = std::max(s_in, s0);
    s_out = std::min(s_out, s1);
    if (s_in > s_out)
      return false;
  }
  return true;
}
/// A body of the pair measured through its cover under one of the pair's revolute joints.
struct CoveredBody
{
  bool body_is_a = false;
  int joint = -1;
  RevolvedCover cover;
};

/// The tightest (smallest) cover that takes out one revolute joint: a body's own joint turns it
/// about an axis through its link origin; a body on the ancestor C sees the other side turned by
/// the first joint below C, as if itself turned the other way about that joint's axis (in C).
std::optional<CoveredBody> tightestCover(const RobotModel &robot, const BodyRef &a, const BodyRef &b,
                                         const std::vector<int> &joints_a, const std::vector<int> &joints_b)
{
  std::optional<CoveredBody> best;
  const auto consider = [&](bool body_is_a, int joint_index, bool own) {
    const Joint &joint = robot.joints()[joint_index];
    if (joint.type != JointType::Revolute)
      return;
    const BodyRef &body = body_is_a ? a : b;
    const LinkGeometry &geometry = robot.links()[body.link].geometries[body.geometry];
    // the axis in the body's link frame: through the origin of a child link, or placed by the
    // joint's pose in its parent (the ancestor)
    const Eigen::Vector3d origin = own ? Eigen::Vector3d::Zero() : Eigen::Vector3d(joint.X_PJ.translation());
    const Eigen::Vector3d axis = own ? joint.axis : Eigen::Vector3d(joint.X_PJ.linear() * joint.axis);
    RevolvedCover cover = revolvedCover(geometry, origin, axis);
    // a loose cover (a long link swung about a crossing axis) would certify little for its cells
    const LocalBox box = localBox(geometry);
    if (cover.volume > kLooseCover * 8.0 * box.half_extents.prod())
      return;
    if (!best || cover.volume < best->cover.volume)
      best = CoveredBody{body_is_a, joint_index, std::move(cover)};
  };
  if (!joints_a.empty())
    consider(true, joints_a.front(), true);
  if (!joints_b.empty())
    consider(false, joints_b.front(), true);
  if (joints_a.empty() && !joints_b.empty())  // a is on the ancestor
    consider(true, joints_b.back(), false);
  if (joints_b.empty() && !joints_a.empty())
    consider(false, joints_a.back(), false);
  return best;
}

/// One vertex of each connected part of a mesh geometry's triangles, in its link frame.
std::vector<Eigen::Vector3d> partRepresentatives(const LinkGeometry &geometry)
{
  const TriangleMesh &mesh = *geometry.shape.mesh;
  std::vector<int> parent(mesh.vertices.size());
  std::iota(parent.begin(), parent.end(), 0);
  const auto root = [&](int v) {
    while (parent[v] != v)
      v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const Eigen::Vector3i &triangle : mesh.triangles)
    for (int k = 1; k < 3; ++k)
      parent[root(triangle[k])] = root(triangle[0]);
  std::vector<char> seen(mesh.vertices.size(), 0);
  std::vector<Eigen::Vector3d> representatives;
  for (const Eigen::Vector3i &triangle : mesh.triangles)
    if (!seen[root(triangle[0])])
    {
      seen[root(triangle[0])] = 1;
      representatives.push_back(geometry.X_LG * mesh.vertices[triangle[0]]);
    }
  return representatives;
}

/// What JointSpaceCertificate::build measures its cells with: the pair's bodies (a covered one
/// through its revolved cover, in its link frame) posed with the relative joints at given values
/// and every other joint at the base state.
class CellMeasure
{
public:
  CellMeasure(const CollisionWorld &world, const BodyRef &a, const BodyRef &b, int ancestor,
              const std::vector<int> &joints, const std::optional<CoveredBody> &covered)
    : robot_(world.robot())
    , a_(a)
    , b_(b)
    , ancestor_(ancestor)
    , joints_(joints)
    , covered_(covered)
    , cover_a_(covered && covered->body_is_a)
    , cover_b_(covered && !covered->body_is_a)
    , measured_a_(cover_a_ ? covered->cover.geometry : robot_.links()[a.link].geometries[a.geometry])
    , measured_b_(cover_b_ ? covered->cover.geometry : robot_.links()[b.link].geometries[b.geometry])
    , reach_a_(bodyReach(robot_, a.link, measured_a_))
    , reach_b_(bodyReach(robot_, b.link, measured_b_))
    , object_a_(cover_a_ ? makeFclGeometry(measured_a_.shape) : world.linkGeometry(a.link, a.geometry))
    , object_b_(cover_b_ ? makeFclGeometry(measured_b_.shape) : world.linkGeometry(b.link, b.geometry))
    // a surface of the other body wholly inside the cover would be apart from the cover's surface:
    // one vertex per connected part of the other surface tells (a part cannot get in or out while
    // the surfaces stay apart)
    , part_points_(covered ? partRepresentatives(cover_a_ ? robot_.links()[b.link].geometries[b.geometry]
                                                          : robot_.links()[a.link].geometries[a.geometry])
                           : std::vector<Eigen::Vector3d>{})
    , kinematics_(robot_)
    , base_(baseState(robot_))
    , hull_a_(measured_a_.shape)
    , hull_b_(measured_b_.shape)
  {
  }

  /** \brief The state with the relative joints at \a values, every other joint at the base state. */
  Eigen::VectorXd state(const std::array<double, 3> &values) const
  {
    Eigen::VectorXd q = base_;
    for (std::size_t k = 0; k < joints_.size(); ++k)
      q[robot_.joints()[joints_[k]].q_index] = values[k];
    return q;
  }

  /** \brief Exact distance with the relative joints at values (−∞ when a part of the other body
      is inside the cover); the poses and nearest points stay for slabBound(). */
  double distanceAt(const std::array<double, 3> &values)
  {
    forwardKinematics(robot_, kinematics_, state(values));
    object_a_.setTransform(kinematics_.X_WL[a_.link] * measured_a_.X_LG);
    object_b_.setTransform(kinematics_.X_WL[b_.link] * measured_b_.X_LG);
    if (covered_)
    {
      const int cover_link = cover_a_ ? a_.link : b_.link, other_link = cover_a_ ? b_.link : a_.link;
      const Eigen::Isometry3d X_CO = kinematics_.X_WL[cover_link].inverse() * kinematics_.X_WL[other_link];
      for (const Eigen::Vector3d &p_O : part_points_)
        if (covered_->cover.mayContain(X_CO * p_O))
          return -numeric::kInfinity;
    }
    return pairDistanceLowerBound(object_a_, object_b_, &nearest_, kDistanceRelErr);
  }

  /** \brief The slab between the measured bodies' convex hulls along the centre's nearest-point
      direction n, fixed in the ancestor's frame, less how far the bodies can move along n relative
      to it from the centre to any point of the cell (motionBoundAlong from the centre to the
      corners, see measuredCorners()): a lower bound on the distance over the cell that is often
      much larger than the undirected one, as a joint whose axis is near n hardly moves the bodies
      along it.
      \pre distanceAt(centre) was the last call (its poses and nearest points are used). */
  double slabBound(const std::array<double, 3> &centre, const std::array<double, 3> &lo,
                   const std::array<double, 3> &hi) const
  {
    const Eigen::Vector3d gap = nearest_.p_WB - nearest_.p_WA;
    if (!(gap.norm() > numeric::kMinDirectionLength))
      return -numeric::kInfinity;
    const Eigen::Vector3d n = gap.normalized();
    const auto support = [&](const ConvexHull &hull, int link, const LinkGeometry &measured,
                             const Eigen::Vector3d &dir) {
      const Eigen::Isometry3d X_WG = kinematics_.X_WL[link] * measured.X_LG;
      return hull.support(X_WG.linear().transpose() * dir) + X_WG.translation().dot(dir);
    };
    const double h_A = support(hull_a_, a_.link, measured_a_, n), h_B = support(hull_b_, b_.link, measured_b_, -n);
    const double slab = -h_B - h_A - numeric::kSlabSlack * (1.0 + std::fabs(h_A) + std::fabs(h_B));
    double reach = 0.0;
    for (const std::array<double, 3> &corner : measuredCorners(lo, hi))
    {
      const JointMotion motion(robot_, state(centre), state(corner));
      reach = std::max(reach,
                       motionBoundAlong(motion, kinematics_.X_WL, a_.link, reach_a_, 0.0, 1.0, n, ancestor_) +
                           motionBoundAlong(motion, kinematics_.X_WL, b_.link, reach_b_, 0.0, 1.0, n, ancestor_));
    }
    return slab - reach - numeric::kFinePadAbs;
  }

  /** \brief The corners of the cell [lo, hi] whose motion bounds from the centre bound those of
      every point x of the cell. From the centre, x moves each joint by at most the half-width h_k,
      and motionBoundAlong depends on the motion only through |Δ_k| (rates, the axes' turn angles)
      and, through the levers L_k, through the prismatic joints' end values (linkOffset: the
      offset's norm at the stroke's ends, convex in the value). Every corner has |Δ_k| = h_k, so x's
      bound is at most that of a corner whose prismatic values give the largest offsets: with at
      most one prismatic joint, lo or hi has it at either end; with two or more the largest offsets
      can sit at mixed ends (lo of one, hi of the other, both under one revolute joint's lever), so
      every corner is measured. */
  std::vector<std::array<double, 3>> measuredCorners(const std::array<double, 3> &lo,
                                                     const std::array<double, 3> &hi) const
  {
    const auto prismatic = std::count_if(joints_.begin(), joints_.end(), [&](int j) {
      return robot_.joints()[j].type == JointType::Prismatic;
    });
    if (prismatic < 2)
      return {lo, hi};
    std::vector<std::array<double, 3>> corners;
    for (std::size_t c = 0; c < (std::size_t{1} << joints_.size()); ++c)
    {
      std::array<double, 3> corner = lo;
      for (std::size_t k = 0; k < joints_.size(); ++k)
        if ((c >> k) & 1)
          corner[k] = hi[k];
      corners.push_back(corner);
    }
    return corners;
  }

  /** \brief How far the bodies can move relative to the ancestor from lo to hi: Σ_k |hi_k − lo_k| L_k. */
  double reachBetween(const std::array<double, 3> &lo, const std::array<double, 3> &hi) const
  {
    const JointMotion motion(robot_, state(lo), state(hi));
    return motionBound(motion, a_.link, reach_a_, 0.0, 1.0, ancestor_) +
           motionBound(motion, b_.link, reach_b_, 0.0, 1.0, ancestor_);
  }

private:
  const RobotModel &robot_;
  const BodyRef a_, b_;
  const int ancestor_;
  const std::vector<int> &joints_;
  const std::optional<CoveredBody> &covered_;
  const bool cover_a_, cover_b_;
  const LinkGeometry &measured_a_, &measured_b_;
  const BodyReach reach_a_, reach_b_;
  fcl::CollisionObjectd object_a_, object_b_;
  const std::vector<Eigen::Vector3d> part_points_;
  KinematicsWorkspace kinematics_;
  NearestPoints nearest_;
  const Eigen::VectorXd base_;
  const ConvexHull hull_a_, hull_b_;
};

/// A cell while building: its box, its bound and its halves (child, child + 1; −1 for a leaf).
struct BuildCell
{
  std::array<double, 3> lo{}, hi{};
  double lower = 0.0;
  int child = -1, split = 0, depth = 0;
};

/// Cells refined breadth first from \a root (the budget refines the whole box evenly): a cell is
/// halved along the joint whose half-width moves the bodies most (\a weight per unit of value)
/// until it is certified (bound ≥ margin), the budget is spent, or halves would gain nothing.
/// Children come after their parent.
std::vector<BuildCell> refineCells(CellMeasure &measure, const BuildCell &root, const std::array<double, 3> &weight,
                                   std::size_t dims, const JointSpaceCertificateOptions &options)
{
  std::vector<BuildCell> cells{root};
  std::deque<int> pending{0};
  while (!pending.empty())
  {
    const int i = pending.front();
    pending.pop_front();
    BuildCell &cell = cells[i];
    std::array<double, 3> centre{};
    for (std::size_t k = 0; k < dims; ++k)
      centre[k] = 0.5 * (cell.lo[k] + cell.hi[k]);
    // every point of the cell is within half the corner-to-corner reach of the centre
    const double half_reach = 0.5 * measure.reachBetween(cell.lo, cell.hi);
    const double distance = measure.distanceAt(centre);
    cell.lower = distance - half_reach - numeric::kFinePadAbs;
    if (std::isfinite(distance))  // (a part inside a cover certifies nothing)
      cell.lower = std::max(cell.lower, measure.slabBound(centre, cell.lo, cell.hi));
    if (std::isnan(cell.lower))  // certifies nothing (and must not hide in a subtree's least bound)
      cell.lower = -numeric::kInfinity;
    // no cut when the cell is certified, the budget is spent, or the cell is so small that its
    // bound is the centre's distance to within margin/20 (halves would gain nothing)
    if (cell.lower >= options.margin || cells.size() + 2 > static_cast<std::size_t>(options.max_cells) ||
        half_reach < 0.05 * options.margin || cell.depth >= kMaxDepth)
      continue;
    std::size_t split = 0;
    for (std::size_t k = 1; k < dims; ++k)
      if ((cell.hi[k] - cell.lo[k]) * weight[k] > (cell.hi[split] - cell.lo[split]) * weight[split])
        split = k;
    if (dims == 0 || !(cell.hi[split] > cell.lo[split]))
      continue;
    BuildCell low = cell, high = cell;
    // the midpoint, as queries recompute it from the parent's box
    low.hi[split] = high.lo[split] = 0.5 * (cell.lo[split] + cell.hi[split]);
    low.child = high.child = -1;
    low.depth = high.depth = cell.depth + 1;
    cell.split = static_cast<int>(split);
    cell.child = static_cast<int>(cells.size());  // before the push invalidates cell
    cells.push_back(low);
    cells.push_back(high);
    pending.push_back(cells[i].child);
    pending.push_back(cells[i].child + 1);
  }
  return cells;
}
}  // namespace

std::optional<JointSpaceCertificate> JointSpaceCertificate::build(const CollisionWorld &world, const BodyRef &a,
                                                                  const BodyRef &b, int ancestor,
                                                                  const JointSpaceCertificateOptions &options)
{
  const RobotModel &robot = world.robot();
  const LinkGeometry &geometry_a = robot.links()[a.link].geometries[a.geometry];
  const LinkGeometry &geometry_b = robot.links()[b.link].geometries[b.geometry];
  // meshes only: FCL measures two meshes with exact triangle distances, a primitive through GJK
  if (geometry_a.shape.kind != CollisionShape::Kind::Mesh || geometry_b.shape.kind != CollisionShape::Kind::Mesh)
    return std::nullopt;
  std::vector<int> joints_a, joints_b;
  if (!appendRelativeJoints(robot, a.link, ancestor, joints_a) || !appendRelativeJoints(robot, b.link, ancestor, joints_b))
    return std::nullopt;
  // One joint too many: a revolved cover can take out a revolute joint that only turns one body
  std::optional<CoveredBody> covered;
  if (static_cast<int>(joints_a.size() + joints_b.size()) == options.max_dims + 1)
    covered = tightestCover(robot, a, b, joints_a, joints_b);
  JointSpaceCertificate certificate;
  certificate.joints_ = joints_a;
  certificate.joints_.insert(certificate.joints_.end(), joints_b.begin(), joints_b.end());
  if (covered)
    certificate.joints_.erase(std::find(certificate.joints_.begin(), certificate.joints_.end(), covered->joint));
  if (static_cast<int>(certificate.joints_.size()) > options.max_dims)
    return std::nullopt;
  const std::vector<int> &joints = certificate.joints_;
  const std::size_t dims = joints.size();
  CellMeasure measure(world, a, b, ancestor, joints, covered);

  BuildCell root;
  for (std::size_t k = 0; k < dims; ++k)
  {
    const Joint &joint = robot.joints()[joints[k]];
    root.lo[k] = joint.lower;
    root.hi[k] = joint.upper;
    // a revolute joint's pose repeats every turn: one turn of a wider range holds all its cells
    if (joint.type == JointType::Revolute && joint.upper - joint.lower > numeric::kTwoPi)
    {
      root.hi[k] = joint.lower + numeric::kTwoPi;
      certificate.period_[k] = numeric::kTwoPi;
    }
  }
  certificate.root_lo_ = root.lo;
  certificate.root_hi_ = root.hi;
  // how much each joint moves the bodies per unit of its value: cells are halved along the
  // joint whose half-width moves them most
  std::array<double, 3> weight{};
  for (std::size_t k = 0; k < dims; ++k)
  {
    std::array<double, 3> hi = root.lo;
    hi[k] = root.hi[k];
    weight[k] = root.hi[k] > root.lo[k] ? measure.reachBetween(root.lo, hi) / (root.hi[k] - root.lo[k]) : 0.0;
  }
  const std::vector<BuildCell> cells = refineCells(measure, root, weight, dims, options);

  // The certificate keeps the cells compact, in depth-first order. Children come after their
  // parent: the least bound of each subtree, leaves first.
  std::vector<double> least(cells.size());
  for (std::size_t i = cells.size(); i-- > 0;)
    least[i] = cells[i].child < 0 ? cells[i].lower : std::min(least[cells[i].child], least[cells[i].child + 1]);
  // depth-first order: a cell's low half right after it
  std::vector<std::pair<int, int>> stack{{0, -1}};  // (build cell, compact parent whose high half it is)
  while (!stack.empty())
  {
    const auto [i, parent] = stack.back();
    stack.pop_back();
    if (parent >= 0)
      certificate.cells_[parent].high = static_cast<int>(certificate.cells_.size());
    Cell compact;
    compact.least = least[i];
    compact.split = cells[i].split;
    certificate.cells_.push_back(compact);
    if (cells[i].child >= 0)
    {
      // the high half waits for the low half's whole subtree
      stack.emplace_back(cells[i].child + 1, static_cast<int>(certificate.cells_.size()) - 1);
      stack.emplace_back(cells[i].child, -1);
    }
  }
  return certificate;
}

void JointSpaceCertificate::openSpans(const JointMotion &motion, double t_a, double t_b, double threshold,
                                      std::vector<std::pair<double, double>> &spans) const
{
  const std::size_t dims = joints_.size();
  // the joints' values on JointMotion::stateAt's segment q0 + (q1 − q0) t
  const auto valuesAt = [&](double t) {
    std::array<double, 3> values{};
    for (std::size_t k = 0; k < dims; ++k)
      values[k] = motion.jointStart(joints_[k]) + motion.jointDelta(joints_[k]) * t;
    return values;
  };
  const std::array<double, 3> a = valuesAt(t_a), b = valuesAt(t_b);
  // [t_a, t_b] cut where a periodic joint crosses into another turn (lo + m · 2π)
  boost::container::small_vector<double, 16> cuts{t_a, t_b};
  for (std::size_t k = 0; k < dims; ++k)
  {
    if (period_[k] == 0.0)
    {
      if (!(root_lo_[k] <= std::min(a[k], b[k]) && std::max(a[k], b[k]) <= root_hi_[k]))  // leaves the box
      {
        spans.emplace_back(t_a, t_b);
        return;
      }
      continue;
    }
    if (a[k] == b[k])
      continue;
    const double first = std::ceil((std::min(a[k], b[k]) - root_lo_[k]) / period_[k]);
    const double last = std::floor((std::max(a[k], b[k]) - root_lo_[k]) / period_[k]);
    for (double m = first; m <= last; ++m)
      cuts.push_back(std::clamp(t_a + (t_b - t_a) * (root_lo_[k] + m * period_[k] - a[k]) / (b[k] - a[k]), t_a, t_b));
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  if (cuts.size() == 1)  // t_a = t_b
    cuts.push_back(t_b);
  // each piece in its own turn, widened past the cuts so that rounding leaves no gap between
  // pieces (what a piece's turn does not hold, its neighbour's does)
  const double widen = kTurnPieceWidening * (t_b - t_a);
  for (std::size_t c = 0; c + 1 < cuts.size(); ++c)
  {
    const double u = std::max(t_a, cuts[c] - widen), v = std::min(t_b, cuts[c + 1] + widen);
    std::array<double, 3> from = valuesAt(u), to = valuesAt(v);
    for (std::size_t k = 0; k < dims; ++k)
      if (period_[k] != 0.0)
      {
        const double turns = std::floor((0.5 * (from[k] + to[k]) - root_lo_[k]) / period_[k]);
        from[k] -= turns * period_[k];
        to[k] -= turns * period_[k];
      }
    openSpansInBox(from, to, u, v, threshold, spans);
  }
}

void JointSpaceCertificate::openSpansInBox(const std::array<double, 3> &a, const std::array<double, 3> &b, double t_a,
                                           double t_b, double threshold,
                                           std::vector<std::pair<double, double>> &spans) const
{
  SegmentQuery query{a, b, t_a, t_b, threshold, joints_.size(), spans};
  std::array<double, 3> lo = root_lo_, hi = root_hi_;
  collectOpenSpans(0, lo, hi, query);
}

void JointSpaceCertificate::collectOpenSpans(int i, std::array<double, 3> &lo, std::array<double, 3> &hi,
                                             SegmentQuery &query) const
{
  const Cell &cell = cells_[i];
  if (cell.least >= query.threshold)  // every leaf below is certified
    return;
  double s_in, s_out;
  if (!clipSegment(query.a, query.b, lo, hi, query.dims, s_in, s_out))
    return;
  if (cell.high < 0)
  {
    // s ∈ [0, 1] along the piece, widened by rounding slack
    const double t_a = query.t_a, t_b = query.t_b;
    query.spans.emplace_back(std::max(t_a, t_a + (t_b - t_a) * s_in - kSpanWidening),
                             std::min(t_b, t_a + (t_b - t_a) * s_out + kSpanWidening));
    return;
  }
  // the halves' boxes: this one's, cut at the midpoint along the split joint
  const int k = cell.split;
  const double low_end = lo[k], high_end = hi[k], middle = 0.5 * (low_end + high_end);
  hi[k] = middle;
  collectOpenSpans(i + 1, lo, hi, query);
  hi[k] = high_end;
  lo[k] = middle;
  collectOpenSpans(cell.high, lo, hi, query);
  lo[k] = low_end;
}

bool JointSpaceCertificate::operator==(const JointSpaceCertificate &other) const
{
  const auto same = [](const Cell &x, const Cell &y) {
    return x.high == y.high && x.split == y.split && std::memcmp(&x.least, &y.least, sizeof(double)) == 0;
  };
  return joints_ == other.joints_ && period_ == other.period_ && root_lo_ == other.root_lo_ &&
         root_hi_ == other.root_hi_ && cells_.size() == other.cells_.size() &&
         std::equal(cells_.begin(), cells_.end(), other.cells_.begin(), same);
}

std::size_t JointSpaceCertificate::cells() const
{
  return static_cast<std::size_t>(std::count_if(cells_.begin(), cells_.end(), [](const Cell &c) { return c.high < 0; }));
}

double JointSpaceCertificate::leafBound(std::array<double, 3> values) const
{
  std::array<double, 3> lo = root_lo_, hi = root_hi_;
  for (std::size_t k = 0; k < joints_.size(); ++k)  // a periodic joint's value in the root's turn
    if (period_[k] != 0.0)
      values[k] -= std::floor((values[k] - root_lo_[k]) / period_[k]) * period_[k];
  int i = 0;
  while (cells_[i].high >= 0)
  {
    const int k = cells_[i].split;
    const double middle = 0.5 * (lo[k] + hi[k]);
    if (values[k] <= middle)
    {
      hi[k] = middle;
      i += 1;
    }
    else
    {
      lo[k] = middle;
      i = cells_[i].high;
    }
  }
  return cells_[i].least;
}

double JointSpaceCertificate::lowerBoundAt(const std::vector<double> &values) const
{
  std::array<double, 3> folded{};
  std::copy(values.begin(), values.end(), folded.begin());
  return leafBound(folded);
}

double JointSpaceCertificate::lowerBoundAt(const JointMotion &motion, double t) const
{
  std::array<double, 3> values{};
  for (std::size_t k = 0; k < joints_.size(); ++k)
    values[k] = motion.jointStart(joints_[k]) + motion.jointDelta(joints_[k]) * t;
  return leafBound(values);
}

namespace
{
/// What a certificate depends on besides its robot.
struct PairKey
{
  int link_a, geometry_a, link_b, geometry_b, ancestor, max_dims, max_cells;
  double margin;
  bool operator<(const PairKey &o) const
  {
    return std::tie(link_a, geometry_a, link_b, geometry_b, ancestor, max_dims, max_cells, margin) <
           std::tie(o.link_a, o.geometry_a, o.link_b, o.geometry_b, o.ancestor, o.max_dims, o.max_cells, o.margin);
  }
};
using RobotCertificates = std::map<PairKey, std::shared_ptr<const JointSpaceCertificate>>;

/// JointSpaceCertificate::build for pairs[missing[m]] into fresh[m], on every core (each pair's
/// exact distance queries are independent).
/// \throws the first pair's Error, if any.
void buildInParallel(const CollisionWorld &world, const std::vector<BodyRef> &bodies, const std::vector<BodyPair> &pairs,
                     const JointSpaceCertificateOptions &options, const std::vector<std::size_t> &missing,
                     CertificateList &fresh)
{
  std::vector<std::exception_ptr> failures(missing.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t m = next++; m < missing.size(); m = next++)
      try
      {
        const BodyPair &pair = pairs[missing[m]];
        if (auto certificate = JointSpaceCertificate::build(world, bodies[pair.a], bodies[pair.b], pair.ancestor, options))
          fresh[m] = std::make_shared<const JointSpaceCertificate>(std::move(*certificate));
      }
      catch (...)
      {
        failures[m] = std::current_exception();
      }
  };
  std::vector<std::thread> helpers;
  const std::size_t threads = std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), missing.size());
  for (std::size_t h = 1; h < threads; ++h)
    helpers.emplace_back(work);
  work();
  for (std::thread &helper : helpers)
    helper.join();
  for (const std::exception_ptr &failure : failures)
    if (failure)
      std::rethrow_exception(failure);
}
}  // namespace

CertificateList sharedCertificates(const CollisionWorld &world, const std::vector<BodyRef> &bodies,
                                   const std::vector<BodyPair> &pairs, const JointSpaceCertificateOptions &options,
                                   const std::optional<std::filesystem::path> &cache_folder)
{
  // per robot object (weak keys: a robot built later at the same address is another robot)
  static std::mutex mutex;
  static std::map<std::weak_ptr<const RobotModel>, RobotCertificates, std::owner_less<>> cache;
  const auto keyOf = [&](const BodyPair &pair) {
    const BodyRef &a = bodies[pair.a], &b = bodies[pair.b];
    return PairKey{a.link, a.geometry, b.link, b.geometry, pair.ancestor, options.max_dims, options.max_cells,
                   options.margin};
  };
  // the pairs not built yet (each once), found under the lock
  std::vector<std::size_t> missing;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (auto it = cache.begin(); it != cache.end();)
      it = it->first.expired() ? cache.erase(it) : std::next(it);
    const RobotCertificates &built = cache[world.robotPtr()];
    std::set<PairKey> wanted;
    for (std::size_t i = 0; i < pairs.size(); ++i)
      if (built.count(keyOf(pairs[i])) == 0 && wanted.insert(keyOf(pairs[i])).second)
        missing.push_back(i);
  }
  // read from the disk cache, or built outside the lock
  std::optional<CacheKey> key;
  std::optional<CertificateList> stored;
  if (!missing.empty() && cache_folder)
  {
    key = certificateCacheKey(world.robot(), bodies, pairs, options);
    stored = loadCertificates(cacheFile(*cache_folder, world.robot(), *key, "certificates"), *key, world.robot(),
                              pairs.size());
  }
  CertificateList fresh(missing.size());
  for (std::size_t m = 0; m < missing.size() && stored; ++m)
    fresh[m] = (*stored)[missing[m]];
  if (!stored)
    buildInParallel(world, bodies, pairs, options, missing, fresh);
  // kept (a certifier built meanwhile on another thread may have stored the same pair first)
  CertificateList certificates;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    RobotCertificates &built = cache[world.robotPtr()];
    for (std::size_t m = 0; m < missing.size(); ++m)
      built.emplace(keyOf(pairs[missing[m]]), fresh[m]);
    for (const BodyPair &pair : pairs)
      certificates.push_back(built.at(keyOf(pair)));
  }
  if (key && !stored)
    storeCertificates(cacheFile(*cache_folder, world.robot(), *key, "certificates"), *key, certificates);
  return certificates;
}
}  // namespace ompl_ccd
