#include "ompl_ccd/model/mesh_loader.h"

#include <Eigen/Geometry>
#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "format_vector.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/input_file.h"
#include "ompl_ccd/model/magnitude_bound.h"
#include "zero_area_triangles.h"

namespace ompl_ccd
{
TriangleMeshPtr loadMesh(const std::string &path, const Eigen::Vector3d &scale, const std::string &context)
{
  requireInputFile(path, "loadMesh: " + context, "mesh file", "fix the filename or add the file");

  Assimp::Importer importer;
  // COLLADA: the <unit meter> scale is applied (to metres, as RViz and MoveIt do), but the
  // <up_axis> is NOT turned into assimp's Y-up convention: URDF meshes are authored Z-up and
  // ROS tools ignore the up axis, so vertices keep their authored axes.
  importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, true);
  // Keep only positions (no normals, colours, ...), so identical positions are joined.
  importer.SetPropertyInteger(AI_CONFIG_PP_RVC_FLAGS, aiComponent_NORMALS | aiComponent_TANGENTS_AND_BITANGENTS |
                                                          aiComponent_COLORS | aiComponent_TEXCOORDS |
                                                          aiComponent_BONEWEIGHTS | aiComponent_ANIMATIONS |
                                                          aiComponent_TEXTURES | aiComponent_LIGHTS |
                                                          aiComponent_CAMERAS | aiComponent_MATERIALS);
  // PreTransformVertices bakes every node transform into the vertices (meshes in the file frame).
  const aiScene *scene =
      importer.ReadFile(path, aiProcess_RemoveComponent | aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                  aiProcess_PreTransformVertices | aiProcess_SortByPType);
  OMPL_CCD_THROW_UNLESS(scene != nullptr, "loadMesh: ", context, ": mesh file '", path,
                        "' is not a readable STL, OBJ or COLLADA file (assimp: ", importer.GetErrorString(),
                        "); convert or replace it.");

  auto mesh = std::make_shared<TriangleMesh>();
  mesh->source = path;
  std::size_t triangle_count = 0;
  std::vector<ZeroAreaTriangle> zero_area;
  for (unsigned int m = 0; m < scene->mNumMeshes; ++m)
  {
    const aiMesh *in = scene->mMeshes[m];
    const int first = static_cast<int>(mesh->vertices.size());
    for (unsigned int v = 0; v < in->mNumVertices; ++v)
    {
      const aiVector3D &p = in->mVertices[v];
      mesh->vertices.emplace_back(scale.x() * p.x, scale.y() * p.y, scale.z() * p.z);
      const Eigen::Vector3d &vertex = mesh->vertices.back();
      OMPL_CCD_THROW_UNLESS(vertex.allFinite(), "loadMesh: ", context, ": mesh file '", path,
                            "' has a vertex that is not finite (NaN or inf) after scale [", formatVector(scale),
                            "]; fix the mesh or its scale.");
      OMPL_CCD_THROW_UNLESS(withinMagnitudeBound(vertex), "loadMesh: ", context, ": mesh file '", path,
                            "' has a vertex at [", formatVector(vertex), "] after scale [", formatVector(scale),
                            "], beyond ±", kMaxMagnitude, " m; give the mesh in metres or fix its scale.");
    }
    for (unsigned int f = 0; f < in->mNumFaces; ++f)
    {
      const aiFace &face = in->mFaces[f];
      if (face.mNumIndices != 3)
        continue;  // points and lines left by Triangulate carry no area
      ++triangle_count;
      const Eigen::Vector3i tri(first + static_cast<int>(face.mIndices[0]), first + static_cast<int>(face.mIndices[1]),
                                first + static_cast<int>(face.mIndices[2]));
      const Eigen::Vector3d &a = mesh->vertices[tri[0]];
      const Eigen::Vector3d &b = mesh->vertices[tri[1]];
      const Eigen::Vector3d &c = mesh->vertices[tri[2]];
      if ((b - a).cross(c - a).squaredNorm() == 0.0)
      {
        zero_area.push_back({a, b, c, m, f});  // no normal; dropped if other triangles hold its points
        continue;
      }
      mesh->triangles.push_back(tri);
    }
  }
  OMPL_CCD_THROW_UNLESS(triangle_count > 0, "loadMesh: ", context, ": mesh file '", path,
                        "' holds no triangle; replace it with a mesh that has faces.");
  OMPL_CCD_THROW_UNLESS(!mesh->triangles.empty(), "loadMesh: ", context, ": every one of the ", triangle_count,
                        " triangles of mesh file '", path, "' has zero area (after scale [", formatVector(scale),
                        "]); fix the mesh or its scale.");
  requireCoveredZeroAreaTriangles(*mesh, zero_area, path, context);
  return mesh;
}
}  // namespace ompl_ccd
