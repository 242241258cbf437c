// libFuzzer harness of the edge and path file readers (ompl_ccd/model/edge_file.h) for the bundled
// arm: the same input read as an edge file and as a path file. Passing: every input is read or
// refused with ompl_ccd::Error; any other exception, crash, leak or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/model/edge_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  static const ompl_ccd::RobotModel arm = ompl_ccd::RobotModel::fromUrdfFile(ompl_ccd::fuzz::examplePath("arm/arm.urdf"));
  const std::string path = ompl_ccd::fuzz::writeInputFile(data, size, "fuzz_input.txt");
  for (const auto read : {&ompl_ccd::readEdgeFile, &ompl_ccd::readPathFile})
  {
    try
    {
      read(path, arm, "fuzz");
    }
    catch (const ompl_ccd::Error &)
    {
      // Refused with a message: what bad input must get.
    }
  }
  return 0;
}
