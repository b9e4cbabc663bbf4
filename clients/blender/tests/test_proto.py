#!/usr/bin/env python3
"""Unit tests of the add-on's parts that need no Blender: the protobuf
codec (against hand-built wire bytes), the gRPC-Web framing against a
small local HTTP/1.1 server, address parsing, the bone-name maps, and
where a daemon take's timecode puts it on the timeline.

    python3 clients/blender/tests/test_proto.py
"""

import http.server
import pathlib
import struct
import sys
import threading
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from posewire_blender import daemon_take, grpcweb, joints, proto  # noqa: E402


def varint(n):
    return proto._varint(n)


def field(number, wire, payload):
    return varint(number << 3 | wire) + payload


def ld(number, data):
    return field(number, 2, varint(len(data)) + data)


def double(number, x):
    return field(number, 1, struct.pack("<d", x))


def packed_floats(number, xs):
    return ld(number, struct.pack(f"<{len(xs)}f", *xs))


def avatar_frame(avatar_id, positions, rotations):
    return (ld(1, avatar_id.encode()) + packed_floats(4, positions)
            + packed_floats(5, rotations) + ld(99, b"unknown field, skipped"))


class Decoder(unittest.TestCase):
    def test_stream_frames_response(self):
        pos = [float(i) / 4 for i in range(63)]
        rot = [0.0, 0.0, 0.0, 1.0] * 21
        frame = (field(1, 0, varint(123456)) + double(2, 1371.7)
                 + field(4, 0, varint(1_700_000_000_000_000_000))
                 + ld(5, avatar_frame("demo", pos, rot)) + ld(5, avatar_frame("b", pos, rot)))
        msg = ld(1, frame) + field(2, 0, varint(3)) + field(3, 0, varint(7))
        f, skipped, total = proto.read_stream_frames_response(msg)
        self.assertEqual((f.sequence, skipped, total), (123456, 3, 7))
        self.assertAlmostEqual(f.simulation_time_s, 1371.7)
        self.assertEqual(f.publish_time_unix_ns, 1_700_000_000_000_000_000)
        self.assertEqual([a.avatar_id for a in f.avatars], ["demo", "b"])
        self.assertEqual(f.avatar("demo").position(20), (15.0, 15.25, 15.5))
        self.assertEqual(f.avatar("b").rotation(3), (0.0, 0.0, 0.0, 1.0))
        self.assertIsNone(f.avatar("nobody"))

    def test_unpacked_floats_and_negative_parent(self):
        joint_root = ld(1, b"pelvis") + field(2, 0, varint((1 << 64) - 1)) + ld(3, double(2, 0.93))
        joint_spine = ld(1, b"spine") + ld(3, double(2, 0.2))
        sk = proto.read_skeleton(ld(1, b"demo") + ld(2, joint_root) + ld(2, joint_spine)
                                 + ld(3, b"default") + double(4, 1.75))
        self.assertEqual(sk["joints"][0], ("pelvis", -1, (0.0, 0.93, 0.0)))
        self.assertEqual(sk["joints"][1][1], 0)
        self.assertEqual(sk["stature_m"], 1.75)
        a = proto.read_avatar_frame(field(4, 5, struct.pack("<f", 2.5)) * 2)
        self.assertEqual(a.joint_positions, [2.5, 2.5])

    def test_list_avatars_and_stats(self):
        avatar = ld(1, b"demo") + ld(2, ld(1, b"")) + ld(3, b"default") + field(6, 0, varint(1))
        self.assertEqual(proto.read_list_avatars(ld(1, avatar)),
                         [{"id": "demo", "profile_name": "default", "ready": True, "source": "demo"}])
        stats = proto.read_stats(double(1, 90.0) + field(2, 0, varint(5)) + ld(4, double(1, 0.25)))
        self.assertEqual((stats["rate_hz"], stats["frames"], stats["p50_ms"]), (90.0, 5, 0.25))

    def test_malformed_input_raises_decode_error(self):
        for bad in [
            b"\x0a\x05ab",                      # length past the end
            b"\x08" + b"\xff" * 11,             # varint too long
            b"\x08",                            # truncated varint
            b"\x0b",                            # group (wire type 3)
            b"\x00\x01",                        # field number 0
            ld(4, b"\x00\x00\x80"),             # packed floats not a multiple of 4
            ld(1, b"\xff\xfe"),                 # not UTF-8
            ld(1, b"\x0a\x7f"),                 # nested frame truncated
        ]:
            with self.assertRaises(proto.DecodeError, msg=bad):
                f, _, _ = proto.read_stream_frames_response(bad)
                proto.read_avatar_frame(bad)

    def test_requests(self):
        # The fingers are always asked for (field 6, true).
        self.assertEqual(proto.stream_frames_request(), b"\x30\x01")
        self.assertEqual(proto.stream_frames_request(["a"], 3), b"\x0a\x01a\x20\x03\x30\x01")
        self.assertEqual(proto.get_skeleton_request("demo"), b"\x0a\x04demo")
        self.assertEqual(varint(300), b"\xac\x02")


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    body = b""
    headers_extra = {}

    def do_POST(self):
        length = int(self.headers["content-length"])
        type(self).request_seen = (self.path, self.headers.get("authorization"), self.rfile.read(length))
        self.send_response(200)
        self.send_header("content-type", "application/grpc-web+proto")
        for k, v in self.headers_extra.items():
            self.send_header(k, v)
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        data = self.body
        for i in range(0, len(data), 7):  # small chunks: frames split across them
            chunk = data[i:i + 7]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        self.wfile.write(b"0\r\n\r\n")

    def log_message(self, *args):
        pass


class GrpcWeb(unittest.TestCase):
    def serve(self, body, headers=None):
        _Handler.body = body
        _Handler.headers_extra = headers or {}
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.addCleanup(server.shutdown)
        return grpcweb.Channel("127.0.0.1", server.server_address[1], token="t0k")

    def test_messages_then_ok_trailers(self):
        trailers = b"grpc-status:0\r\ngrpc-message:\r\n"
        body = grpcweb.frame(b"one") + grpcweb.frame(b"") + grpcweb.frame(b"three" * 10)
        body += b"\x80" + struct.pack(">I", len(trailers)) + trailers
        ch = self.serve(body)
        self.assertEqual(list(grpcweb.Call(ch, "/x.S/M", b"req")), [b"one", b"", b"three" * 10])
        path, auth, sent = _Handler.request_seen
        self.assertEqual((path, auth, sent), ("/x.S/M", "Bearer t0k", b"\x00\x00\x00\x00\x03req"))

    def test_error_status_in_trailers_and_headers(self):
        trailers = b"grpc-status:5\r\ngrpc-message:no%20such%20avatar\r\n"
        ch = self.serve(b"\x80" + struct.pack(">I", len(trailers)) + trailers)
        with self.assertRaises(grpcweb.GrpcError) as e:
            grpcweb.unary(ch, "/x.S/M", b"")
        self.assertEqual((e.exception.code, e.exception.message), (5, "no such avatar"))
        ch = self.serve(b"", {"grpc-status": "16", "grpc-message": "bad token"})
        with self.assertRaises(grpcweb.GrpcError) as e:
            grpcweb.unary(ch, "/x.S/M", b"")
        self.assertEqual(e.exception.code, grpcweb.UNAUTHENTICATED)

    def test_oversized_and_truncated_messages_are_refused(self):
        ch = self.serve(b"\x00" + struct.pack(">I", 1 << 30) + b"xx")
        with self.assertRaises(grpcweb.GrpcError) as e:
            list(grpcweb.Call(ch, "/x.S/M", b"", max_message=1 << 20))
        self.assertEqual(e.exception.code, grpcweb.RESOURCE_EXHAUSTED)
        ch = self.serve(grpcweb.frame(b"abcdef")[:-2])
        with self.assertRaises(grpcweb.GrpcError) as e:
            list(grpcweb.Call(ch, "/x.S/M", b""))
        self.assertEqual(e.exception.code, grpcweb.UNAVAILABLE)
        ch = self.serve(grpcweb.frame(b"ok"))  # no trailers at all
        with self.assertRaises(grpcweb.GrpcError):
            list(grpcweb.Call(ch, "/x.S/M", b""))

    def test_unreachable(self):
        import socket

        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        with self.assertRaises(grpcweb.GrpcError) as e:
            grpcweb.unary(grpcweb.Channel("127.0.0.1", port), "/x.S/M", b"")
        self.assertEqual(e.exception.code, grpcweb.UNAVAILABLE)


class Maps(unittest.TestCase):
    def test_presets_resolve_with_namespaces_and_alternatives(self):
        mixamo = ["mixamorig:" + b for b in (
            "Hips Spine Spine1 Spine2 Neck Head LeftShoulder LeftArm LeftForeArm LeftHand "
            "RightShoulder RightArm RightForeArm RightHand LeftUpLeg LeftLeg LeftFoot "
            "LeftToeBase RightUpLeg RightLeg RightFoot RightToeBase").split()]
        m = joints.resolve("mixamo", mixamo)
        self.assertEqual(len(m), 21)
        self.assertEqual((m["chest"], m["right_toe"]), ("mixamorig:Spine2", "mixamorig:RightToeBase"))
        self.assertEqual(joints.guess_preset(mixamo), ("mixamo", 21))
        rigify = joints.resolve("rigify", ["spine", "spine.005", "upper_arm.R"])
        self.assertEqual(rigify, {"pelvis": "spine", "head": "spine.005", "right_shoulder": "upper_arm.R"})
        ue = joints.resolve("unreal", ["pelvis", "spine_03", "thigh_r", "ball_l"])
        self.assertEqual(ue, {"pelvis": "pelvis", "chest": "spine_03", "right_hip": "thigh_r", "left_toe": "ball_l"})
        with self.assertRaises(ValueError):
            joints.resolve({"elbow": "x"}, ["x"])

    def test_presets_map_the_finger_bones(self):
        m = joints.resolve("mixamo", ["mixamorig:LeftHandPinky3", "mixamorig:RightHandThumb1"])
        self.assertEqual(m, {"left_little_3": "mixamorig:LeftHandPinky3",
                             "right_thumb_1": "mixamorig:RightHandThumb1"})
        r = joints.resolve("rigify", ["f_index.02.R", "DEF-thumb.01.L", "f_pinky.03.L"])
        self.assertEqual(r, {"right_index_2": "f_index.02.R", "left_thumb_1": "DEF-thumb.01.L",
                             "left_little_3": "f_pinky.03.L"})
        u = joints.resolve("unreal", ["middle_01_l", "ring_03_r"])
        self.assertEqual(u, {"left_middle_1": "middle_01_l", "right_ring_3": "ring_03_r"})
        for preset in ("mixamo", "rigify", "unreal", "canonical"):
            self.assertEqual(len(joints.PRESETS[preset]), 51, preset)

    def test_axes(self):
        self.assertEqual(joints.to_blender((1.0, 2.0, 3.0)), (1.0, -3.0, 2.0))
        self.assertEqual(joints.from_blender(joints.to_blender((1.0, 2.0, 3.0))), (1.0, 2.0, 3.0))
        # A turn about Posewire's up (+Y) is a turn about Blender's up (+Z).
        self.assertEqual(joints.quat_to_blender((0.0, 0.6, 0.0, 0.8)), (0.8, 0.0, -0.0, 0.6))


class Address(unittest.TestCase):
    def test_web_port_is_the_next_one_unless_given(self):
        from posewire_blender.grpcweb import parse_address

        self.assertEqual(parse_address("127.0.0.1:50051"), ("127.0.0.1", 50052))
        self.assertEqual(parse_address("[::1]:7000", 9000), ("::1", 9000))
        self.assertEqual(parse_address("http://host:1"), ("host", 2))
        for bad in ["nohost", "h:x", "h:0", "h:70000"]:
            with self.assertRaises(ValueError):
                parse_address(bad)


class Takes(unittest.TestCase):
    def test_the_take_requests_encode_their_fields(self):
        self.assertEqual(proto.start_recording_request("", "shot", "01:00:00:00", "24"),
                         ld(2, b"shot") + ld(3, b"01:00:00:00") + ld(4, b"24"))
        self.assertEqual(proto.start_recording_request("demo"), ld(1, b"demo"))
        self.assertEqual(proto.stop_recording_request(""), b"")
        self.assertEqual(proto.get_take_frames_request("shot", 2), ld(1, b"shot") + field(2, 0, varint(2)))

    def test_a_take_summary_and_its_frames_decode(self):
        summary = (ld(1, b"shot") + double(4, 90.0) + ld(5, b"01:00:00:00") + double(6, 6.5)
                   + field(7, 0, varint(586)) + ld(9, double(1, 1.5) + ld(2, b"cut"))
                   + ld(16, b"24") + field(17, 0, varint(86400)) + ld(18, b"demo0") + ld(18, b"demo1"))
        frame = field(1, 0, varint(7)) + double(2, 0.25) + ld(5, avatar_frame("demo0", [1.0] * 63, [0.0] * 84))
        got, frames = proto.read_take_frames_response(ld(1, summary))
        self.assertEqual(frames, [])
        self.assertEqual((got["name"], got["rate_hz"], got["timecode_start"], got["timecode_rate"]),
                         ("shot", 90.0, "01:00:00:00", "24"))
        self.assertEqual((got["timecode_start_frame"], got["ticks"], got["duration_s"]), (86400, 586, 6.5))
        self.assertEqual(got["markers"], [(1.5, "cut")])
        self.assertEqual(got["scene_avatar_ids"], ["demo0", "demo1"])
        none, frames = proto.read_take_frames_response(ld(2, frame) + ld(2, frame))
        self.assertIsNone(none)
        self.assertEqual([(f.sequence, f.simulation_time_s) for f in frames], [(7, 0.25)] * 2)
        self.assertEqual(frames[0].avatar("demo0").position(20), (1.0, 1.0, 1.0))
        with self.assertRaises(proto.DecodeError):
            proto.read_take_summary(ld(5, b"\xff\xfe"))

    def test_the_timecode_places_the_take_at_the_scene_rate(self):
        fps24 = daemon_take.scene_fps(24, 1.0)
        tc = {"timecode_start": "01:00:00:00", "timecode_rate": "24",
              "timecode_start_frame": 86400, "duration_s": 6.0}
        self.assertEqual(daemon_take.placement(tc, fps24, 1), (86400, ""))
        # 30 fps timecode on a 24 fps scene: through seconds.
        tc30 = dict(tc, timecode_rate="30", timecode_start_frame=108000)
        self.assertEqual(daemon_take.placement(tc30, fps24, 1), (86400, ""))
        # 29.97 drop-frame on a 29.97 scene (30 / 1.001): the frame count.
        fps2997 = daemon_take.scene_fps(30, 1.001)
        self.assertEqual(daemon_take.rate_name(fps2997), "29.97")
        df = dict(tc, timecode_start="01:00:00;00", timecode_rate="29.97", timecode_start_frame=107892)
        self.assertEqual(daemon_take.placement(df, fps2997, 1), (107892, ""))
        self.assertEqual(daemon_take.rate_name(daemon_take.scene_fps(24, 1.001)), "23.976")
        self.assertEqual(daemon_take.rate_name(daemon_take.scene_fps(12, 1.0)), "")
        # Past Blender's last frame: the fallback, with the reason.
        late = dict(tc, timecode_start="23:00:00:00", timecode_start_frame=23 * 3600 * 24)
        frame, reason = daemon_take.placement(late, fps24, 101)
        self.assertEqual(frame, 101)
        self.assertIn("1048574", reason)
        frame, reason = daemon_take.placement(dict(tc, timecode_rate=""), fps24, 5)
        self.assertEqual(frame, 5)
        self.assertIn("no timecode rate", reason)


if __name__ == "__main__":
    unittest.main(verbosity=1)
