#!/usr/bin/env python3
"""Generate the binary STL meshes bundled under examples/.

Every mesh is built procedurally from a few closed primitives (surfaces of
revolution, extruded convex polygons, boxes), so each shell is watertight,
wound counter-clockwise seen from outside (outward normals) and free of
degenerate triangles.  Vertices are computed once per shell and rounded, so
the output is byte-for-byte identical on every run.

Usage:  scripts/generate_example_meshes.py [--out EXAMPLES_DIR]
        (default: the examples/ folder next to this script's parent)
"""

import argparse
import math
import os
import struct

# ---------------------------------------------------------------------------
# Mesh container and primitives
# ---------------------------------------------------------------------------


class Mesh:
    """Indexed triangle mesh; several closed shells may share one Mesh."""

    def __init__(self):
        self.vertices = []   # list of (x, y, z)
        self.triangles = []  # list of (i, j, k), CCW seen from outside

    def add_vertex(self, x, y, z):
        # Rounding makes the output deterministic and snaps 1e-17 noise to 0.
        self.vertices.append((round(x, 9) + 0.0, round(y, 9) + 0.0,
                              round(z, 9) + 0.0))
        return len(self.vertices) - 1

    def add_triangle(self, a, b, c):
        self.triangles.append((a, b, c))

    def add_quad(self, a, b, c, d):
        """Quad a-b-c-d, counter-clockwise seen from outside."""
        self.add_triangle(a, b, c)
        self.add_triangle(a, c, d)

    def extend(self, other):
        """Append the shells of another mesh (kept as separate shells)."""
        base = len(self.vertices)
        self.vertices.extend(other.vertices)
        self.triangles.extend((a + base, b + base, c + base)
                              for a, b, c in other.triangles)
        return self

    def transformed(self, func):
        """Return a copy whose vertices are mapped through func(x, y, z)."""
        out = Mesh()
        for v in self.vertices:
            out.add_vertex(*func(*v))
        out.triangles = list(self.triangles)
        return out

    def translated(self, dx, dy, dz):
        return self.transformed(lambda x, y, z: (x + dx, y + dy, z + dz))

    def scaled(self, s):
        return self.transformed(lambda x, y, z: (x * s, y * s, z * s))


def lathe(profile, segments):
    """Surface of revolution about the z axis.

    profile: list of (r, z) from the bottom pole (r == 0) to the top pole
    (r == 0); intermediate points must have r > 0 and the profile must not
    fold back on itself.  Gives a closed, convex-or-not solid of revolution.
    """
    assert profile[0][0] == 0 and profile[-1][0] == 0
    m = Mesh()
    bottom = m.add_vertex(0.0, 0.0, profile[0][1])
    rings = []
    for r, z in profile[1:-1]:
        ring = []
        for j in range(segments):
            phi = 2.0 * math.pi * j / segments
            ring.append(m.add_vertex(r * math.cos(phi), r * math.sin(phi), z))
        rings.append(ring)
    top = m.add_vertex(0.0, 0.0, profile[-1][1])
    n = segments
    # Bottom fan: seen from below, the angle increases clockwise.
    for j in range(n):
        m.add_triangle(bottom, rings[0][(j + 1) % n], rings[0][j])
    # Side bands between consecutive rings.
    for lo, hi in zip(rings[:-1], rings[1:]):
        for j in range(n):
            k = (j + 1) % n
            m.add_quad(lo[j], lo[k], hi[k], hi[j])
    # Top fan.
    for j in range(n):
        m.add_triangle(top, rings[-1][j], rings[-1][(j + 1) % n])
    return m


def cylinder(radius, z0, z1, segments=24):
    """Capped cylinder along z from z0 to z1."""
    return lathe([(0.0, z0), (radius, z0), (radius, z1), (0.0, z1)], segments)


def capsule(radius, z0, z1, segments=16, cap_rings=4):
    """Cylinder from z0 to z1 with hemispherical caps (overall length
    z1 - z0 + 2 * radius).  Vertices lie on the ideal capsule, so the mesh is
    inscribed in it."""
    profile = [(0.0, z0 - radius)]
    for i in range(1, cap_rings + 1):          # bottom hemisphere
        a = -math.pi / 2 + (math.pi / 2) * i / cap_rings
        profile.append((radius * math.cos(a), z0 + radius * math.sin(a)))
    for i in range(0, cap_rings):              # top hemisphere
        a = (math.pi / 2) * i / cap_rings
        profile.append((radius * math.cos(a), z1 + radius * math.sin(a)))
    profile.append((0.0, z1 + radius))
    return lathe(profile, segments)


def prism(polygon, z0, z1):
    """Extrusion along z of a convex polygon given counter-clockwise in xy.
    The caps are fans around the centroid (no sliver triangles)."""
    m = Mesh()
    n = len(polygon)
    cx = sum(p[0] for p in polygon) / n
    cy = sum(p[1] for p in polygon) / n
    bot = [m.add_vertex(x, y, z0) for x, y in polygon]
    top = [m.add_vertex(x, y, z1) for x, y in polygon]
    cb = m.add_vertex(cx, cy, z0)
    ct = m.add_vertex(cx, cy, z1)
    for j in range(n):
        k = (j + 1) % n
        m.add_quad(bot[j], bot[k], top[k], top[j])
        m.add_triangle(cb, bot[k], bot[j])
        m.add_triangle(ct, top[j], top[k])
    return m


def rounded_rectangle(sx, sy, radius, corner_segments=4):
    """Convex CCW polygon: an sx-by-sy rectangle centred at the origin whose
    corners are rounded with the given radius."""
    hx, hy = sx / 2.0 - radius, sy / 2.0 - radius
    pts = []
    for cx, cy, start in ((hx, -hy, -90.0), (hx, hy, 0.0),
                          (-hx, hy, 90.0), (-hx, -hy, 180.0)):
        for i in range(corner_segments + 1):
            a = math.radians(start + 90.0 * i / corner_segments)
            pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return pts


def rounded_box(sx, sy, z0, z1, radius, corner_segments=4):
    """Box with rounded vertical edges, extruded along z."""
    return prism(rounded_rectangle(sx, sy, radius, corner_segments), z0, z1)


def box(x0, y0, z0, x1, y1, z1):
    """Axis-aligned closed box given by two opposite corners (12 triangles)."""
    m = Mesh()
    v = [m.add_vertex(x, y, z)
         for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)]
    # v index = 4*iz + 2*iy + ix
    m.add_quad(v[0], v[2], v[3], v[1])   # bottom (-z)
    m.add_quad(v[4], v[5], v[7], v[6])   # top (+z)
    m.add_quad(v[0], v[1], v[5], v[4])   # front (-y)
    m.add_quad(v[2], v[6], v[7], v[3])   # back (+y)
    m.add_quad(v[0], v[4], v[6], v[2])   # left (-x)
    m.add_quad(v[1], v[3], v[7], v[5])   # right (+x)
    return m


def union(*meshes):
    """Several closed shells in one mesh (they may overlap or be disjoint)."""
    out = Mesh()
    for m in meshes:
        out.extend(m)
    return out


# ---------------------------------------------------------------------------
# Binary STL output
# ---------------------------------------------------------------------------


def _normal(a, b, c):
    ux, uy, uz = b[0] - a[0], b[1] - a[1], b[2] - a[2]
    vx, vy, vz = c[0] - a[0], c[1] - a[1], c[2] - a[2]
    nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
    length = math.sqrt(nx * nx + ny * ny + nz * nz)
    assert length > 1e-12, "degenerate triangle"
    return nx / length, ny / length, nz / length


def write_stl(path, mesh, name):
    """Write a little-endian binary STL (80-byte header, uint32 count, then
    normal + 3 vertices as float32 and a zero uint16 per triangle)."""
    header = ("ompl_ccd example mesh: %s" % name).encode("ascii")[:80]
    chunks = [header.ljust(80, b" "), struct.pack("<I", len(mesh.triangles))]
    for tri in mesh.triangles:
        a, b, c = (mesh.vertices[i] for i in tri)
        chunks.append(struct.pack("<12fH", *_normal(a, b, c), *a, *b, *c, 0))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"".join(chunks))
    return len(mesh.triangles)


# ---------------------------------------------------------------------------
# The example models.  Every link mesh is expressed in its link frame (or, for
# upper_arm_link, in the frame of its <collision><origin>); see arm.urdf.
# ---------------------------------------------------------------------------

# ccd_arm dimensions (metres), shared with examples/arm/arm.urdf.
UPPER_ARM_LENGTH = 0.36   # joint_2 -> joint_3
FOREARM_LENGTH = 0.30     # joint_3 -> joint_4

# Shelf (local frame: opening towards -y, x across, z up, floor at z = 0).
SHELF_WIDTH = 0.60        # outer size along x
SHELF_DEPTH = 0.30        # outer size along y
SHELF_HEIGHT = 0.90       # outer size along z
SHELF_PANEL = 0.02        # panel / board thickness
SHELF_BOARDS_Z = (0.0, 0.30, 0.60, SHELF_HEIGHT - SHELF_PANEL)  # board bottoms
SHELF_GAP = 0.001         # boards stop 1 mm short of the panels: disjoint boxes


def shelf_boxes():
    """The shelf as a list of disjoint boxes (x0, y0, z0, x1, y1, z1)."""
    hw, t, g = SHELF_WIDTH / 2.0, SHELF_PANEL, SHELF_GAP
    boxes = [
        (-hw, 0.0, 0.0, -hw + t, SHELF_DEPTH, SHELF_HEIGHT),       # left side
        (hw - t, 0.0, 0.0, hw, SHELF_DEPTH, SHELF_HEIGHT),         # right side
        (-hw + t + g, SHELF_DEPTH - t, 0.0,                        # back panel
         hw - t - g, SHELF_DEPTH, SHELF_HEIGHT),
    ]
    for zb in SHELF_BOARDS_Z:                                      # boards
        boxes.append((-hw + t + g, 0.0, zb,
                      hw - t - g, SHELF_DEPTH - t - g, zb + t))
    return boxes


def build_models():
    """Return {relative output path: (mesh, description)}."""
    models = {}

    # --- ccd_arm ----------------------------------------------------------
    # base_link: pedestal, z in [0, 0.10]; joint_1 sits on its top face.
    models["arm/meshes/base_link.stl"] = (
        cylinder(0.09, 0.0, 0.10, segments=32), "ccd_arm base_link")
    # shoulder_link: turret column from the base top up to joint_2 (z=0.15).
    models["arm/meshes/shoulder_link.stl"] = (
        union(cylinder(0.065, 0.01, 0.15, segments=32),    # column
              cylinder(0.08, -0.005, 0.02, segments=32)),  # turntable
        "ccd_arm shoulder_link")
    # upper_arm_link, collision 1: the beam, a rounded box centred at its
    # middle (the URDF places it with origin z = UPPER_ARM_LENGTH / 2).
    models["arm/meshes/upper_arm_beam.stl"] = (
        rounded_box(0.07, 0.07, -UPPER_ARM_LENGTH / 2.0,
                    UPPER_ARM_LENGTH / 2.0, 0.015),
        "ccd_arm upper_arm_link beam")
    # upper_arm_link, collision 2: the joint_2 motor housing, a cylinder along
    # its local z (the URDF rotates it onto the joint_2 axis, y).
    models["arm/meshes/upper_arm_motor.stl"] = (
        cylinder(0.06, -0.07, 0.07, segments=24), "ccd_arm joint_2 motor")
    # forearm_link: elbow hub to the wrist, z in [-0.05, 0.28].
    models["arm/meshes/forearm_link.stl"] = (
        union(cylinder(0.04, -0.05, FOREARM_LENGTH - 0.02, segments=24),
              cylinder(0.05, -0.05, 0.05, segments=24).transformed(
                  lambda x, y, z: (x, -z, y))),  # elbow hub: +90 deg about x
        "ccd_arm forearm_link")
    # wrist_1_link: z in [-0.03, 0.06] (joint_5 at z = 0.06).
    models["arm/meshes/wrist_1_link.stl"] = (
        cylinder(0.035, -0.03, 0.06, segments=24), "ccd_arm wrist_1_link")
    # wrist_2_link: z in [-0.03, 0.06] (joint_6 at z = 0.06).
    models["arm/meshes/wrist_2_link.stl"] = (
        cylinder(0.035, -0.03, 0.06, segments=24), "ccd_arm wrist_2_link")
    # wrist_3_link: tool flange, z in [-0.005, 0.02] (tool_joint at 0.02).
    models["arm/meshes/wrist_3_link.stl"] = (
        cylinder(0.032, -0.005, 0.02, segments=24), "ccd_arm wrist_3_link")
    # tool_link: a two-finger gripper authored in MILLIMETRES (the URDF uses
    # scale 0.001).  Adapter disc, body, two fingers; tool_tip at z = 80 mm.
    models["arm/meshes/tool_link.stl"] = (
        union(cylinder(25.0, 0.0, 12.0, segments=16),
              box(-30.0, -15.0, 10.0, 30.0, 15.0, 45.0),
              box(-22.0, -8.0, 40.0, -12.0, 8.0, 80.0),
              box(12.0, -8.0, 40.0, 22.0, 8.0, 80.0)),
        "ccd_arm tool_link (millimetres)")

    # --- ccd_snake --------------------------------------------------------
    # snake_base: small block, joint_1 on its +x face (x = 0.03).
    models["snake/meshes/snake_base.stl"] = (
        rounded_box(0.06, 0.06, -0.03, 0.03, 0.01), "ccd_snake base")
    # One shared link: capsule of radius 0.02 around the segment from the
    # link's joint (x = 0) to the next joint (x = 0.1), along local x.
    models["snake/meshes/snake_link.stl"] = (
        capsule(0.02, 0.0, 0.10, segments=12, cap_rings=3).transformed(
            lambda x, y, z: (z, x, y)),   # lathe axis z -> x (cyclic: proper)
        "ccd_snake link")

    # --- scene ------------------------------------------------------------
    models["scene_meshes/shelf.stl"] = (
        union(*(box(*b) for b in shelf_boxes())), "example scene shelf")
    return models


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(here, "..", "examples"),
                        help="examples directory to write into")
    args = parser.parse_args()
    for rel, (mesh, name) in sorted(build_models().items()):
        path = os.path.normpath(os.path.join(args.out, rel))
        count = write_stl(path, mesh, name)
        print("%-40s %4d triangles" % (os.path.relpath(path), count))


if __name__ == "__main__":
    main()
