"""Shared fixtures of the Python tests: the bundled arm world, the `ompl_ccd` command line as the
oracle the module must agree with, random edges, and ../shared/data when present.

ctest sets PYTHONPATH (the build tree's package), OMPL_CCD_CLI, OMPL_CCD_DASK_SCRIPT and
OMPL_CCD_SHARED_DATA_DIR; run from the repository root."""

import json
import os
import subprocess

import numpy as np
import pytest

import ompl_ccd

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARM = os.path.join(ROOT, "examples", "arm", "arm.urdf")
ARM_SRDF = os.path.join(ROOT, "examples", "arm", "arm.srdf")
SCENE = os.path.join(ROOT, "examples", "scene.yaml")
ARM_EDGES = os.path.join(ROOT, "examples", "arm_edges.txt")
SHARED = os.environ.get("OMPL_CCD_SHARED_DATA_DIR", os.path.join(ROOT, "..", "shared", "data"))


def cli():
    path = os.environ.get("OMPL_CCD_CLI")
    assert path and os.path.exists(path), "OMPL_CCD_CLI must name the built ompl_ccd program (ctest sets it)"
    return path


def run_cli(*args):
    """(exit code, stdout, stderr) of `ompl_ccd ARGS`."""
    done = subprocess.run([cli(), *args], capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout, done.stderr


def cli_validate(robot, scene, validator, edges_file, mode="decide", srdf=None, options=(), path=False):
    """The per-edge JSON records of `ompl_ccd validate` (the summary is checked to follow them)."""
    args = ["validate", "--robot", robot, "--scene", scene, "--validator", validator, "--mode", mode, "--quiet",
            "--path" if path else "--edges", edges_file]
    if srdf:
        args += ["--srdf", srdf]
    for option in options:
        args += ["--option", option]
    code, out, err = run_cli(*args)
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert "summary" in lines[-1]
    return lines[:-1]


def cli_error(*args):
    """The message `ompl_ccd` prints for bad input (exit code 2), without its 'ompl_ccd <command>: '."""
    done = subprocess.run([cli(), *args], capture_output=True, text=True, timeout=600)
    assert done.returncode == 2, done.stdout + done.stderr
    first = done.stderr.splitlines()[0]
    return first.split(": ", 1)[1]


def assert_same_as_cli(results, records):
    """Every field of the module's results equals the command line's JSON record (exactly: both
    print doubles with round-trip precision)."""
    assert len(results) == len(records)
    for row, record in zip(results, records):
        assert ompl_ccd.VERDICTS[row["verdict"]] == record["verdict"], record
        assert row["toc_lower"] == record["toc_lower"] and row["toc_upper"] == record["toc_upper"], record
        witness = record["witness"]
        assert bool(row["witness"]) == (witness is not None), record
        if witness is not None:
            assert row["witness_time"] == witness["time"]
            assert row["witness_link"] == witness["link"] and row["witness_other"] == witness["other"]
            assert list(row["witness_point_a"]) == witness["point_a"]
            assert list(row["witness_point_b"]) == witness["point_b"]
            assert list(row["witness_normal"]) == witness["normal"]


def random_edges(world, count, seed, reach=0.3):
    """`count` edges with uniform starts inside the joint limits and goals up to `reach` of each
    joint's range away (clipped): free and colliding ones, and starts in collision."""
    rng = np.random.default_rng(seed)
    lower = np.array([j["lower"] for j in world.joints])
    upper = np.array([j["upper"] for j in world.joints])
    start = rng.uniform(lower, upper, size=(count, len(lower)))
    goal = np.clip(start + rng.uniform(-reach, reach, size=start.shape) * (upper - lower), lower, upper)
    return np.hstack([start, goal])


def write_edges(path, edges):
    np.savetxt(path, edges, fmt="%.17g")
    return str(path)


@pytest.fixture(scope="session")
def arm_world():
    return ompl_ccd.World(robot=ARM, srdf=ARM_SRDF, scene=SCENE)


@pytest.fixture(scope="session")
def arm_validators(arm_world):
    """arm_validators(name): the arm world's validator `name` with default options, built once."""
    built = {}

    def validator(name):
        if name not in built:
            built[name] = arm_world.validator(name)
        return built[name]
    return validator


@pytest.fixture(scope="session")
def arm_ca(arm_validators):
    return arm_validators("ca")
