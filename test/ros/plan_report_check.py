#!/usr/bin/env python3
"""rostest node of test/ros/plan.test: waits for the report ompl_ccd_plan_node writes (it appears
complete, by rename) and asserts that the node found a path and certified every edge free.

Private parameters: ~report_file (the file), ~timeout (seconds to wait for it, default 100)."""

import json
import os
import time
import unittest

import rospy
import rostest


class PlanReport(unittest.TestCase):
    def test_path_found_and_certified(self):
        report_file = rospy.get_param("~report_file")
        deadline = time.time() + rospy.get_param("~timeout", 100.0)
        while not os.path.exists(report_file) and time.time() < deadline:
            time.sleep(0.2)
        self.assertTrue(os.path.exists(report_file), "the node wrote no report to %s" % report_file)
        with open(report_file) as f:
            lines = [json.loads(line) for line in f if line.strip()]
        plan = lines[0]["plan"]
        self.assertTrue(plan["solved"], "no path: status %s" % plan["status"])
        self.assertGreaterEqual(plan["waypoints"], 2)
        self.assertEqual(len(plan["path"]), plan["waypoints"])
        edges = lines[1:]
        self.assertEqual(len(edges), plan["waypoints"] - 1)
        self.assertEqual(plan["edges"], len(edges))
        for edge in edges:
            self.assertEqual(edge["verdict"], "free", "edge %d: %s" % (edge["edge"], edge))
        self.assertEqual(plan["free"], len(edges))
        self.assertTrue(plan["certified"])


if __name__ == "__main__":
    rospy.init_node("plan_report_check")
    rostest.rosrun("ompl_ccd", "plan_report", PlanReport)
