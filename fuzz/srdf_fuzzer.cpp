// libFuzzer harness of the SRDF reader (parseSrdf), then of applying the SRDF to the bundled arm
// (disabled pairs, named states, robot name): every <mesh> of examples/arm/arm.urdf is replaced by
// a sphere once at start-up, so an input costs no mesh loading. Passing: every input is used or
// refused with ompl_ccd::Error; any other exception, crash, leak or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/model/srdf.h"

namespace
{
/** \brief examples/arm/arm.urdf with spheres for meshes: the same links and joints. */
const std::string &armWithSpheres()
{
  static const std::string urdf = [] {
    std::ifstream in(ompl_ccd::fuzz::examplePath("arm/arm.urdf"));
    std::stringstream text;
    text << in.rdbuf();
    return std::regex_replace(text.str(), std::regex("<mesh [^>]*/>"), "<sphere radius=\"0.05\"/>");
  }();
  return urdf;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  const std::string srdf(reinterpret_cast<const char *>(data), size);
  try
  {
    ompl_ccd::RobotModelOptions options;
    options.srdf = ompl_ccd::parseSrdf(srdf, "fuzz.srdf");
    ompl_ccd::RobotModel::fromUrdfString(armWithSpheres(), "", "arm.urdf", options);
  }
  catch (const ompl_ccd::Error &)
  {
    // Refused with a message: what bad input must get.
  }
  return 0;
}
