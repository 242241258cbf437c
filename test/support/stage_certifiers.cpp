#include "stage_certifiers.h"

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"

namespace ompl_ccd::test
{
std::unique_ptr<Certifier> certifierWithSphereStage(const std::string &name, const CollisionWorldPtr &world, bool on)
{
  CullingOptions culling;
  culling.sphere_front_end = on;
  if (name == "ca")
    return std::make_unique<ConservativeAdvancement>(world, ConservativeAdvancementOptions{}, culling);
  if (name == "toleranced")
    return std::make_unique<TolerancedMotion>(world, TolerancedMotionOptions{}, culling);
  return std::make_unique<IntervalArithmetic>(world, IntervalArithmeticOptions{}, culling);
}
}  // namespace ompl_ccd::test
