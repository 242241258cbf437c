# CTest script: installs the build into a fresh prefix, then configures, builds and runs a consumer
# project that does find_package(ompl_ccd) — the installed package config must be usable — and
# draws a report with the installed program.
# Inputs: BUILD_DIR, SOURCE_DIR, WORK_DIR (removed again after a successful check).
file(REMOVE_RECURSE "${WORK_DIR}")
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
endfunction()
run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
# Every file lands under the prefix given (catkin's workspace files once went to the configured one).
file(STRINGS "${BUILD_DIR}/install_manifest.txt" installed)
foreach(file ${installed})
  string(FIND "${file}" "${WORK_DIR}/prefix/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "cmake --install --prefix ${WORK_DIR}/prefix wrote ${file}, outside the prefix")
  endif()
endforeach()
# With the ROS part built, the prefix carries catkin's `.catkin` marker (pluginlib finds it by that).
if(ROS_BUILT AND NOT EXISTS "${WORK_DIR}/prefix/.catkin")
  message(FATAL_ERROR "cmake --install wrote no ${WORK_DIR}/prefix/.catkin marker")
endif()
run(${CMAKE_COMMAND} -S "${SOURCE_DIR}/test/install/consumer" -B "${WORK_DIR}/consumer"
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build "${WORK_DIR}/consumer")
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${WORK_DIR}/prefix/lib
    "${WORK_DIR}/consumer/consumer" "${SOURCE_DIR}/examples/arm/arm.urdf" "${SOURCE_DIR}/examples/scene.yaml")
# The installed program draws a report with the installed script (share/ompl_ccd/path_report.py).
if(NOT EXISTS "${WORK_DIR}/prefix/share/ompl_ccd/path_report.py")
  message(FATAL_ERROR "share/ompl_ccd/path_report.py was not installed: ompl_ccd --report needs it")
endif()
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${WORK_DIR}/prefix/lib
    "${WORK_DIR}/prefix/bin/ompl_ccd" validate --robot "${SOURCE_DIR}/examples/arm/arm.urdf"
    --scene "${SOURCE_DIR}/examples/scene.yaml" --validator ca --edges "${SOURCE_DIR}/examples/arm_edges.txt"
    --report "${WORK_DIR}/report.svg")
if(NOT EXISTS "${WORK_DIR}/report.svg")
  message(FATAL_ERROR "the installed ompl_ccd validate --report wrote no ${WORK_DIR}/report.svg")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
