#pragma once
/// \file joint_space_certificate.h
/// A self pair's clearance over its relative joint space, computed once at load.
///
/// Two bodies of one robot move relative to each other only by the joints between them and their
/// deepest common ancestor C (motion_bound.h). When those are a few revolute or prismatic joints
/// with their own state values, the box of their limits is cut into cells, each
/// holding a lower bound on the pair's distance over it, the larger of
///   - the exact distance at the cell's centre minus how far the bodies can move relative to C
///     from the centre to any point of the cell, Σ_k h_k L_k ([Zhang2007] Eq. (9)–(10) with the
///     half-widths h_k as joint changes);
///   - the width of the slab between the bodies' convex hulls along the centre's nearest-point
///     direction n (fixed in C) minus how far they can move along n (the directed bound): a joint
///     whose axis is near n hardly moves the bodies along it.
/// Cells are halved, most-moving joint first, while their bound is below a margin, within a budget.
///
/// A pair moved by one joint more than max_dims can still get a certificate when one of its
/// revolute joints only turns one body about an axis (the body's own joint, or the first joint
/// below C seen from a body on C): that body is measured through its revolved cover
/// (revolved_cover.h), which holds it at every angle of the joint, and the joint is left out.
///
/// A revolute joint whose limits span more than a turn (UR arms' ±2π) is cut over one turn only,
/// [lower, lower + 2π): its pose repeats every turn, so the cells of that turn hold for all and
/// the budget is spent on one copy instead of several.
///
/// A straight joint-space segment (a piece of a JointMotion) that stays inside the box and meets
/// only cells whose bound reaches clearance + tolerance certifies the pair free along it: no CA
/// step is needed there. Immutable after construction: shared by all threads.
///
/// References: [Zhang2007] in README.md (section References).

#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd
{
/** \brief Limits of a JointSpaceCertificate. */
struct JointSpaceCertificateOptions
{
  /** \brief Most relative joints a certified pair may have, at most
      CullingOptions::kMaxCertificateDims (a budget of cells covers the box as finely as
      budget^(1/dims) per joint). */
  int max_dims = 2;
  /** \brief Most cells (one exact distance query each). */
  int max_cells = 8192;
  /** \brief A cell whose bound reaches this (metres) is not cut further. */
  double margin = 2e-3;
};

/** \brief Precomputed lower bounds on a self pair's distance over cells of its relative joint space. */
class JointSpaceCertificate
{
public:
  /** \brief The certificate of mesh bodies \a a and \a b (of links below their deepest common
      ancestor \a ancestor), or nothing when a body is a primitive (FCL measures those with GJK,
      not exactly) or the joints between them are not 0 to options.max_dims revolute or prismatic
      joints with their own state values (mimic joints follow others), one more when a revolved
      cover takes one revolute joint out. Costs up to options.max_cells exact distance queries. */
  static std::optional<JointSpaceCertificate> build(const CollisionWorld &world, const BodyRef &a, const BodyRef &b,
                                                    int ancestor, const JointSpaceCertificateOptions &options = {});

  /** \brief The times in [t_a, t_b] of \a motion the certificate leaves open, as spans
      [t_in, t_out] (appended to \a spans): where the joints' segment meets a cell bounded below
      \a threshold, or all of [t_a, t_b] when the segment leaves the limits of a joint cut over
      its limits. At every other t of [t_a, t_b] the pair's distance is at least \a threshold.
      Cells are closed and widened by rounding slack, so a touch counts. */
  void openSpans(const JointMotion &motion, double t_a, double t_b, double threshold,
                 std::vector<std::pair<double, double>> &spans) const;

  /** \brief Number of leaf cells. */
  std::size_t cells() const;
  /** \brief The relative joints (indices in RobotModel::joints()). */
  const std::vector<int> &joints() const { return joints_; }
  /** \brief The lower bound of a leaf holding the joint values \a values (one per joints(),
      inside the limits; a periodic joint's in any turn). */
  double lowerBoundAt(const std::vector<double> &values) const;
  /** \brief The lower bound of a leaf holding the joints' values at time \a t of \a motion, which
      stay inside the limits of the joints cut over their limits. */
  double lowerBoundAt(const JointMotion &motion, double t) const;
  /** \brief 2π for a joint whose cells cover one turn of its range, 0 for one cut over its limits. */
  double period(std::size_t k) const { return period_[k]; }
  /** \brief True iff both have the same joints, box and cells, bit for bit. */
  bool operator==(const JointSpaceCertificate &other) const;

private:
  /** \brief Writes and reads certificates in the cache's files (certificate_cache.cpp). */
  friend class CertificateFile;

  /** \brief A cell of the tree, in depth-first order: an inner cell's halves along dimension
      \e split, cut at the midpoint of its box, are the next cell (low half) and cell \e high
      (high half); boxes are not stored but halved from the root's on the way down. 16 bytes, so
      that a query's walk touches few cache lines. */
  struct Cell
  {
    /** \brief The least lower bound of the leaves below (a leaf's own bound): a query skips a
        subtree certified all through. */
    double least = 0.0;
    /** \brief Index of the high half; −1 for a leaf. */
    int high = -1;
    int split = 0;
  };
  /** \brief openSpans for the straight segment a → b (times t_a → t_b) in the root cell's box. */
  void openSpansInBox(const std::array<double, 3> &a, const std::array<double, 3> &b, double t_a, double t_b,
                      double threshold, std::vector<std::pair<double, double>> &spans) const;
  /** \brief What openSpansInBox asks of every cell. */
  struct SegmentQuery
  {
    const std::array<double, 3> &a, &b;
    double t_a, t_b, threshold;
    std::size_t dims;
    std::vector<std::pair<double, double>> &spans;
  };
  /** \brief Appends the open spans of the segment in cell \a i, whose box is [lo, hi] (restored on
      return), to query.spans. */
  void collectOpenSpans(int i, std::array<double, 3> &lo, std::array<double, 3> &hi, SegmentQuery &query) const;
  /** \brief The bound of the leaf holding \a values, folded into the root's turn. */
  double leafBound(std::array<double, 3> values) const;

  std::vector<int> joints_;
  std::array<double, 3> period_{};
  /** \brief The root cell's box: the joints' limits (one turn of a periodic joint). */
  std::array<double, 3> root_lo_{}, root_hi_{};
  std::vector<Cell> cells_;
};

/** \brief Certificates of a list of pairs, nullptr for a pair that has none. */
using CertificateList = std::vector<std::shared_ptr<const JointSpaceCertificate>>;
}  // namespace ompl_ccd
