"""Validator.check / check_path against the `ompl_ccd` command line (the oracle: the answers of
`ompl_ccd validate` on the same files), and the refusals of bad input with its messages."""

import os
import threading
import warnings

import numpy as np
import pytest

import ompl_ccd
from conftest import (ARM, ARM_EDGES, ARM_SRDF, SCENE, SHARED, assert_same_as_cli, cli_error, cli_validate,
                      random_edges, write_edges)


@pytest.mark.parametrize("validator", ["ca", "discrete", "toleranced", "interval"])
@pytest.mark.parametrize("mode", ["decide", "first-contact"])
def test_bundled_edges_equal_the_command_line(arm_world, arm_validators, validator, mode):
    results = arm_validators(validator).check(arm_world.read_edges(ARM_EDGES), mode=mode)
    assert_same_as_cli(results, cli_validate(ARM, SCENE, validator, ARM_EDGES, mode, srdf=ARM_SRDF))
    assert list(results["edge"]) == [0, 1, 2]
    assert list(results["verdict"]) == [ompl_ccd.COLLISION, ompl_ccd.FREE, ompl_ccd.COLLISION]


def test_random_edges_equal_the_command_line_with_options(arm_world, tmp_path):
    edges = random_edges(arm_world, 300, seed=7)
    edges_file = write_edges(tmp_path / "edges.txt", edges)
    validator = arm_world.validator("ca", tolerance=1e-4, max_steps_per_pair=5000, temporal_culling=False)
    for mode in ("decide", "first-contact"):
        results = validator.check(edges, mode=mode, jobs=2)
        records = cli_validate(ARM, SCENE, "ca", edges_file, mode, srdf=ARM_SRDF,
                               options=["tolerance=1e-4", "max_steps_per_pair=5000", "temporal_culling=false"])
        assert_same_as_cli(results, records)
        verdicts = set(results["verdict"])
        assert ompl_ccd.FREE in verdicts and ompl_ccd.COLLISION in verdicts


def test_check_path_equals_the_command_line(arm_world, arm_validators, tmp_path):
    waypoints = np.array([[0, 0, 0, 0, 0, 0], [0, 0.3, 1.5, 0, 1.34, 0], [-0.3, 0.9, 1.5, 0, 1.2, 0],
                          [1.0, 0.5, 0.5, 0.2, 0.1, 0]])
    path_file = write_edges(tmp_path / "path.txt", waypoints)
    results = arm_validators("ca").check_path(waypoints, mode="first-contact")
    assert_same_as_cli(results, cli_validate(ARM, SCENE, "ca", path_file, "first-contact", srdf=ARM_SRDF, path=True))
    np.testing.assert_array_equal(arm_world.read_path(path_file), waypoints)


def test_several_jobs_answer_as_one(arm_world, arm_ca, arm_validators):
    edges = random_edges(arm_world, 400, seed=3)
    one, two = arm_ca.check(edges, jobs=1), arm_ca.check(edges, jobs=2)
    for field in one.dtype.names:
        if field != "time_us":
            np.testing.assert_array_equal(one[field], two[field])
    discrete = arm_validators("discrete")
    np.testing.assert_array_equal(discrete.check(edges, jobs=1)["verdict"], discrete.check(edges, jobs=3)["verdict"])


@pytest.mark.parametrize("robot", ["panda", "ur5e"])
def test_shared_robots_equal_the_command_line(tmp_path, robot):
    folder = os.path.join(SHARED, "robots", robot)
    scene = os.path.join(SHARED, "scenes", "motion_bench_maker", "primitive_scenes", "table_scene_table.yaml")
    if not os.path.isdir(folder):
        pytest.skip("../shared/data is absent")
    urdf, srdf = os.path.join(folder, "robot.urdf"), os.path.join(folder, "robot.srdf")
    world = ompl_ccd.World(robot=urdf, srdf=srdf, scene=scene)
    edges = random_edges(world, 60, seed=11, reach=0.15)
    edges_file = write_edges(tmp_path / "edges.txt", edges)
    validator = world.validator("ca")
    for mode in ("decide", "first-contact"):
        results = validator.check(edges, mode=mode, jobs=2)
        assert_same_as_cli(results, cli_validate(urdf, scene, "ca", edges_file, mode, srdf=srdf))


def test_the_gil_is_released_while_certifying(arm_world, arm_ca):
    edges = random_edges(arm_world, 3000, seed=5)
    counter = [0]
    seen = {}
    done = threading.Event()

    def certify():
        seen["before"] = counter[0]
        arm_ca.check(edges)
        seen["after"] = counter[0]
        done.set()

    thread = threading.Thread(target=certify)
    thread.start()
    while not done.is_set():
        counter[0] += 1
    thread.join()
    assert seen["after"] - seen["before"] > 1000  # this thread ran while the other certified


def test_empty_batch(arm_ca):
    assert len(arm_ca.check(np.zeros((0, 12)))) == 0


# ----------------------------------------------------------------------------- bad input

def message_tail(message, marker):
    return message[message.index(marker):]


def test_bad_states_are_refused_with_the_command_lines_message(arm_world, arm_ca, tmp_path):
    edges = arm_world.read_edges(ARM_EDGES)
    for value, marker in ((np.nan, "state value"), (9.0, "revolute joint")):
        bad = edges.copy()
        bad[1, 3] = value
        with pytest.raises(ompl_ccd.Error) as raised:
            arm_ca.check(bad)
        expected = cli_error("validate", "--robot", ARM, "--scene", SCENE, "--validator", "ca", "--edges",
                             write_edges(tmp_path / "bad.txt", bad))
        assert str(raised.value).startswith("Validator.check: edges row 1 (start): ")
        assert message_tail(str(raised.value), marker) == message_tail(expected, marker)


def test_wrong_shapes_are_refused(arm_world, arm_ca, tmp_path):
    edges = arm_world.read_edges(ARM_EDGES)
    with pytest.raises(ompl_ccd.Error) as raised:
        arm_ca.check(edges[:, :11])
    expected = cli_error("validate", "--robot", ARM, "--scene", SCENE, "--validator", "ca", "--edges",
                         write_edges(tmp_path / "short.txt", edges[:, :11]))
    assert str(raised.value).startswith("Validator.check: edges of shape (3, 11): expected 12 numbers")
    assert message_tail(str(raised.value), "expected") == message_tail(expected, "expected")
    with pytest.raises(ompl_ccd.Error, match=r"edges has shape \(12,\); pass an array of shape \(m, 12\)"):
        arm_ca.check(edges[0])
    with pytest.raises(ompl_ccd.Error, match=r"waypoints of shape \(2, 5\): expected 6 numbers"):
        arm_ca.check_path(np.zeros((2, 5)))
    with pytest.raises(ompl_ccd.Error, match=r"holds 1 waypoint\(s\); a path needs at least two"):
        arm_ca.check_path(np.zeros((1, 6)))


@pytest.mark.parametrize("options, cli_option", [
    ({"threads": 300}, "threads=300"),
    ({"tolerance": -1.0}, "tolerance=-1"),
    ({"bogus": 1}, "bogus=1"),
    ({"creep_probes": "maybe"}, "creep_probes=maybe"),
    ({"mass_distribution": "cubes"}, "mass_distribution=cubes"),
])
def test_bad_options_are_refused_with_the_command_lines_message(arm_world, options, cli_option):
    with pytest.raises(ompl_ccd.Error) as raised:
        arm_world.validator("ca", **options)
    expected = cli_error("validate", "--robot", ARM, "--scene", SCENE, "--validator", "ca", "--edges", ARM_EDGES,
                         "--option", cli_option)
    assert str(raised.value) == "World.validator: " + expected


def test_other_bad_arguments(arm_world, arm_ca):
    with pytest.raises(ompl_ccd.Error, match="option 'tolerance' is a list; allowed: a finite number >= 1e-14 "):
        arm_world.validator("ca", tolerance=[1e-3])
    with pytest.raises(ompl_ccd.Error, match=r"unknown motion validator 'cca' \(did you mean 'ca'\?\); use one of: "
                                             "discrete, ca"):
        arm_world.validator("cca")
    with pytest.raises(ompl_ccd.Error, match="mode 'first' is unknown; use decide or first-contact"):
        arm_ca.check(np.zeros((1, 12)), mode="first")
    with pytest.raises(ompl_ccd.Error, match=r"jobs is 0; give an integer in \[1, 256\]"):
        arm_ca.check(np.zeros((1, 12)), jobs=0)


@pytest.mark.parametrize("jobs", [-1, 0, 257])
def test_jobs_refused_as_the_cli_refuses_them(arm_ca, jobs):
    """One check (edgeJobs) for Python's jobs= and validate's --jobs: the same words."""
    for check, name in ((arm_ca.check, "Validator.check"), (arm_ca.check_path, "Validator.check_path")):
        with pytest.raises(ompl_ccd.Error) as raised:
            check(np.zeros((2, 12)) if name == "Validator.check" else np.zeros((2, 6)), jobs=jobs)
        expected = cli_error("validate", "--robot", ARM, "--scene", SCENE, "--validator", "ca", "--edges", ARM_EDGES,
                             "--jobs", str(jobs))
        assert expected == f"--jobs is {jobs}; give an integer in [1, 256] (threads answering edges)."
        assert str(raised.value) == f"{name}: jobs is {jobs}; give an integer in [1, 256] (threads answering edges)."


SOUNDNESS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "soundness")


@pytest.mark.parametrize("mode", ["decide", "first-contact"])
def test_quaternions_off_unit_norm_are_normalised_as_the_command_line_does(mode):
    """A floating root's quaternions of norm 1 ± 9e-7, as arrays and from the file: every certifier
    finds the plate the turn crosses, equal to the command line; OMPL's sampled validator answers
    instead of aborting the interpreter (its SO3StateSpace asserts unit norms to 1e-9)."""
    robot = os.path.join(SOUNDNESS, "floating_bar.urdf")
    scene = os.path.join(SOUNDNESS, "slight_turn_plate.yaml")
    edges_file = os.path.join(SOUNDNESS, "slight_turn_unnormalised_edges.txt")
    world = ompl_ccd.World(robot=robot, scene=scene)
    rows = np.loadtxt(edges_file, ndmin=2)
    for name in ["ca", "toleranced", "interval", "discrete"]:
        validator = world.validator(name)
        results = validator.check(rows, mode=mode)
        assert_same_as_cli(results, cli_validate(robot, scene, name, edges_file, mode=mode))
        if name != "discrete":
            assert all(ompl_ccd.VERDICTS[v] == "collision" for v in results["verdict"]), name


def test_an_option_the_validator_does_not_read_is_warned(arm_world):
    with pytest.warns(UserWarning, match=r"World.validator: option 'resolution' has no effect: ca does not read it "
                                         r"\(discrete does\); drop it, or choose a validator that reads it\."):
        arm_world.validator("ca", resolution=0.02)
    with pytest.warns(UserWarning, match=r"option 'tolerance' has no effect: discrete does not read it \(ca, "):
        arm_world.validator("discrete", tolerance=1e-4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        arm_world.validator("ca", tolerance=1e-4, max_steps_per_pair=100)
