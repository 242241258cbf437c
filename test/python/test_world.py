"""World: loaded as `ompl_ccd validate` loads the robot and scene (its errors), described as
`ompl_ccd info` describes the robot, pickled as its file names."""

import json
import pickle

import pytest

import ompl_ccd
from conftest import ARM, ARM_EDGES, ARM_SRDF, SCENE, cli_error, run_cli


def test_joints_and_state_order_are_those_of_info(arm_world):
    code, out, err = run_cli("info", "--robot", ARM, "--srdf", ARM_SRDF)
    assert code == 0, err
    info = json.loads(out)
    assert arm_world.joints == info["joints"]
    assert arm_world.state_names == info["state"]
    assert arm_world.nq == info["nq"] == 6
    assert arm_world.robot_name == info["robot"]
    assert set(arm_world.contact_names) >= {"forearm_link", "thin_plate", "table"}


def test_edge_files_are_read_as_the_command_line_reads_them(arm_world, tmp_path):
    edges = arm_world.read_edges(ARM_EDGES)
    assert edges.shape == (3, 12)
    assert list(edges[1]) == [0, 0, 0, 0, 0, 0, 0, 0.3, 1.5, 0, 1.34, 0]
    bad = tmp_path / "word.txt"
    bad.write_text("0 0 0 zero 0 0 0 0 0 0 0 0\n")
    with pytest.raises(ompl_ccd.Error) as raised:
        arm_world.read_edges(bad)
    expected = cli_error("validate", "--robot", ARM, "--scene", SCENE, "--validator", "ca", "--edges", str(bad))
    assert str(raised.value) == "read_edges: " + expected


def test_bad_files_are_refused_with_the_command_lines_message(tmp_path):
    missing = str(tmp_path / "nothing.urdf")
    with pytest.raises(ompl_ccd.Error) as raised:
        ompl_ccd.World(robot=missing, scene=SCENE)
    expected = cli_error("validate", "--robot", missing, "--scene", SCENE, "--validator", "ca", "--edges", ARM_EDGES)
    assert str(raised.value) == expected
    with pytest.raises(ompl_ccd.Error) as raised:
        ompl_ccd.World(robot=ARM, scene=str(tmp_path))
    expected = cli_error("validate", "--robot", ARM, "--scene", str(tmp_path), "--validator", "ca", "--edges", ARM_EDGES)
    assert str(raised.value) == expected
    with pytest.raises(ompl_ccd.Error, match="no scene given"):
        ompl_ccd.World(robot=ARM)


def test_a_world_pickles_as_its_files(arm_world):
    copy = pickle.loads(pickle.dumps(arm_world))
    assert copy.spec == arm_world.spec and copy.joints == arm_world.joints and copy.dtype == arm_world.dtype
