#!/usr/bin/env python3
"""RViz shows where a motion hits: starts a roscore (ROS_MASTER_URI's port) and launch/certify.launch
(bundled arm, no scene file), streams the bundled cloud (examples/sensors/scene_cloud.xyz) on
/camera/points with `rosrun ompl_ccd stream_cloud.py` (the README's steps), certifies a trajectory of the bundled arm that sweeps into the table, then runs RViz with config/certify.rviz under Xvfb, takes a screenshot (xwd) and checks by
pixel statistics that it is not blank: many colours, and red (the colliding part, the touching
bodies) and green (the free prefix) pixels. Writes the screenshot as PNG to --output (the README's
picture). Run by ctest (cmake/ros_certify_tests.cmake) with the devel space's environment."""
import argparse
import os
import pathlib
import shutil
import struct
import subprocess
import sys
import time
import zlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def read_xwd(data):
    """(width, height, rows of (r, g, b)) of an XWD dump of a 24/32-bit TrueColor screen."""
    fields = struct.unpack(">25I", data[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line, ncolors = fields[7], fields[11], fields[12], fields[19]
    if bits_per_pixel not in (24, 32):
        sys.exit(f"rviz_screenshot_check: the screen has {bits_per_pixel} bits per pixel; run Xvfb at depth 24")
    step = bits_per_pixel // 8
    offset = header_size + 12 * ncolors
    rows = []
    for y in range(height):
        line = data[offset + y * bytes_per_line: offset + y * bytes_per_line + step * width]
        if byte_order == 0:  # LSB first: B, G, R (, pad)
            rows.append([(line[step * x + 2], line[step * x + 1], line[step * x]) for x in range(width)])
        else:  # MSB first: (pad,) R, G, B
            rows.append([tuple(line[step * x + step - 3: step * x + step]) for x in range(width)])
    return width, height, rows


def write_png(path, width, height, rows):
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in rows)
    chunk = lambda kind, body: struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
                     chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# The README's request (section "The live certification service"), as a user types it.
REQUEST = ("{trajectory: {joint_names: [joint_1, joint_2, joint_3, joint_4, joint_5, joint_6],\n"
           "  points: [{positions: [0, 0.3, 0.2, 0, 0.2, 0], time_from_start: {secs: 0}}, "
           "{positions: [-0.3, 1.2, 1.0, 0, 1.0, 0], time_from_start: {secs: 1}}]},\n"
           "  validator: ca, mode: first-contact}")


def certify_colliding_trajectory():
    """Waits for the node to hold the streamed cloud, then makes the README's rosservice call."""
    import rospy
    import yaml
    from ompl_ccd.srv import UpdateObstacles
    rospy.init_node("rviz_screenshot_check", anonymous=True)
    rospy.wait_for_service("/ompl_ccd_certify_node/certify_trajectory", timeout=180)
    count = sum(1 for line in (ROOT / "examples" / "sensors" / "scene_cloud.xyz").open() if line[0] not in "#\n")
    update = rospy.ServiceProxy("/ompl_ccd_certify_node/update_obstacles", UpdateObstacles)
    deadline = time.time() + 60
    while update().obstacles != count:
        if time.time() > deadline:
            sys.exit("rviz_screenshot_check: the node did not take the cloud within 60 s")
        time.sleep(0.5)
    done = subprocess.run(["rosservice", "call", "/ompl_ccd_certify_node/certify_trajectory", REQUEST],
                          capture_output=True, text=True, timeout=120)
    response = yaml.safe_load(done.stdout) if done.returncode == 0 else None
    if not response or not response["ok"] or response["verdicts"] != ["collision"]:
        sys.exit(f"rviz_screenshot_check: expected one colliding segment, got {done.stdout} {done.stderr}")
    return response


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--devel", required=True)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    # the generated services, for rospy here and for rosservice (as devel/setup.bash sets it)
    messages = os.path.join(args.devel, "lib", "python3", "dist-packages")
    sys.path.insert(0, messages)
    os.environ["PYTHONPATH"] = messages + os.pathsep + os.environ.get("PYTHONPATH", "")
    port = os.environ["ROS_MASTER_URI"].rsplit(":", 1)[1]
    processes = []
    try:
        processes.append(subprocess.Popen(["roscore", "-p", port], stdout=subprocess.DEVNULL))
        time.sleep(3)
        processes.append(subprocess.Popen(["roslaunch", "ompl_ccd", "certify.launch"]))
        # the README's step: stream the bundled cloud as a camera would
        processes.append(subprocess.Popen(["rosrun", "ompl_ccd", "stream_cloud.py",
                                           str(ROOT / "examples" / "sensors" / "scene_cloud.xyz")]))
        response = certify_colliding_trajectory()
        print(f"rviz_screenshot_check: collision with {response['witness_other'][0]}, "
              f"last_valid {response['last_valid']:.3f} s")
        output = pathlib.Path(args.output)
        output.parent.mkdir(parents=True, exist_ok=True)
        xwd = output.with_suffix(".xwd")
        script = (f"rviz -d '{ROOT / 'config' / 'certify.rviz'}' & pid=$!; sleep 20; "
                  f"xwd -root -silent > '{xwd}'; kill $pid; wait $pid 2>/dev/null; true")
        subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 960x720x24", "sh", "-c", script], check=True, timeout=180)
        width, height, rows = read_xwd(xwd.read_bytes())
        write_png(output, width, height, rows)
        pixels = [px for row in rows for px in row]
        colours = len(set(pixels))
        red = sum(1 for r, g, b in pixels if r > 180 and g < 90 and b < 90)
        green = sum(1 for r, g, b in pixels if g > 150 and r < 90 and b < 90)
        print(f"rviz_screenshot_check: {width}x{height}, {colours} colours, {red} red and {green} green pixels: {output}")
        if colours < 20 or red < 50 or green < 20:
            sys.exit("rviz_screenshot_check: the screenshot is blank or lacks the contact markers")
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    main()
