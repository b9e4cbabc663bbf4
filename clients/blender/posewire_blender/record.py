"""Recording to the timeline: every received frame (not only the newest) is
kept by the receiver while recording, and each scene frame ``k`` (from the
start frame on, at the scene's frame rate) is keyed with the received
frame nearest to its time ``t0 + (k - start) / fps`` on the daemon's
simulation clock, so the take's timing is the daemon's, whatever Blender's
redraw rate. One action per avatar, on the armature it drives, with a
location and a quaternion key per driven bone on every scene frame.
"""

import bpy
from mathutils import Quaternion

#: Frames within this many seconds of a scene frame's time count as on it.
EPS_S = 1e-6


class Take:
    """The action being keyed for one binding."""

    def __init__(self, binding, name):
        obj = binding.obj
        self.binding = binding
        self.action = bpy.data.actions.new(name)
        self.action.use_fake_user = True
        if obj.animation_data is None:
            obj.animation_data_create()
        obj.animation_data.action = self.action
        self.curves = {}
        self.last_quat = {}
        self.frames = []

    def _curves(self, bone):
        found = self.curves.get(bone)
        if found is None:
            path = f'pose.bones["{bpy.utils.escape_identifier(bone)}"]'
            loc = [self.action.fcurves.new(f"{path}.location", index=i, action_group=bone)
                   for i in range(3)]
            rot = [self.action.fcurves.new(f"{path}.rotation_quaternion", index=i, action_group=bone)
                   for i in range(4)]
            found = self.curves[bone] = (loc, rot)
        return found

    def key(self, scene_frame, avatar_frame, u):
        """Keys every driven bone at ``scene_frame`` as ``avatar_frame``."""
        for bone, basis in self.binding.bases(avatar_frame, u).items():
            loc_curves, rot_curves = self._curves(bone)
            q = basis.to_quaternion()
            previous = self.last_quat.get(bone)
            if previous is not None and previous.dot(q) < 0.0:
                q.negate()
            self.last_quat[bone] = Quaternion(q)
            for curve, value in zip(loc_curves, basis.to_translation()):
                curve.keyframe_points.insert(scene_frame, value, options={"FAST"}).interpolation = "LINEAR"
            for curve, value in zip(rot_curves, q):
                curve.keyframe_points.insert(scene_frame, value, options={"FAST"}).interpolation = "LINEAR"
        self.frames.append(scene_frame)

    def finish(self):
        for loc, rot in self.curves.values():
            for curve in loc + rot:
                curve.update()


class Recorder:
    """Keys scene frames from ``start_frame`` on, at ``fps``, for every
    binding; ``log`` lists ``(scene_frame, Frame.sequence)`` as keyed."""

    def __init__(self, bindings, start_frame, fps, u, name_of):
        self.start = start_frame
        self.fps = fps
        self.u = u
        self.takes = {a: Take(b, name_of(a)) for a, b in bindings.items()}
        self.t0 = None
        self.next_frame = start_frame
        self.previous = None
        self.log = []

    def feed(self, frames):
        """Keys every scene frame whose time the received ``frames`` (in
        order) have reached."""
        for f in frames:
            if self.t0 is None:
                self.t0 = f.simulation_time_s
            while True:
                t = self.t0 + (self.next_frame - self.start) / self.fps
                if f.simulation_time_s < t - EPS_S:
                    break
                pick = f
                p = self.previous
                if p is not None and t - p.simulation_time_s < f.simulation_time_s - t:
                    pick = p
                self._key(self.next_frame, pick)
                self.next_frame += 1
            self.previous = f

    def _key(self, scene_frame, frame):
        for a in frame.avatars:
            take = self.takes.get(a.avatar_id)
            if take is not None and len(a.joint_positions) >= 63 and len(a.world_rotations) >= 84:
                take.key(scene_frame, a, self.u)
        self.log.append((scene_frame, frame.sequence))

    def finish(self):
        """Ends the take; ``{avatar_id: action}``."""
        for take in self.takes.values():
            take.finish()
        return {a: t.action for a, t in self.takes.items()}
