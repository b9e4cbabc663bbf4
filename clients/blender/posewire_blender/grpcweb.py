"""A gRPC-Web client over HTTP/1.1 (``http.client``, standard library only),
the Python twin of the web view's ``web/src/grpcweb.js``.

Each message travels in a 5-byte frame (flag byte, big-endian length); the
trailers come last as a frame whose flag has bit 0x80, or in the HTTP
headers when the call fails before any message ("trailers-only"). Every
read is bounded: a message longer than ``max_message`` is refused before
its bytes are read, and every socket operation has a timeout, so a daemon
that stops answering turns into ``GrpcError(UNAVAILABLE)`` instead of a
thread stuck forever.
"""

import http.client
import socket
import struct
import urllib.parse

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
UNIMPLEMENTED = 12
UNAVAILABLE = 14
UNAUTHENTICATED = 16

CODE_NAMES = {
    OK: "OK", CANCELLED: "CANCELLED", UNKNOWN: "UNKNOWN",
    INVALID_ARGUMENT: "INVALID_ARGUMENT", DEADLINE_EXCEEDED: "DEADLINE_EXCEEDED",
    NOT_FOUND: "NOT_FOUND", PERMISSION_DENIED: "PERMISSION_DENIED",
    RESOURCE_EXHAUSTED: "RESOURCE_EXHAUSTED", UNIMPLEMENTED: "UNIMPLEMENTED",
    UNAVAILABLE: "UNAVAILABLE", UNAUTHENTICATED: "UNAUTHENTICATED",
}

#: Largest message accepted by default (a frame of a few avatars without
#: vertices is a few kilobytes).
DEFAULT_MAX_MESSAGE = 8 << 20
#: Largest trailer block accepted.
MAX_TRAILERS = 64 << 10


class GrpcError(Exception):
    """A call that ended with a non-OK status (or never reached one)."""

    def __init__(self, code, message=""):
        super().__init__(message or f"gRPC status {code}")
        self.code = code
        self.message = message or f"gRPC status {code}"

    def __str__(self):
        return f"{CODE_NAMES.get(self.code, self.code)}: {self.message}"


def frame(message):
    """``message`` in a gRPC-Web data frame."""
    return b"\x00" + struct.pack(">I", len(message)) + message


def parse_trailers(data):
    """The trailer block (``name: value`` lines) as a dict, names lowered."""
    out = {}
    for line in bytes(data).decode("utf-8", "replace").split("\r\n"):
        name, sep, value = line.partition(":")
        if sep and name.strip():
            out[name.strip().lower()] = value.strip()
    return out


def status_of(trailers):
    """``(code, message)`` from trailers or headers; UNKNOWN when the code
    is missing or not a number."""
    try:
        code = int(trailers.get("grpc-status", ""))
    except ValueError:
        code = UNKNOWN
    return code, urllib.parse.unquote(trailers.get("grpc-message", ""))


class Channel:
    """Where and how to call: ``host``, the web ``port``, the token (sent as
    ``authorization: Bearer``), the socket timeout in seconds."""

    def __init__(self, host, port, token=None, timeout=2.0):
        self.host = host
        self.port = port
        self.token = token or None
        self.timeout = timeout

    def headers(self):
        h = {
            "content-type": "application/grpc-web+proto",
            "x-grpc-web": "1",
            "accept": "application/grpc-web+proto",
        }
        if self.token:
            h["authorization"] = f"Bearer {self.token}"
        return h


class Call:
    """One call in flight: iterate it for the response messages (bytes).
    ``close()`` from any thread ends it (the iterating thread then sees
    CANCELLED)."""

    def __init__(self, channel, path, request, max_message=DEFAULT_MAX_MESSAGE):
        self.max_message = max_message
        self.closed = False
        self._conn = http.client.HTTPConnection(channel.host, channel.port, timeout=channel.timeout)
        try:
            self._conn.request("POST", path, body=frame(request), headers=channel.headers())
            self._response = self._conn.getresponse()
        except (OSError, http.client.HTTPException) as e:
            self._conn.close()
            raise _unavailable(e, "cannot reach the daemon") from None

    def close(self):
        """Ends the call; safe from another thread and more than once: it
        only shuts the socket down, which wakes a blocked read; the reading
        thread closes the connection itself."""
        self.closed = True
        sock = self._conn.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def release(self):
        """Closes the connection (from the thread that reads it)."""
        self._conn.close()

    def __iter__(self):
        try:
            yield from self._messages()
        finally:
            self._conn.close()

    def _messages(self):
        r = self._response
        header_status = r.getheader("grpc-status")
        if header_status is not None:
            code, message = status_of({"grpc-status": header_status,
                                       "grpc-message": r.getheader("grpc-message", "")})
            if code != OK:
                raise GrpcError(code, message)
            return
        if r.status != 200:
            raise GrpcError(UNAVAILABLE, f"HTTP {r.status} from the daemon ({r.reason})")
        while True:
            head = self._read(5, allow_end=True)
            if head is None:
                raise GrpcError(UNAVAILABLE, "the daemon closed the stream without a status")
            flag, length = head[0], struct.unpack(">I", head[1:5])[0]
            limit = MAX_TRAILERS if flag & 0x80 else self.max_message
            if length > limit:
                raise GrpcError(RESOURCE_EXHAUSTED,
                                f"a message of {length} bytes is over the limit of {limit}")
            body = self._read(length)
            if flag & 0x80:
                code, message = status_of(parse_trailers(body))
                if code != OK:
                    raise GrpcError(code, message)
                return
            yield body

    def _read(self, n, allow_end=False):
        """Exactly ``n`` bytes of the body (``None`` at a clean end when
        ``allow_end``)."""
        chunks, got = [], 0
        while got < n:
            try:
                chunk = self._response.read(n - got)
            except (OSError, http.client.HTTPException, ValueError, AttributeError) as e:
                # AttributeError: http.client's reader after a shutdown.
                if self.closed:
                    raise GrpcError(CANCELLED, "closed") from None
                raise _unavailable(e, "the connection to the daemon broke") from None
            if not chunk:
                if self.closed:
                    raise GrpcError(CANCELLED, "closed")
                if allow_end and got == 0:
                    return None
                raise GrpcError(UNAVAILABLE, "the daemon closed the stream mid-message")
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)


def _unavailable(error, what):
    if isinstance(error, (socket.timeout, TimeoutError)):
        return GrpcError(UNAVAILABLE, f"{what}: no answer within the timeout")
    return GrpcError(UNAVAILABLE, f"{what} ({error})")


def unary(channel, path, request, max_message=DEFAULT_MAX_MESSAGE):
    """A unary call: the one response message's bytes."""
    result = None
    for message in Call(channel, path, request, max_message):
        result = message
    if result is None:
        raise GrpcError(UNKNOWN, "no response message")
    return result


def parse_address(address, web_port=None):
    """``HOST:PORT`` (the daemon's gRPC address, as given to ``posewire
    subscribe --server``; ``[::1]:PORT`` for IPv6) to ``(host, web_port)``:
    the web port is the next port up unless given."""
    text = address.strip()
    for prefix in ("http://", "https://"):
        if text.startswith(prefix):
            text = text[len(prefix):]
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit():
        raise ValueError(f"{address!r} is not HOST:PORT (e.g. 127.0.0.1:50051)")
    host = host.strip("[]") or "127.0.0.1"
    grpc_port = int(port)
    if not 0 < grpc_port < 65535:
        raise ValueError(f"{address!r}: port {grpc_port} out of range")
    return host, (grpc_port + 1 if web_port is None else int(web_port))
