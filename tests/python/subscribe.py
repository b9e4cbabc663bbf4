#!/usr/bin/env python3
"""A second, non-Rust client of the Posewire daemon (issue 6).

Uses Python stubs generated from proto/ with grpcio-tools (the caller
generates them into --stubs) and the grpcio runtime. It fetches the
skeleton once, subscribes to every avatar's pose frames for --seconds, and
checks that:

  * frames keep coming (at least --min-rate per second on average, and no
    gap longer than --max-gap seconds),
  * sequence numbers strictly increase (gaps are allowed only when the
    daemon reports the skipped frames),
  * every frame is consistent with the skeleton: 21 joints per avatar, and
    the distance between each joint and its parent equals the length of
    the skeleton's rest offset (the pose only rotates bones).

It prints one summary line `python client: ...` with the rate it saw, and
exits 0 when every check passed, 1 otherwise (printing why).

Usage: subscribe.py --server 127.0.0.1:50051 --stubs DIR [--seconds 5]
       [--token TOKEN] [--ca CERT.pem]
"""

import argparse
import math
import os
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--stubs", required=True, help="folder of the generated stubs")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--min-rate", type=float, default=1.0)
    parser.add_argument("--max-gap", type=float, default=3.0)
    parser.add_argument("--bone-tolerance", type=float, default=1e-3, help="metres")
    parser.add_argument("--token", default=os.environ.get("POSEWIRE_TOKEN"))
    parser.add_argument("--ca", help="trust this certificate (PEM) and use TLS")
    args = parser.parse_args()

    sys.path.insert(0, args.stubs)
    import grpc  # noqa: E402  (after the path is set)
    from posewire.v1 import frames_pb2, frames_pb2_grpc  # noqa: E402

    if args.ca:
        with open(args.ca, "rb") as f:
            credentials = grpc.ssl_channel_credentials(root_certificates=f.read())
        channel = grpc.secure_channel(args.server, credentials)
    else:
        channel = grpc.insecure_channel(args.server)
    metadata = [("authorization", f"Bearer {args.token}")] if args.token else []
    frames = frames_pb2_grpc.FrameServiceStub(channel)

    skeleton = frames.GetSkeleton(frames_pb2.GetSkeletonRequest(), metadata=metadata, timeout=10)
    joints = list(skeleton.joints)
    count = len(joints)
    if count != 21:
        print(f"FAIL: the skeleton has {count} joints, expected 21")
        return 1
    bone = [
        math.sqrt(j.rest_offset.x ** 2 + j.rest_offset.y ** 2 + j.rest_offset.z ** 2)
        for j in joints
    ]
    parents = [j.parent for j in joints]
    if parents[0] != -1 or any(not (0 <= p < i) for i, p in enumerate(parents) if i > 0):
        print(f"FAIL: parents are not in canonical order: {parents}")
        return 1

    failures = []
    received = 0
    skipped_reported = 0
    last_sequence = None
    last_arrival = None
    longest_gap = 0.0
    worst_bone_error = 0.0
    start = time.monotonic()
    deadline = start + args.seconds
    stream = frames.StreamFrames(
        frames_pb2.StreamFramesRequest(), metadata=metadata, timeout=args.seconds + 10
    )
    try:
        for response in stream:
            now = time.monotonic()
            if last_arrival is not None:
                longest_gap = max(longest_gap, now - last_arrival)
            last_arrival = now
            frame = response.frame
            received += 1
            skipped_reported += response.skipped
            if last_sequence is not None:
                step = frame.sequence - last_sequence
                if step <= 0:
                    failures.append(f"sequence went from {last_sequence} to {frame.sequence}")
                elif step > 1 and response.skipped == 0:
                    # A decimated or filtered stream may step by more; an
                    # unannounced gap in a full stream is a failure.
                    failures.append(
                        f"sequence jumped {last_sequence} -> {frame.sequence} with no skip reported"
                    )
            last_sequence = frame.sequence
            if not frame.avatars:
                failures.append(f"frame {frame.sequence} has no avatar")
            for avatar in frame.avatars:
                p = avatar.joint_positions
                if len(p) != 3 * count:
                    failures.append(
                        f"frame {frame.sequence} avatar {avatar.avatar_id}: "
                        f"{len(p)} position values, expected {3 * count}"
                    )
                    continue
                for i in range(1, count):
                    j = parents[i]
                    d = math.dist(p[3 * i : 3 * i + 3], p[3 * j : 3 * j + 3])
                    worst_bone_error = max(worst_bone_error, abs(d - bone[i]))
            if now >= deadline or len(failures) > 10:
                break
    finally:
        stream.cancel()
        channel.close()

    elapsed = max(time.monotonic() - start, 1e-9)
    rate = received / elapsed
    print(
        f"python client: {received} frames in {elapsed:.2f} s = {rate:.1f} Hz, "
        f"sequence {last_sequence}, skipped {skipped_reported}, longest gap {longest_gap * 1e3:.1f} ms, "
        f"worst bone-length error {worst_bone_error * 1e3:.3f} mm"
    )
    if rate < args.min_rate:
        failures.append(f"rate {rate:.1f} Hz is below {args.min_rate} Hz")
    if longest_gap > args.max_gap:
        failures.append(f"a gap of {longest_gap:.2f} s between frames")
    if worst_bone_error > args.bone_tolerance:
        failures.append(
            f"a bone length differs from the skeleton by {worst_bone_error * 1e3:.3f} mm"
        )
    for failure in failures[:10]:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
