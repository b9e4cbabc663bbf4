"""Blender's FBX importer reads Posewire's FBX export (issue 44).

Run headless by server/tests/blender.rs:

    blender -b --factory-startup --python read_fbx.py -- \
        --fbx TAKE.fbx --frames N --out joints.json

Imports the file with Blender's own FBX importer (`import_scene.fbx`, its
default settings: the file's units, axes and frame rate) into an empty
scene, and writes as JSON the scene's frame rate, and per armature its
action's frame range, its custom properties and the world position of
every bone's head at each of the export's frames 0..N-1 (the importer puts
the file's time 0 at scene frame 1), in Posewire's frame (+Y up, metres):

    {"fps": F, "armatures": {"dancer": {"frame_range": [1, N],
      "custom": {...}, "frames": [{"pelvis": [x, y, z], ...}, ...]}}}

The conversion back to +Y up is the inverse of the importer's axis
conversion for a +Y up, +Z front file: Blender (X, Y, Z) is Posewire
(X, Z, -Y).
"""

import argparse
import sys

import bpy
import json


def arguments():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    parser = argparse.ArgumentParser()
    parser.add_argument("--fbx", required=True)
    parser.add_argument("--frames", type=int, required=True)
    parser.add_argument("--out", required=True)
    return parser.parse_args(argv)


def custom_properties(obj):
    return {k: obj[k] for k in obj.keys() if isinstance(obj[k], (str, int, float))}


def main():
    args = arguments()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.import_scene.fbx(filepath=args.fbx)
    if result != {"FINISHED"}:
        raise SystemExit(f"the FBX importer returned {result}")
    scene = bpy.context.scene
    armatures = sorted(
        (o for o in scene.objects if o.type == "ARMATURE"), key=lambda o: o.name
    )
    out = {
        "blender": bpy.app.version_string,
        "fps": scene.render.fps / scene.render.fps_base,
        "armatures": {},
    }
    for obj in armatures:
        action = obj.animation_data.action if obj.animation_data else None
        out["armatures"][obj.name] = {
            "frame_range": list(action.frame_range) if action else None,
            "custom": custom_properties(obj),
            "frames": [],
        }
    for k in range(args.frames):
        scene.frame_set(1 + k)
        bpy.context.view_layer.update()
        for obj in armatures:
            heads = {}
            for bone in obj.pose.bones:
                p = obj.matrix_world @ bone.head
                heads[bone.name] = [p.x, p.z, -p.y]
            out["armatures"][obj.name]["frames"].append(heads)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(out, f)


main()
