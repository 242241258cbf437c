#pragma once
/// \file grazing_edges.h
/// Edges of a fixed scene that barely touch it or barely miss it. Each starts from an edge with a
/// sampled contact, moved as a whole along the robot's first joint (both endpoints by the same
/// amount φ, a family whose motions sweep the scene continuously in φ) to where the motion's
/// minimum distance to contact crosses a target; the oracle then verifies every edge kept.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "oracle.h"

namespace ompl_ccd::test
{
/** \brief Verified grazing edges of one world. */
struct GrazingEdges
{
  /** \brief The oracle finds a contact, and none of the samples t = k/100 collides: sampling at
      1 % of the edge misses them. Moved just past where the motion touches (shallowest contact
      the samples still miss, of depths ≈ 1e-5–1e-3 in φ). */
  std::vector<Edge> missed_by_sampling;
  /** \brief The oracle certifies them farther than 10 µm from contact all along (clearance half
      their target, targets log-uniform in 20 µm–1 mm) and finds a configuration within 1 mm. */
  std::vector<Edge> near_misses;
};

/** \brief Up to \a count edges of each kind (fewer when 20 × count source edges do not give them),
    from sampledCollidingEdges of \a world (seed \a seed).
    \pre the robot's first state value belongs to a revolute, continuous or prismatic joint. */
GrazingEdges grazingEdges(const CollisionWorld &world, std::size_t count, std::uint32_t seed);
}  // namespace ompl_ccd::test
