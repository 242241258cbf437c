#!/usr/bin/python3
"""Streams a point cloud file (.xyz: `x y z` per line, `#` comments) as sensor_msgs/PointCloud2,
freshly stamped, for ompl_ccd_certify_node's ~cloud (what a depth camera driver would publish):

    rosrun ompl_ccd stream_cloud.py examples/sensors/scene_cloud.xyz [--topic /camera/points]
                                    [--frame base_link] [--rate 2]
"""
import argparse

import numpy as np
import rospy
from sensor_msgs import point_cloud2
from sensor_msgs.msg import PointCloud2
from std_msgs.msg import Header


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", help=".xyz file: x y z per line (metres, in --frame)")
    parser.add_argument("--topic", default="/camera/points")
    parser.add_argument("--frame", default="base_link", help="frame of the points (tf2 must place it)")
    parser.add_argument("--rate", type=float, default=2.0, help="clouds per second")
    args = parser.parse_args(rospy.myargv()[1:])
    points = np.loadtxt(args.file, ndmin=2)[:, :3]
    rospy.init_node("stream_cloud", anonymous=True)
    publisher = rospy.Publisher(args.topic, PointCloud2, queue_size=1, latch=True)
    rospy.loginfo("stream_cloud: %d points from %s on %s (frame %s)", len(points), args.file, args.topic, args.frame)
    rate = rospy.Rate(args.rate)
    while not rospy.is_shutdown():
        header = Header(stamp=rospy.Time.now(), frame_id=args.frame)
        publisher.publish(point_cloud2.create_cloud_xyz32(header, points.tolist()))
        rate.sleep()


if __name__ == "__main__":
    main()
