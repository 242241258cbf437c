#pragma once
/// \file certify_requests.h
/// The answers of `ompl_ccd_certify_node`'s services, apart from ROS's plumbing: a request is
/// checked as the command line checks its input (joint names, sizes, NaN, limits, validator and
/// mode names), certified with the snapshot's validator, and answered; a bad request gets
/// `ok: false` and the command line's message, never an exception.

#include <string>
#include <vector>

#include "live_scene.h"
#include "ompl_ccd/CertifyEdges.h"
#include "ompl_ccd/CertifyTrajectory.h"
#include "ompl_ccd/certify/certifier.h"

namespace ompl_ccd::ros_node
{
/** \brief What a certified trajectory is, for the markers: its waypoints (state order), the
    report of each segment, and the certified free time. */
struct TrajectoryAnswer
{
  std::vector<Eigen::VectorXd> waypoints;
  std::vector<Report> reports;
};

/** \brief For each of \a joint_names, its index in the robot's state vector.
    \throws Error "<where>: ..." naming an unknown, repeated or missing joint and the fix. */
std::vector<int> stateColumns(const RobotModel &robot, const std::vector<std::string> &joint_names,
                              const std::string &where);

/** \brief Answers ~certify_trajectory with \a scene; \a default_validator when the request names
    none. Fills \a answer (when not null) with the checked waypoints and reports. */
CertifyTrajectory::Response certifyTrajectory(const SceneSnapshot &scene, const CertifyTrajectory::Request &request,
                                              const std::string &default_validator, TrajectoryAnswer *answer);

/** \brief Answers ~certify_edges with \a scene. */
CertifyEdges::Response certifyEdges(const SceneSnapshot &scene, const CertifyEdges::Request &request,
                                    const std::string &default_validator);
}  // namespace ompl_ccd::ros_node
