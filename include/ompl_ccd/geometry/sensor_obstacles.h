#pragma once
/// \file sensor_obstacles.h
/// Obstacles from sensor data: a point cloud as spheres, an octomap's occupied cells as boxes.
///
/// What a certificate then proves: *Free* — every body of the robot stays farther than the
/// clearance from every obstacle made here (each point's ball of the given radius, each occupied
/// cell's cube) all along the motion; *Collision* — the witness configuration touches one of them.
/// Space the sensor did not see (between points, behind surfaces, unknown cells) is no obstacle.

#include <Eigen/Geometry>
#include <string>
#include <vector>

#include "ompl_ccd/geometry/octomap_file.h"
#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd
{
/** \brief A ball, world frame. */
struct Ball
{
  Eigen::Vector3d center = Eigen::Vector3d::Zero();
  double radius = 0.0;
};

/** \brief Balls that cover the balls of radius \a radius about \a p_WP, one per occupied voxel of
    side \a voxel (cells of the grid at the origin): its points' bounding-box centre c, radius
    \a radius + max ‖p − c‖, padded outward for rounding, so that every point's ball lies inside
    its voxel's. Voxels in the order their first point comes.
    @pre radius > 0, voxel > 0, every point finite. */
std::vector<Ball> voxelCover(const std::vector<Eigen::Vector3d> &p_WP, double radius, double voxel);

/** \brief One sphere obstacle per point of \a p_CP (cloud frame C placed at \a X_WC), of radius
    \a radius, named "<name>/<i>"; with \a voxel > 0, one per voxelCover() ball instead (a
    superset of the points' balls: *Free* keeps its meaning, a *Collision* witness touches the
    cover, which may lie up to 2 × the voxel's half diagonal from every point's ball).
    \throws Error prefixed by \a where unless radius ∈ (0, kMaxMagnitude] and voxel ∈ [0,
    kMaxMagnitude] (magnitude_bound.h), naming the point that lies beyond ±kMaxMagnitude once placed
    and the ball that reaches beyond it (scene_bound.h). */
std::vector<Obstacle> pointObstacles(const std::vector<Eigen::Vector3d> &p_CP, double radius, double voxel,
                                     const std::string &name, const Eigen::Isometry3d &X_WC,
                                     const std::string &where);

/** \brief One sphere obstacle of radius \a radius per point of \a p_WP (world frame), named
    "<name>/<i>": the balls of a cloud as ordinary obstacles. @pre as pointObstacles'. */
std::vector<Obstacle> ballObstacles(const std::vector<Eigen::Vector3d> &p_WP, double radius, const std::string &name);

/** \brief The cloud \a p_CP (frame C placed at \a X_WC) as one obstacle named \a name: the balls of
    radius \a radius about its points in a k-d tree (Obstacle::cloud, point_cloud_index.h); a
    Collision witness names the ball "<name>/<i>" as pointObstacles would.
    \throws Error as pointObstacles (voxel 0). */
Obstacle pointCloudObstacle(const std::vector<Eigen::Vector3d> &p_CP, double radius, const std::string &name,
                            const Eigen::Isometry3d &X_WC, const std::string &where);

/** \brief One box obstacle per occupied cell (octomap frame M placed at \a X_WM), named
    "<name>/<i>": the cell's cube, its side grown by 2 · 10⁻¹⁵ × the centre's largest coordinate so
    that it holds the cell its rounded centre stands for (OccupiedCell).
    \throws Error prefixed by \a where naming the cell that reaches beyond ±kMaxMagnitude once
    placed (scene_bound.h). */
std::vector<Obstacle> cellObstacles(const std::vector<OccupiedCell> &cells, const std::string &name,
                                    const Eigen::Isometry3d &X_WM, const std::string &where);
}  // namespace ompl_ccd
