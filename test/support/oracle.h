#pragma once
/// \file oracle.h
/// The soundness oracle every certifier is held against: an answer about a JointMotion that uses
/// nothing but discrete queries (FCL's isInCollision, and the distance lower bounds of
/// pair_distance.h, themselves held against FCL's triangle distances by pair_distance_test; FCL's
/// own distance between primitives is GJK's, not a bound) and a crude, independently derived
/// speed bound — no code of any certifier.
///
/// How it walks the motion. Every checked pair p (a link geometry and an obstacle, or two link
/// geometries of a self pair) has a margin mₚ(t) = dₚ(t) − clearance − ε, with dₚ a lower bound on
/// its distance and ε an allowed error, and a bound rₚ on |dₚ′| (linkSpeedBounds, relative speeds
/// for self pairs).
/// On [tₐ, t_b] the margin is then at least min_s max(mₚ(tₐ) − rₚ (s − tₐ), mₚ(t_b) − rₚ (t_b − s)),
/// so the interval is *certified* when that bound is positive for every pair. Lower bounds on dₚ
/// suffice, so each sample starts from the pairs' AABB distances and tightens a pair (to the
/// distance of its bounding boxes, then to the objects' distance) only when its bound is not enough.
/// The walk takes steps of 1.9 minₚ mₚ/rₚ (at least \e step), shrinks a step that fails to
/// 0.99 minₚ mₚ/rₚ (always certified) and, when even that is shorter than \e step, goes on in steps
/// of exactly \e step (dense sampling: such steps are sampled with isInCollision, not certified).
/// Every sample is checked with isInCollision; the first in collision is bisected against the last
/// free one down to \e bracket_width. So every t ∈ [0,1] before the reported contact either lies
/// in a certified interval or within \e step of a sampled free configuration.

#include <Eigen/Core>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd::test
{
/** \brief Upper bound, per link of motion.model().links(), on the speed ‖dp/dt‖ of any point p of
    the link's collision geometry under \a motion (metres per unit of t, t ∈ [0,1]).

    Derivation (independent of the certifiers' motion bounds). The velocity of p is the sum over
    the joints i above the link of: revolute/continuous δᵢ aᵢ × (p − oᵢ) (axis aᵢ through the joint
    origin oᵢ), so ‖·‖ ≤ |δᵢ| ‖p − oᵢ‖; prismatic δᵢ aᵢ, so ≤ |δᵢ|; floating root Δp + θ ω × (p − o)
    with ‖ω‖ = 1, so ≤ ‖Δp‖ + θ ‖p − o‖. And ‖p − oᵢ‖ ≤ ρᵢ by the triangle inequality down the
    chain: ρ = max ‖p_L‖ over the link's geometry in its own frame, plus, for every joint k below i,
    ‖translation of X_PJ_k‖ and (prismatic k) the largest |value_k| reached during the motion.
    Rotations preserve lengths, so ρᵢ holds for every t. */
std::vector<double> linkSpeedBounds(const RobotModel &model, const JointMotion &motion);

/** \brief Upper bound r on |d′(t)|, the rate of change of minimumDistance along \a motion: the
    largest over the checked pairs of link speed (link vs scene) or of the relative speed of two
    links (self pairs: the sum of both links' bounds counting only the joints below their deepest
    common ancestor, since joints shared by both move the pair rigidly). */
double distanceRateBound(const CollisionWorld &world, const JointMotion &motion);

/** \brief Knobs of the oracle. */
struct OracleOptions
{
  /** \brief Dense-sampling step h in t: the longest uncertified gap between two free samples. */
  double step = 1e-4;
  /** \brief Width of the TOC bracket [toc_lo, toc_hi] returned for a collision. */
  double bracket_width = 1e-6;
  /** \brief Assumed error of the distance (metres), subtracted from every distance sample. */
  double distance_error = 1e-6;
  /** \brief rel_err of mesh distances (pairDistanceLowerBound): FCL's traversal prunes more and
      finds d with the true distance in [d / (1 + rel_err), d]; the walk uses the lower end. 0 =
      exact (slow on close meshes). */
  double distance_rel_err = 0.0;
  /** \brief A configuration violates when its distance is below this (metres); 0 = in collision. */
  double clearance = 0.0;
  /** \brief Most discrete queries (collision + distance) per motion; past it the answer is
      Unresolved unless a collision was already found. */
  std::size_t max_queries = 200000;
};

/** \brief What the oracle could establish. */
enum class OracleVerdict
{
  Colliding,      ///< a sampled configuration violates (witness at toc_hi)
  CertifiedFree,  ///< the whole motion is certified by distance + rate bound
  Unresolved      ///< no violation found, but some stretch is only sampled (grazing) or the budget ran out
};

/** \brief "colliding", "certified-free", "unresolved". */
const char *toString(OracleVerdict verdict);

/** \brief The oracle's answer for one motion. Times in [0,1], distances in metres. */
struct OracleResult
{
  OracleVerdict verdict = OracleVerdict::Unresolved;
  /** \brief Colliding: last free and first violating time of the bisection, toc_hi − toc_lo ≤
      bracket_width; the configuration at toc_hi really violates. Otherwise both 1. */
  double toc_lo = 1.0, toc_hi = 1.0;
  /** \brief No configuration at t < certified_until violates (proved, not sampled); 1 for
      CertifiedFree. So the true first contact lies in [certified_until, toc_hi]. */
  double certified_until = 0.0;
  /** \brief Colliding: the contact at toc_hi (time set to toc_hi). */
  std::optional<Contact> witness;
  /** \brief Smallest FCL pair distance computed at a sample (0 at a contact): an upper bound on
      the motion's minimum distance; +inf when no pair came close enough to need one. */
  double min_distance_sampled = 0.0;
  /** \brief Proven lower bound on the distance over [0, certified_until) (clearance included). */
  double min_distance_certified = 0.0;
  /** \brief The rate bound r used (distanceRateBound). */
  double rate = 0.0;
  /** \brief Discrete queries spent. */
  std::size_t collision_queries = 0, distance_queries = 0;
};

/** \brief Labels \a motion. \pre \a ws was built for \a world; the motion's model is world.robot(). */
OracleResult runOracle(const CollisionWorld &world, CollisionWorkspace &ws, const JointMotion &motion,
                       const OracleOptions &options = {});

/** \brief A straight joint-space edge q0 → q1 (full state vectors of the world's robot). */
struct Edge
{
  Eigen::VectorXd q0, q1;
};

/** \brief runOracle on every edge, spread over \a threads threads (one workspace each). */
std::vector<OracleResult> labelEdges(const CollisionWorld &world, const std::vector<Edge> &edges,
                                     const OracleOptions &options = {}, int threads = 1);

/** \brief How one certifier report compares with the oracle's answer for the same motion. */
struct Classification
{
  /** \brief Report Free while the oracle found a violating configuration: the fatal error. */
  bool false_free = false;
  /** \brief Report Collision while the oracle certified the motion free (conservative; allowed,
      counted). */
  bool false_collision = false;
  /** \brief False collision although the oracle proves distance > tolerance all along. */
  bool false_collision_beyond_tolerance = false;
  /** \brief Report's guaranteed-free prefix [0, toc_lower) contains the oracle's violating
      configuration (toc_lower > toc_hi): as fatal as a false Free. */
  bool toc_lower_past_contact = false;
  /** \brief Report Collision with toc_upper below the oracle's proven-free prefix
      (toc_upper < certified_until): the report's witness time cannot be a contact. */
  bool toc_upper_before_free = false;
  /** \brief Both see a collision: |report.toc_lower − oracle.toc_lo|. */
  std::optional<double> toc_error;
  /** \brief toc_error ≤ tolerance + the oracle's bracket width (only set with toc_error). */
  bool toc_within_tolerance = false;
};

/** \brief Compares \a report with \a oracle; \a tolerance is the query's (time and distance). */
Classification classify(const Report &report, const OracleResult &oracle, double tolerance);

/** \brief Counts over many classified edges, for test assertions and printed summaries. */
struct SoundnessTally
{
  std::size_t edges = 0;
  /** \brief Oracle labels. */
  std::size_t oracle_colliding = 0, oracle_free = 0, oracle_unresolved = 0;
  /** \brief Report verdicts. */
  std::size_t report_free = 0, report_collision = 0, report_undecided = 0;
  /** \brief Fatal: false Free, or a guaranteed-free prefix past a real contact. */
  std::size_t false_free = 0, toc_lower_past_contact = 0;
  /** \brief Conservative answers. */
  std::size_t false_collision = 0, false_collision_beyond_tolerance = 0, toc_upper_before_free = 0;
  /** \brief Colliding edges both agree on, and those whose TOC is within tolerance. */
  std::size_t toc_compared = 0, toc_within_tolerance = 0;
  double max_toc_error = 0.0, sum_toc_error = 0.0;

  /** \brief Adds one edge. */
  void add(const Report &report, const OracleResult &oracle, const Classification &c);
  /** \brief Zero fatal errors (false Free, toc_lower past contact). */
  bool sound() const { return false_free == 0 && toc_lower_past_contact == 0; }
  /** \brief One line per counter, for test logs. */
  std::string summary() const;
};
}  // namespace ompl_ccd::test
