"""Certify a large batch of edges on a Dask cluster.

    from ompl_ccd.dask import check_edges
    spec = dict(robot="examples/arm/arm.urdf", scene="examples/scene.yaml")
    results = check_edges(spec, edges)                                # in this process
    results = check_edges(spec, edges, client="tcp://10.0.0.5:8786")  # on a cluster

The batch (an (m, 2 nq) array, or a list of .npy and edge files) is cut into chunks of `chunk`
edges; each is one Dask task. A worker process loads the World and builds the validator once (ca:
its certificates), on its first chunk, and keeps it for every later chunk of the same world,
validator and options. Results come back in edge order, as Validator.check returns them. A chunk
whose worker dies is run again by Dask on another worker, a chunk that raised is retried
`retries` times; each chunk's answer is taken once, from the future of that chunk.
"""

import os
import threading
import time

import numpy as np

import ompl_ccd

__all__ = ["check_edges", "worker_state"]

_lock = threading.Lock()
_validators = {}     # (world spec, validator, options) -> Validator, in this process
_startup_seconds = []  # time to load the world and build the validator, per build in this process


def world_spec(world):
    """The spec of `world` (a World or a dict of World's arguments) with absolute file names, as a
    worker needs it: a dict of robot, srdf, scene, package_paths."""
    spec = dict(world.spec) if isinstance(world, ompl_ccd.World) else dict(world)
    unknown = set(spec) - {"robot", "srdf", "scene", "package_paths"}
    if unknown or "robot" not in spec or "scene" not in spec:
        raise ompl_ccd.Error(
            f"check_edges: world spec {sorted(spec)} is not one; pass a World or "
            "dict(robot=..., scene=..., srdf=None, package_paths=[]).")
    absolute = lambda path: None if path is None else os.path.abspath(os.fspath(path))  # noqa: E731
    return {"robot": absolute(spec["robot"]), "srdf": absolute(spec.get("srdf")), "scene": absolute(spec["scene"]),
            "package_paths": [absolute(p) for p in spec.get("package_paths", ())]}


def _cached_validator(spec, validator, options):
    """This process's validator for (spec, validator, options), built on first use."""
    key = repr((sorted(spec.items()), validator, sorted(options.items())))
    with _lock:
        found = _validators.get(key)
        if found is None:
            start = time.perf_counter()
            found = ompl_ccd.World(**spec).validator(validator, **options)
            _startup_seconds.append(time.perf_counter() - start)
            _validators[key] = found
        return found


def worker_state():
    """This process's id, validators built and their start-up times (run it on every worker with
    client.run(ompl_ccd.dask.worker_state))."""
    with _lock:
        return {"pid": os.getpid(), "builds": len(_startup_seconds), "startup_seconds": list(_startup_seconds)}


def _chunk_edges(source, world):
    """The edges of one chunk: ("array", rows), ("npy", path, start, stop) or ("text", path)."""
    kind = source[0]
    if kind == "array":
        return source[1]
    if kind == "npy":
        return np.load(source[1], mmap_mode="r")[source[2]:source[3]]
    return world.read_edges(source[1])


def answer_chunk(spec, validator, options, mode, source, first_edge=None):
    """The results of one chunk (a Dask task); with first_edge also the JSON lines of
    `ompl_ccd validate`, edges numbered from first_edge."""
    checker = _cached_validator(spec, validator, options)
    edges = _chunk_edges(source, checker.world)
    if first_edge is None:
        return checker.check(edges, mode=mode)
    return checker._check_json(edges, mode, first_edge)


def chunk_sources(edges, chunk):
    """The chunks of `edges` (an array, or a list of .npy and edge files) as answer_chunk's
    sources, with the edge index each starts at (None where a text file's length is unknown)."""
    if not isinstance(chunk, (int, np.integer)) or isinstance(chunk, bool) or chunk < 1:
        raise ompl_ccd.Error(f"check_edges: chunk is {chunk!r}; give the number of edges per task, an integer >= 1.")
    if isinstance(edges, (str, os.PathLike)):
        edges = [edges]
    if isinstance(edges, (list, tuple)) and all(isinstance(e, (str, os.PathLike)) for e in edges):
        sources = []
        for path in map(os.path.abspath, map(os.fspath, edges)):
            if path.endswith(".npy"):
                rows = np.load(path, mmap_mode="r").shape[0]
                sources += [("npy", path, s, min(s + chunk, rows)) for s in range(0, rows, chunk)]
            else:
                sources.append(("text", path))
        return sources
    array = np.asarray(edges, dtype=float)
    if array.ndim != 2:
        raise ompl_ccd.Error(f"check_edges: edges has shape {array.shape}; pass an (m, 2 nq) array (start then goal "
                             "state per row) or a list of .npy and edge files.")
    return [("array", array[s:s + chunk]) for s in range(0, len(array), chunk)]


def client_of(client):
    """(client, owned): `client` itself; a new Client for a scheduler address (owned: close it
    after use); else the default client of this process, or None (answer in this process)."""
    if isinstance(client, str):
        import distributed
        return distributed.Client(client), True
    if client is not None:
        return client, False
    try:
        import distributed
        return distributed.default_client(), False
    except (ImportError, ValueError):
        return None, False


def check_edges(world, edges, client=None, chunk=10_000, validator="ca", mode="decide", retries=2, **options):
    """Answers every edge of `edges` with validator `validator` (keyword options as
    World.validator takes them), on a Dask cluster.

    world: a World, or dict(robot=..., scene=..., srdf=None, package_paths=[]) (files every worker
    can read). edges: an (m, 2 nq) array, or a list of .npy files (cut into chunks) and edge files
    (one task each). client: a distributed.Client, a scheduler address ("tcp://host:8786"), or
    None: the default client when there is one, else this process answers the chunks itself.
    Returns the results of Validator.check, one row per edge, in order ("edge" counts the edges of
    all inputs together).
    """
    spec = world_spec(world)
    sources = chunk_sources(edges, chunk)
    client, owned = client_of(client)
    try:
        if client is None:
            parts = [answer_chunk(spec, validator, options, mode, source) for source in sources]
        else:
            futures = [client.submit(answer_chunk, spec, validator, options, mode, source, retries=retries, pure=False)
                       for source in sources]
            parts = client.gather(futures)
    finally:
        if owned:
            client.close()
    if not parts:
        return np.zeros(0, dtype=ompl_ccd.World(**spec).dtype)
    results = np.concatenate(parts)
    results["edge"] = np.arange(len(results))
    return results
