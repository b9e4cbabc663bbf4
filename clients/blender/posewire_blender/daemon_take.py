"""Takes recorded by the daemon (TakeService over gRPC-Web): start one of
the whole space (a scene take, the empty avatar id) or of one avatar, stop
it, and fetch its solved frames (GetTakeFrames) on a background thread;
and where a take's timecode puts it on Blender's timeline.

Placement: Blender's frame 0 is timecode 00:00:00:00, so a take starting
at ``01:00:00:00`` goes to frame 86400 of a 24 fps scene (3600 s x 24).
The take's timecode start is a frame count at its own rate
(``TakeSummary.timecode_start_frame``; drop-frame labels skip numbers,
frames do not); it is converted to the scene's rate through seconds,
exactly (``Fraction``), and rounded to a whole frame when the rates
differ. A take that would end past Blender's last frame (1048574: a time
of day after 12:08 at 24 fps) is placed at the fallback frame instead,
with the reason. Nothing here touches ``bpy``.
"""

import threading
from fractions import Fraction

from . import grpcweb, proto

START_PATH = "/posewire.v1.TakeService/StartRecording"
STOP_PATH = "/posewire.v1.TakeService/StopRecording"
FRAMES_PATH = "/posewire.v1.TakeService/GetTakeFrames"

#: The timecode rates the daemon states, exactly.
RATES = {
    "23.976": Fraction(24000, 1001),
    "24": Fraction(24),
    "25": Fraction(25),
    "29.97": Fraction(30000, 1001),
    "30": Fraction(30),
    "50": Fraction(50),
    "60": Fraction(60),
}
#: Blender's last frame (``MAXFRAME``).
MAX_FRAME = 1048574
#: Largest GetTakeFrames message accepted (90 frames of a few avatars).
MAX_FRAMES_MESSAGE = 64 << 20


def scene_fps(fps, fps_base):
    """The scene's frame rate exactly: ``render.fps / render.fps_base``
    (29.97 is 30 / 1.001)."""
    return Fraction(int(fps)) / Fraction(fps_base).limit_denominator(100000)


def rate_name(fps):
    """The daemon's name of the timecode rate equal to ``fps`` (a
    ``Fraction``), or '' when it states none such (the daemon then uses
    30)."""
    for name, rate in RATES.items():
        if rate == fps:
            return name
    return ""


def placement(summary, fps, fallback):
    """``(start_frame, reason)``: the scene frame of the take's first tick
    at the scene's rate ``fps`` from its timecode; ``fallback`` with the
    reason when the take has no timecode rate or would run past Blender's
    last frame (``reason`` is '' when placed by the timecode)."""
    rate = RATES.get(summary.get("timecode_rate", ""))
    if not summary.get("timecode_start") or rate is None:
        return fallback, "the take states no timecode rate"
    start = round(Fraction(summary["timecode_start_frame"]) * fps / rate)
    end = start + int(Fraction(summary.get("duration_s", 0.0)) * fps) + 1
    if end > MAX_FRAME:
        return fallback, (f"timecode {summary['timecode_start']} is frame {start} at "
                          f"{float(fps):g} fps, past Blender's last frame {MAX_FRAME}")
    return start, ""


def start(channel, avatar_id="", name="", timecode="", rate=""):
    """Starts a recording on the daemon (``avatar_id`` empty: the whole
    space); the ``Recording`` as a dict. Raises ``grpcweb.GrpcError`` with
    the daemon's reason (already recording, unknown avatar, a bad timecode,
    a token without the admin role)."""
    request = proto.start_recording_request(avatar_id, name, timecode, rate)
    return proto.read_recording(grpcweb.unary(channel, START_PATH, request))


class Fetch:
    """Stops the daemon's recording of ``avatar_id`` and reads the take's
    solved frames on a background thread. ``done`` is set when it ends;
    then ``summary`` and ``frames`` hold the take, or ``error`` says why
    not."""

    def __init__(self, channel, avatar_id):
        self.channel = channel
        self.avatar_id = avatar_id
        self.summary = None
        self.frames = []
        self.error = ""
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="posewire-take", daemon=True)
        self._thread.start()

    def _run(self):
        try:
            stopped = proto.read_take_summary(
                grpcweb.unary(self.channel, STOP_PATH, proto.stop_recording_request(self.avatar_id)))
            request = proto.get_take_frames_request(stopped["name"])
            for message in grpcweb.Call(self.channel, FRAMES_PATH, request, MAX_FRAMES_MESSAGE):
                summary, frames = proto.read_take_frames_response(message)
                if summary is not None:
                    self.summary = summary
                self.frames.extend(frames)
            if self.summary is None:
                self.summary = stopped
        except (grpcweb.GrpcError, proto.DecodeError) as e:
            self.error = str(e)
        finally:
            self.done.set()
