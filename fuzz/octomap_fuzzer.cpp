// libFuzzer harness of the OctoMap reader (readOctomapFile: our header parser and data walk, then
// liboctomap), on files named "fuzz_input" + OMPL_CCD_FUZZ_OCTOMAP_EXTENSION: built as bt_octomap_fuzzer
// and ot_octomap_fuzzer; the cells read then become a scene as an `octomap:` item makes one, under
// a pose far from the origin. Passing: every input loads or is refused with ompl_ccd::Error; any
// other exception, crash, leak or sanitizer report is a finding (liboctomap is Debian's, not
// instrumented).
#include <cstddef>
#include <cstdint>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/octomap_file.h"
#include "ompl_ccd/geometry/scene.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  try
  {
    const std::vector<ompl_ccd::OccupiedCell> cells = ompl_ccd::readOctomapFile(
        ompl_ccd::fuzz::writeInputFile(data, size, "fuzz_input" OMPL_CCD_FUZZ_OCTOMAP_EXTENSION));
    const Eigen::Isometry3d X_WM(Eigen::Translation3d(-3000.0, 2000.0, -1500.0));
    ompl_ccd::Scene scene(ompl_ccd::cellObstacles(cells, "map", X_WM, "fuzz"));
  }
  catch (const ompl_ccd::Error &)
  {
    // Refused with a message: what bad input must get.
  }
  return 0;
}
