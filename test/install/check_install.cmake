# CTest script: installs the build into a fresh prefix, then configures, builds and runs a consumer
# project that does find_package(ompl_ccd) — the installed package config must be usable.
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
run(${CMAKE_COMMAND} -S "${SOURCE_DIR}/test/install/consumer" -B "${WORK_DIR}/consumer"
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build "${WORK_DIR}/consumer")
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${WORK_DIR}/prefix/lib
    "${WORK_DIR}/consumer/consumer" "${SOURCE_DIR}/examples/arm/arm.urdf" "${SOURCE_DIR}/examples/scene.yaml")
file(REMOVE_RECURSE "${WORK_DIR}")
