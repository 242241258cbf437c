#pragma once
/// \file ca_collision_probes.h
/// Private to the CA certifier: its FCL collision probes (ca_collision_probes.cpp). A probe checks
/// a configuration for collision; one in collision decides Collision at once in Mode::Decide
/// ([Zhang2007] Sec. 8's early exit), with FCL's contact as the witness. Probes certify nothing.

namespace ompl_ccd::ca
{
/** \brief The (k+1)-th time of the bisection order 1/2, 1/4, 3/4, 1/8, 3/8, ... (the order of
    OMPL's DiscreteMotionValidator's states), in (0, 1). \pre k ≥ 0. */
double bisectionTime(int k);
}  // namespace ompl_ccd::ca
