# Tests of ompl_ccd_certify_node, included at the end of ros.cmake (rostest found, tests on):
#  - ros_certify_launch: rostest test/ros/certify.test (certify.launch, a client refused before the
#    first cloud, then publishing a cloud, calling the services, comparing with `ompl_ccd validate`,
#    checking the markers);
#  - ros_certify_rviz: RViz with config/certify.rviz under Xvfb, the node's markers of a colliding
#    trajectory on screen; the screenshot must not be blank (test/ros/rviz_screenshot_check.py).
if(NOT OMPL_CCD_CERTIFY_NODE)
  return()
endif()
math(EXPR _ompl_ccd_rviz_port "${_ompl_ccd_ros_port} + 1")    # masters of their own (ros.cmake)
math(EXPR _ompl_ccd_client_port "${_ompl_ccd_ros_port} + 2")
add_executable(certify_node_check ${PROJECT_SOURCE_DIR}/test/ros/certify_node_check.cpp)
target_compile_options(certify_node_check PRIVATE -Wall -Wextra)
target_include_directories(certify_node_check SYSTEM PRIVATE ${CATKIN_DEVEL_PREFIX}/include ${roscpp_INCLUDE_DIRS}
  ${tf2_ros_INCLUDE_DIRS})
target_link_libraries(certify_node_check PRIVATE ompl_ccd_test_support GTest::gtest ${roscpp_LIBRARIES} ${tf2_ros_LIBRARIES}
  nlohmann_json::nlohmann_json)
add_dependencies(certify_node_check ${PROJECT_NAME}_generate_messages_cpp ompl_ccd_certify_node)
# In <devel>/lib/ompl_ccd: rostest's <test pkg="ompl_ccd" type="certify_node_check"> looks there.
set_target_properties(certify_node_check PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CATKIN_DEVEL_PREFIX}/${CATKIN_PACKAGE_BIN_DESTINATION})
add_test(NAME ros_certify_launch
  COMMAND ${_ompl_ccd_ros_python} ${OMPL_CCD_ROSTEST} ${PROJECT_SOURCE_DIR}/test/ros/certify.test
  WORKING_DIRECTORY ${PROJECT_BINARY_DIR})
set_tests_properties(ros_certify_launch PROPERTIES ENVIRONMENT "${_ompl_ccd_ros_env}" TIMEOUT 400 LABELS ros)

find_program(OMPL_CCD_XVFB_RUN xvfb-run)
find_program(OMPL_CCD_RVIZ rviz)
find_program(OMPL_CCD_XWD xwd)
if(OMPL_CCD_XVFB_RUN AND OMPL_CCD_RVIZ AND OMPL_CCD_XWD)
  add_test(NAME ros_certify_rviz
    COMMAND ${_ompl_ccd_ros_python} ${PROJECT_SOURCE_DIR}/test/ros/rviz_screenshot_check.py
            --devel ${CATKIN_DEVEL_PREFIX} --output ${PROJECT_BINARY_DIR}/ros_test/certify_rviz.png
    WORKING_DIRECTORY ${PROJECT_BINARY_DIR})
  set_tests_properties(ros_certify_rviz PROPERTIES
    ENVIRONMENT "${_ompl_ccd_ros_env};ROS_MASTER_URI=http://localhost:${_ompl_ccd_rviz_port}" TIMEOUT 300 LABELS ros)
else()
  message(STATUS "ompl_ccd: RViz screenshot test not added (needs xvfb-run, rviz, xwd: scripts/install-deps --ros).")
endif()

# One rospy client using the Python module (World) and the node's services (ompl_ccd.srv) at once,
# with either folder first on PYTHONPATH (issue 42): test/ros/python_client_check.py. Its own master
# on port _ompl_ccd_ros_port + 2 (ros.cmake).
if(TARGET _ompl_ccd)
  add_test(NAME ros_python_client
    COMMAND ${_ompl_ccd_ros_python} ${PROJECT_SOURCE_DIR}/test/ros/python_client_check.py ${PROJECT_SOURCE_DIR}
            ${PROJECT_BINARY_DIR}/python ${CATKIN_DEVEL_PREFIX}/${CATKIN_GLOBAL_PYTHON_DESTINATION}
            $<TARGET_FILE:ompl_ccd_certify_node>
    WORKING_DIRECTORY ${PROJECT_BINARY_DIR})
  set_tests_properties(ros_python_client PROPERTIES
    ENVIRONMENT "${_ompl_ccd_ros_env};ROS_MASTER_URI=http://localhost:${_ompl_ccd_client_port}" TIMEOUT 300 LABELS ros)
endif()
