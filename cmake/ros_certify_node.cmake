# ompl_ccd_certify_node (tools/ros/certify_node.cpp), included by ros.cmake after the plan node
# when cmake/ros_services.cmake found what it needs: the live certification service.
if(NOT OMPL_CCD_CERTIFY_NODE)
  return()
endif()
add_executable(ompl_ccd_certify_node
  ${PROJECT_SOURCE_DIR}/tools/ros/certify_node.cpp
  ${PROJECT_SOURCE_DIR}/tools/ros/certify_parameters.cpp
  ${PROJECT_SOURCE_DIR}/tools/ros/certify_requests.cpp
  ${PROJECT_SOURCE_DIR}/tools/ros/cloud_points.cpp
  ${PROJECT_SOURCE_DIR}/tools/ros/contact_markers.cpp
  ${PROJECT_SOURCE_DIR}/tools/ros/live_scene.cpp)
target_compile_options(ompl_ccd_certify_node PRIVATE -Wall -Wextra)
target_include_directories(ompl_ccd_certify_node SYSTEM PRIVATE
  ${CATKIN_DEVEL_PREFIX}/include ${roscpp_INCLUDE_DIRS} ${sensor_msgs_INCLUDE_DIRS} ${visualization_msgs_INCLUDE_DIRS}
  ${trajectory_msgs_INCLUDE_DIRS} ${geometry_msgs_INCLUDE_DIRS} ${tf2_ros_INCLUDE_DIRS})
target_link_libraries(ompl_ccd_certify_node PRIVATE ompl_ccd ${roscpp_LIBRARIES} ${tf2_ros_LIBRARIES})
add_dependencies(ompl_ccd_certify_node ${PROJECT_NAME}_generate_messages_cpp)
set_target_properties(ompl_ccd_certify_node PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CATKIN_DEVEL_PREFIX}/${CATKIN_PACKAGE_BIN_DESTINATION})
install(TARGETS ompl_ccd_certify_node RUNTIME DESTINATION ${CATKIN_PACKAGE_BIN_DESTINATION})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/tools/ros/stream_cloud.py DESTINATION ${CATKIN_PACKAGE_BIN_DESTINATION})
install(DIRECTORY srv DESTINATION ${CMAKE_INSTALL_DATADIR}/ompl_ccd)
