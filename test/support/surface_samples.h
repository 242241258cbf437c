#pragma once
/// \file surface_samples.h
/// Synthetic sensor data: points sampled on the surfaces of a scene's obstacles (what a depth camera
/// would return, without occlusion or noise), and the OctoMap liboctomap builds from them.

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd::test
{
/** \brief \a count points uniform by area over the surfaces of every obstacle of \a scene (their
    triangulateShape triangles, 64-sided for cylinders), deterministic in \a seed. */
std::vector<Eigen::Vector3d> sampleSurfaces(const Scene &scene, std::size_t count, std::uint32_t seed);

/** \brief Writes the OctoMap of \a points at \a resolution to \a path (.bt): octomap::OcTree's
    updateNode(point, occupied) for every point, pruned, then writeBinary. */
void writeOctomap(const std::vector<Eigen::Vector3d> &points, double resolution, const std::string &path);

/** \brief Writes \a points as a binary PCD (fields x y z, float) to \a path. */
void writeBinaryPcd(const std::vector<Eigen::Vector3d> &points, const std::string &path);

/** \brief \a points rounded to float, as a float PCD or PLY stores them. */
std::vector<Eigen::Vector3d> roundedToFloat(const std::vector<Eigen::Vector3d> &points);
}  // namespace ompl_ccd::test
