// libFuzzer harness of the URDF reader (RobotModel::fromUrdfString, with the XML checks and the
// joint-graph check before urdfdom), then the robot's FCL geometry (CollisionWorld). Relative mesh
// paths resolve in examples/arm. Passing: every input loads or is refused with ompl_ccd::Error;
// any other exception, crash, leak or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/robot_model.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  const std::string urdf(reinterpret_cast<const char *>(data), size);
  try
  {
    auto robot = std::make_shared<const ompl_ccd::RobotModel>(
        ompl_ccd::RobotModel::fromUrdfString(urdf, ompl_ccd::fuzz::examplePath("arm"), "fuzz.urdf"));
    const ompl_ccd::CollisionWorld world(robot, std::make_shared<const ompl_ccd::Scene>(std::vector<ompl_ccd::Obstacle>{}));
  }
  catch (const ompl_ccd::Error &)
  {
    // Refused with a message: what bad input must get.
  }
  return 0;
}
