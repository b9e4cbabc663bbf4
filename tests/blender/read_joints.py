"""Blender check of Posewire's exports (issue 8, the Blender tier).

Run headless by server/tests/blender.rs:

    blender -b --factory-startup --python read_joints.py -- \
        --bvh TAKE.bvh --gltf TAKE.glb --frames 0,10,20 --out joints.json

Imports the BVH (Blender's own BVH importer) and the glTF binary (Blender's
own glTF importer) into an empty scene each, evaluates the armature at the
given frames (0-based, as in the export) and writes the world position of
every bone's head, in Posewire's frame (+Y up, metres), as JSON:

    {"bvh": {"fps": F, "frames": {"0": {"pelvis": [x, y, z], ...}}},
     "gltf": {...}}

With `--mesh-gltf FILE` (repeatable) and `--mesh-frames`, it also imports
each glTF with a skinned mesh and writes, per frame, every vertex of the
mesh as Blender's armature deforms it ("meshes": {FILE: {"vertices": N,
"armature": [...], "frames": {...}}}).

With `--armature NAME` (a scene take's glTF, one skin per avatar), the
glTF's armature of avatar NAME is read: the armature object named NAME,
or the one under an object named NAME, or the one with a bone named NAME
(the importer's choice for the avatar's node, which depends on its
version).

The conversion back to +Y up is the inverse of the importers' default axis
conversion (Y up, -Z forward): Blender (X, Y, Z) is Posewire (X, Z, -Y).
"""

import argparse
import json
import sys

import bpy


def arguments():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    parser = argparse.ArgumentParser()
    parser.add_argument("--bvh", required=True)
    parser.add_argument("--gltf", required=True)
    parser.add_argument("--fps", type=float, required=True)
    parser.add_argument("--bvh-scale", type=float, default=0.01)
    parser.add_argument("--frames", required=True)
    parser.add_argument("--mesh-gltf", action="append", default=[])
    parser.add_argument("--mesh-frames", default="")
    parser.add_argument("--armature", default="")
    parser.add_argument("--out", required=True)
    return parser.parse_args(argv)


def empty_scene(fps):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = round(fps)
    scene.render.fps_base = round(fps) / fps
    return scene


def armature(name=""):
    found = [o for o in bpy.context.scene.objects if o.type == "ARMATURE"]
    if name:
        def ancestors(o):
            while o is not None:
                yield o.name
                o = o.parent

        named = ([o for o in found if o.name == name]
                 or [o for o in found if name in ancestors(o)]
                 or [o for o in found if name in o.data.bones])
        if len(named) != 1:
            raise SystemExit(f"no single armature for {name!r} among "
                             f"{[(o.name, o.parent.name if o.parent else None) for o in found]}")
        return named[0]
    if len(found) != 1:
        raise SystemExit(f"expected one armature, found {len(found)}")
    return found[0]


def heads(scene, obj, scene_frame):
    scene.frame_set(scene_frame)
    bpy.context.view_layer.update()
    out = {}
    for bone in obj.pose.bones:
        p = obj.matrix_world @ bone.head
        out[bone.name] = [p.x, p.z, -p.y]
    return out


def python311_open_for_bvh():
    """Debian's Blender 3.4 runs on Python 3.11, which no longer accepts the
    mode "rU" that Blender 3.4's BVH importer opens files with (fixed in
    later Blender releases). Give the importer's module an `open` that drops
    the "U" (universal newlines are the default in Python 3 anyway)."""
    import builtins

    import io_anim_bvh.import_bvh as importer

    def open_without_u(file, mode="r", *args, **kwargs):
        return builtins.open(file, mode.replace("U", ""), *args, **kwargs)

    importer.open = open_without_u


def read_bvh(path, fps, scale, frames):
    scene = empty_scene(fps)
    python311_open_for_bvh()
    bpy.ops.import_anim.bvh(
        filepath=path,
        global_scale=scale,
        frame_start=1,
        use_fps_scale=False,
        update_scene_fps=False,
        update_scene_duration=True,
        rotate_mode="NATIVE",
        axis_forward="-Z",
        axis_up="Y",
    )
    obj = armature()
    # The importer keys BVH frame k at scene frame 1 + k.
    return {
        "importer": "import_anim.bvh",
        "frames": {str(k): heads(scene, obj, 1 + k) for k in frames},
    }


def numpy_bool_for_gltf():
    """Debian's Blender 3.4 runs with Debian's NumPy 1.24, which removed the
    alias `numpy.bool` that Blender 3.4's glTF importer uses (fixed in later
    Blender releases). Put the alias back: it was the builtin `bool`."""
    import numpy

    if "bool" not in numpy.__dict__:
        numpy.bool = bool


def read_gltf(path, fps, frames, name=""):
    scene = empty_scene(fps)
    numpy_bool_for_gltf()
    bpy.ops.import_scene.gltf(filepath=path)
    obj = armature(name)
    # The importer keys the animation time t at scene frame t * fps; with
    # the scene at the export rate, export frame k is scene frame k.
    return {
        "importer": "import_scene.gltf",
        "frames": {str(k): heads(scene, obj, k) for k in frames},
    }


def skinned_mesh(scene, frames):
    """The one mesh of the scene, deformed by its armature at each frame:
    the vertex count and, per frame, every vertex in Posewire's frame."""
    meshes = [o for o in scene.objects if o.type == "MESH"]
    if len(meshes) != 1:
        raise SystemExit(f"expected one mesh, found {len(meshes)}")
    obj = meshes[0]
    bound = [m.object.name for m in obj.modifiers if m.type == "ARMATURE" and m.object]
    out = {"name": obj.name, "vertices": len(obj.data.vertices), "armature": bound, "frames": {}}
    for k in frames:
        scene.frame_set(k)
        depsgraph = bpy.context.evaluated_depsgraph_get()
        evaluated = obj.evaluated_get(depsgraph)
        mesh = evaluated.to_mesh()
        world = obj.matrix_world
        out["frames"][str(k)] = [
            [p.x, p.z, -p.y] for p in (world @ v.co for v in mesh.vertices)
        ]
        evaluated.to_mesh_clear()
    return out


def read_meshes(paths, fps, frames):
    result = {}
    for path in paths:
        scene = empty_scene(fps)
        numpy_bool_for_gltf()
        bpy.ops.import_scene.gltf(filepath=path)
        result[path] = skinned_mesh(scene, frames)
    return result


def main():
    args = arguments()
    frames = [int(f) for f in args.frames.split(",")]
    result = {
        "blender": bpy.app.version_string,
        "bvh": read_bvh(args.bvh, args.fps, args.bvh_scale, frames),
        "gltf": read_gltf(args.gltf, args.fps, frames, args.armature),
    }
    if args.mesh_gltf:
        mesh_frames = [int(f) for f in args.mesh_frames.split(",")]
        result["meshes"] = read_meshes(args.mesh_gltf, args.fps, mesh_frames)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f)


main()
