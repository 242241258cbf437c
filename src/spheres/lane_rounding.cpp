#include "spheres/lane_rounding.h"

#include <algorithm>
#include <cmath>

#include "ompl_ccd/model/joint_value_bound.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd::spheres
{
namespace
{
constexpr double u = kFloatRoundoff;

/// The local transform's rotation error, translation bound T and translation error δT of \a joint.
struct LocalRounding
{
  double rotation, translation, translation_error;
};

/// \a bound: jointValueBound of the joint, the |value| (a prismatic joint's stroke; a floating root's
/// |position|) that prepareEdge holds every edge of the lanes to.
LocalRounding localRounding(const Joint &joint, double bound)
{
  const double offset = joint.X_PJ.translation().norm();
  const auto turned = [](double value_error) {
    const double entry = 2.0 * (value_error + 6.0 * u) + 12.0 * u;  // A + sin v B − cos v C
    return 3.0 * entry;
  };
  switch (joint.type)
  {
    case JointType::Revolute:
    case JointType::Continuous:
      return {turned(4.0 * u * kMaxLaneAngle + numeric::kPadAbs), offset, 3.0 * u * offset};
    case JointType::Prismatic:
    {
      const double value_error = 4.0 * u * 3.0 * bound;  // |s| ≤ bound, |δ| ≤ 2 · bound
      return {3.0 * 3.0 * u, offset + bound, 4.0 * u * (offset + bound) + value_error + 4.0 * u * bound};
    }
    case JointType::Floating:
    {
      // R_PJ R₀ · Rot(axis, t·angle), angle ≤ π; origin t_PJ + R_PJ (p₀ + t dp), |p₀|, |p₀ + dp| ≤ P
      const double base = offset + bound, velocity = 2.0 * bound;
      return {turned(4.0 * u * numeric::kPi), base + velocity, 4.0 * u * (base + velocity)};
    }
  }
  return {0.0, 0.0, 0.0};
}
}  // namespace

std::vector<LinkRounding> linkRounding(const RobotModel &model)
{
  std::vector<LinkRounding> links(model.links().size());
  for (std::size_t j = 0; j < model.joints().size(); ++j)
  {
    const Joint &joint = model.joints()[j];
    const LocalRounding local = localRounding(joint, jointValueBound(model, j));
    const LinkRounding parent = joint.parent_link >= 0 ? links[joint.parent_link] : LinkRounding{};
    LinkRounding &child = links[joint.child_link];
    const double e_p = parent.rotation, e_l = local.rotation, T = local.translation, dT = local.translation_error;
    child.rotation = e_p * (1.0 + e_l) + e_l + 3.0 * floatGamma(3) * (1.0 + e_p) * (1.0 + e_l);
    child.origin = parent.origin + e_p * T + (1.0 + e_p) * dT +
                   floatGamma(4) * (std::sqrt(3.0) * (1.0 + e_p) * (T + dT) + parent.reach);
    child.reach = parent.reach + T;
  }
  return links;
}

double pointRounding(const LinkRounding &link, double p_norm)
{
  const double e = link.rotation;
  return 2.0 * (link.origin + e * p_norm + (1.0 + e) * u * p_norm +
                floatGamma(4) * (std::sqrt(3.0) * (1.0 + e) * p_norm + link.reach));
}

double distanceRounding(double reach, double centre_norm, double size)
{
  return 32.0 * u * (reach + centre_norm + size);
}
}  // namespace ompl_ccd::spheres
