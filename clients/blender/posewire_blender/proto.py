"""A small protocol-buffers codec for the few Posewire messages the add-on
uses (proto/posewire/v1). Pure Python, no generated code: the decoder
walks the wire format (varint, 64-bit, length-delimited, 32-bit) and the
message readers below pick the fields they need by number, skipping the
rest, so a newer daemon with more fields still decodes.

Every reader raises ``DecodeError`` on malformed input (truncated fields,
oversized lengths, unsupported wire types); it never reads past the buffer.
"""

import struct

__all__ = [
    "DecodeError",
    "fields",
    "encode_string",
    "encode_varint_field",
    "stream_frames_request",
    "get_skeleton_request",
    "read_stream_frames_response",
    "read_skeleton",
    "read_list_avatars",
    "read_stats",
    "read_mesh",
    "start_recording_request",
    "stop_recording_request",
    "get_take_frames_request",
    "read_recording",
    "read_take_summary",
    "read_take_frames_response",
]


class DecodeError(ValueError):
    """The bytes are not a well-formed message of the expected type."""


_VARINT, _I64, _LEN, _I32 = 0, 1, 2, 5


def read_varint(buf, pos):
    """The varint at ``pos`` and the position after it (at most 10 bytes)."""
    result = 0
    shift = 0
    end = len(buf)
    while True:
        if pos >= end:
            raise DecodeError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result & 0xFFFFFFFFFFFFFFFF, pos
        shift += 7
        if shift >= 70:
            raise DecodeError("varint longer than 10 bytes")


def fields(buf):
    """Yields ``(number, wire_type, value)`` for every field of the message
    in ``buf``: an int for varints, ``bytes`` (a memoryview slice) for the
    others (8 bytes, the payload, 4 bytes)."""
    view = memoryview(buf)
    pos = 0
    end = len(view)
    while pos < end:
        key, pos = read_varint(view, pos)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise DecodeError("field number 0")
        if wire == _VARINT:
            value, pos = read_varint(view, pos)
        elif wire == _I64:
            value, pos = _take(view, pos, 8)
        elif wire == _LEN:
            length, pos = read_varint(view, pos)
            value, pos = _take(view, pos, length)
        elif wire == _I32:
            value, pos = _take(view, pos, 4)
        else:
            raise DecodeError(f"unsupported wire type {wire} (field {number})")
        yield number, wire, value


def _take(view, pos, n):
    if n > len(view) - pos:
        raise DecodeError(f"field of {n} bytes runs past the end of the message")
    return view[pos:pos + n], pos + n


def _double(wire, value):
    if wire != _I64:
        raise DecodeError("a double field is not 64-bit")
    return struct.unpack("<d", value)[0]


def _signed64(value):
    return value - (1 << 64) if value >= 1 << 63 else value


def _signed32(value):
    value &= 0xFFFFFFFFFFFFFFFF
    return _signed64(value)


def _text(wire, value):
    if wire != _LEN:
        raise DecodeError("a string field is not length-delimited")
    try:
        return bytes(value).decode("utf-8")
    except UnicodeDecodeError as e:
        raise DecodeError(f"a string is not UTF-8 ({e})") from None


def _floats(out, wire, value):
    """Appends a repeated float field's values (packed or not) to ``out``."""
    if wire == _LEN:
        if len(value) % 4:
            raise DecodeError("packed floats are not a multiple of 4 bytes")
        out.extend(struct.unpack(f"<{len(value) // 4}f", value))
    elif wire == _I32:
        out.append(struct.unpack("<f", value)[0])
    else:
        raise DecodeError("a float field is neither packed nor 32-bit")


# ---- encoding (requests only) ----


def _varint(n):
    out = bytearray()
    n &= 0xFFFFFFFFFFFFFFFF
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def encode_varint_field(number, value):
    """A varint field (uint32, bool, enum); empty for the default 0."""
    if not value:
        return b""
    return _varint(number << 3 | _VARINT) + _varint(int(value))


def encode_string(number, text):
    """A string field; empty for the default ''."""
    if not text:
        return b""
    data = text.encode("utf-8")
    return _varint(number << 3 | _LEN) + _varint(len(data)) + data


def stream_frames_request(avatar_ids=(), decimation=0):
    """``StreamFramesRequest``: the avatars (empty: every avatar, also ones
    created later) and the decimation; the fingers; no vertices, no
    forces."""
    body = b"".join(encode_string(1, a) for a in avatar_ids)
    return body + encode_varint_field(4, decimation) + encode_varint_field(6, 1)


def get_skeleton_request(avatar_id):
    """``GetSkeletonRequest`` (also ``GetMeshRequest``: same layout)."""
    return encode_string(1, avatar_id)


def start_recording_request(avatar_id="", name="", timecode_start="", timecode_rate=""):
    """``StartRecordingRequest``: an empty ``avatar_id`` records the whole
    space (a scene take); empty timecode: the daemon's clock; empty rate:
    30."""
    return (encode_string(1, avatar_id) + encode_string(2, name)
            + encode_string(3, timecode_start) + encode_string(4, timecode_rate))


def stop_recording_request(avatar_id=""):
    """``StopRecordingRequest`` (empty: the scene's recording)."""
    return encode_string(1, avatar_id)


def get_take_frames_request(name, version=0):
    """``GetTakeFramesRequest``: the take's name, the solved version (0:
    the latest)."""
    return encode_string(1, name) + encode_varint_field(2, version)


# ---- messages ----


def read_vec3(buf):
    """``Vec3`` as a tuple (x, y, z)."""
    v = [0.0, 0.0, 0.0]
    for number, wire, value in fields(buf):
        if 1 <= number <= 3:
            v[number - 1] = _double(wire, value)
    return tuple(v)


def read_quat(buf):
    """``Quat`` as a tuple (x, y, z, w); an absent message is the identity
    only when every field is absent (proto3 defaults are 0)."""
    q = [0.0, 0.0, 0.0, 0.0]
    for number, wire, value in fields(buf):
        if 1 <= number <= 4:
            q[number - 1] = _double(wire, value)
    return tuple(q)


def read_pose(buf):
    """``Pose`` as ``((x, y, z), (qx, qy, qz, qw))``."""
    position, rotation = (0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0)
    for number, wire, value in fields(buf):
        if number == 1 and wire == _LEN:
            position = read_vec3(value)
        elif number == 2 and wire == _LEN:
            rotation = read_quat(value)
    return position, rotation


class AvatarFrame:
    """One avatar's body at one tick (the fields the add-on uses)."""

    __slots__ = ("avatar_id", "root", "local_rotations", "joint_positions", "world_rotations",
                 "finger_positions", "finger_rotations")

    def __init__(self):
        self.avatar_id = ""
        self.root = ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0))
        self.local_rotations = []
        self.joint_positions = []
        self.world_rotations = []
        self.finger_positions = []
        self.finger_rotations = []

    def has(self, j):
        """Whether the frame holds joint ``j`` (0-20 the body, 21-50 the
        fingers, ``Skeleton.finger_joints`` order)."""
        if j < BODY_JOINTS:
            return 3 * j + 3 <= len(self.joint_positions)
        k = j - BODY_JOINTS
        return 3 * k + 3 <= len(self.finger_positions) and 4 * k + 4 <= len(self.finger_rotations)

    def position(self, j):
        """Joint ``j``'s world position (Posewire frame, metres)."""
        p, k = (self.joint_positions, j) if j < BODY_JOINTS else (self.finger_positions, j - BODY_JOINTS)
        return (p[3 * k], p[3 * k + 1], p[3 * k + 2])

    def rotation(self, j):
        """Bone ``j``'s world rotation relative to rest (x, y, z, w)."""
        q, k = (self.world_rotations, j) if j < BODY_JOINTS else (self.finger_rotations, j - BODY_JOINTS)
        return (q[4 * k], q[4 * k + 1], q[4 * k + 2], q[4 * k + 3])


#: Joints of the body; finger joints follow them in ``AvatarFrame``'s
#: numbering.
BODY_JOINTS = 21


def _read_fingers(a, buf):
    for number, wire, value in fields(buf):
        if number == 2:
            _floats(a.finger_positions, wire, value)
        elif number == 3:
            _floats(a.finger_rotations, wire, value)


def read_avatar_frame(buf):
    """``AvatarFrame``: id, root, rotations and positions (devices, forces
    and vertices are skipped)."""
    a = AvatarFrame()
    for number, wire, value in fields(buf):
        if number == 1:
            a.avatar_id = _text(wire, value)
        elif number == 2 and wire == _LEN:
            a.root = read_pose(value)
        elif number == 3:
            _floats(a.local_rotations, wire, value)
        elif number == 4:
            _floats(a.joint_positions, wire, value)
        elif number == 5:
            _floats(a.world_rotations, wire, value)
        elif number == 14 and wire == _LEN:
            _read_fingers(a, value)
    return a


class Frame:
    """Every streamed avatar at one tick of the daemon's loop."""

    __slots__ = ("sequence", "simulation_time_s", "capture_time_unix_ns",
                 "publish_time_unix_ns", "avatars")

    def __init__(self):
        self.sequence = 0
        self.simulation_time_s = 0.0
        self.capture_time_unix_ns = 0
        self.publish_time_unix_ns = 0
        self.avatars = []

    def avatar(self, avatar_id):
        """The ``AvatarFrame`` of ``avatar_id``, or None."""
        for a in self.avatars:
            if a.avatar_id == avatar_id:
                return a
        return None


def read_frame(buf):
    """``Frame``."""
    f = Frame()
    for number, wire, value in fields(buf):
        if number == 1 and wire == _VARINT:
            f.sequence = value
        elif number == 2:
            f.simulation_time_s = _double(wire, value)
        elif number == 3 and wire == _VARINT:
            f.capture_time_unix_ns = _signed64(value)
        elif number == 4 and wire == _VARINT:
            f.publish_time_unix_ns = _signed64(value)
        elif number == 5 and wire == _LEN:
            f.avatars.append(read_avatar_frame(value))
    return f


def read_stream_frames_response(buf):
    """``StreamFramesResponse`` as ``(frame, skipped, skipped_total)``."""
    frame, skipped, total = Frame(), 0, 0
    for number, wire, value in fields(buf):
        if number == 1 and wire == _LEN:
            frame = read_frame(value)
        elif number == 2 and wire == _VARINT:
            skipped = value
        elif number == 3 and wire == _VARINT:
            total = value
    return frame, skipped, total


def read_skeleton(buf):
    """``Skeleton`` as a dict: ``avatar_id``, ``profile_name``,
    ``stature_m``, ``joints`` (each ``(name, parent, rest_offset)``) and
    ``fingers`` (the same; parents index ``joints + fingers``)."""
    out = {"avatar_id": "", "profile_name": "", "stature_m": 0.0, "joints": [], "fingers": []}
    for number, wire, value in fields(buf):
        if number == 1:
            out["avatar_id"] = _text(wire, value)
        elif number == 2 and wire == _LEN:
            out["joints"].append(_read_skeleton_joint(value))
        elif number == 3:
            out["profile_name"] = _text(wire, value)
        elif number == 4:
            out["stature_m"] = _double(wire, value)
        elif number == 5 and wire == _LEN:
            out["fingers"].append(_read_skeleton_joint(value))
    return out


def _read_skeleton_joint(buf):
    name, parent, offset = "", 0, (0.0, 0.0, 0.0)
    for number, wire, value in fields(buf):
        if number == 1:
            name = _text(wire, value)
        elif number == 2 and wire == _VARINT:
            parent = _signed32(value)
        elif number == 3 and wire == _LEN:
            offset = read_vec3(value)
    return name, parent, offset


def read_list_avatars(buf):
    """``ListAvatarsResponse`` as a list of dicts (``id``, ``profile_name``,
    ``ready``, ``source``: the kind of device source)."""
    kinds = {1: "demo", 2: "file", 3: "push", 5: "vmc", 10: "openxr"}
    avatars = []
    for number, wire, value in fields(buf):
        if number != 1 or wire != _LEN:
            continue
        a = {"id": "", "profile_name": "", "ready": False, "source": ""}
        for n, w, v in fields(value):
            if n == 1:
                a["id"] = _text(w, v)
            elif n == 2 and w == _LEN:
                a["source"] = next((kinds.get(k, "other") for k, _, _ in fields(v)), "")
            elif n == 3:
                a["profile_name"] = _text(w, v)
            elif n == 6 and w == _VARINT:
                a["ready"] = bool(v)
        avatars.append(a)
    return avatars


def read_stats(buf):
    """``GetStatsResponse``: the loop's ``rate_hz``, ``frames``,
    ``overruns`` and the frame time's ``p50_ms`` / ``p99_ms``."""
    out = {"rate_hz": 0.0, "frames": 0, "overruns": 0, "p50_ms": 0.0, "p99_ms": 0.0}
    for number, wire, value in fields(buf):
        if number == 1:
            out["rate_hz"] = _double(wire, value)
        elif number == 2 and wire == _VARINT:
            out["frames"] = value
        elif number == 4 and wire == _LEN:
            for n, w, v in fields(value):
                if n == 1:
                    out["p50_ms"] = _double(w, v)
                elif n == 2:
                    out["p99_ms"] = _double(w, v)
        elif number == 5 and wire == _VARINT:
            out["overruns"] = value
    return out


def read_mesh(buf):
    """``Mesh`` as a dict: ``rest_positions`` (flat floats), ``triangles``
    (flat indices), ``model``."""
    out = {"rest_positions": [], "triangles": [], "model": ""}
    for number, wire, value in fields(buf):
        if number == 2:
            _floats(out["rest_positions"], wire, value)
        elif number == 3:
            if wire == _LEN:
                pos = 0
                while pos < len(value):
                    n, pos = read_varint(value, pos)
                    out["triangles"].append(n)
            elif wire == _VARINT:
                out["triangles"].append(value)
        elif number == 5:
            out["model"] = _text(wire, value)
    return out


def read_recording(buf):
    """``Recording`` as a dict: ``avatar_id``, ``take_name``, ``ticks``,
    ``duration_s``, ``stopped``, ``stop_error``."""
    out = {"avatar_id": "", "take_name": "", "ticks": 0, "duration_s": 0.0,
           "stopped": False, "stop_error": ""}
    for number, wire, value in fields(buf):
        if number == 1:
            out["avatar_id"] = _text(wire, value)
        elif number == 2:
            out["take_name"] = _text(wire, value)
        elif number == 4 and wire == _VARINT:
            out["ticks"] = value
        elif number == 5:
            out["duration_s"] = _double(wire, value)
        elif number == 8 and wire == _VARINT:
            out["stopped"] = bool(value)
        elif number == 9:
            out["stop_error"] = _text(wire, value)
    return out


def read_take_summary(buf):
    """``TakeSummary`` as a dict: ``name``, ``avatar_id`` (empty for a
    scene take), ``rate_hz``, ``timecode_start``, ``timecode_rate``,
    ``timecode_start_frame``, ``duration_s``, ``ticks``, ``markers``
    (``(time_s, label)``), ``scene_avatar_ids``, ``stop_error``."""
    out = {"name": "", "avatar_id": "", "rate_hz": 0.0, "timecode_start": "",
           "timecode_rate": "", "timecode_start_frame": 0, "duration_s": 0.0, "ticks": 0,
           "markers": [], "scene_avatar_ids": [], "stop_error": ""}
    for number, wire, value in fields(buf):
        if number == 1:
            out["name"] = _text(wire, value)
        elif number == 2:
            out["avatar_id"] = _text(wire, value)
        elif number == 4:
            out["rate_hz"] = _double(wire, value)
        elif number == 5:
            out["timecode_start"] = _text(wire, value)
        elif number == 6:
            out["duration_s"] = _double(wire, value)
        elif number == 7 and wire == _VARINT:
            out["ticks"] = value
        elif number == 9 and wire == _LEN:
            time_s, label = 0.0, ""
            for n, w, v in fields(value):
                if n == 1:
                    time_s = _double(w, v)
                elif n == 2:
                    label = _text(w, v)
            out["markers"].append((time_s, label))
        elif number == 14:
            out["stop_error"] = _text(wire, value)
        elif number == 16:
            out["timecode_rate"] = _text(wire, value)
        elif number == 17 and wire == _VARINT:
            out["timecode_start_frame"] = value
        elif number == 18:
            out["scene_avatar_ids"].append(_text(wire, value))
    return out


def read_take_frames_response(buf):
    """``TakeFramesResponse`` as ``(summary or None, [Frame])``: the frames'
    ``simulation_time_s`` is the take time, their ``sequence`` the tick."""
    summary, frames = None, []
    for number, wire, value in fields(buf):
        if number == 1 and wire == _LEN:
            summary = read_take_summary(value)
        elif number == 2 and wire == _LEN:
            frames.append(read_frame(value))
    return summary, frames
