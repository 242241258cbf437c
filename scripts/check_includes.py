#!/usr/bin/env python3
"""Lists every project include edge between layers and flags the ones that go up a layer, cross
between sibling certifiers, or close a cycle between two concepts (a file including the header of a
concept that includes it back).

Layers, lowest first (docs/design.md, section Layers):
  numeric  ompl_ccd/numeric.h, ompl_ccd/error.h, ompl_ccd/nearest_name.h
  io       ompl_ccd/input_file.h, ompl_ccd/yaml_file.h   (src/io/)
  model    ompl_ccd/model/                                (src/model/)
  geometry ompl_ccd/geometry/                             (src/geometry/)
  bound    ompl_ccd/bound/                                (src/bound/)
  spheres  ompl_ccd/spheres/                              (src/spheres/)
  certify  ompl_ccd/certify/ (the contract), then pipeline/, then ca/ interval/ toleranced/ (siblings)
  ompl     ompl_ccd/ompl/                                 (src/ompl/)
  front    tools/, tools/ros/, python/, plugins/          (may include everything)

A concept is a file's path without its extension (x.h and x.cpp are one); a class's private half
and the class may include each other (PRIVATE_HALVES).

Usage: scripts/check_includes.py [--edges]   (from the repository root). Exit status 1 if any
include is flagged. --edges also prints the count of every layer-to-layer edge.
"""
import os
import re
import sys
from collections import Counter, defaultdict

RANK = {"numeric": 0, "io": 1, "model": 2, "geometry": 3, "bound": 4, "spheres": 5, "certify": 6,
        "certify/pipeline": 7, "certify/ca": 8, "certify/interval": 8, "certify/toleranced": 8,
        "ompl": 9, "front": 10}
TOP_LEVEL = {"numeric.h": "numeric", "error.h": "numeric", "nearest_name.h": "numeric", "input_file.h": "io", "yaml_file.h": "io"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of_path(path):
    """The layer of a file of the tree (src/..., include/ompl_ccd/...), or None if outside."""
    parts = path.split("/")
    if parts[0] == "include" and len(parts) > 1 and parts[1] == "ompl_ccd":
        return layer_of_header(parts[2:])
    if parts[0] == "src":
        return layer_of_header(parts[1:])
    if parts[0] in ("tools", "python", "plugins"):
        return "front"
    return None


def layer_of_header(parts):
    if len(parts) == 1:
        return TOP_LEVEL.get(parts[0], "?" + parts[0])
    if parts[0] == "certify":
        return "certify/" + parts[1] if len(parts) > 2 else "certify"
    return parts[0]


def include_target(name, including):
    """(layer, concept) of an include "ompl_ccd/...", "certify/..." or a private header beside
    \a including; None for others (system, generated and ROS message headers)."""
    if name.startswith("ompl_ccd/") and os.path.exists(os.path.join("include", name)):
        parts = name.split("/")[1:]
    elif name.startswith("certify/") and os.path.exists(os.path.join("src", name)):
        parts = name.split("/")
    elif including.startswith("src/") and os.path.exists(os.path.join(os.path.dirname(including), name)):
        parts = os.path.normpath(os.path.join(os.path.dirname(including), name)).split("/")[1:]
    else:
        return None
    return layer_of_header(parts), concept("/".join(parts))


def concept(path):
    """A file's concept: its path below include/ompl_ccd/ or src/, without the extension."""
    for prefix in ("include/ompl_ccd/", "src/"):
        if path.startswith(prefix):
            path = path[len(prefix):]
    return os.path.splitext(path)[0]


# A class's private half and the class: the half (its model, its run, its only writer) includes the
# class's header for its options and fields, and the class's source includes the half. One class, not
# a cycle between two concepts.
PRIVATE_HALVES = {("certify/interval/interval_model", "certify/interval/interval_arithmetic"),
                  ("certify/toleranced/toleranced_model", "certify/toleranced/toleranced_motion"),
                  ("certify/interval/exact_pair_solver_run", "certify/interval/exact_pair_solver"),
                  ("model/urdf_reader", "model/robot_model")}


def main():
    edges = Counter()
    flagged = []
    concept_edges = defaultdict(set)
    files = []
    for top in ("src", "include", "tools", "python", "plugins"):
        for root, _, names in os.walk(top):
            files += [os.path.join(root, n) for n in names if n.endswith((".h", ".hxx", ".hpp", ".cpp"))]
    for path in sorted(files):
        source = layer_of_path(path)
        if source is None:
            continue
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = include_target(m.group(1), path)
                if target is None:
                    continue
                layer, target_concept = target
                edges[(source, layer)] += 1
                where = "%s:%d: %s -> %s (\"%s\")" % (path, number, source, layer, m.group(1))
                if layer not in RANK or source not in RANK:
                    flagged.append("unknown layer  " + where)
                elif RANK[layer] > RANK[source]:
                    flagged.append("upward         " + where)
                elif RANK[layer] == RANK[source] and layer != source:
                    flagged.append("sibling        " + where)
                if source != "front" and concept(path) != target_concept:
                    concept_edges[concept(path)].add((target_concept, where))
    for a, targets in sorted(concept_edges.items()):
        for b, where in sorted(targets):
            if a < b and (a, b) not in PRIVATE_HALVES and (b, a) not in PRIVATE_HALVES and \
                    any(t == a for t, _ in concept_edges.get(b, ())):
                back = next(w for t, w in sorted(concept_edges[b]) if t == a)
                flagged.append("cycle          %s\n               %s" % (where, back))
    if "--edges" in sys.argv:
        for (a, b), n in sorted(edges.items(), key=lambda e: (RANK.get(e[0][0], 99), RANK.get(e[0][1], 99))):
            print("%-20s -> %-20s %4d" % (a, b, n))
    for line in flagged:
        print(line)
    print("%d include(s) flagged" % len(flagged))
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
