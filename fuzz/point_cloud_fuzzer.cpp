// libFuzzer harness of the point-cloud readers (readPointCloudFile: our PCD and XYZ parsers, the
// PLY header check then assimp), on files named "fuzz_input" + OMPL_CCD_FUZZ_CLOUD_EXTENSION: built
// as pcd_cloud_fuzzer, ply_cloud_fuzzer and xyz_cloud_fuzzer; the points read then become a scene
// as a `points:` item makes one (every point a ball, then a voxel cover, each under a turning pose).
// Passing: every input loads or is refused with ompl_ccd::Error; any other exception, crash, leak or
// sanitizer report is a finding.
#include <cstddef>
#include <cstdint>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/point_cloud_file.h"
#include "ompl_ccd/geometry/scene.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  try
  {
    const std::vector<Eigen::Vector3d> points = ompl_ccd::readPointCloudFile(
        ompl_ccd::fuzz::writeInputFile(data, size, "fuzz_input" OMPL_CCD_FUZZ_CLOUD_EXTENSION));
    Eigen::Isometry3d X_WC = Eigen::Isometry3d::Identity();
    X_WC.linear() = Eigen::AngleAxisd(0.25 * 3.141592653589793, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    for (const double voxel : {0.0, 0.05})
      ompl_ccd::Scene scene(ompl_ccd::pointObstacles(points, 0.005, voxel, "cloud", X_WC, "fuzz"));
  }
  catch (const ompl_ccd::Error &)
  {
    // Refused with a message: what bad input must get.
  }
  return 0;
}
