# ROS 1 integration (included at the end of CMakeLists.txt): the pluginlib library
# libompl_ccd_plugins, the node ompl_ccd_plan_node and their tests.
#
# Built only when catkin, roscpp and pluginlib are found (Debian 12: ros-base-dev pluginlib-dev);
# otherwise one message says what is missing and the core is built alone.
#
# The same tree builds
#  - inside a catkin workspace (catkin_make): catkin's devel space is the workspace's;
#  - as a plain CMake project: catkin makes the devel space <build>/devel (with .catkin marker and
#    setup.sh). Either way the plugin library lands in <devel>/lib and the node in
#    <devel>/lib/ompl_ccd, which is where pluginlib (through CMAKE_PREFIX_PATH) and roslaunch
#    (through catkin workspaces) look for them; the package itself is found through
#    ROS_PACKAGE_PATH (the folder holding package.xml).

option(OMPL_CCD_BUILD_ROS "Build the ROS 1 plugin and node when catkin, roscpp and pluginlib are found" ON)
if(NOT OMPL_CCD_BUILD_ROS)
  message(STATUS "ompl_ccd: ROS 1 plugin and node not built (OMPL_CCD_BUILD_ROS=OFF).")
  return()
endif()

# Driven by catkin (catkin_make's top-level CMakeLists, or catkin_tools passing the devel space)?
# Decided before find_package(catkin), which defines CATKIN_DEVEL_PREFIX itself.
if(CATKIN_TOPLEVEL OR DEFINED CATKIN_DEVEL_PREFIX)
  set(_ompl_ccd_in_workspace TRUE)
else()
  set(_ompl_ccd_in_workspace FALSE)
endif()

# catkin runs Python with catkin_pkg at configure time. A pyenv shim first on PATH lacks it, so
# look for a Python 3 that has it: PYTHON_EXECUTABLE (set by a catkin workspace),
# Python3_EXECUTABLE, then the system's.
set(_ompl_ccd_ros_python "")
foreach(_candidate ${PYTHON_EXECUTABLE} ${Python3_EXECUTABLE} /usr/bin/python3)
  execute_process(COMMAND ${_candidate} -c "import catkin_pkg, rospkg"
    RESULT_VARIABLE _result OUTPUT_QUIET ERROR_QUIET)
  if(_result EQUAL 0)
    set(_ompl_ccd_ros_python ${_candidate})
    break()
  endif()
endforeach()

set(_ompl_ccd_ros_missing "")
if(NOT _ompl_ccd_in_workspace)
  # Plain CMake: catkin would install its workspace files (setup.*, local_setup.*, env.sh,
  # _setup_util.py, .rosinstall) to the prefix known at configure time, whatever
  # `cmake --install --prefix P` says, and they would describe a catkin install space this is not.
  # Only the `.catkin` marker is wanted (pluginlib and roslaunch find the prefix by it, docs/ros.md):
  # written below at install time, under the prefix actually used.
  set(CATKIN_INSTALL_INTO_PREFIX_ROOT FALSE)
endif()
if(_ompl_ccd_ros_python)
  set(PYTHON_EXECUTABLE ${_ompl_ccd_ros_python} CACHE FILEPATH "Python 3 with catkin_pkg, used by catkin" FORCE)
  # ament_cmake (pulled in by pluginlib) runs Python3_EXECUTABLE: the same interpreter.
  set(Python3_EXECUTABLE ${_ompl_ccd_ros_python} CACHE FILEPATH "Python 3 used by ament_cmake" FORCE)
  find_package(catkin QUIET)
else()
  list(APPEND _ompl_ccd_ros_missing "Python 3 with catkin_pkg and rospkg")
endif()
if(NOT catkin_FOUND)
  list(APPEND _ompl_ccd_ros_missing catkin)
endif()
find_package(roscpp QUIET)
if(NOT roscpp_FOUND)
  list(APPEND _ompl_ccd_ros_missing roscpp)
endif()
find_package(pluginlib QUIET)
if(NOT pluginlib_FOUND)
  list(APPEND _ompl_ccd_ros_missing pluginlib)
endif()
if(_ompl_ccd_ros_missing)
  list(REMOVE_DUPLICATES _ompl_ccd_ros_missing)
  string(REPLACE ";" ", " _ompl_ccd_ros_missing "${_ompl_ccd_ros_missing}")
  message(STATUS "ompl_ccd: ROS 1 plugin and node not built (not found: ${_ompl_ccd_ros_missing}); "
    "install them with scripts/install-deps --ros (ros-base-dev pluginlib-dev python3-rostest rosbash).")
  return()
endif()
message(STATUS "ompl_ccd: building the ROS 1 plugin and node into the devel space ${CATKIN_DEVEL_PREFIX}")

# The certify node's services: generated before catkin_package(), as genmsg requires.
include(${PROJECT_SOURCE_DIR}/cmake/ros_services.cmake)

if(_ompl_ccd_in_workspace)
  # Exports the core library (with the plugin base class) to catkin packages that depend on
  # ompl_ccd (find_package(catkin COMPONENTS ompl_ccd)): it must sit in <devel>/lib.
  catkin_package(INCLUDE_DIRS include LIBRARIES ompl_ccd)
  set_target_properties(ompl_ccd PROPERTIES
    LIBRARY_OUTPUT_DIRECTORY ${CATKIN_DEVEL_PREFIX}/${CATKIN_PACKAGE_LIB_DESTINATION})
else()
  # Plain CMake: CMakeLists.txt's own package config serves find_package(ompl_ccd); catkin's would
  # overwrite it when installing to /usr (both go to lib/<arch>/cmake/ompl_ccd).
  catkin_package(SKIP_CMAKE_CONFIG_GENERATION SKIP_PKG_CONFIG_GENERATION)
  install(CODE "
    if(NOT EXISTS \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/.catkin\")
      file(WRITE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/.catkin\" \"\")
    endif()")
endif()

# ---------------------------------------------------------------- plugin library
add_library(ompl_ccd_plugins SHARED ${PROJECT_SOURCE_DIR}/plugins/motion_validator_plugins.cpp)
target_compile_options(ompl_ccd_plugins PRIVATE -Wall -Wextra)
target_link_libraries(ompl_ccd_plugins PRIVATE ompl_ccd pluginlib::pluginlib)
set_target_properties(ompl_ccd_plugins PROPERTIES
  LIBRARY_OUTPUT_DIRECTORY ${CATKIN_DEVEL_PREFIX}/${CATKIN_PACKAGE_LIB_DESTINATION})

# ---------------------------------------------------------------- node
add_executable(ompl_ccd_plan_node
  ${PROJECT_SOURCE_DIR}/tools/ros/plan_node.cpp
  ${PROJECT_SOURCE_DIR}/tools/ros/node_parameters.cpp
  ${PROJECT_SOURCE_DIR}/tools/ros/report_file.cpp
  ${PROJECT_SOURCE_DIR}/tools/report_json.cpp)
target_compile_options(ompl_ccd_plan_node PRIVATE -Wall -Wextra)
target_include_directories(ompl_ccd_plan_node SYSTEM PRIVATE ${roscpp_INCLUDE_DIRS})
target_link_libraries(ompl_ccd_plan_node PRIVATE ompl_ccd ${roscpp_LIBRARIES} nlohmann_json::nlohmann_json)
set_target_properties(ompl_ccd_plan_node PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CATKIN_DEVEL_PREFIX}/${CATKIN_PACKAGE_BIN_DESTINATION})

install(TARGETS ompl_ccd_plugins LIBRARY DESTINATION ${CATKIN_PACKAGE_LIB_DESTINATION})
install(TARGETS ompl_ccd_plan_node RUNTIME DESTINATION ${CATKIN_PACKAGE_BIN_DESTINATION})
include(${PROJECT_SOURCE_DIR}/cmake/ros_certify_node.cmake)

# ---------------------------------------------------------------- tests
if(NOT OMPL_CCD_BUILD_TESTS)
  return()
endif()
# Every ROS test carries the label `ros`: CI runs them again, twice each (.ci/run), so that a
# flaky one shows up before it lands. Outside a sourced workspace: ROS_PACKAGE_PATH finds package.xml (and through it the plugin
# description), CMAKE_PREFIX_PATH the devel space (libraries, node); ROS_HOME keeps rospack's
# cache and the logs in the build tree.
set(_ompl_ccd_ros_env
  "ROS_PACKAGE_PATH=${PROJECT_SOURCE_DIR}"
  "CMAKE_PREFIX_PATH=${CATKIN_DEVEL_PREFIX}"
  "ROS_HOME=${PROJECT_BINARY_DIR}/ros_home"
  "OMPL_CCD_CERTIFICATE_CACHE=${PROJECT_BINARY_DIR}/test_certificate_cache"
  "OMPL_CCD_CACHE_KEY_FILE=${PROJECT_BINARY_DIR}/test_cache.key"
  "PATH=${CATKIN_DEVEL_PREFIX}/bin:/usr/bin:/bin:$ENV{PATH}")

add_executable(ros_pluginlib_loading ${PROJECT_SOURCE_DIR}/test/ros/pluginlib_loading.cpp)
target_compile_options(ros_pluginlib_loading PRIVATE -Wall -Wextra)
target_link_libraries(ros_pluginlib_loading PRIVATE ompl_ccd_test_support pluginlib::pluginlib GTest::gtest_main)
target_compile_definitions(ros_pluginlib_loading PRIVATE
  OMPL_CCD_PLUGIN_XML="${PROJECT_SOURCE_DIR}/plugins/ompl_ccd_plugins.xml")
add_dependencies(ros_pluginlib_loading ompl_ccd_plugins)
# Not in <devel>/lib/ompl_ccd, where catkin_package() sends executables: it is no node.
set_target_properties(ros_pluginlib_loading PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
add_test(NAME ros_pluginlib_loading COMMAND ros_pluginlib_loading WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(ros_pluginlib_loading PROPERTIES ENVIRONMENT "${_ompl_ccd_ros_env}" LABELS ros)

find_program(OMPL_CCD_ROSTEST rostest)
if(NOT OMPL_CCD_ROSTEST)
  message(STATUS "ompl_ccd: ROS launch tests not added (rostest not found); install python3-rostest.")
  return()
endif()

# rostest of launch/plan.launch on the bundled example: its own master on a free port, the test
# node test/ros/plan_report_check.py reads the report file the planning node writes.
set(_ompl_ccd_plan_report ${PROJECT_BINARY_DIR}/ros_test/plan_report.jsonl)
add_test(NAME ros_plan_launch
  COMMAND /bin/sh -c "rm -f '${_ompl_ccd_plan_report}' && mkdir -p '${PROJECT_BINARY_DIR}/ros_test' && exec ${_ompl_ccd_ros_python} ${OMPL_CCD_ROSTEST} '${PROJECT_SOURCE_DIR}/test/ros/plan.test' report_file:='${_ompl_ccd_plan_report}'"
  WORKING_DIRECTORY ${PROJECT_BINARY_DIR})
set_tests_properties(ros_plan_launch PROPERTIES ENVIRONMENT "${_ompl_ccd_ros_env}" TIMEOUT 300 LABELS ros)

# The tests that start a master of their own (ROS_MASTER_URI) take the ports from
# _ompl_ccd_ros_port on, a base of this build folder's own (11411 + 4 × a hash of its path mod
# 500): parallel test runs, in one build tree or in two (worktrees), meet no master but their own.
string(MD5 _ompl_ccd_port_hash "${PROJECT_BINARY_DIR}")
string(SUBSTRING "${_ompl_ccd_port_hash}" 0 4 _ompl_ccd_port_hash)
math(EXPR _ompl_ccd_ros_port "11411 + 4 * (0x${_ompl_ccd_port_hash} % 500)")

# Every bad parameter gives one ROS_ERROR naming it and the fix, and exit code 2. Starts its own
# roscore on port _ompl_ccd_ros_port.
add_test(NAME ros_bad_parameters
  COMMAND ${_ompl_ccd_ros_python} ${PROJECT_SOURCE_DIR}/test/ros/bad_parameters_check.py
  WORKING_DIRECTORY ${PROJECT_BINARY_DIR})
set_tests_properties(ros_bad_parameters PROPERTIES
  ENVIRONMENT "${_ompl_ccd_ros_env};ROS_MASTER_URI=http://localhost:${_ompl_ccd_ros_port}" TIMEOUT 600 LABELS ros)

include(${PROJECT_SOURCE_DIR}/cmake/ros_certify_tests.cmake)
