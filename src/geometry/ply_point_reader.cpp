#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <fstream>
#include <sstream>

#include "ompl_ccd/error.h"
#include "point_cloud_readers.h"

namespace ompl_ccd::cloud_io
{
namespace
{
/** \brief Longest header read for the coordinate check: a PLY header is a few lines. */
constexpr std::size_t kMaxHeaderLines = 1000;

/** \brief Refuses a `vertex` x, y or z property that assimp would not read exactly: assimp keeps
    single-precision coordinates, so only `float`/`float32` ones are the file's own values. */
void checkCoordinateTypes(const std::string &path)
{
  std::ifstream in(path, std::ios::binary);
  std::string line, element;
  for (std::size_t n = 1; n <= kMaxHeaderLines && std::getline(in, line); ++n)
  {
    std::istringstream words(line);
    std::string keyword, type, name;
    words >> keyword;
    if (keyword == "end_header")
      return;
    if (keyword == "element")
      words >> element;
    if (keyword != "property" || element != "vertex" || !(words >> type >> name))
      continue;
    if (name == "x" || name == "y" || name == "z")
      OMPL_CCD_THROW_UNLESS(type == "float" || type == "float32", "readPointCloudFile: ", path, ": header line ", n,
                            ": vertex property '", name, "' is of type '", type,
                            "', which the PLY reader (assimp, single precision) cannot read exactly; store x, y, z "
                            "as float, or write the cloud as .pcd or .xyz.");
  }
}
}  // namespace

std::vector<Eigen::Vector3d> readPly(const std::string &path)
{
  checkCoordinateTypes(path);
  Assimp::Importer importer;
  // No post-processing: every vertex as the file has it (a point cloud has no faces).
  const aiScene *scene = importer.ReadFile(path, 0);
  OMPL_CCD_THROW_UNLESS(scene != nullptr, "readPointCloudFile: ", path, ": not a readable PLY file (assimp: ",
                        importer.GetErrorString(), "); fix or convert it.");
  std::vector<Eigen::Vector3d> points;
  for (unsigned int m = 0; m < scene->mNumMeshes; ++m)
  {
    const aiMesh *mesh = scene->mMeshes[m];
    for (unsigned int v = 0; v < mesh->mNumVertices; ++v)
    {
      const aiVector3D &p = mesh->mVertices[v];
      addPoint(points, Eigen::Vector3d(p.x, p.y, p.z), concat("readPointCloudFile: ", path, ": vertex ", v));
    }
  }
  return points;
}
}  // namespace ompl_ccd::cloud_io
