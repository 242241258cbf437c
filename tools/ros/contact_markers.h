#pragma once
/// \file contact_markers.h
/// What `ompl_ccd_certify_node` publishes on ~contacts for RViz: where a certified trajectory hits.

#include <visualization_msgs/MarkerArray.h>

#include <string>

#include "certify_requests.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd::ros_node
{
/** \brief Markers of \a answer in \a frame (the planning frame), after a DELETEALL of earlier ones:
    - namespace "path": the end link's origin along the trajectory, a green line over the certified
      free prefix (up to the first segment that is not free, at its toc_lower) and a red line over
      the rest of that segment;
    - namespace "witness_links": the touching bodies at the witness configuration (the collision's
      toc_upper) in red — the robot link's collision shapes, and the other link's or the obstacle;
    - namespace "contact": the two contact points (yellow spheres) and the normal (an arrow from
      the point on the link, 5 cm long).
    Without a collision only the green path is drawn. */
visualization_msgs::MarkerArray contactMarkers(const CollisionWorld &world, const TrajectoryAnswer &answer,
                                               const std::string &frame);
}  // namespace ompl_ccd::ros_node
