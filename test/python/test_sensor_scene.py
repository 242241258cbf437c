"""Sensor scenes in Python: World(scene=...) reads the `points` and `octomap` items as the command
line does, and World.set_points replaces the cloud between batches with the same answers as the
same points given as a scene file."""

import os

import numpy as np
import pytest

import ompl_ccd
from conftest import ARM, ARM_SRDF, ROOT, cli_validate

CLOUD_SCENE = os.path.join(ROOT, "examples", "cloud_scene.yaml")
OCTOMAP_SCENE = os.path.join(ROOT, "examples", "octomap_scene.yaml")
CLOUD_XYZ = os.path.join(ROOT, "examples", "sensors", "scene_cloud.xyz")
# A free move near home, then the stretched arm sweeping down through the table.
WAYPOINTS = np.array([[0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.3, 0.2, 0.0, 0.2, 0.0], [-0.3, 1.2, 1.0, 0.0, 1.0, 0.0]])


def edges_file(tmp_path):
    path = tmp_path / "edges.txt"
    path.write_text("".join(" ".join(map(str, np.concatenate([a, b]))) + "\n" for a, b in zip(WAYPOINTS, WAYPOINTS[1:])))
    return str(path)


@pytest.mark.parametrize("scene", [CLOUD_SCENE, OCTOMAP_SCENE])
def test_sensor_scene_files_answer_as_the_command_line(scene, tmp_path):
    world = ompl_ccd.World(robot=ARM, srdf=ARM_SRDF, scene=scene)
    results = world.validator("ca").check_path(WAYPOINTS)
    records = cli_validate(ARM, scene, "ca", edges_file(tmp_path), srdf=ARM_SRDF)
    assert [ompl_ccd.VERDICTS[v] for v in results["verdict"]] == [r["verdict"] for r in records]
    assert list(results["verdict"]) == [ompl_ccd.FREE, ompl_ccd.COLLISION]


def test_set_points_replaces_the_cloud_between_batches(tmp_path):
    empty = tmp_path / "empty.yaml"
    empty.write_text("obstacles: []\n")
    world = ompl_ccd.World(robot=ARM, srdf=ARM_SRDF, scene=empty)
    from_file = ompl_ccd.World(robot=ARM, srdf=ARM_SRDF, scene=CLOUD_SCENE).validator("ca").check_path(WAYPOINTS)
    points = np.loadtxt(CLOUD_XYZ)
    validator = world.validator("ca")
    world.set_points(points, 0.005)
    results = validator.check_path(WAYPOINTS)
    assert list(results["verdict"]) == list(from_file["verdict"])
    assert results["witness_other"][1].startswith("points/")
    world.set_points(points + [0.0, 0.0, 5.0], 0.005)   # the cloud lifted 5 m away: nothing to hit
    assert list(validator.check_path(WAYPOINTS)["verdict"]) == [ompl_ccd.FREE, ompl_ccd.FREE]


def test_set_points_with_the_cloud_index_answers_as_its_balls(tmp_path):
    empty = tmp_path / "empty.yaml"
    empty.write_text("obstacles: []\n")
    points = np.loadtxt(CLOUD_XYZ)
    balls, indexed = (ompl_ccd.World(robot=ARM, srdf=ARM_SRDF, scene=empty) for _ in range(2))
    balls.set_points(points, 0.005)
    indexed.set_points(points, 0.005, cloud_index=True)
    for name in ("discrete", "ca"):
        expected = balls.validator(name).check_path(WAYPOINTS)
        results = indexed.validator(name).check_path(WAYPOINTS)
        assert list(results["verdict"]) == list(expected["verdict"]) == [ompl_ccd.FREE, ompl_ccd.COLLISION]
    assert results["witness_other"][1].startswith("points/")
    with pytest.raises(ompl_ccd.Error, match=r"World.set_points: voxel 0.01 with cloud_index"):
        indexed.set_points(points, 0.005, voxel=0.01, cloud_index=True)


def test_set_points_refuses_bad_input():
    world = ompl_ccd.World(robot=ARM, srdf=ARM_SRDF, scene=CLOUD_SCENE)
    with pytest.raises(ompl_ccd.Error, match=r"World.set_points: points has 1 dimensions"):
        world.set_points(np.zeros(3), 0.005)
    with pytest.raises(ompl_ccd.Error, match=r"`radius` is 0; give each point's ball a finite radius > 0"):
        world.set_points(np.zeros((2, 3)), 0.0)
    with pytest.raises(ompl_ccd.Error, match=r"point 1 is not finite"):
        world.set_points(np.array([[0, 0, 0], [np.nan, 0, 0]]), 0.01)
    with pytest.raises(ompl_ccd.Error, match=r"World.set_points: point 1 lies at \(1e\+200, 0, 0\) in the world"):
        world.set_points(np.array([[0, 0, 0], [1e200, 0, 0]]), 0.01)


def test_scenes_beyond_the_bound_are_refused_not_crashed():
    """The mutants that crashed every validator while the scene loaded (test/data/geometry/errors/)."""
    for name, message in [("sphere_1e200.yaml", r"`sphere` is 1e\+200, beyond ±1e\+06"),
                          ("cloud_point_1e200.yaml", r"a coordinate lies beyond ±1e\+06 m")]:
        scene = os.path.join(ROOT, "test", "data", "geometry", "errors", name)
        with pytest.raises(ompl_ccd.Error, match=message):
            ompl_ccd.World(robot=ARM, srdf=ARM_SRDF, scene=scene)
