#!/usr/bin/env python3
"""Edges per second of the Python module on the bundled arm in examples/scene.yaml: one process
(Validator.check, jobs=1), two threads (jobs=2), and ompl_ccd.dask.check_edges on a 2-worker
distributed.LocalCluster (worker processes on loopback, one thread each), cold (each worker loads
the world and builds the validator on its first chunk) and warm (validators kept); the per-worker
start-up cost (World + validator: ca's joint-space certificates); `ompl_ccd validate` on the same
edges as the reference. Prints Markdown tables.

    PYTHONPATH=build/python python3 bench/python_dask_benchmark.py [--edges 100000] [--chunk 5000]
        [--validator ca] [--mode decide|first-contact] [--cli build/ompl_ccd]

CPU seconds are given beside wall times: on a machine shared with other work, a process waits for
a core, and only CPU time compares the code. Edges: uniform starts inside the joint limits, goals up to 0.3 of each joint's range away
(clipped), seeded; free, colliding and starting in collision alike (as a dataset generator meets
them). Wall-clock times: run on an idle machine, and read the ratios of one run.
"""

import argparse
import json
import os
import subprocess
import tempfile
import time

import numpy as np

import ompl_ccd
from ompl_ccd.dask import check_edges, worker_state

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = {"robot": os.path.join(ROOT, "examples/arm/arm.urdf"), "srdf": os.path.join(ROOT, "examples/arm/arm.srdf"),
        "scene": os.path.join(ROOT, "examples/scene.yaml")}


def random_edges(world, count, seed):
    rng = np.random.default_rng(seed)
    lower = np.array([j["lower"] for j in world.joints])
    upper = np.array([j["upper"] for j in world.joints])
    start = rng.uniform(lower, upper, size=(count, len(lower)))
    goal = np.clip(start + rng.uniform(-0.3, 0.3, size=start.shape) * (upper - lower), lower, upper)
    return np.hstack([start, goal])


def timed(function):
    start = time.perf_counter()
    value = function()
    return value, time.perf_counter() - start


def cpu_timed(function):
    """(value, wall seconds, CPU seconds of this process's threads)."""
    cpu = time.process_time()
    value, seconds = timed(function)
    return value, seconds, time.process_time() - cpu


def same_answers(a, b):
    return all(np.array_equal(a[f], b[f], equal_nan=a[f].dtype.kind == "f") for f in a.dtype.names if f != "time_us")


def cli_seconds(cli, edges, args):
    """Wall time of `ompl_ccd validate` on `edges`, its CPU time and its summary's time inside the
    validator."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        np.savetxt(f, edges, fmt="%.17g")
    try:
        command = [cli, "validate", "--robot", SPEC["robot"], "--srdf", SPEC["srdf"], "--scene", SPEC["scene"],
                   "--validator", args.validator, "--mode", args.mode, "--edges", f.name, "--quiet"]
        children = os.times()
        done, seconds = timed(lambda: subprocess.run(command, capture_output=True, text=True, check=True))
        cpu = os.times().children_user - children.children_user + os.times().children_system - children.children_system
        summary = json.loads(done.stdout.splitlines()[-1])["summary"]
        return seconds, cpu, summary["total_time_us"] * 1e-6
    finally:
        os.unlink(f.name)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--edges", type=int, default=100_000)
    p.add_argument("--chunk", type=int, default=5_000)
    p.add_argument("--validator", default="ca")
    p.add_argument("--mode", default="decide", choices=["decide", "first-contact"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cli", default=os.path.join(ROOT, "build", "ompl_ccd"), help="ompl_ccd program ('' to skip)")
    args = p.parse_args()

    world = ompl_ccd.World(**SPEC)
    edges = random_edges(world, args.edges, args.seed)
    validator, startup = timed(lambda: world.validator(args.validator))
    rows = []
    one, seconds, cpu = cpu_timed(lambda: validator.check(edges, mode=args.mode, jobs=1))
    rows.append(("1 process (jobs=1)", seconds, "-"))
    rows.append(("1 process: CPU seconds", cpu, "-"))
    rows.append(("1 process: time inside the validator (sum of time_us)", one["time_us"].sum() * 1e-6, "-"))
    two, seconds, cpu = cpu_timed(lambda: validator.check(edges, mode=args.mode, jobs=2))
    rows.append(("1 process, 2 threads (jobs=2)", seconds, same_answers(two, one)))
    rows.append(("1 process, 2 threads: CPU seconds", cpu, "-"))

    import distributed
    with tempfile.TemporaryDirectory() as scratch, \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                     dashboard_address=None, local_directory=scratch) as cluster, \
            distributed.Client(cluster) as client:
        for label in ("cold", "warm"):
            results, seconds = timed(lambda: check_edges(SPEC, edges, client=client, chunk=args.chunk,
                                                         validator=args.validator, mode=args.mode))
            rows.append((f"LocalCluster, 2 worker processes, {label}", seconds, same_answers(results, one)))
        states = list(client.run(worker_state).values())
    if args.cli:
        wall, cpu, inside = cli_seconds(args.cli, edges, args)
        rows.append(("`ompl_ccd validate` (wall, incl. loading and JSON)", wall, "-"))
        rows.append(("`ompl_ccd validate`: CPU seconds (incl. loading and certificates)", cpu, "-"))
        rows.append(("`ompl_ccd validate` (time inside the validator)", inside, "-"))

    counts = np.bincount(one["verdict"], minlength=3)
    print(f"{args.edges} edges of the bundled arm in examples/scene.yaml, validator {args.validator}, mode "
          f"{args.mode}, chunk {args.chunk}: {counts[0]} free, {counts[1]} collision, {counts[2]} undecided; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    print("| how | seconds | edges/s | × 1 process | answers equal 1 process |")
    print("|---|---|---|---|---|")
    base = rows[0][1]
    for label, seconds, equal in rows:
        print(f"| {label} | {seconds:.2f} | {args.edges / seconds:,.0f} | {base / seconds:.2f} | {equal} |")
    print("\n| start-up (World + validator) | seconds |\n|---|---|")
    print(f"| this process | {startup:.2f} |")
    for i, state in enumerate(states):
        print(f"| worker {i} ({state['builds']} build) | {', '.join(f'{s:.2f}' for s in state['startup_seconds'])} |")


if __name__ == "__main__":
    main()
