"""ompl_ccd from Python: certify robot local paths exactly, a NumPy batch at a time.

    import numpy as np, ompl_ccd
    world = ompl_ccd.World(robot="examples/arm/arm.urdf", scene="examples/scene.yaml")
    validator = world.validator("ca", tolerance=1e-3)         # the options of `ompl_ccd options`
    results = validator.check(edges, mode="first-contact", jobs=2)  # edges: (m, 2 nq) array
    results["verdict"] == ompl_ccd.COLLISION, results["toc_lower"], results["witness_link"], ...

The robot, the scene, the validator options and the states are checked exactly as
`ompl_ccd validate` checks them (same library code); bad input raises ompl_ccd.Error (a ValueError)
with the command line's message. ompl_ccd.dask scales a batch out to a Dask cluster.
"""

import os
import pkgutil

import numpy as np

# Every `ompl_ccd` folder on sys.path belongs to this package: with ROS, catkin's devel space (or
# install prefix) holds the generated services, ompl_ccd.srv, in a folder of that name.
__path__ = pkgutil.extend_path(__path__, __name__)

from ._ompl_ccd import (
    COLLISION,
    FREE,
    MAX_JOBS,
    UNDECIDED,
    VERDICTS,
    Error,
    option_names,
    summary_line,
    validator_names,
)
from ._ompl_ccd import Validator as _Validator
from ._ompl_ccd import World as _World

__all__ = [
    "World", "Validator", "Error", "FREE", "COLLISION", "UNDECIDED", "VERDICTS", "MAX_JOBS",
    "validator_names", "option_names", "summary_line", "result_dtype",
]


def result_dtype(name_width):
    """The structured dtype of results, witness names as strings of up to name_width characters.

    Fields: edge (index in the batch), verdict (FREE, COLLISION or UNDECIDED), toc_lower and
    toc_upper (the first time of contact is in [toc_lower, toc_upper]; 1, 1 when free), time_us
    (time inside the validator), witness (True when a contact witness is given), witness_time,
    witness_link (robot link), witness_other (robot link or obstacle), witness_point_a,
    witness_point_b, witness_normal (world frame, metres; NaN without witness): the fields of the
    JSON lines of `ompl_ccd validate` but its stats.
    """
    names = f"U{max(1, name_width)}"
    return np.dtype([
        ("edge", "i8"), ("verdict", "i1"), ("toc_lower", "f8"), ("toc_upper", "f8"), ("time_us", "f8"),
        ("witness", "?"), ("witness_time", "f8"), ("witness_link", names), ("witness_other", names),
        ("witness_point_a", "f8", (3,)), ("witness_point_b", "f8", (3,)), ("witness_normal", "f8", (3,)),
    ])


class World:
    """A robot (URDF, optional SRDF) in a scene, loaded once as `ompl_ccd validate` loads them.

    World(robot="r.urdf", srdf=None, scene="s.yaml", package_paths=[]): package_paths are the
    folders searched for package:// URIs (`--package-path`). A World pickles as its file names
    (and is loaded again where it is unpickled): the files must exist there too.
    """

    def __init__(self, robot, srdf=None, scene=None, package_paths=()):
        if scene is None:
            raise Error("World: no scene given; pass scene='scene.yaml' (a scene YAML, MoveIt scene YAML, "
                        "URDF or mesh file).")
        self.spec = {"robot": os.fspath(robot), "srdf": None if srdf is None else os.fspath(srdf),
                     "scene": os.fspath(scene), "package_paths": [os.fspath(p) for p in package_paths]}
        self._world = _World(self.spec["robot"], self.spec["srdf"] or "", self.spec["scene"],
                             self.spec["package_paths"])
        self._index_names()

    def __reduce__(self):
        return (_restore_world, (self.spec, getattr(self, "_points", None)))

    def _index_names(self):
        self.dtype = result_dtype(max((len(n) for n in self._world.contact_names), default=1))
        self._names = np.array(list(self._world.contact_names) + [""], dtype=self.dtype["witness_link"])

    def set_points(self, points, radius, voxel=0.0, cloud_index=False):
        """Replaces the point cloud of the scene (besides the scene file's obstacles, and instead of
        the points of an earlier set_points): `points`, an (n, 3) array in the world frame (the
        robot's root link), each point an obstacle ball of `radius` metres named "points/<i>"; with
        `voxel` > 0, one ball per voxel of that side covering its points' balls (a superset: *free*
        keeps its meaning, a collision's witness touches the cover); with `cloud_index`, the cloud is
        one obstacle "points", its points in a k-d tree (the same balls, witnesses "points/<i>"; the
        scene file's `cloud_index: true`). The validators of this World certify against the new
        cloud from their next check on."""
        points = np.asarray(points, dtype=np.float64)
        self._world = self._world.with_points(points, float(radius), float(voxel), bool(cloud_index))
        self._points = (points.copy(), float(radius), float(voxel), bool(cloud_index))
        self._index_names()

    @property
    def robot_name(self):
        return self._world.robot_name

    @property
    def nq(self):
        """Number of state values (the width of a waypoint; an edge row holds 2 nq)."""
        return self._world.nq

    @property
    def joints(self):
        """The joints that take state values, in state order, as `ompl_ccd info` prints them:
        dicts of name, type, lower, upper, velocity, q_index."""
        return self._world.joints

    @property
    def state_names(self):
        """Name of each state value, in state order (`ompl_ccd info`'s "state")."""
        return self._world.state_names

    @property
    def contact_names(self):
        """Every name a witness may carry: robot links with collision geometry, then obstacles."""
        return list(self._world.contact_names)

    def validator(self, name, **options):
        """The motion validator `name` (see validator_names()) with validator options by keyword,
        the same names and values as `ompl_ccd validate --option NAME=VALUE` (`ompl_ccd options`),
        e.g. world.validator("ca", tolerance=1e-4, max_steps_per_pair=5000). Builds the validator
        once (ca: its joint-space certificates)."""
        return Validator(self, name, options)

    def read_edges(self, path):
        """The edges of an edge file (`ompl_ccd validate --edges`) as an (m, 2 nq) array."""
        return self._world.read_edges(os.fspath(path))

    def read_path(self, path):
        """The waypoints of a path file (`ompl_ccd validate --path`) as a (k, nq) array."""
        return self._world.read_path(os.fspath(path))


def _restore_world(spec, points):
    world = World(spec["robot"], spec["srdf"], spec["scene"], spec["package_paths"])
    if points is not None:
        world.set_points(*points)
    return world


class Validator:
    """A motion validator of a World; thread-safe, made by World.validator."""

    def __init__(self, world, name, options):
        self.world = world
        self.options = dict(options)
        self._validator = _Validator(world._world, name, self.options)
        self._built_for = world._world

    @property
    def name(self):
        return self._validator.name

    def _current(self):
        """The C++ validator of the world's current scene (built again after World.set_points)."""
        if self._built_for is not self.world._world:
            self._validator = _Validator(self.world._world, self._validator.name, self.options)
            self._built_for = self.world._world
        return self._validator

    def check(self, edges, mode="decide", jobs=1):
        """Answers every row of `edges`, an (m, 2 nq) array (start then goal state, state order),
        with `jobs` threads (the GIL is released meanwhile). mode: "decide" (free or not) or
        "first-contact" (the first time of contact, bracketed to the validator's tolerance).
        Returns a structured array of world.dtype (see result_dtype), one row per edge, in order."""
        return self._results(self._current().check(edges, mode, jobs, False, 0))

    def check_path(self, waypoints, mode="decide", jobs=1):
        """As check, for the consecutive edges of `waypoints`, a (k, nq) array with k >= 2."""
        return self._results(self._current().check_path(waypoints, mode, jobs, False, 0))

    def _check_json(self, edges, mode, first_edge):
        """check and the JSON line of every edge as `ompl_ccd validate` prints it (edges numbered
        from first_edge): what ompl_ccd-dask prints."""
        raw = self._current().check(edges, mode, 1, True, first_edge)
        return self._results(raw), raw["json"]

    def _results(self, raw):
        results = np.zeros(len(raw["verdict"]), dtype=self.world.dtype)
        results["edge"] = np.arange(len(results))
        for field in ("verdict", "toc_lower", "toc_upper", "time_us", "witness", "witness_time",
                      "witness_point_a", "witness_point_b", "witness_normal"):
            results[field] = raw[field]
        results["witness_link"] = self.world._names[raw["witness_link"]]  # -1 (none) is the last name, ""
        results["witness_other"] = self.world._names[raw["witness_other"]]
        return results
