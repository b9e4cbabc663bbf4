// A small gRPC-Web client over fetch (binary `application/grpc-web+proto`):
// each message travels in a 5-byte frame (flag byte, big-endian length);
// the trailers come last as a frame whose flag has bit 0x80, or in the
// HTTP headers when the call fails before any message ("trailers-only").
// Streams are read as they arrive (fetch's ReadableStream), so a server
// stream such as StreamFrames is consumed frame by frame.

/** gRPC status codes the page names. */
export const Code = {
  OK: 0, CANCELLED: 1, UNKNOWN: 2, INVALID_ARGUMENT: 3, DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5, PERMISSION_DENIED: 7, FAILED_PRECONDITION: 9,
  UNIMPLEMENTED: 12, UNAVAILABLE: 14, UNAUTHENTICATED: 16,
};

/** A call that ended with a non-OK status. */
export class GrpcError extends Error {
  constructor(code, message) {
    super(message || `gRPC status ${code}`);
    this.code = code;
  }
}

function frame(bytes) {
  const out = new Uint8Array(5 + bytes.length);
  new DataView(out.buffer).setUint32(1, bytes.length);
  out.set(bytes, 5);
  return out;
}

function parseTrailers(bytes) {
  const text = new TextDecoder().decode(bytes);
  const map = {};
  for (const line of text.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) map[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return map;
}

function statusOf(map) {
  const code = Number(map['grpc-status']);
  let message = map['grpc-message'] || '';
  try { message = decodeURIComponent(message); } catch { /* as sent */ }
  return { code, message };
}

/**
 * Calls a server-streaming (or unary) method at `path` with the encoded
 * request; yields each response message's bytes. Throws GrpcError with
 * the call's status (UNAVAILABLE when the daemon cannot be reached or the
 * stream breaks off).
 */
export async function* call(path, requestBytes, { token, signal } = {}) {
  const headers = {
    'content-type': 'application/grpc-web+proto',
    'x-grpc-web': '1',
    'accept': 'application/grpc-web+proto',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: frame(requestBytes), signal });
  } catch (e) {
    if (signal?.aborted) throw new GrpcError(Code.CANCELLED, 'cancelled');
    throw new GrpcError(Code.UNAVAILABLE, `cannot reach the daemon (${e.message})`);
  }
  const headerStatus = response.headers.get('grpc-status');
  if (headerStatus !== null && Number(headerStatus) !== Code.OK) {
    const { code, message } = statusOf({
      'grpc-status': headerStatus,
      'grpc-message': response.headers.get('grpc-message') || '',
    });
    throw new GrpcError(code, message);
  }
  if (!response.ok) {
    throw new GrpcError(Code.UNAVAILABLE, `HTTP ${response.status} from the daemon`);
  }
  if (headerStatus !== null) return; // trailers-only OK: no message
  const reader = response.body.getReader();
  let buffer = new Uint8Array(0);
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (e) {
      if (signal?.aborted) throw new GrpcError(Code.CANCELLED, 'cancelled');
      throw new GrpcError(Code.UNAVAILABLE, `the connection to the daemon broke (${e.message})`);
    }
    if (chunk.done) break;
    const joined = new Uint8Array(buffer.length + chunk.value.length);
    joined.set(buffer);
    joined.set(chunk.value, buffer.length);
    buffer = joined;
    let offset = 0;
    while (buffer.length - offset >= 5) {
      const flag = buffer[offset];
      const length = new DataView(buffer.buffer, buffer.byteOffset + offset + 1, 4).getUint32(0);
      if (buffer.length - offset - 5 < length) break;
      const body = buffer.subarray(offset + 5, offset + 5 + length);
      offset += 5 + length;
      if (flag & 0x80) {
        const { code, message } = statusOf(parseTrailers(body));
        if (code !== Code.OK) throw new GrpcError(code, message);
        return;
      }
      yield body.slice();
    }
    buffer = buffer.slice(offset);
  }
  throw new GrpcError(Code.UNAVAILABLE, 'the daemon closed the stream without a status');
}

/** A unary call: the one response message's bytes. */
export async function unary(path, requestBytes, options) {
  let result = null;
  for await (const message of call(path, requestBytes, options)) result = message;
  if (result === null) throw new GrpcError(Code.UNKNOWN, 'no response message');
  return result;
}
