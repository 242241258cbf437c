#include "ompl_ccd/certify/certifier.h"

#include <cmath>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
const char *toString(Verdict verdict)
{
  switch (verdict)
  {
    case Verdict::Free:
      return "free";
    case Verdict::Collision:
      return "collision";
    case Verdict::Undecided:
      return "undecided";
  }
  return "unknown";
}

const char *toString(Mode mode)
{
  switch (mode)
  {
    case Mode::Decide:
      return "decide";
    case Mode::FirstContact:
      return "first-contact";
  }
  return "unknown";
}

Mode modeFromString(const std::string &name, const std::string &context)
{
  for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    if (name == toString(mode))
      return mode;
  throw Error(concat(context, ": mode '", name, "' is unknown; use decide or first-contact."));
}

void checkQuery(const Query &query, const std::string &caller)
{
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.tolerance) && query.tolerance >= kMinTolerance, caller,
                        ": query tolerance (", query.tolerance, ") must be finite and at least ", kMinTolerance,
                        " (the narrowest bracket doubles resolve on [0, 1]); set a tolerance such as 1e-3.");
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.clearance) && query.clearance >= 0.0, caller, ": query clearance (",
                        query.clearance, ") must be non-negative and finite; set clearance to 0 or more (metres).");
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.contact_distance) && query.contact_distance > 0.0, caller,
                        ": query contact_distance (", query.contact_distance,
                        ") must be positive and finite; set a contact distance such as 1e-6 (metres).");
}

Report certifyEdge(const Certifier &certifier, CertifierWorkspace &ws, const JointMotion &motion, const Query &query)
{
  if (!(motion.rotationNormError() <= kMaxRotationNormError))
  {
    Report refused;  // Undecided from t = 0: OMPL's interpolation of these rotations is not the model's
    refused.stats["rotation_not_unit"] = 1.0;
    return refused;
  }
  Report report = certifier.certify(ws, motion, query);
  if (motion.reachesGoal() || report.verdict == Verdict::Collision)
    return report;
  // The closing turn happens at the edge's end: its first contact is the edge's, at t = 1, unless
  // the motion before it is undecided (then only a contact makes the answer).
  Report closing = certifier.certify(ws, motion.closingMotion(), query);
  if (closing.verdict == Verdict::Free)
    return report;
  if (closing.verdict == Verdict::Undecided && report.verdict == Verdict::Undecided)
    return report;
  closing.toc_lower = report.verdict == Verdict::Free ? 1.0 : report.toc_lower;
  closing.toc_upper = 1.0;
  if (closing.witness)
    closing.witness->time = 1.0;
  for (const auto &[name, value] : report.stats)
    closing.stats[name] += value;
  return closing;
}
}  // namespace ompl_ccd
