"""A daemon take on Blender's timeline: one action per avatar of the take
(``AVATAR_TAKE``, kept with a fake user) on the armature the avatar drives,
keyed on every scene frame from the take's start frame (by its timecode,
``daemon_take.placement``) at the scene's rate, each with the take's frame
nearest to its time (as ``record.Recorder`` keys the live stream); the
take's markers as timeline markers; the scene's end frame grown to cover
it.
"""

from . import daemon_take, record, rig


class TakeOnTimeline:
    """What was keyed: the take's ``summary``, its ``start_frame``, the
    ``reason`` it is not at its timecode ('' when it is), the ``actions``
    by avatar, the ``log`` of ``(scene_frame, tick)`` keyed, and the take's
    avatars that drive no armature (``unbound``)."""

    def __init__(self, summary, start_frame, reason, actions, log, unbound):
        self.summary = summary
        self.start_frame = start_frame
        self.reason = reason
        self.actions = actions
        self.log = log
        self.unbound = unbound


def place(scene, bindings, summary, frames, fallback_frame, by_timecode=True):
    """Keys ``frames`` (GetTakeFrames, take time) of the take ``summary``
    onto the armatures of ``bindings`` (avatar id -> ``rig.Binding``)."""
    fps = daemon_take.scene_fps(scene.render.fps, scene.render.fps_base)
    if by_timecode:
        start, reason = daemon_take.placement(summary, fps, fallback_frame)
    else:
        start, reason = fallback_frame, "placed at the chosen frame, not by the timecode"
    ids = list(summary["scene_avatar_ids"]) or [summary["avatar_id"]]
    chosen = {a: bindings[a] for a in ids if a in bindings}
    take_name = summary["name"]
    recorder = record.Recorder(chosen, start, float(fps), rig.unit_scale(scene),
                               lambda a: f"{a}_{take_name}")
    recorder.feed(frames)
    actions = recorder.finish()
    for action in actions.values():
        action["posewire_take"] = take_name
        action["posewire_timecode"] = summary["timecode_start"]
        action["posewire_timecode_rate"] = summary["timecode_rate"]
        action["posewire_start_frame"] = start
        if reason:
            action["posewire_placement"] = reason
    for time_s, label in summary["markers"]:
        scene.timeline_markers.new(label or take_name, frame=start + round(time_s * float(fps)))
    if recorder.log:
        scene.frame_end = max(scene.frame_end, recorder.log[-1][0])
    return TakeOnTimeline(summary, start, reason, actions, recorder.log,
                          [a for a in ids if a not in chosen])
