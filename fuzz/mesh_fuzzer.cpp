// libFuzzer harness of the mesh loader (loadMesh: assimp, then our checks), on files named
// "fuzz_input" + OMPL_CCD_FUZZ_MESH_EXTENSION: built as stl_mesh_fuzzer (.stl) and obj_mesh_fuzzer
// (.obj). Passing: every input loads or is refused with ompl_ccd::Error; any other exception,
// crash, leak or sanitizer report is a finding (assimp itself is Debian's, not instrumented: only
// its crashes and leaks show).
#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/model/mesh_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  try
  {
    ompl_ccd::loadMesh(ompl_ccd::fuzz::writeInputFile(data, size, "fuzz_input" OMPL_CCD_FUZZ_MESH_EXTENSION),
                       Eigen::Vector3d::Ones(), "fuzz");
  }
  catch (const ompl_ccd::Error &)
  {
    // Refused with a message: what bad input must get.
  }
  return 0;
}
