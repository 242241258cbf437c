"""ompl_ccd.dask without worker processes: check_edges in this process and on an in-process Dask
cluster (threads) answers as Validator.check does, from arrays and from .npy / edge files;
ompl_ccd-dask and `ompl_ccd validate --dask` print the JSON lines of `ompl_ccd validate`."""

import json
import os
import subprocess

import numpy as np
import pytest

import ompl_ccd
from conftest import ARM, ARM_EDGES, ARM_SRDF, SCENE, cli_error, random_edges, run_cli, write_edges
from ompl_ccd.dask import check_edges, worker_state

distributed = pytest.importorskip("distributed", reason="python3-distributed is not installed")

SPEC = {"robot": ARM, "srdf": ARM_SRDF, "scene": SCENE}


def assert_same_results(actual, expected):
    assert actual.dtype == expected.dtype and len(actual) == len(expected)
    for field in expected.dtype.names:
        if field != "time_us":
            np.testing.assert_array_equal(actual[field], expected[field], err_msg=field)


@pytest.fixture(scope="module")
def edges(arm_world):
    return random_edges(arm_world, 1000, seed=21)


@pytest.fixture(scope="module")
def expected(arm_ca, edges):
    return arm_ca.check(edges)


@pytest.fixture(scope="module")
def client():
    # On loopback TCP (not in-process comms), so that ompl_ccd-dask, another process, reaches it.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        with distributed.Client(cluster, set_as_default=False) as client:
            yield client


def test_in_this_process_without_a_client(arm_world, edges, expected):
    assert_same_results(check_edges(arm_world, edges, chunk=300), expected)


def test_on_a_cluster_by_client_and_by_address(edges, expected, client):
    assert_same_results(check_edges(SPEC, edges, client=client, chunk=128), expected)
    assert_same_results(check_edges(SPEC, edges, client=client.scheduler.address, chunk=500), expected)
    state = client.run(worker_state)
    assert [s["builds"] for s in state.values()] == [1]  # one worker process: built once, 10 chunks


def test_files_in_order(arm_world, edges, expected, client, tmp_path):
    np.save(tmp_path / "a.npy", edges[:450])
    write_edges(tmp_path / "b.txt", edges[450:700])
    np.save(tmp_path / "c.npy", edges[700:])
    files = [tmp_path / "a.npy", str(tmp_path / "b.txt"), tmp_path / "c.npy"]
    results = check_edges(SPEC, files, client=client, chunk=200)
    assert_same_results(results, expected)
    assert list(results["edge"]) == list(range(len(edges)))


def test_bad_input(arm_world, client, tmp_path):
    with pytest.raises(ompl_ccd.Error, match="chunk is 0; give the number of edges per task"):
        check_edges(SPEC, np.zeros((2, 12)), chunk=0)
    with pytest.raises(ompl_ccd.Error, match=r"edges has shape \(12,\); pass an \(m, 2 nq\) array"):
        check_edges(SPEC, np.zeros(12))
    with pytest.raises(ompl_ccd.Error, match="world spec .* is not one"):
        check_edges({"robot": ARM}, np.zeros((2, 12)))
    bad = np.zeros((3, 12))
    bad[2, 4] = np.nan
    with pytest.raises(ompl_ccd.Error, match=r"Validator.check: edges row 2 \(start\): state value 4 .* is nan"):
        check_edges(SPEC, bad, client=client, retries=0)


def dask_script(*args):
    script = os.environ.get("OMPL_CCD_DASK_SCRIPT")
    assert script and os.path.exists(script), "OMPL_CCD_DASK_SCRIPT must name the built ompl_ccd-dask (ctest sets it)"
    return subprocess.run([script, *args], capture_output=True, text=True, timeout=600)


def without_times(lines):
    records = [json.loads(line) for line in lines.splitlines()]
    for record in records:
        record.pop("time_us", None)
        for key in ("total_time_us", "median_time_us"):
            record.get("summary", {}).pop(key, None)
    return records


@pytest.mark.parametrize("validator, mode", [("ca", "first-contact"), ("discrete", "decide")])
def test_the_dask_script_prints_what_validate_prints(arm_world, client, tmp_path, validator, mode):
    edges_file = write_edges(tmp_path / "edges.txt", random_edges(arm_world, 120, seed=4))
    flags = ["--robot", ARM, "--srdf", ARM_SRDF, "--scene", SCENE, "--validator", validator, "--mode", mode,
             "--edges", edges_file, "--tolerance", "1e-4", "--option", "max_steps_per_pair=3000"]
    code, out, err = run_cli("validate", "--quiet", *flags)
    assert code == 0, err
    done = dask_script("--scheduler", client.scheduler.address, "--chunk", "50", "--json", str(tmp_path / "o.jsonl"),
                       *flags)
    assert done.returncode == 0, done.stderr
    assert without_times(done.stdout) == without_times(out)
    assert (tmp_path / "o.jsonl").read_text() == done.stdout
    code, on_dask, err = run_cli("validate", "--dask", client.scheduler.address, *flags)
    assert code == 0, err
    assert without_times(on_dask) == without_times(out)


def test_the_dask_script_refuses_as_validate_does(client, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("0 0 0 0 0 0 0 0 0 0 0\n")
    cases = [["--edges", str(bad)], ["--edges", ARM_EDGES, "--option", "threads=0"],
             ["--edges", ARM_EDGES, "--option", "tolerance"], ["--edges", str(tmp_path / "none.txt")]]
    for extra in cases:
        flags = ["--robot", ARM, "--scene", SCENE, "--validator", "ca", *extra]
        done = dask_script("--scheduler", client.scheduler.address, *flags)
        assert done.returncode == 2, done.stdout + done.stderr
        assert done.stderr.strip() == "ompl_ccd-dask: " + cli_error("validate", *flags)


def test_fail_unless_free_exits_one_on_the_cluster_too(client):
    flags = ["--robot", ARM, "--scene", SCENE, "--validator", "ca", "--edges", ARM_EDGES]
    answered = dask_script("--scheduler", client.scheduler.address, *flags)
    assert answered.returncode == 0, answered.stderr  # collisions are answers
    strict = dask_script("--scheduler", client.scheduler.address, "--fail-unless-free", *flags)
    assert strict.returncode == 1, strict.stderr
    assert without_times(strict.stdout) == without_times(answered.stdout)
    assert strict.stderr == ("ompl_ccd-dask: 2 of 3 edges not free (2 collision, 0 undecided): exit code 1 "
                             "(--fail-unless-free)\n")
    code, out, err = run_cli("validate", "--dask", client.scheduler.address, "--fail-unless-free", *flags)
    assert code == 1, err
    assert without_times(out) == without_times(answered.stdout)
