#pragma once
/// \file urdf_mimic_joints.h
/// Private: a URDF's mimic joints resolved to the moving joints they finally follow, and refused
/// where they are not a function of the configuration.

#include <urdf_model/model.h>

#include <string>
#include <vector>

#include "ompl_ccd/model/joint.h"

namespace ompl_ccd
{
/** \brief Points every mimic joint at the moving joint it finally follows (mimic of a mimic
    composed: v = m₁(m₂ v_s + o₂) + o₁).
    \throws Error naming \a source, the joints and the fix for a cycle, an unknown, fixed or
            floating source, or a follower that jumps where a continuous source wraps. */
void resolveMimics(const urdf::ModelInterface &urdf, const std::string &source, std::vector<Joint> &joints);
}  // namespace ompl_ccd
