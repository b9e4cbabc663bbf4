"""The add-on's user interface: preferences (address and token, kept in
Blender's user preferences, never in the .blend), the "Posewire" panel of
the 3D view's sidebar, its operators, and the timer that drives the
armatures while connected.
"""

import bpy
from bpy.props import (BoolProperty, CollectionProperty, EnumProperty, IntProperty,
                       PointerProperty, StringProperty)

from . import grpcweb, joints, session as session_mod, stream

#: Seconds between two live-drive ticks (about the viewport's refresh).
TICK_S = 1.0 / 60.0
#: Seconds between two redraws of the panel's numbers.
REDRAW_S = 0.25

_state = {"session": None, "last_redraw": 0.0, "error": ""}
#: How many times the panel has drawn (the window test watches it).
PANEL_DRAWS = [0]


def current_session():
    """The panel's session (None when disconnected)."""
    return _state["session"]


def _prefs(context):
    addon = context.preferences.addons.get(__package__)
    return addon.preferences if addon else None


class PosewirePreferences(bpy.types.AddonPreferences):
    """Where the daemon is. Stored with Blender's preferences (userpref.blend),
    not in the scene's .blend, so a shared file never carries the token."""

    bl_idname = __package__

    address: StringProperty(name="Server", default="127.0.0.1:50051",
                            description="The daemon's gRPC address HOST:PORT, as given to `posewire subscribe --server`")
    web_port: IntProperty(name="Web port", default=0, min=0, max=65535,
                          description="The daemon's gRPC-Web port; 0: the server port + 1 (the daemon's default)")
    token: StringProperty(name="Token", default="", subtype="PASSWORD",
                          description="Access token (read role to watch, admin to record takes on the daemon); empty: none, or the POSEWIRE_TOKEN environment variable")

    def draw(self, context):
        col = self.layout.column()
        col.prop(self, "address")
        col.prop(self, "web_port")
        col.prop(self, "token")


def _preset_items(self, context):
    return [(k, joints.PRESET_LABELS[k], "") for k in joints.PRESETS]


def _is_armature(self, obj):
    return obj.type == "ARMATURE"


class PosewireMapEntry(bpy.types.PropertyGroup):
    """One row of a bone-name map: a canonical joint and the rig's bone."""

    joint: StringProperty(name="Joint")
    bone: StringProperty(name="Bone", description="The rig's bone that follows this joint (empty: none)")


class PosewireAvatar(bpy.types.PropertyGroup):
    """An avatar of the daemon and how it drives the scene."""

    avatar_id: StringProperty(name="Avatar")
    target: PointerProperty(name="Target", type=bpy.types.Object, poll=_is_armature,
                            description="A rigged character to drive (empty: the canonical armature)")
    preset: EnumProperty(name="Map", items=_preset_items,
                         description="The bone-name map the rig follows")
    bone_map: CollectionProperty(type=PosewireMapEntry)
    show_map: BoolProperty(name="Edit map", default=False)


class PosewireSceneSettings(bpy.types.PropertyGroup):
    avatars: CollectionProperty(type=PosewireAvatar)
    live: BoolProperty(name="Live", default=True,
                       description="Pose the armatures from the stream (off: review the recorded take)")
    start_frame: IntProperty(name="Start", default=1, description="Scene frame of the take's first key")
    start_at_current: BoolProperty(name="At current frame", default=True)
    take_name: StringProperty(name="Take", default="",
                              description="The daemon take's name (empty: the daemon names it)")
    take_timecode: StringProperty(
        name="Timecode", default="",
        description="SMPTE timecode of the take's first tick, HH:MM:SS:FF (HH:MM:SS;FF drop-frame); "
                    "empty: the daemon's clock (UTC time of day). At the scene's frame rate")
    by_timecode: BoolProperty(
        name="Place by timecode", default=True,
        description="Put the take's actions at the scene frame of its timecode (frame 0 = 00:00:00:00); "
                    "off, or past Blender's last frame: at the current frame (or Start)")


def _avatar_settings(scene, avatar_id):
    settings = scene.posewire
    for item in settings.avatars:
        if item.avatar_id == avatar_id:
            return item
    item = settings.avatars.add()
    item.avatar_id = avatar_id
    return item


def _fill_map(item):
    """The avatar's editable map from its preset and its target's bones:
    every body joint, and the finger joints whose bones the preset found."""
    item.bone_map.clear()
    names = [b.name for b in item.target.data.bones] if item.target else []
    resolved = joints.resolve(item.preset, names)
    for joint in joints.JOINTS + tuple(j for j in joints.FINGERS if j in resolved):
        entry = item.bone_map.add()
        entry.joint = joint
        entry.bone = resolved.get(joint, "")


def _tick():
    """The live drive: applies the newest frame, keys what arrived when
    recording, refreshes the panel a few times a second. Never waits on
    the network (``Session.poll`` only swaps references)."""
    s = current_session()
    if s is None:
        return None
    context = bpy.context
    try:
        s.live = context.scene.posewire.live
        s.poll()
        for avatar_id in s.skeletons:
            _avatar_settings(context.scene, avatar_id)
    except Exception as e:  # a broken target must not kill the timer
        _state["error"] = f"{type(e).__name__}: {e}"
    import time

    now = time.monotonic()
    if now - _state["last_redraw"] >= REDRAW_S:
        _state["last_redraw"] = now
        for window in context.window_manager.windows:
            for area in window.screen.areas:
                if area.type == "VIEW_3D":
                    area.tag_redraw()
    return TICK_S


def start_session(s):
    """Makes ``s`` the panel's session and starts the live drive."""
    stop_session()
    _state["session"] = s
    _state["error"] = ""
    bpy.app.timers.register(_tick, first_interval=TICK_S)


def stop_session():
    s, _state["session"] = _state["session"], None
    if bpy.app.timers.is_registered(_tick):
        bpy.app.timers.unregister(_tick)
    if s is not None:
        s.close()


class POSEWIRE_OT_connect(bpy.types.Operator):
    """Connect to the Posewire daemon and drive its avatars"""

    bl_idname = "posewire.connect"
    bl_label = "Connect"

    def execute(self, context):
        prefs = _prefs(context)
        address = prefs.address if prefs else "127.0.0.1:50051"
        token = prefs.token if prefs else None
        web_port = (prefs.web_port or None) if prefs else None
        try:
            # Not waiting for the daemon: the panel shows the state and the
            # receiver keeps trying, so the UI never freezes on a dead host.
            s = session_mod.Session(address, token, web_port, context.scene)
        except ValueError as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        start_session(s)
        return {"FINISHED"}


class POSEWIRE_OT_disconnect(bpy.types.Operator):
    """Disconnect (a take being recorded is kept)"""

    bl_idname = "posewire.disconnect"
    bl_label = "Disconnect"

    def execute(self, context):
        stop_session()
        return {"FINISHED"}


class POSEWIRE_OT_record(bpy.types.Operator):
    """Record every driven armature to the timeline, one action per avatar"""

    bl_idname = "posewire.record"
    bl_label = "Record"

    def execute(self, context):
        s = current_session()
        if s is None:
            self.report({"ERROR"}, "not connected")
            return {"CANCELLED"}
        settings = context.scene.posewire
        start = context.scene.frame_current if settings.start_at_current else settings.start_frame
        s.record(start)
        return {"FINISHED"}


class POSEWIRE_OT_stop(bpy.types.Operator):
    """Stop recording"""

    bl_idname = "posewire.stop"
    bl_label = "Stop"

    def execute(self, context):
        s = current_session()
        if s is not None:
            actions = s.stop()
            keyed = len(s.last_take.log) if actions else 0
            self.report({"INFO"}, f"recorded {keyed} frames into {', '.join(a.name for a in actions.values())}")
        return {"FINISHED"}


class POSEWIRE_OT_record_take(bpy.types.Operator):
    """Record a take on the daemon: the whole scene (every avatar and object on one clock), or one avatar"""

    bl_idname = "posewire.record_take"
    bl_label = "Record take"
    avatar_id: StringProperty(description="The avatar to record; empty: the whole scene")

    def execute(self, context):
        s = current_session()
        if s is None:
            self.report({"ERROR"}, "not connected")
            return {"CANCELLED"}
        settings = context.scene.posewire
        try:
            r = s.record_take(self.avatar_id or None, settings.take_name.strip(),
                              settings.take_timecode.strip())
        except (grpcweb.GrpcError, RuntimeError) as e:
            self.report({"ERROR"}, f"the daemon does not record: {e}")
            return {"CANCELLED"}
        self.report({"INFO"}, f"recording take {r['take_name']} on the daemon")
        return {"FINISHED"}


class POSEWIRE_OT_stop_take(bpy.types.Operator):
    """Stop the daemon's take and put it on the timeline (by its timecode), one action per avatar"""

    bl_idname = "posewire.stop_take"
    bl_label = "Stop take"

    def execute(self, context):
        s = current_session()
        if s is None or s.take_state != "recording":
            self.report({"ERROR"}, "no take is being recorded on the daemon")
            return {"CANCELLED"}
        settings = context.scene.posewire
        start = context.scene.frame_current if settings.start_at_current else settings.start_frame
        # Stopped and fetched on a thread; the timer keys it when it is in.
        s.stop_take(start, settings.by_timecode, wait=False)
        return {"FINISHED"}


class POSEWIRE_OT_load_preset(bpy.types.Operator):
    """Fill the avatar's bone map from the chosen preset and the target's bones"""

    bl_idname = "posewire.load_preset"
    bl_label = "Load preset"
    avatar_id: StringProperty()

    def execute(self, context):
        _fill_map(_avatar_settings(context.scene, self.avatar_id))
        return {"FINISHED"}


class POSEWIRE_OT_drive(bpy.types.Operator):
    """Drive the target through the map (or the canonical armature when no target is set)"""

    bl_idname = "posewire.drive"
    bl_label = "Drive"
    avatar_id: StringProperty()

    def execute(self, context):
        s = current_session()
        if s is None:
            self.report({"ERROR"}, "not connected")
            return {"CANCELLED"}
        item = _avatar_settings(context.scene, self.avatar_id)
        try:
            if item.target is None:
                s.canonical(self.avatar_id)
                return {"FINISHED"}
            if not item.bone_map:
                _fill_map(item)
            table = {e.joint: e.bone for e in item.bone_map if e.bone}
            used = s.retarget(self.avatar_id, item.target, table)
        except (KeyError, ValueError) as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        self.report({"INFO"}, f"{item.target.name}: {len(used)} of 21 joints mapped")
        return {"FINISHED"}


class POSEWIRE_PT_panel(bpy.types.Panel):
    bl_label = "Posewire"
    bl_idname = "POSEWIRE_PT_panel"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "Posewire"

    def draw(self, context):
        PANEL_DRAWS[0] += 1
        layout = self.layout
        s = current_session()
        self._draw_connection(context, layout, s)
        if s is not None:
            self._draw_avatars(context, layout, s)
            self._draw_record(context, layout, s)

    def _draw_connection(self, context, layout, s):
        prefs = _prefs(context)
        box = layout.box()
        if prefs is not None:
            box.prop(prefs, "address")
            box.prop(prefs, "token")
        if s is None:
            box.operator("posewire.connect", icon="LINKED")
            return
        col = box.column(align=True)
        col.alert = s.state == stream.LOST
        for i, line in enumerate(s.status_lines()):
            col.label(text=line, icon=("ERROR" if col.alert else "CHECKMARK") if i == 0 else "BLANK1")
        col = box.column(align=True)
        col.label(text=f"Received {s.receiver.received}, shown {s.applied}")
        col.label(text=f"Dropped {s.dropped()} (newest only)")
        if _state["error"]:
            box.label(text=_state["error"], icon="ERROR")
        box.operator("posewire.disconnect", icon="UNLINKED")

    def _draw_avatars(self, context, layout, s):
        numbers = s.receiver.avatar_numbers()
        settings = context.scene.posewire
        layout.prop(settings, "live")
        for item in settings.avatars:
            if item.avatar_id not in s.skeletons:
                continue
            box = layout.box()
            rate, latency = numbers.get(item.avatar_id, (0.0, 0.0))
            driven = s.armature(item.avatar_id)
            box.label(text=f"{item.avatar_id}: {rate:.0f} Hz, {latency:.1f} ms", icon="ARMATURE_DATA")
            box.label(text=f"drives {driven.name if driven else 'nothing'}")
            box.prop(item, "target")
            row = box.row(align=True)
            row.prop(item, "preset", text="")
            op = row.operator("posewire.load_preset", text="", icon="FILE_REFRESH")
            op.avatar_id = item.avatar_id
            row = box.row(align=True)
            row.operator("posewire.drive", icon="PLAY").avatar_id = item.avatar_id
            if not s.take_state:
                row.operator("posewire.record_take", text="Record take",
                             icon="REC").avatar_id = item.avatar_id
            if item.target is not None:
                box.prop(item, "show_map", icon="TRIA_DOWN" if item.show_map else "TRIA_RIGHT")
                if item.show_map:
                    for entry in item.bone_map:
                        box.prop_search(entry, "bone", item.target.data, "bones", text=entry.joint)

    def _draw_record(self, context, layout, s):
        settings = context.scene.posewire
        box = layout.box()
        row = box.row()
        row.prop(settings, "start_at_current")
        if not settings.start_at_current:
            row.prop(settings, "start_frame")
        if s.recording:
            box.label(text=f"Recording: {len(s.recorder.log)} frames keyed", icon="REC")
            box.operator("posewire.stop", icon="SNAP_FACE")
        else:
            box.operator("posewire.record", icon="REC")
        self._draw_take(context, layout, s)

    def _draw_take(self, context, layout, s):
        settings = context.scene.posewire
        box = layout.box()
        box.label(text="Take on the daemon", icon="FILE_MOVIE")
        if s.take_state == "recording":
            r = s.daemon_recording
            who = r["avatar_id"] or "the scene"
            box.label(text=f"Recording {r['recording']['take_name']} ({who})", icon="REC")
            box.operator("posewire.stop_take", icon="SNAP_FACE")
            return
        if s.take_state == "fetching":
            box.label(text="Fetching the take…", icon="SORTTIME")
            return
        box.prop(settings, "take_name")
        box.prop(settings, "take_timecode")
        box.prop(settings, "by_timecode")
        box.operator("posewire.record_take", text="Record scene", icon="REC").avatar_id = ""
        if s.take_error:
            box.label(text=s.take_error, icon="ERROR")
        last = s.last_daemon_take
        if last is not None:
            tc = last.summary["timecode_start"]
            box.label(text=f"{last.summary['name']}: frame {last.start_frame}"
                           + (f" ({tc})" if tc else ""))
            if last.reason:
                box.label(text=last.reason, icon="INFO")


CLASSES = (
    PosewirePreferences, PosewireMapEntry, PosewireAvatar, PosewireSceneSettings,
    POSEWIRE_OT_connect, POSEWIRE_OT_disconnect, POSEWIRE_OT_record, POSEWIRE_OT_stop,
    POSEWIRE_OT_record_take, POSEWIRE_OT_stop_take,
    POSEWIRE_OT_load_preset, POSEWIRE_OT_drive, POSEWIRE_PT_panel,
)


@bpy.app.handlers.persistent
def _on_load_pre(*_args):
    # The armatures belong to the file being closed.
    stop_session()


def register():
    for cls in CLASSES:
        bpy.utils.register_class(cls)
    bpy.types.Scene.posewire = PointerProperty(type=PosewireSceneSettings)
    bpy.app.handlers.load_pre.append(_on_load_pre)


def unregister():
    stop_session()
    if _on_load_pre in bpy.app.handlers.load_pre:
        bpy.app.handlers.load_pre.remove(_on_load_pre)
    del bpy.types.Scene.posewire
    for cls in reversed(CLASSES):
        bpy.utils.unregister_class(cls)
