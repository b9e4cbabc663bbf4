"""The frame stream on a background thread: it keeps only the newest frame
(a subscriber that draws slower than the daemon's loop skips frames and
counts them, never queues them), measures the live rate and latency per
avatar, and reconnects with backoff when the connection is lost. Nothing
here touches ``bpy``: Blender's main thread takes the newest frame with
``Receiver.take()`` from a timer, which never waits on the network.
"""

import collections
import threading
import time

from . import grpcweb, proto

STREAM_PATH = "/posewire.v1.FrameService/StreamFrames"
LIST_AVATARS_PATH = "/posewire.v1.AvatarService/ListAvatars"
SKELETON_PATH = "/posewire.v1.FrameService/GetSkeleton"

#: Seconds without any frame after which the connection counts as lost
#: (the daemon's loop runs at 90 Hz: this is hundreds of frames).
STALL_TIMEOUT_S = 2.0
#: Reconnection delays: 0.5 s, doubling, at most 3 s (as the web view).
BACKOFF_FIRST_S = 0.5
BACKOFF_MAX_S = 3.0
#: Seconds of history for the rates.
RATE_WINDOW_S = 1.0
#: Frames kept for recording at most (10 minutes at 90 Hz), so a recording
#: that is never stopped cannot grow without bound.
MAX_RECORDED = 90 * 600

CONNECTING, CONNECTED, LOST, CLOSED = "connecting", "connected", "lost", "closed"


class AvatarStats:
    """Live numbers of one avatar: frames per second received and the
    delivery latency (receive time minus the daemon's publish time, same
    machine clock), milliseconds."""

    __slots__ = ("times", "latency_ms")

    def __init__(self):
        self.times = collections.deque()
        self.latency_ms = 0.0

    def add(self, now, latency_ms):
        self.times.append(now)
        while self.times and self.times[0] < now - RATE_WINDOW_S:
            self.times.popleft()
        self.latency_ms = latency_ms

    def rate(self, now):
        """Frames per second over the last second (0 once they stop)."""
        recent = [t for t in self.times if t >= now - RATE_WINDOW_S]
        return len(recent) / RATE_WINDOW_S


class Receiver:
    """Streams every avatar's frames from ``channel`` on a daemon thread.

    State (``state``): ``connecting``, ``connected``, ``lost`` (with
    ``error`` and ``attempt``, while it tries again), ``closed``.
    Counters: ``received``, ``skipped_by_daemon`` (frames the daemon left
    out because this client fell behind), ``replaced`` (frames received
    but superseded by a newer one before Blender applied them),
    ``reconnects``.
    """

    def __init__(self, channel, stall_timeout_s=STALL_TIMEOUT_S):
        self.channel = grpcweb.Channel(channel.host, channel.port, channel.token, stall_timeout_s)
        self._lock = threading.Lock()
        self._newest = None
        self._newest_taken = True
        self._recording = None
        self._call = None
        self._stop = threading.Event()
        self.state = CONNECTING
        self.error = ""
        self.attempt = 0
        self.lost_at = None
        self.received = 0
        self.skipped_by_daemon = 0
        self.replaced = 0
        self.reconnects = 0
        self.decode_errors = 0
        self.last_receive = None
        self.stats = {}
        #: The daemon's avatars (ListAvatars at every (re)connection).
        self.avatars = []
        #: Skeletons by avatar id (GetSkeleton, once per avatar).
        self.skeletons = {}
        #: Set once the first avatar list and its skeletons are in.
        self.listed = threading.Event()
        self._thread = threading.Thread(target=self._run, name="posewire-frames", daemon=True)
        self._thread.start()

    # ---- main thread ----

    def take(self):
        """The newest frame not taken yet, or None (never blocks on the
        network: the lock is held only to swap a reference)."""
        with self._lock:
            if self._newest_taken:
                return None
            self._newest_taken = True
            return self._newest

    def newest(self):
        """The newest frame received, taken or not (None before any)."""
        with self._lock:
            return self._newest

    def start_recording(self):
        """From now on every received frame is also kept, in order, until
        ``stop_recording``."""
        with self._lock:
            self._recording = []

    def drain_recorded(self):
        """The frames kept since the last call (and keeps recording)."""
        with self._lock:
            if self._recording is None:
                return []
            out, self._recording = self._recording, []
            return out

    def stop_recording(self):
        """Stops keeping frames; returns the ones not drained yet."""
        with self._lock:
            out, self._recording = self._recording or [], None
            return out

    def avatar_numbers(self):
        """``{avatar_id: (rate_hz, latency_ms)}`` right now."""
        now = time.monotonic()
        with self._lock:
            return {a: (s.rate(now), s.latency_ms) for a, s in self.stats.items()}

    def close(self):
        """Stops the thread (at most one socket timeout later)."""
        self._stop.set()
        call = self._call
        if call is not None:
            call.close()
        self._thread.join(timeout=self.channel.timeout + 1.0)
        self.state = CLOSED

    # ---- background thread ----

    def _run(self):
        delay = BACKOFF_FIRST_S
        while not self._stop.is_set():
            got_any = self._stream_once()
            if self._stop.is_set():
                break
            if got_any:
                delay = BACKOFF_FIRST_S
            self.attempt += 1
            self._stop.wait(delay)
            delay = min(delay * 2, BACKOFF_MAX_S)
        self.state = CLOSED

    def _stream_once(self):
        """One subscription until it fails; whether any frame arrived."""
        got_any = False
        try:
            self._fetch_avatars()
            self._call = grpcweb.Call(self.channel, STREAM_PATH, proto.stream_frames_request())
            for message in self._call:
                self._on_message(message)
                if not got_any:
                    got_any = True
                    self._on_connected()
                if self._stop.is_set():
                    break
            if not self._stop.is_set():
                self._on_lost("the daemon ended the stream")
        except grpcweb.GrpcError as e:
            if not self._stop.is_set():
                self._on_lost(str(e))
        except proto.DecodeError as e:
            self.decode_errors += 1
            self._on_lost(f"a frame did not decode ({e})")
        finally:
            call, self._call = self._call, None
            if call is not None:
                call.close()
                call.release()
        return got_any

    def _fetch_avatars(self):
        """The avatar list and the skeletons not fetched yet."""
        avatars = proto.read_list_avatars(grpcweb.unary(self.channel, LIST_AVATARS_PATH, b""))
        self.avatars = avatars
        for a in avatars:
            self._fetch_skeleton(a["id"])
        self.listed.set()

    def _fetch_skeleton(self, avatar_id):
        if avatar_id in self.skeletons:
            return
        request = proto.get_skeleton_request(avatar_id)
        skeleton = proto.read_skeleton(grpcweb.unary(self.channel, SKELETON_PATH, request))
        with self._lock:
            self.skeletons[avatar_id] = skeleton

    def _on_connected(self):
        if self.lost_at is not None:
            self.reconnects += 1
        self.state = CONNECTED
        self.error = ""
        self.attempt = 0
        self.lost_at = None

    def _on_lost(self, reason):
        if self.state != LOST:
            self.lost_at = time.monotonic()
        self.state = LOST
        self.error = reason

    def _on_message(self, message):
        frame, skipped, _total = proto.read_stream_frames_response(message)
        now = time.monotonic()
        latency_ms = (time.time_ns() - frame.publish_time_unix_ns) / 1e6
        with self._lock:
            self.received += 1
            self.skipped_by_daemon += skipped
            if not self._newest_taken:
                self.replaced += 1
            self._newest = frame
            self._newest_taken = False
            self.last_receive = now
            if self._recording is not None and len(self._recording) < MAX_RECORDED:
                self._recording.append(frame)
            for a in frame.avatars:
                self.stats.setdefault(a.avatar_id, AvatarStats()).add(now, latency_ms)
        for a in frame.avatars:
            if a.avatar_id not in self.skeletons:
                # An avatar created after the subscription started.
                self._fetch_skeleton(a.avatar_id)
