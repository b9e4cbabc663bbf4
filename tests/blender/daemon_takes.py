"""Blender check of the add-on's takes on the daemon (issue 44), headless
(``blender -b``), run by server/tests/blender_live.rs against a real
``posewire serve`` with two demo avatars:

    blender -b --factory-startup --python daemon_takes.py -- \
        --addon clients/blender --address 127.0.0.1:PORT --out result.json

At 24 fps: a scene take (``record_take()``, the whole space) at timecode
01:00:00:00; a take of ``demo1`` alone at 00:10:00:00 stated at 30 fps; a
scene take at 23:00:00:00 (past Blender's last frame: placed at frame 101);
and a take of an avatar the daemon does not have (its error). For each
take: its summary, where it was placed and why, and for every keyed scene
frame of each action the tick keyed there and the bone heads (body and
fingers) as Blender evaluates the action.

The script measures only; the Rust test compares with the take's CSV
export.
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
    return p.parse_args(argv)


ARGS = arguments()
sys.path.insert(0, ARGS.addon)

import bpy  # noqa: E402

import posewire_blender  # noqa: E402
from posewire_blender import grpcweb  # noqa: E402
from posewire_blender import joints as J  # noqa: E402


def heads(obj):
    """Every bone's head (body and fingers), world, Posewire axes."""
    mw = obj.matrix_world
    return {j: list(J.from_blender(mw @ obj.pose.bones[j].head))
            for j in J.JOINTS + J.FINGERS if j in obj.pose.bones}


def poll_for(session, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        session.poll()
        time.sleep(0.01)


def take(session, scene, seconds, avatar_id=None, **start):
    """Records a take on the daemon for ``seconds``, stops it, and reads
    back every action it keyed."""
    recording = session.record_take(avatar_id, **start)
    poll_for(session, seconds)
    actions = session.stop_take(start_frame=101)
    placed = session.last_daemon_take
    # The live stream must not pose the armatures while they are read.
    session.live = False
    out = {"recording": recording, "summary": placed.summary, "start_frame": placed.start_frame,
           "reason": placed.reason, "log": placed.log, "unbound": placed.unbound, "actions": {}}
    for avatar_id, action in actions.items():
        obj = session.armature(avatar_id)
        keyed = sorted({round(k.co.x) for c in action.fcurves for k in c.keyframe_points})
        frames = []
        for scene_frame, sequence in placed.log:
            if scene_frame not in keyed:
                continue
            scene.frame_set(scene_frame)
            bpy.context.view_layer.update()
            frames.append({"scene_frame": scene_frame, "sequence": sequence, "heads": heads(obj)})
        out["actions"][avatar_id] = {
            "name": action.name,
            "on_armature": obj.animation_data.action.name,
            "custom": {k: action[k] for k in action.keys() if k.startswith("posewire_")},
            "first_key": keyed[0],
            "last_key": keyed[-1],
            "keys": len(keyed),
            "frames": frames,
        }
    session.live = True
    return out


def main():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps, scene.render.fps_base = 24, 1.0
    result = {"blender": bpy.app.version_string, "fps": 24}
    session = posewire_blender.connect(ARGS.address)
    try:
        poll_for(session, 0.5)
        result["scene"] = take(session, scene, 2.0, name="scene24", timecode="01:00:00:00")
        result["solo"] = take(session, scene, 1.5, "demo1", name="solo", timecode="00:10:00:00",
                              rate="30")
        result["late"] = take(session, scene, 1.0, name="late", timecode="23:00:00:00")
        try:
            session.record_take("nobody", name="none")
            result["unknown_avatar"] = "recorded"
        except grpcweb.GrpcError as e:
            result["unknown_avatar"] = str(e)
        result["scene_frame_end"] = scene.frame_end
        result["markers"] = [(m.name, m.frame) for m in scene.timeline_markers]
    finally:
        session.close()
    with open(ARGS.out, "w", encoding="utf-8") as f:
        json.dump(result, f)


main()
