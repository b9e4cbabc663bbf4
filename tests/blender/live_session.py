"""Blender check of the Posewire add-on's scripting API (issue 26), headless
(``blender -b``), run by server/tests/blender_live.rs against a real
``posewire serve``:

    blender -b --factory-startup --python live_session.py -- \
        --addon clients/blender --address 127.0.0.1:PORT --out result.json \
        [--rig MODEL.glb=PRESET_OR_MAP.json ...]

1. ``connect``; ``poll`` for 3 s; after every poll that applied a frame,
   the world position of every canonical bone's head and tail (in Posewire
   axes, metres), with the frame's sequence.
2. ``record`` for 2 s from the current frame; afterwards, for every scene
   frame of the take, the keyed frame's sequence (the recorder's log), the
   bone heads as Blender evaluates the action there, and which of the
   action's F-curves lack a key on it.
3. For each ``--rig``: the glTF character imported (Blender's importer),
   driven through the map (a preset name or a JSON file of joint -> bone);
   for 1.5 s of polls, every mapped segment (a mapped bone's head to the
   head of the bone mapped to the joint's child) as a world direction in
   Posewire axes, with the sequence.

The script measures only; the Rust test compares the numbers with the
frames it receives itself from the same daemon (by sequence).
"""

import argparse
import json
import sys
import time


def arguments():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    p = argparse.ArgumentParser()
    p.add_argument("--addon", required=True)
    p.add_argument("--address", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--rig", action="append", default=[])
    p.add_argument("--poll-s", type=float, default=3.0)
    p.add_argument("--record-s", type=float, default=2.0)
    return p.parse_args(argv)


ARGS = arguments()
sys.path.insert(0, ARGS.addon)

import bpy  # noqa: E402
from mathutils import Vector  # noqa: E402

import posewire_blender  # noqa: E402
from posewire_blender import joints as J  # noqa: E402

START_FRAME = 101


def heads(obj):
    """Every canonical bone's head, world, Posewire axes."""
    bpy.context.view_layer.update()
    mw = obj.matrix_world
    return {j: list(J.from_blender(mw @ obj.pose.bones[j].head))
            for j in J.JOINTS + J.FINGERS if j in obj.pose.bones}


def tails(obj):
    """The tail of every canonical bone that has a child joint (where the
    bone's rotation points it), world, Posewire axes."""
    mw = obj.matrix_world
    return {j: list(J.from_blender(mw @ obj.pose.bones[j].tail))
            for j in J.JOINTS if J.PRIMARY_CHILD[j]}


def poll_for(session, seconds, measure):
    out = []
    polls = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        polls += 1
        seq = session.poll()
        if seq:
            out.append({"sequence": seq, **measure()})
        time.sleep(0.005)
    return out, polls


def live(session):
    obj = session.armature("demo")
    frames, polls = poll_for(session, ARGS.poll_s,
                             lambda: {"heads": heads(obj), "tails": tails(obj)})
    # The session's own decoded frame against the armature, as a first look.
    a = session.frame.avatar("demo")
    worst = max((obj.matrix_world @ obj.pose.bones[j].head - Vector(J.to_blender(a.position(i)))).length
                for i, j in enumerate(J.JOINTS + J.FINGERS) if a.has(i))
    return {
        "armature": obj.name,
        "bones": sorted(b.name for b in obj.data.bones),
        "polls": polls,
        "frames": frames,
        "worst_against_decoded_m": worst,
    }


def recording(session, scene):
    scene.frame_set(START_FRAME)
    session.record()
    poll_for(session, ARGS.record_s, dict)
    actions = session.stop()
    action = actions["demo"]
    log = session.last_take.log
    obj = session.armature("demo")
    keyed = []
    for curve in action.fcurves:
        keyed.append((curve.data_path, curve.array_index,
                      {round(k.co.x) for k in curve.keyframe_points}))
    out = []
    for scene_frame, sequence in log:
        scene.frame_set(scene_frame)
        missing = [f"{p}[{i}]" for p, i, frames in keyed if scene_frame not in frames]
        out.append({"scene_frame": scene_frame, "sequence": sequence,
                    "heads": heads(obj), "curves_without_key": missing})
    first = min(min(f) for _, _, f in keyed)
    last = max(max(f) for _, _, f in keyed)
    return {
        "action": action.name,
        "action_on_armature": obj.animation_data.action.name,
        "actions_per_avatar": {a: act.name for a, act in actions.items()},
        "fps": scene.render.fps / scene.render.fps_base,
        "start_frame": START_FRAME,
        "curves": len(keyed),
        "first_key": first,
        "last_key": last,
        "frames": out,
    }


def numpy_bool_for_gltf():
    """Debian's Blender 3.4 glTF importer uses ``numpy.bool``, which NumPy
    1.24 removed (as in read_joints.py)."""
    import numpy

    if "bool" not in numpy.__dict__:
        numpy.bool = bool


def import_rig(path):
    before = set(bpy.data.objects)
    numpy_bool_for_gltf()
    bpy.ops.import_scene.gltf(filepath=path)
    rigs = [o for o in bpy.data.objects if o not in before and o.type == "ARMATURE"]
    if len(rigs) != 1:
        raise SystemExit(f"{path}: expected one armature, found {len(rigs)}")
    return rigs[0]


def retargeted(session, spec):
    path, _, table = spec.partition("=")
    rig = import_rig(path)
    if table.endswith(".json"):
        with open(table, encoding="utf-8") as f:
            table = json.load(f)
    used = session.retarget("demo", rig, table)
    segments = [(j, J.PRIMARY_CHILD[j]) for j in used if J.PRIMARY_CHILD[j] in used]

    def measure():
        bpy.context.view_layer.update()
        mw = rig.matrix_world
        head = {j: mw @ rig.pose.bones[b].head for j, b in used.items()}
        return {"segments": {j: list(J.from_blender(head[c] - head[j])) for j, c in segments}}

    frames, polls = poll_for(session, 1.5, measure)
    return {"model": path, "armature": rig.name, "map": used,
            "segments": [list(s) for s in segments], "polls": polls, "frames": frames}


def main():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    result = {"blender": bpy.app.version_string}
    session = posewire_blender.connect(ARGS.address)
    try:
        result["live"] = live(session)
        result["record"] = recording(session, scene)
        result["rigs"] = [retargeted(session, spec) for spec in ARGS.rig]
        result["dropped"] = session.dropped()
        result["received"] = session.receiver.received
    finally:
        session.close()
    with open(ARGS.out, "w", encoding="utf-8") as f:
        json.dump(result, f)


main()
