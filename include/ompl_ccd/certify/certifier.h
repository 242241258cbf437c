#pragma once
/// \file certifier.h
/// The certifier contract (docs/design.md): a certifier decides whether a JointMotion is free, and
/// bounds its first time of contact (TOC), with a guarantee.

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "ompl_ccd/geometry/contact.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd
{
/** \brief Outcome of a certification. */
enum class Verdict
{
  Free,       ///< a proof: every configuration of the motion is farther than Query::clearance
  Collision,  ///< a configuration of the motion is in contact: at distance ≤ clearance + contact_distance
              ///< by an exact FCL query, or penetrating (its time is toc_upper; witness given)
  Undecided   ///< a named, documented work budget ran out first (its name in Report::stats), or the
              ///< motion is outside what certifyEdge answers for (stats "rotation_not_unit")
};

/** \brief What the caller wants to know. */
enum class Mode
{
  Decide,       ///< free or not: stop as soon as the lower TOC bound passes 1 or the upper drops below 1
  FirstContact  ///< the first time of contact, bracketed to within Query::tolerance, with its witness
};

/** \brief "free", "collision", "undecided". */
const char *toString(Verdict verdict);
/** \brief "decide", "first-contact". */
const char *toString(Mode mode);

/** \brief The mode named \a name ("decide" or "first-contact", as toString writes it).
    \throws Error "<context>: mode '<name>' is unknown; use decide or first-contact." */
Mode modeFromString(const std::string &name, const std::string &context);

/** \brief The narrowest TOC bracket Query::tolerance may ask for: about 45 ulps of t = 1 (adjacent
    doubles below 1 are 2⁻⁵³ ≈ 1.1·10⁻¹⁶ apart), so that a bracket this narrow holds distinct times
    and every bisection towards it ends; the first-contact searches also stop a bisection when its
    midpoint rounds to an end. */
inline constexpr double kMinTolerance = 1e-14;

/** \brief A certification request. */
struct Query
{
  Mode mode = Mode::Decide;
  /** \brief Free certifies distance > clearance all along the motion (metres). */
  double clearance = 0.0;
  /** \brief A configuration is in contact when a pair's distance is ≤ clearance + contact_distance
      (metres): the witness of a Collision. Small enough that a motion passing 10 µm from an
      obstacle is Free; positive, so that a pair that only touches (distance 0 up to rounding) is
      a contact. */
  double contact_distance = 1e-6;
  /** \brief Mode::FirstContact: the TOC bracket toc_upper − toc_lower is at most this (a fraction
      of [0, 1], at least kMinTolerance). It never decides a verdict. */
  double tolerance = 1e-3;
  /** \brief Fill Report::stats. A map of named counters per call costs allocations that a caller
      reading only the verdict (the OMPL validator's checkMotion) need not pay: with false a
      certifier may leave the stats empty. */
  bool statistics = true;
};

/** \brief Counters of one certification, by name ("distance_queries", "ca_steps", ...). */
using Stats = std::map<std::string, double>;

/** \brief Result of a certification. Bounds are in [0,1]; for Free, toc_lower = toc_upper = 1. */
struct Report
{
  Verdict verdict = Verdict::Undecided;
  /** \brief No contact happens before toc_lower (guaranteed). */
  double toc_lower = 0.0;
  /** \brief A configuration in contact exists at or before toc_upper (Collision only; else 1). */
  double toc_upper = 1.0;
  /** \brief The contact at the witness configuration (Collision), if the certifier gives one. */
  std::optional<Contact> witness;
  Stats stats;
};

class Certifier;

/** \brief Mutable per-thread state of a certifier; each certifier derives its own. */
struct CertifierWorkspace
{
  virtual ~CertifierWorkspace() = default;
  /** \brief The certifier whose makeWorkspace() made it (certify() refuses another's). */
  const Certifier *owner = nullptr;
};

/** \brief Decides a motion. Implementations are immutable after construction: certify() is const
    and thread-safe given one workspace per thread. */
class Certifier
{
public:
  virtual ~Certifier() = default;
  /** \brief Name used by the CLI and makeMotionValidator ("ca", "toleranced", ...). */
  virtual std::string name() const = 0;
  /** \brief Allocates the per-thread workspace certify() needs. */
  virtual std::unique_ptr<CertifierWorkspace> makeWorkspace() const = 0;
  /** \brief Certifies \a motion. \pre \a ws comes from this certifier's makeWorkspace(). */
  virtual Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const = 0;
};

using CertifierPtr = std::shared_ptr<const Certifier>;

/** \brief Refuses a query a certifier cannot answer: tolerance below kMinTolerance or not finite,
    contact_distance not positive and finite, clearance negative or not finite.
    \throws Error "<caller>: query tolerance (0) must be positive and finite; ..." naming the field. */
void checkQuery(const Query &query, const std::string &caller);

/** \brief Certifies every state the planner may hold on the edge of \a motion: the motion itself
    and, when OMPL's interpolation stops short of the goal (JointMotion::reachesGoal: a floating
    root's turn below SO3StateSpace's threshold), the closing turn from stateAt(1) to the goal, whose
    contacts count at t = 1 (the planner holds the goal state at the end of the edge).
    The entry point of CertifyingMotionValidator; same preconditions as Certifier::certify, except
    that a floating root's stored rotations off unit norm by more than kMaxRotationNormError give
    Undecided (stats "rotation_not_unit") instead of a certificate of another motion. */
Report certifyEdge(const Certifier &certifier, CertifierWorkspace &ws, const JointMotion &motion, const Query &query);
}  // namespace ompl_ccd
