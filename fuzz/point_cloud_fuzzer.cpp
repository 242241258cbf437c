// libFuzzer harness of the point-cloud readers (readPointCloudFile: our PCD and XYZ parsers, the
// PLY header check then assimp), on files named "fuzz_input" + OMPL_CCD_FUZZ_CLOUD_EXTENSION: built
// as pcd_cloud_fuzzer, ply_cloud_fuzzer and xyz_cloud_fuzzer. Passing: every input loads or is
// refused with ompl_ccd::Error; any other exception, crash, leak or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/point_cloud_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  try
  {
    ompl_ccd::readPointCloudFile(ompl_ccd::fuzz::writeInputFile(data, size, "fuzz_input" OMPL_CCD_FUZZ_CLOUD_EXTENSION));
  }
  catch (const ompl_ccd::Error &)
  {
    // Refused with a message: what bad input must get.
  }
  return 0;
}
