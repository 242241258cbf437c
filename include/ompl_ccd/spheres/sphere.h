#pragma once
/// \file sphere.h
/// A ball: the unit of the sphere front end's covers (outer_cover.h) and inner spheres
/// (inner_spheres.h).

#include <Eigen/Core>

namespace ompl_ccd
{
/** \brief The closed ball of radius \e radius about \e centre (metres, in the frame its owner names). */
struct Sphere
{
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  double radius = 0.0;
};
}  // namespace ompl_ccd
