// libFuzzer harness of the scene loader (loadScene on a .yaml file: the ompl_ccd scene reader or
// the MoveIt planning-scene reader, by the file's top level), then the bundled arm in that scene
// (CollisionWorld: obstacle frames). Built twice with different seed corpora (scripts/run-fuzzers):
// scene_yaml_fuzzer from ompl_ccd scenes, moveit_scene_fuzzer from MoveIt scenes. Relative paths
// resolve in a folder linking examples/*. Passing: every input loads or is refused with
// ompl_ccd::Error; any other exception, crash, leak or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_input_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/geometry/scene_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
  static const ompl_ccd::RobotModelPtr arm = std::make_shared<const ompl_ccd::RobotModel>(
      ompl_ccd::RobotModel::fromUrdfFile(ompl_ccd::fuzz::examplePath("arm/arm.urdf")));
  try
  {
    const ompl_ccd::CollisionWorld world(arm, ompl_ccd::loadScene(ompl_ccd::fuzz::writeInputFile(data, size, "fuzz_input.yaml")));
  }
  catch (const ompl_ccd::Error &)
  {
    // Refused with a message: what bad input must get.
  }
  return 0;
}
