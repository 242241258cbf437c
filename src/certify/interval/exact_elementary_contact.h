#pragma once
/// \file exact_elementary_contact.h
/// The exact elementary contact solver of ARTICULATE ([Redon2004] Sec. 5.2): the first time of
/// contact among vertex–face and edge–edge pairs whose vertices move along curves known through
/// enclosure functions (VertexMotion), over t ∈ [t₀, t₁].
///
/// The pairs are solved simultaneously (Sec. 5.2.2): one depth-first, earliest-first interval
/// subdivision over time (Sec. 5.2.3) keeps the list of pairs still active on each time interval T;
/// the vertex boxes over T are enclosed once per interval and motion, and shared by every active
/// pair. A pair is dropped on T when a separation test proves it apart on all of T (coplanarity,
/// Eq. (13)/(14), and the validity checks: exact_feature_bounds.h). Interval Newton on the
/// coplanarity functions (Sec. 5.2.4, Eq. (18)) shrinks T to the hull of the pairs' Newton
/// intervals, and drops a pair whose Newton interval misses T. On an interval no wider than
/// time_tolerance where pairs remain, their distance is bounded at its start and midpoint (the
/// enclosures at a point time); a pair within distance + contact_distance is the contact.
///
/// Arithmetic: every bound is an ompl_ccd::Interval (bound/interval.h), whose operations move each
/// computed end outward by at least one ulp. It is used rather than Taylor models because the
/// equations are low-degree polynomials of the vertex coordinates, so interval boxes shrink fast
/// enough under subdivision and Newton, and rather than switching the FPU rounding mode because it
/// needs no global state (thread-safe, no fesetround). Rounding can only widen a box, so it can
/// only keep a pair alive, never free it; the witness distance is an upper bound for the same reason.
///
/// Guarantees:
///  - Free: every pair stays farther than `distance` apart for all t ∈ [t₀, t₁]. No false negative.
///  - Collision: no pair comes within `distance` for t ∈ [t₀, toc_lower) (so toc_lower ≤ the first
///    time of contact), toc_upper − toc_lower ≤ time_tolerance, and at witness.time ∈
///    [toc_lower, toc_upper] the witness pair is at distance ≤ witness.distance ≤
///    distance + contact_distance (a rigorous upper bound). If the pair really touches (within
///    `distance`), the first contact is in [toc_lower, toc_upper] unless the pair comes within
///    contact_distance of touching in that bracket first: a false positive is a near contact, and
///    only within the bracket.
///  - Undecided: a work budget ran out (budget names it); no pair comes within `distance` on
///    [t₀, toc_lower).
/// Degenerate motions (coplanar vertex and face, parallel or collinear edges, touching over an
/// interval, contact at t₀ or t₁) are decided by the same tests: coplanarity alone never frees a pair.
///
/// References: [Redon2004] in README.md (section References).

#include <array>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "certify/interval/exact_feature_bounds.h"
#include "certify/interval/exact_vertex_motion.h"

#include "ompl_ccd/certify/interval/interval_arithmetic.h"

namespace ompl_ccd
{
/** \brief A vertex of one of the solver's motions: motions[motion].vertex \e vertex. */
struct VertexRef
{
  int motion = 0;
  int vertex = 0;
};

/** \brief One elementary contact equation: a vertex–face or edge–edge pair, its vertices ordered
    as in FeaturePairKind ({p, a, b, c} or {a, b, c, d}); the vertices may come from different
    motions (a link and an obstacle) or from the same one. */
struct FeaturePair
{
  FeaturePairKind kind = FeaturePairKind::VertexFace;
  std::array<VertexRef, 4> vertices;
};

/** \brief Default ElementaryContactOptions::time_tolerance: a millionth of a unit motion. */
constexpr double kElementaryTimeTolerance = 1e-6;
/** \brief Default ElementaryContactOptions::contact_distance: a nanometre, far below any mesh
    feature, far above the rounding of metre-scale coordinates (≈ 10⁻¹⁶ m). */
constexpr double kElementaryContactDistance = 1e-9;
/** \brief Default newton_iterations: on ccd_queries a second step still saves much time, a third
    little (bench/README.md, elementary_contact_benchmark). */
constexpr int kElementaryNewtonIterations = 2;

/** \brief Solver knobs (all have documented defaults). */
struct ElementaryContactOptions
{
  /** \brief Maximum width of the reported bracket [toc_lower, toc_upper] (time units, > 0). */
  double time_tolerance = kElementaryTimeTolerance;
  /** \brief d ≥ 0 (metres): contact means coming within d; 0 is exact contact. */
  double distance = 0.0;
  /** \brief Slack of the witness (metres, ≥ 0): a pair not proved apart is reported once its
      distance is bounded by distance + contact_distance at a time in the bracket. */
  double contact_distance = kElementaryContactDistance;
  /** \brief Work cap: maximum number of halvings of [t₀, t₁] (budget "max_depth"). */
  int max_depth = kElementaryMaxDepth;
  /** \brief Work cap: maximum number of time intervals examined (budget "max_boxes"). */
  int max_boxes = kElementaryMaxBoxes;
  /** \brief Interval Newton steps per time interval (0 disables Newton culling; not a budget:
      it never makes the result Undecided). */
  int newton_iterations = kElementaryNewtonIterations;
};

/** \brief The solver's answer (see the file comment for what each verdict guarantees). */
struct ElementaryContactResult
{
  Verdict verdict = Verdict::Undecided;
  /** \brief No pair within distance before this time (t₁ for Free). */
  double toc_lower = 0.0;
  /** \brief Collision: end of the bracket; otherwise t₁. */
  double toc_upper = 0.0;
  /** \brief Collision: index of the contact pair in the input; otherwise −1. */
  int pair = -1;
  /** \brief Collision: the witness (time, point_a on the first feature, point_b on the second,
      unit normal from the first towards the second, distance upper bound). */
  Contact witness;
  /** \brief Undecided: the budget that ran out ("max_depth" or "max_boxes"); otherwise empty. */
  std::string budget;
  /** \brief Time intervals examined, and Newton steps that shrank or emptied one. */
  int boxes = 0, newton_reductions = 0;
};

/** \brief The first time t ∈ [t₀, t₁] at which a pair of \a pairs comes within options.distance.
    \param motions the vertex motions the pairs refer to (not null; outlive the call).
    \throws Error if t₀ > t₁, a pair refers to a missing motion or vertex, or an option is out of
    range (time_tolerance ≤ 0, distance or contact_distance < 0, max_depth or max_boxes < 1).
    Thread-safe (no shared mutable state). */
ElementaryContactResult solveElementaryContacts(const std::vector<const VertexMotion *> &motions,
                                                const std::vector<FeaturePair> &pairs, double t0, double t1,
                                                const ElementaryContactOptions &options = {});
}  // namespace ompl_ccd
