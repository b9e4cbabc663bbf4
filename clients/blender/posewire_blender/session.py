"""The scripting API: ``connect(address, token=None) -> Session``.

A session streams every avatar of one daemon on a background thread
(``stream.Receiver``) and, on each ``poll()`` from Blender's main thread,
applies the newest frame to each avatar's armature. Nothing in ``poll`` or
the panel's timer waits on the network.
"""

import os
import time

import bpy

from . import daemon_take, grpcweb, joints, record, rig, stream, timeline
from .grpcweb import parse_address

#: Canonical joints per frame.
N = len(joints.JOINTS)
#: Seconds ``connect`` waits for the avatar list and skeletons.
CONNECT_TIMEOUT_S = 5.0
#: Socket timeout of the take calls: GetTakeFrames reads the whole take
#: before its first message.
TAKE_TIMEOUT_S = 30.0


class Session:
    """One daemon's avatars driving armatures. Use ``connect``."""

    def __init__(self, address, token=None, web_port=None, scene=None, stall_timeout_s=None):
        host, port = parse_address(address, web_port)
        token = token or os.environ.get("POSEWIRE_TOKEN") or None
        self.address = address
        self.scene = scene or bpy.context.scene
        channel = grpcweb.Channel(host, port, token)
        self.channel = channel
        self.take_channel = grpcweb.Channel(host, port, token, TAKE_TIMEOUT_S)
        self.receiver = stream.Receiver(channel, stall_timeout_s or stream.STALL_TIMEOUT_S)
        self.bindings = {}
        self.skeletons = {}
        #: Avatars whose armature the user chose to drive no longer.
        self.detached = set()
        self.live = True
        self.recorder = None
        #: ``Frame.sequence`` of the newest frame applied (0: none yet).
        self.sequence = 0
        #: The newest frame applied (``proto.Frame``), as decoded.
        self.frame = None
        self.applied = 0
        #: Avatar frames left out because they were not a whole body.
        self.incomplete = 0
        self.polls = 0
        self.takes = 0
        #: The daemon's recording this session started (a dict: its
        #: ``avatar_id``, the ``Recording``), until ``stop_take``.
        self.daemon_recording = None
        #: The take being stopped and fetched (``daemon_take.Fetch``) with
        #: where to put it, until it is keyed.
        self._fetch = None
        #: The last daemon take keyed (``timeline.TakeOnTimeline``).
        self.last_daemon_take = None
        #: Why the last daemon take could not be fetched ('' if it was).
        self.take_error = ""

    # ---- armatures ----

    def _adopt_new_avatars(self):
        """A canonical armature for every avatar that has a skeleton and no
        target yet."""
        for avatar_id, skeleton in list(self.receiver.skeletons.items()):
            if avatar_id in self.skeletons:
                continue
            self.skeletons[avatar_id] = skeleton
            if avatar_id not in self.bindings and avatar_id not in self.detached:
                self.bindings[avatar_id] = rig.Binding(self._canonical_object(skeleton), skeleton)

    def _canonical_object(self, skeleton):
        """The avatar's canonical armature: the object named after it when
        it is one (from an earlier session), else a new one."""
        name = skeleton["avatar_id"]
        obj = bpy.data.objects.get(name)
        if (obj is not None and obj.type == "ARMATURE"
                and obj.get("posewire_avatar") == name
                and obj.get("posewire_profile") == skeleton["profile_name"]
                and all(j in obj.data.bones for j in joints.JOINTS)):
            return obj
        return rig.build_canonical(name, skeleton, self.scene)

    def armature(self, avatar_id):
        """The armature object ``avatar_id`` drives (None if none)."""
        self._adopt_new_avatars()
        binding = self.bindings.get(avatar_id)
        return binding.obj if binding else None

    def canonical(self, avatar_id):
        """Drives (and creates if needed) the avatar's canonical armature."""
        self._adopt_new_avatars()
        skeleton = self._skeleton(avatar_id)
        self.detached.discard(avatar_id)
        self.bindings[avatar_id] = rig.Binding(self._canonical_object(skeleton), skeleton)
        return self.bindings[avatar_id].obj

    def retarget(self, avatar_id, obj, bone_map="auto"):
        """Drives the character rig ``obj`` (an armature object) instead:
        ``bone_map`` is a preset name (``mixamo``, ``rigify``, ``unreal``,
        ``cmu``), ``auto`` (the preset that maps the most bones) or a dict
        canonical joint -> bone name. Returns the map used."""
        self._adopt_new_avatars()
        if obj is None or obj.type != "ARMATURE":
            raise ValueError("the target must be an armature object")
        names = [b.name for b in obj.data.bones]
        if bone_map == "auto":
            bone_map = joints.guess_preset(names)[0]
        resolved = joints.resolve(bone_map, names)
        self.bindings[avatar_id] = rig.Binding(obj, self._skeleton(avatar_id), resolved, self.scene)
        self.detached.discard(avatar_id)
        return resolved

    def detach(self, avatar_id):
        """Stops driving the avatar's armature (it keeps its last pose)."""
        self.bindings.pop(avatar_id, None)
        self.detached.add(avatar_id)

    def _skeleton(self, avatar_id):
        skeleton = self.skeletons.get(avatar_id) or self.receiver.skeletons.get(avatar_id)
        if skeleton is None:
            raise KeyError(f"the daemon has no avatar {avatar_id!r} (yet)")
        return skeleton

    # ---- live drive ----

    def poll(self):
        """Applies the newest frame (if one arrived since the last poll) to
        every avatar's armature, and keys the frames received meanwhile
        when recording. Returns the ``Frame.sequence`` applied by this call,
        0 when no new frame arrived. Call ``bpy.context.view_layer.update()``
        before reading evaluated bone positions."""
        self.polls += 1
        self._adopt_new_avatars()
        if self._fetch is not None and self._fetch[0].done.is_set():
            self._key_fetched()
        if self.recorder is not None:
            self.recorder.feed(self.receiver.drain_recorded())
        frame = self.receiver.take()
        if frame is None or not self.live:
            return 0
        u = rig.unit_scale(self.scene)
        for a in frame.avatars:
            binding = self.bindings.get(a.avatar_id)
            if binding is None:
                continue
            if len(a.joint_positions) < 3 * N or len(a.world_rotations) < 4 * N:
                # Not a whole body (a newer daemon's or a broken frame):
                # counted, the armature keeps its pose.
                self.incomplete += 1
                continue
            binding.apply(a, u)
        self.frame = frame
        self.sequence = frame.sequence
        self.applied += 1
        return frame.sequence

    # ---- recording ----

    def record(self, start_frame=None):
        """Starts keying every driven armature at the scene's frame rate,
        from ``start_frame`` (default: the scene's current frame), one new
        action per avatar."""
        if self.recorder is not None:
            raise RuntimeError("already recording; stop() first")
        scene = self.scene
        start = scene.frame_current if start_frame is None else int(start_frame)
        fps = scene.render.fps / scene.render.fps_base
        self.takes += 1
        n = self.takes

        def name_of(avatar_id):
            return f"{avatar_id}_take{n:02d}"

        self.recorder = record.Recorder(dict(self.bindings), start, fps,
                                        rig.unit_scale(scene), name_of)
        self.receiver.start_recording()

    def stop(self):
        """Stops recording; ``{avatar_id: action}`` of the take (empty when
        not recording). The scene's end frame grows to cover the take."""
        if self.recorder is None:
            return {}
        recorder, self.recorder = self.recorder, None
        recorder.feed(self.receiver.stop_recording())
        actions = recorder.finish()
        self.last_take = recorder
        if recorder.log:
            self.scene.frame_end = max(self.scene.frame_end, recorder.log[-1][0])
        return actions

    @property
    def recording(self):
        return self.recorder is not None

    # ---- takes on the daemon ----

    def record_take(self, avatar_id=None, name="", timecode="", rate=None):
        """Starts a take on the daemon: of the whole space (every avatar
        and object on one clock) when ``avatar_id`` is None or '', else of
        that avatar. ``name``: the take's (empty: the daemon names it);
        ``timecode``: of its first tick, ``HH:MM:SS:FF`` (empty: the
        daemon's clock); ``rate``: the timecode's (None: the scene's frame
        rate when the daemon states it, else the daemon's 30). Returns the
        ``Recording`` (a dict); raises ``grpcweb.GrpcError`` with the
        daemon's reason. Needs a token with the admin role on a daemon
        with tokens."""
        if self.daemon_recording is not None or self._fetch is not None:
            raise RuntimeError("a take is already recorded on the daemon; stop_take() first")
        if rate is None:
            rate = daemon_take.rate_name(self._fps())
        recording = daemon_take.start(self.channel, avatar_id or "", name, timecode, rate)
        self.daemon_recording = {"avatar_id": avatar_id or "", "recording": recording}
        return recording

    def stop_take(self, start_frame=None, by_timecode=True, wait=True, timeout=60.0):
        """Stops the daemon's take and puts it on the timeline: one action
        per avatar of the take, from the scene frame of its timecode
        (``daemon_take.placement``; ``start_frame``, default the current
        frame, when it has none usable or ``by_timecode`` is False).
        The take is stopped and fetched on a background thread; with
        ``wait`` this waits for it (at most ``timeout`` s) and returns
        ``{avatar_id: action}``, else returns None and a later ``poll()``
        keys it (``last_daemon_take``). Raises ``RuntimeError`` when no
        take is recorded or the fetch failed (the reason, also in
        ``take_error``)."""
        if self.daemon_recording is None:
            raise RuntimeError("no take is being recorded on the daemon")
        fallback = self.scene.frame_current if start_frame is None else int(start_frame)
        avatar_id = self.daemon_recording["avatar_id"]
        self.daemon_recording = None
        self.take_error = ""
        self._fetch = (daemon_take.Fetch(self.take_channel, avatar_id), fallback, by_timecode)
        if not wait:
            return None
        if not self._fetch[0].done.wait(timeout):
            raise RuntimeError(f"the take did not arrive within {timeout} s")
        placed = self._key_fetched()
        if placed is None:
            raise RuntimeError(f"the take could not be fetched: {self.take_error}")
        return placed.actions

    @property
    def take_state(self):
        """``recording``, ``fetching`` or '' (no daemon take under way)."""
        if self.daemon_recording is not None:
            return "recording"
        return "fetching" if self._fetch is not None else ""

    def _key_fetched(self):
        """Keys the fetched take (main thread); its ``TakeOnTimeline``, or
        None with ``take_error`` set."""
        fetch, fallback, by_timecode = self._fetch
        self._fetch = None
        if fetch.error:
            self.take_error = fetch.error
            return None
        summary = fetch.summary
        ids = list(summary["scene_avatar_ids"]) or [summary["avatar_id"]]
        self._adopt_new_avatars()
        for a in ids:
            # An avatar that left during the take still has its skeleton.
            if a not in self.bindings and a not in self.detached and a in self.skeletons:
                self.canonical(a)
        self.last_daemon_take = timeline.place(self.scene, self.bindings, summary, fetch.frames,
                                               fallback, by_timecode)
        return self.last_daemon_take

    def _fps(self):
        r = self.scene.render
        return daemon_take.scene_fps(r.fps, r.fps_base)

    # ---- state ----

    @property
    def state(self):
        """``connecting``, ``connected``, ``lost`` or ``closed``."""
        return self.receiver.state

    def status_text(self):
        """What the panel says about the connection."""
        r = self.receiver
        if r.state == stream.CONNECTED:
            return f"Connected ({self.address})"
        if r.state == stream.CONNECTING:
            return f"Connecting to {self.address}…"
        if r.state == stream.LOST:
            since = time.monotonic() - (r.lost_at or time.monotonic())
            return (f"Connection lost {since:.0f} s ago ({r.error}). "
                    f"Reconnecting… (attempt {r.attempt + 1})")
        return "Disconnected"

    def status_lines(self):
        """The panel's status in short lines (state, then why and what next)."""
        r = self.receiver
        if r.state == stream.LOST:
            since = time.monotonic() - (r.lost_at or time.monotonic())
            return [f"Connection lost {since:.0f} s ago",
                    f"Reconnecting… (attempt {r.attempt + 1})", r.error]
        return [self.status_text()]

    def dropped(self):
        """Frames not shown: left out by the daemon because this client fell
        behind, plus frames a newer one replaced before Blender drew."""
        return self.receiver.skipped_by_daemon + self.receiver.replaced

    def close(self):
        """Stops recording (keeping the take) and the stream."""
        if self.recorder is not None:
            self.stop()
        if self.daemon_recording is not None:
            # The daemon keeps recording until stopped: stop it, keep the take.
            try:
                self.stop_take(wait=True, timeout=10.0)
            except RuntimeError:
                pass
        self.receiver.close()


def connect(address, token=None, web_port=None, scene=None, timeout=CONNECT_TIMEOUT_S):
    """Connects to the daemon at ``address`` (its gRPC ``HOST:PORT``; the
    gRPC-Web port is the next one up unless ``web_port`` says otherwise)
    with ``token`` (default: the ``POSEWIRE_TOKEN`` environment variable),
    and creates a canonical armature, named after the avatar id, for every
    avatar. Raises ``ConnectionError`` when the daemon does not answer
    within ``timeout`` seconds."""
    session = Session(address, token, web_port, scene)
    if not session.receiver.listed.wait(timeout):
        error = session.receiver.error or "no answer"
        session.close()
        raise ConnectionError(f"cannot connect to the Posewire daemon at {address}: {error}")
    session._adopt_new_avatars()
    return session
