// libFuzzer harness of the OctoMap reader (readOctomapFile: our header parser and data walk, then
// liboctomap), on files named "fuzz_input" + OMPL_CCD_FUZZ_OCTOMAP_EXTENSION: built as bt_octomap_fuzzer
// and ot_octomap_fuzzer. Passing: every input loads or is refused with ompl_ccd::Error; any other
// exception, crash, leak or sanitizer report is a finding (liboctomap is Debian's, not instrumented).
#include <cstddef>
#include <cstdint>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/octomap_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  try
  {
    ompl_ccd::readOctomapFile(ompl_ccd::fuzz::writeInputFile(data, size, "fuzz_input" OMPL_CCD_FUZZ_OCTOMAP_EXTENSION));
  }
  catch (const ompl_ccd::Error &)
  {
    // Refused with a message: what bad input must get.
  }
  return 0;
}
