"""A ROS master of a test's own, on the port of ROS_MASTER_URI (ctest gives each build tree ports of
its own, cmake/ros.cmake), shared by the Python checks in test/ros."""

import os
import signal
import socket
import subprocess
import time
from urllib.parse import urlparse


def port_in_use(port):
    """Whether a server listens on `port` (a master of an earlier run may still be going)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("", port))
            return False
        except OSError:
            return True


def wait_for_free_port(port):
    deadline = time.time() + 30
    while port_in_use(port):
        if time.time() > deadline:
            raise RuntimeError("port %d stays in use: another ROS master? Set ROS_MASTER_URI to a free port" % port)
        time.sleep(0.3)


def start_master(default_port):
    """Starts roscore on ROS_MASTER_URI's port (default_port when unset) once the port is free, in a
    process group of its own, sets ROS_MASTER_URI for this process and its children and waits until
    the master answers. Returns (the roscore process, the port); stop it with stop_master."""
    port = urlparse(os.environ.get("ROS_MASTER_URI", "http://localhost:%d" % default_port)).port or default_port
    os.environ["ROS_MASTER_URI"] = "http://localhost:%d" % port
    wait_for_free_port(port)  # the master of a run just before may still be shutting down
    # its own process group: roscore's master and rosout are stopped with it
    master = subprocess.Popen(["roscore", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    deadline = time.time() + 30
    while subprocess.call(["rosparam", "list"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) != 0:
        if time.time() > deadline:
            stop_master(master, port)
            raise RuntimeError("roscore did not start on port %d" % port)
        time.sleep(0.3)
    return master, port


def stop_master(master, port):
    """Stops a master of start_master as Ctrl-C would (roscore stops its children first) and waits
    until its port is free."""
    os.killpg(master.pid, signal.SIGINT)
    try:
        master.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(master.pid, signal.SIGKILL)
        master.wait()
    wait_for_free_port(port)
