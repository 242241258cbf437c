// ConservativeAdvancementOptions::validate(): every range check of the CA certifier's knobs (the
// front end's own by CullingOptions::validate()).
#include <cmath>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/error.h"

namespace ompl_ccd
{
void ConservativeAdvancementOptions::validate() const
{
  OMPL_CCD_THROW_UNLESS(max_steps_per_pair >= 1, "ConservativeAdvancement: max_steps_per_pair (", max_steps_per_pair,
                        ") must be at least 1; raise it.");
  OMPL_CCD_THROW_UNLESS(max_hull_steps >= 1, "ConservativeAdvancement: max_hull_steps (", max_hull_steps,
                        ") must be at least 1; raise it.");
  OMPL_CCD_THROW_UNLESS(distance_rel_err >= 0.0 && std::isfinite(distance_rel_err),
                        "ConservativeAdvancement: distance_rel_err (", distance_rel_err,
                        ") must be finite and non-negative; use 0.25, or 0 for exact distances.");
  OMPL_CCD_THROW_UNLESS(slab_reuse >= 0.0 && std::isfinite(slab_reuse), "ConservativeAdvancement: slab_reuse (",
                        slab_reuse,
                        ") must be finite and non-negative; use 0.5, or 1 for a distance query at every step.");
  OMPL_CCD_THROW_UNLESS(hull_max_gap >= 0.0 && std::isfinite(hull_max_gap), "ConservativeAdvancement: hull_max_gap (",
                        hull_max_gap, ") must be finite and non-negative; use 1e-3, or 0 for full hulls.");
  OMPL_CCD_THROW_UNLESS(collision_probes >= 0, "ConservativeAdvancement: collision_probes (", collision_probes,
                        ") must be at least 0; use 8, or 0 for no probes.");
  OMPL_CCD_THROW_UNLESS(early_probes >= 0, "ConservativeAdvancement: early_probes (", early_probes,
                        ") must be at least 0; use 3, or 0 for none.");
  culling.validate();
}
}  // namespace ompl_ccd
