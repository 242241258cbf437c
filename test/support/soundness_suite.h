#pragma once
/// \file soundness_suite.h
/// The mix of cases the certifiers' soundness tests run: random PRM edges of the bundled arm in the
/// example scene (and alone, for its self pairs) and of the snake, then the adversarial families of
/// adversarial_scenes.h. Each test picks its sizes: the oracle that labels them dominates the run.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "adversarial_scenes.h"
#include "ompl_ccd/certify/certifier.h"

namespace ompl_ccd::test
{
/** \brief How many edges or cases of each family (0 leaves a family out). */
struct SoundnessSuiteSizes
{
  std::size_t arm_scene_random = 0, snake_random = 0, thin_plates = 0, grazing_per_distance = 0, slivers = 0,
              fast_chain = 0, self_collision = 0, arm_self_random = 0;
  /** \brief Grazing target distances (grazingCases). */
  std::vector<double> grazing_distances = {-1e-3, 1e-4, 1e-3, 2e-3, 1e-2};
};

/** \brief The families in the order of SoundnessSuiteSizes' fields, the k-th seeded \a seed + k. */
std::vector<AdversarialCase> soundnessSuite(const SoundnessSuiteSizes &sizes, std::uint32_t seed);

/** \brief Whether the configuration at a Collision report's toc_upper is in contact: FCL's exact
    minimum distance there (an independent query over every pair) within \a contact_distance, up
    to FCL's rounding. */
bool witnessInContact(const CollisionWorld &world, const JointMotion &motion, const Report &report,
                      double contact_distance);
}  // namespace ompl_ccd::test
