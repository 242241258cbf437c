#!/usr/bin/env python3
"""Writes the bundled sensor data of examples/sensors/: points sampled uniformly by area on the
surfaces of examples/scene.yaml's obstacles (what a depth camera sees of the scene, without
occlusion or noise) as .pcd (binary), .ply (ascii, float) and .xyz, and the OctoMap (.bt) of those
points at 2 cm, written in octomap's binary format (one occupied leaf per voxel holding a point,
unpruned). Deterministic (seeded); run from anywhere:

    scripts/generate_sensor_examples.py [--points 2000] [--resolution 0.02]
"""
import argparse
import math
import pathlib
import random
import struct

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "examples" / "sensors"


def quat_rotate(q, v):
    x, y, z, w = q
    vx, vy, vz = v
    # v + 2 w (q × v) + 2 q × (q × v)
    cx, cy, cz = y * vz - z * vy, z * vx - x * vz, x * vy - y * vx
    ccx, ccy, ccz = y * cz - z * cy, z * cx - x * cz, x * cy - y * cx
    return (vx + 2 * (w * cx + ccx), vy + 2 * (w * cy + ccy), vz + 2 * (w * cz + ccz))


def box_triangles(sx, sy, sz):
    hx, hy, hz = sx / 2, sy / 2, sz / 2
    c = [(x, y, z) for x in (-hx, hx) for y in (-hy, hy) for z in (-hz, hz)]
    quads = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    return [t for a, b, cc, d in quads for t in ((c[a], c[b], c[cc]), (c[a], c[cc], c[d]))]


def cylinder_triangles(r, length, sides=64):
    tris = []
    for k in range(sides):
        a0, a1 = 2 * math.pi * k / sides, 2 * math.pi * (k + 1) / sides
        p0, p1 = (r * math.cos(a0), r * math.sin(a0)), (r * math.cos(a1), r * math.sin(a1))
        lo, hi = -length / 2, length / 2
        tris += [((*p0, lo), (*p1, lo), (*p1, hi)), ((*p0, lo), (*p1, hi), (*p0, hi)),
                 ((0, 0, lo), (*p1, lo), (*p0, lo)), ((0, 0, hi), (*p0, hi), (*p1, hi))]
    return tris


def sphere_triangles(r, n=24):
    tris = []
    for i in range(n):
        t0, t1 = math.pi * i / n, math.pi * (i + 1) / n
        for j in range(2 * n):
            f0, f1 = math.pi * j / n, math.pi * (j + 1) / n
            p = [(r * math.sin(t) * math.cos(f), r * math.sin(t) * math.sin(f), r * math.cos(t))
                 for t, f in ((t0, f0), (t1, f0), (t1, f1), (t0, f1))]
            tris += [(p[0], p[1], p[2]), (p[0], p[2], p[3])]
    return tris


def stl_triangles(path):
    data = path.read_bytes()
    count = struct.unpack_from("<I", data, 80)[0]
    return [tuple(struct.unpack_from("<3f", data, 84 + 50 * i + 12 * (k + 1)) for k in range(3)) for i in range(count)]


def scene_triangles():
    """The obstacles of examples/scene.yaml (kept in step with it by hand: five items)."""
    items = [
        (box_triangles(0.60, 0.80, 0.04), (0.60, -0.10, 0.18), (0, 0, 0, 1)),
        (stl_triangles(ROOT / "examples" / "scene_meshes" / "shelf.stl"), (0.0, 0.45, 0.0), (0, 0, 0, 1)),
        (box_triangles(0.40, 0.002, 0.40), (0.388909, 0.388909, 0.45), (0, 0, 0.3826834, 0.9238795)),
        (cylinder_triangles(0.006, 0.80), (0.25, 0.40, 0.40), (0, 0, 0, 1)),
        (sphere_triangles(0.05), (0.70, -0.30, 0.25), (0, 0, 0, 1)),
    ]
    placed = []
    for tris, p, q in items:
        for tri in tris:
            placed.append(tuple(tuple(a + b for a, b in zip(quat_rotate(q, v), p)) for v in tri))
    return placed


def sample(tris, count, rng):
    def area(t):
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = t
        ux, uy, uz, vx, vy, vz = bx - ax, by - ay, bz - az, cx - ax, cy - ay, cz - az
        return 0.5 * math.sqrt((uy * vz - uz * vy) ** 2 + (uz * vx - ux * vz) ** 2 + (ux * vy - uy * vx) ** 2)

    weights = [area(t) for t in tris]
    points = []
    for t in rng.choices(tris, weights=weights, k=count):
        u, v = rng.random(), rng.random()
        if u + v > 1:
            u, v = 1 - u, 1 - v
        a, b, c = t
        p = tuple(a[k] + u * (b[k] - a[k]) + v * (c[k] - a[k]) for k in range(3))
        points.append(tuple(struct.unpack("<3f", struct.pack("<3f", *p))))  # as floats store them
    return points


def write_pcd(points, path):
    header = ("# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\n"
              f"COUNT 1 1 1\nWIDTH {len(points)}\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS {len(points)}\nDATA binary\n")
    path.write_bytes(header.encode() + b"".join(struct.pack("<3f", *p) for p in points))


def write_ply(points, path):
    lines = ["ply", "format ascii 1.0", f"element vertex {len(points)}", "property float x", "property float y",
             "property float z", "end_header"] + ["%.9g %.9g %.9g" % p for p in points]
    path.write_text("\n".join(lines) + "\n")


def write_xyz(points, path):
    path.write_text("# x y z, metres (examples/scene.yaml's surfaces)\n" + "".join("%.9g %.9g %.9g\n" % p for p in points))


def octomap_key(coordinate, resolution):
    return int(math.floor(coordinate / resolution)) + 32768


def write_bt(points, resolution, path):
    """octomap's writeBinary: a header, then depth-first per inner node two bytes of 2-bit child codes
    (children 0-3, then 4-7; 01 occupied leaf, 11 inner node); child index bit k is key k's bit."""
    leaves = {tuple(octomap_key(c, resolution) for c in p) for p in points}

    def child(key, depth):
        bit = 1 << (16 - depth - 1)
        return (1 if key[0] & bit else 0) | (2 if key[1] & bit else 0) | (4 if key[2] & bit else 0)

    out = bytearray()

    def node(keys, depth):
        groups = {}
        for key in keys:
            groups.setdefault(child(key, depth), []).append(key)
        codes = [0] * 8
        for i, group in groups.items():
            codes[i] = 2 if depth + 1 == 16 else 3
        out.append(sum(codes[i] << (2 * i) for i in range(4)))
        out.append(sum(codes[4 + i] << (2 * i) for i in range(4)))
        for i in range(8):
            if i in groups and depth + 1 < 16:
                node(groups[i], depth + 1)

    node(sorted(leaves), 0)
    header = ("# Octomap OcTree binary file\n# (feel free to add / change comments, but leave the first line as it "
              f"is!)\n#\nid OcTree\nsize {len(leaves)}\nres {resolution}\ndata\n")
    path.write_bytes(header.encode() + bytes(out))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--points", type=int, default=2000)
    parser.add_argument("--resolution", type=float, default=0.02)
    args = parser.parse_args()
    rng = random.Random(34)
    points = sample(scene_triangles(), args.points, rng)
    OUT.mkdir(parents=True, exist_ok=True)
    write_pcd(points, OUT / "scene_cloud.pcd")
    write_ply(points, OUT / "scene_cloud.ply")
    write_xyz(points, OUT / "scene_cloud.xyz")
    write_bt(points, args.resolution, OUT / "scene_octomap.bt")
    print(f"generate_sensor_examples: {len(points)} points, octomap at {args.resolution} m in {OUT}")


if __name__ == "__main__":
    main()
