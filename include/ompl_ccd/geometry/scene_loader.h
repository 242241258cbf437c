#pragma once
/// \file scene_loader.h
/// Reads a scene from an ompl_ccd scene YAML, a MoveIt planning-scene YAML, a URDF or a mesh.

#include <string>
#include <vector>

#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd
{
/** \brief Loads a scene, choosing the reader by content/extension:
    - `.yaml`/`.yml` with a top-level `obstacles:` list — ompl_ccd scene format:
      items `{name, mesh: path | box: [sx,sy,sz] | cylinder: {radius, length} | sphere: r |
      urdf: path, pose: {position: [x,y,z], orientation: [qx,qy,qz,qw]}, scale: [sx,sy,sz] | s,
      joints: {name: value}}`; paths relative to the YAML file; a `urdf:` item contributes every
      link with collision geometry at joint value 0 (or at `joints:`), named "<item>/<link>";
    - `.yaml`/`.yml` with `world: collision_objects:` — MoveIt planning scene: box, cylinder
      (dimensions [height, radius]) and sphere primitives with primitive_poses; mesh entries are
      refused with a message;
    - items `points: FILE` (with `radius`, optional `voxel`) and `octomap: FILE` (optional
      `occupancy_threshold`): sensor_obstacles.h;
    - `.urdf` — every link with collision geometry at joint value 0;
    - `.bt`, `.ot` — every occupied leaf of the OctoMap, a box named "<stem>/<i>" (a `.pcd` or
      `.xyz` is refused: its points need a radius, given in a scene YAML);
    - `.stl`, `.dae`, `.obj` (any other extension assimp reads) — one mesh obstacle at the origin.
    \param package_paths folders for package:// URIs inside URDFs.
    \throws Error naming the file, the item and the fix (unknown key, missing field, bad value,
            missing mesh, unsupported format). */
ScenePtr loadScene(const std::string &path, const std::vector<std::string> &package_paths = {});
}  // namespace ompl_ccd
