// ConservativeAdvancementOptions::validate(): the defaults pass; every knob out of range, its own
// and its culling's (CullingOptions::validate()), throws a message naming the knob, its value and a
// usable value, from validate() and from the constructor.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/error.h"
#include "support/example_worlds.h"

namespace ompl_ccd::test
{
namespace
{
struct BadKnob
{
  std::function<void(ConservativeAdvancementOptions &)> set;
  std::string message;
};

std::vector<BadKnob> badKnobs()
{
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  using O = ConservativeAdvancementOptions;
  const std::string ca = "ConservativeAdvancement: ", culling = "CullingOptions: ";  // whose check refuses it
  return {
      {[](O &o) { o.max_steps_per_pair = 0; }, ca + "max_steps_per_pair (0) must be at least 1; raise it."},
      {[](O &o) { o.max_hull_steps = 0; }, ca + "max_hull_steps (0) must be at least 1; raise it."},
      {[](O &o) { o.culling.max_taylor_pieces = 0; }, culling + "max_taylor_pieces (0) must be at least 1; raise it."},
      {[](O &o) { o.distance_rel_err = -0.1; }, ca + "distance_rel_err (-0.1) must be finite and non-negative"},
      {[=](O &o) { o.distance_rel_err = inf; }, ca + "distance_rel_err (inf) must be finite and non-negative"},
      {[=](O &o) { o.slab_reuse = nan; }, ca + "slab_reuse (nan) must be finite and non-negative"},
      {[](O &o) { o.slab_reuse = -1; }, ca + "slab_reuse (-1) must be finite and non-negative"},
      {[](O &o) { o.hull_max_gap = -1e-3; }, ca + "hull_max_gap (-0.001) must be finite and non-negative"},
      {[](O &o) { o.collision_probes = -1; }, ca + "collision_probes (-1) must be at least 0; use 8"},
      {[](O &o) { o.early_probes = -1; }, ca + "early_probes (-1) must be at least 0; use 3"},
      {[](O &o) { o.culling.swept_box_samples = 0; }, culling + "swept_box_samples (0) must be at least 1"},
      {[](O &o) { o.culling.swept_box_travel = 0; }, culling + "swept_box_travel (0) must be positive and finite"},
      {[=](O &o) { o.culling.swept_box_travel = nan; }, culling + "swept_box_travel (nan) must be positive and finite"},
      {[](O &o) { o.culling.certificate_max_dims = 4; }, culling + "certificate_max_dims (4) must be in [0, 3]"},
      {[](O &o) { o.culling.certificate_max_dims = -1; }, culling + "certificate_max_dims (-1) must be in [0, 3]"},
      {[](O &o) { o.culling.certificate_max_cells = 0; }, culling + "certificate_max_cells (0) must be at least 1"},
      {[](O &o) { o.culling.certificate_cache.clear(); },
       culling + "certificate_cache is empty; use default, off or a folder."},
  };
}

TEST(ConservativeAdvancementOptions, DefaultsAndEdgesOfTheRangesAreValid)
{
  ConservativeAdvancementOptions options;
  EXPECT_NO_THROW(options.validate());
  options.distance_rel_err = 0.0;
  options.slab_reuse = 1.0;
  options.hull_max_gap = 0.0;
  options.collision_probes = options.early_probes = 0;
  options.culling.certificate_max_dims = 0;
  EXPECT_NO_THROW(options.validate());
  options.culling.certificate_max_dims = 3;
  EXPECT_NO_THROW(options.validate());
}

TEST(ConservativeAdvancementOptions, EveryKnobOutOfRangeThrowsNamingIt)
{
  for (const BadKnob &knob : badKnobs())
  {
    ConservativeAdvancementOptions options;
    knob.set(options);
    EXPECT_THAT([&] { options.validate(); }, testing::ThrowsMessage<Error>(testing::HasSubstr(knob.message)))
        << knob.message;
  }
}

TEST(ConservativeAdvancementOptions, TheConstructorValidates)
{
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  for (const BadKnob &knob : badKnobs())
  {
    ConservativeAdvancementOptions options;
    knob.set(options);
    EXPECT_THAT([&] { ConservativeAdvancement certifier(world, options); },
                testing::ThrowsMessage<Error>(testing::HasSubstr(knob.message)))
        << knob.message;
  }
}
}  // namespace
}  // namespace ompl_ccd::test
