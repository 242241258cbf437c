"""ompl_ccd.dask on a distributed.LocalCluster of 2 worker processes on loopback: 20,000 edges of
the bundled arm answered as one process answers them, while one worker is killed mid-run (Dask
runs its chunks again elsewhere: no edge lost, none answered twice), each worker building its
validator once."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import ompl_ccd
from conftest import ARM, ARM_SRDF, SCENE, random_edges
from ompl_ccd.dask import check_edges, worker_state

distributed = pytest.importorskip("distributed", reason="python3-distributed is not installed")

SPEC = {"robot": ARM, "srdf": ARM_SRDF, "scene": SCENE}
EDGES = 20_000
CHUNK = 500


def test_two_worker_processes_with_one_killed(arm_world, arm_ca, tmp_path):
    edges = random_edges(arm_world, EDGES, seed=99)
    expected = arm_ca.check(edges, jobs=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, local_directory=str(tmp_path)) as cluster:
        with distributed.Client(cluster, set_as_default=False) as client:
            pids = client.run(os.getpid)
            outcome = {}
            run = threading.Thread(target=lambda: outcome.update(
                results=check_edges(SPEC, edges, client=client, chunk=CHUNK)))
            run.start()
            # Kill the first worker that holds an answered chunk, while chunks remain: its answers
            # are lost with it and must be computed again.
            victim = None
            deadline = time.monotonic() + 300
            while victim is None and time.monotonic() < deadline:
                victim = next((w for w, keys in client.has_what().items() if keys and w in pids), None)
                time.sleep(0.01)
            assert victim is not None, "no chunk was answered within 300 s"
            assert run.is_alive(), "the run ended before a worker could be killed"
            os.kill(pids[victim], signal.SIGKILL)
            run.join(timeout=600)
            assert not run.is_alive()
            states = client.run(worker_state)

    results = outcome["results"]
    assert len(results) == EDGES
    assert list(results["edge"]) == list(range(EDGES))
    for field in expected.dtype.names:
        if field != "time_us":
            np.testing.assert_array_equal(results[field], expected[field], err_msg=field)
    assert {ompl_ccd.FREE, ompl_ccd.COLLISION} <= set(results["verdict"])
    # The killed worker is gone; each worker process alive built the validator at most once,
    # however many of the 40 chunks it answered.
    assert pids[victim] not in [s["pid"] for s in states.values()]
    assert all(s["builds"] <= 1 for s in states.values()), states
    assert sum(s["builds"] for s in states.values()) >= 1, states
