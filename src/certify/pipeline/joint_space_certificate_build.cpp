#include "certify/pipeline/joint_space_certificate.h"

// JointSpaceCertificate::build: the cells of a pair's relative joint space, each measured
// (CellMeasure) and halved until certified or the budget is spent.

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>
#include <fcl/narrowphase/collision_object.h>

#include "ompl_ccd/bound/dynamic_aabb.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/certify/pipeline/culling_options.h"
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

/// How much each of the \a dims joints moves the bodies per unit of its value over \a root's box:
/// cells are halved along the joint whose half-width moves them most.
std::array<double, 3> jointWeights(const CellMeasure &measure, const BuildCell &root, std::size_t dims)
{
  std::array<double, 3> weight{};
  for (std::size_t k = 0; k < dims; ++k)
  {
    std::array<double, 3> hi = root.lo;
    hi[k] = root.hi[k];
    weight[k] = root.hi[k] > root.lo[k] ? measure.reachBetween(root.lo, hi) / (root.hi[k] - root.lo[k]) : 0.0;
  }
  return weight;
}
}  // namespace

std::optional<JointSpaceCertificate> JointSpaceCertificate::build(const CollisionWorld &world, const BodyRef &a,
                                                                  const BodyRef &b, int ancestor,
                                                                  const JointSpaceCertificateOptions &options)
{
  // the cells are arrays of kMaxCertificateDims joints: a larger max_dims would write past them
  OMPL_CCD_THROW_UNLESS(options.max_dims >= 0 && options.max_dims <= CullingOptions::kMaxCertificateDims,
                        "JointSpaceCertificate::build: max_dims is ", options.max_dims, "; allowed: 0 to ",
                        CullingOptions::kMaxCertificateDims, ".");
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
  const std::vector<BuildCell> cells = refineCells(measure, root, jointWeights(measure, root, dims), dims, options);

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
}  // namespace ompl_ccd
