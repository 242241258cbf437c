"""ompl_ccd-dask: `ompl_ccd validate` answered by a Dask cluster, for users who do not write Python.

    ompl_ccd-dask --scheduler tcp://10.0.0.5:8786 --robot arm.urdf --scene scene.yaml \\
                  --validator ca --edges edges.txt [--chunk 10000] [--json out.jsonl] [...]

Takes the flags of `ompl_ccd validate` (--robot, --srdf, --scene, --validator, --mode, --edges or
--path, --json, --package-path, the named option flags and --option NAME=VALUE) plus --scheduler
and --chunk, refuses bad input with its messages, and prints the same JSON lines: one per edge in
order, then the summary. An edge file may also be a .npy array of shape (m, 2 nq).
Exit codes as `ompl_ccd validate`: 0 every edge answered, 2 bad input, 3 any other failure.
"""

import argparse
import sys

import numpy as np

import ompl_ccd
from ompl_ccd import dask as ompl_ccd_dask

# The named flags of `ompl_ccd validate` (tools/validate_command.cpp), each a schema option.
NAMED_OPTIONS = ("resolution", "tolerance", "clearance", "threads", "mass_distribution")


def parser():
    p = argparse.ArgumentParser(prog="ompl_ccd-dask", description=__doc__.split("\n\n")[0])
    p.add_argument("--scheduler", required=True, help="Dask scheduler address, e.g. tcp://10.0.0.5:8786")
    p.add_argument("--chunk", type=int, default=10_000, help="edges per Dask task (default 10000)")
    p.add_argument("--robot", required=True, help="URDF file")
    p.add_argument("--srdf", default="", help="SRDF file (disabled pairs)")
    p.add_argument("--scene", required=True, help="Scene file (scene YAML, MoveIt scene YAML, URDF or mesh)")
    p.add_argument("--validator", required=True, help="Motion validator name")
    for name in NAMED_OPTIONS:
        p.add_argument("--" + name.replace("_", "-"), dest=name, help=f"validator option {name}")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="Any validator option (repeatable, after the flags above); `ompl_ccd options` lists them")
    p.add_argument("--fail-unless-free", action="store_true",
                   help="exit with 1 when an edge is not free (collision or undecided), as ompl_ccd validate")
    p.add_argument("--mode", default="decide", choices=["decide", "first-contact"], help="What to compute per edge")
    motions = p.add_mutually_exclusive_group(required=True)
    motions.add_argument("--edges", help="Edge file (start and goal state per line) or .npy array (m, 2 nq)")
    motions.add_argument("--path", help="Path file: one waypoint per line")
    p.add_argument("--json", default="", help="Also write the JSON lines to this file")
    p.add_argument("--package-path", action="append", default=[], help="Folder searched for package:// URIs")
    return p


def motions(args, world):
    """The edges to answer, read and checked here as `ompl_ccd validate` reads them."""
    if args.path:
        waypoints = world._world.read_path(args.path, "validate")
        return np.hstack([waypoints[:-1], waypoints[1:]])
    if args.edges.endswith(".npy"):
        return np.load(args.edges)
    return world._world.read_edges(args.edges, "validate")


def run(args, out):
    assignments = [f"{name}={getattr(args, name)}" for name in NAMED_OPTIONS if getattr(args, name) is not None]
    options = dict(ompl_ccd._ompl_ccd.option_assignments(assignments + args.option, "validate"))
    if args.validator not in ompl_ccd.validator_names():
        raise ompl_ccd.Error(f"makeMotionValidator: unknown motion validator '{args.validator}'; use one of: "
                             f"{', '.join(ompl_ccd.validator_names())}.")
    world = ompl_ccd.World(robot=args.robot, srdf=args.srdf or None, scene=args.scene, package_paths=args.package_path)
    edges = motions(args, world)
    spec = ompl_ccd_dask.world_spec(world)
    sources = ompl_ccd_dask.chunk_sources(edges, args.chunk)
    json_file = open(args.json, "w") if args.json else None
    client, owned = ompl_ccd_dask.client_of(args.scheduler)
    try:
        futures, first = [], 0
        for source in sources:
            futures.append(client.submit(ompl_ccd_dask.answer_chunk, spec, args.validator, options, args.mode, source,
                                         first, retries=2, pure=False))
            first += len(source[1])
        verdicts, times = [], []
        for future in futures:  # in edge order, each chunk's answer taken once
            results, lines = future.result()
            verdicts.append(results["verdict"])
            times.append(results["time_us"])
            emit(lines, out, json_file)
        verdicts = np.concatenate(verdicts) if verdicts else np.zeros(0, np.int8)
        times = np.concatenate(times) if times else np.zeros(0)
        emit([ompl_ccd.summary_line(args.validator, args.mode, verdicts.tolist(), times.tolist())], out, json_file)
    finally:
        if owned:
            client.close()
        if json_file:
            json_file.close()
    not_free = int(np.count_nonzero(verdicts != ompl_ccd.FREE))
    if args.fail_unless_free and not_free:
        collisions = int(np.count_nonzero(verdicts == ompl_ccd.COLLISION))
        print(f"ompl_ccd-dask: {not_free} of {len(verdicts)} edges not free ({collisions} collision, "
              f"{not_free - collisions} undecided): exit code 1 (--fail-unless-free)", file=sys.stderr)
        return 1
    return 0


def emit(lines, out, json_file):
    for line in lines:
        out.write(line + "\n")
        if json_file:
            json_file.write(line + "\n")


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return run(args, sys.stdout)
    except ompl_ccd.Error as error:
        message = str(error)
        print("ompl_ccd-dask: " + message.removeprefix("validate: "), file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001 -- any other failure: exit code 3, as ompl_ccd validate
        print(f"ompl_ccd-dask: {type(error).__name__}: {error}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
