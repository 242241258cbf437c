#!/usr/bin/env python3
"""One rospy client that uses both halves of the Python package `ompl_ccd`: the module (World,
Validator, built into <build>/python) and the certify node's services (ompl_ccd.srv, generated into
<devel>/lib/python3/dist-packages). Runs ompl_ccd_certify_node on the bundled arm in
examples/scene.yaml, then, with each of the two folders first on PYTHONPATH in turn, a client in a
fresh interpreter that loads the service type as `rosservice call` does, calls ~certify_edges on
examples/arm_edges.txt and compares the verdicts with World.validator("ca").check.

Usage: python_client_check.py SOURCE_DIR PYTHON_MODULE_DIR DEVEL_PYTHON_DIR CERTIFY_NODE
Needs cmake/ros.cmake's CTest environment; starts its own master on ROS_MASTER_URI's port."""

import os
import subprocess
import sys
import tempfile
import unittest

from ros_master import start_master, stop_master

SOURCE, MODULE_DIR, DEVEL_DIR, NODE = sys.argv[1:5]
del sys.argv[1:5]

CLIENT = r'''
import sys
import numpy as np
import ompl_ccd
import roslib.message
import rospy
from ompl_ccd.srv import CertifyEdges

source = sys.argv[1]
assert roslib.message.get_service_class("ompl_ccd/CertifyEdges") is CertifyEdges  # what rosservice loads
world = ompl_ccd.World(robot=source + "/examples/arm/arm.urdf", scene=source + "/examples/scene.yaml")
edges = world.read_edges(source + "/examples/arm_edges.txt")
expected = [ompl_ccd.VERDICTS[v] for v in world.validator("ca").check(edges)["verdict"]]
rospy.init_node("ompl_ccd_python_client", anonymous=True)
rospy.wait_for_service("/ompl_ccd_certify_node/certify_edges", timeout=60)
certify = rospy.ServiceProxy("/ompl_ccd_certify_node/certify_edges", CertifyEdges)
nq = edges.shape[1] // 2
names = ["joint_%d" % (i + 1) for i in range(nq)]
answer = certify(joint_names=names, starts=edges[:, :nq].ravel().tolist(), goals=edges[:, nq:].ravel().tolist(),
                 validator="ca", mode="decide")
assert answer.ok, answer.error
assert list(answer.verdicts) == expected, (list(answer.verdicts), expected)
print("verdicts", list(answer.verdicts))
'''


class PythonClient(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.master, cls.port = start_master(11413)
        try:
            subprocess.check_call(["rosparam", "set", "-t", os.path.join(SOURCE, "examples/arm/arm.urdf"),
                                   "/robot_description"])
        except BaseException:
            stop_master(cls.master, cls.port)
            raise
        cls.node = subprocess.Popen([NODE, "__name:=ompl_ccd_certify_node",
                                     "_scene:=" + os.path.join(SOURCE, "examples/scene.yaml"),
                                     "_mesh_base_dir:=" + os.path.join(SOURCE, "examples/arm")],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    @classmethod
    def tearDownClass(cls):
        cls.node.terminate()
        cls.node.wait()
        stop_master(cls.master, cls.port)

    def client(self, *pythonpath):
        env = dict(os.environ, PYTHONPATH=":".join(pythonpath))
        return subprocess.run(["/usr/bin/python3", "-c", CLIENT, SOURCE], env=env, capture_output=True, text=True,
                              timeout=120)

    def test_module_first(self):
        done = self.client(MODULE_DIR, DEVEL_DIR)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("verdicts ['collision', 'free', 'collision']", done.stdout)

    def test_services_first(self):
        done = self.client(DEVEL_DIR, MODULE_DIR)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("verdicts ['collision', 'free', 'collision']", done.stdout)

    def test_installed_package_in_either_order(self):
        # `cmake --install` puts the module in lib/python3.X/dist-packages/ompl_ccd and genpy's services
        # in lib/python3/dist-packages/ompl_ccd/srv: still one package, either folder first
        build = os.path.dirname(MODULE_DIR)
        with tempfile.TemporaryDirectory() as prefix:
            subprocess.run(["cmake", "--install", build, "--prefix", prefix], check=True, capture_output=True)
            module = os.path.join(prefix, "lib/python3.%d/dist-packages" % sys.version_info.minor)
            services = os.path.join(prefix, "lib/python3/dist-packages")
            for first, second in ((module, services), (services, module)):
                done = self.client(first, second)
                self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
                self.assertIn("verdicts ['collision', 'free', 'collision']", done.stdout)

    def test_stream_cloud_runs_the_system_python(self):
        # `rosrun ompl_ccd stream_cloud.py` under a python3 first on PATH without NumPy or rospy (a
        # pyenv shim): the script names Debian's interpreter, which has both.
        with tempfile.TemporaryDirectory() as shims:
            shim = os.path.join(shims, "python3")
            with open(shim, "w") as f:
                f.write("#!/bin/sh\necho 'ModuleNotFoundError: No module named numpy' >&2\nexit 1\n")
            os.chmod(shim, 0o755)
            env = dict(os.environ, PATH=shims + ":" + os.environ["PATH"])
            done = subprocess.run([os.path.join(SOURCE, "tools/ros/stream_cloud.py"), "--help"], env=env,
                                  capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("usage: stream_cloud.py", done.stdout)


if __name__ == "__main__":
    unittest.main()
