"""Blender's USD importer reads Posewire's USD export (issue 44).

Run by server/tests/cli_export.rs with Blender as a Python module (`bpy`
from PyPI, Blender's own build, which has the USD importer that Debian's
Blender package lacks):

    python read_usd.py TAKE.usda OUT.json

Imports the file with Blender's USD importer (`wm.usd_import`, default
settings) into an empty scene and writes as JSON Blender's version, the
scene's frame range and, per armature (keyed by the name of the SkelRoot
it was imported under, the avatar), the world position of every bone's
head at each time code from the first to the last, in Posewire's frame
(+Y up, metres). The importer turns a +Y up stage to Blender's +Z up:
Blender (X, Y, Z) is Posewire (X, -Z, Y), so Posewire is (X, Z, -Y).
"""

import json
import sys

import bpy


def avatar_of(obj):
    return obj.parent.name if obj.parent is not None else obj.name


def main():
    source, out_path = sys.argv[1], sys.argv[2]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.wm.usd_import(filepath=source)
    if result != {"FINISHED"}:
        raise SystemExit(f"the USD importer returned {result}")
    scene = bpy.context.scene
    armatures = sorted(
        (o for o in scene.objects if o.type == "ARMATURE"), key=avatar_of
    )
    out = {
        "blender": bpy.app.version_string,
        "frame_start": scene.frame_start,
        "frame_end": scene.frame_end,
        "armatures": {avatar_of(o): {"bones": len(o.data.bones), "frames": []} for o in armatures},
    }
    for frame in range(scene.frame_start, scene.frame_end + 1):
        scene.frame_set(frame)
        bpy.context.view_layer.update()
        for obj in armatures:
            heads = {}
            for bone in obj.pose.bones:
                p = obj.matrix_world @ bone.head
                heads[bone.name] = [p.x, p.z, -p.y]
            out["armatures"][avatar_of(obj)]["frames"].append(heads)
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(out, f)


main()
