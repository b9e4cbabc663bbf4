"""Independent decode of Posewire's VMC output with python-osc.

Listens on a UDP port of 127.0.0.1 (printed first, as `port N`), decodes
every datagram with python-osc for `--seconds`, and prints one JSON line
per message: its address, the Python types python-osc decoded the
arguments as (from the OSC type tags), the arguments, and whether the
datagram was a bundle. Used by server/tests/vmc.rs.
"""

import argparse
import json
import socket
import sys
import time

from pythonosc.osc_bundle import OscBundle
from pythonosc.osc_packet import OscPacket


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(0.2)
    print(f"port {sock.getsockname()[1]}", flush=True)
    end = time.monotonic() + args.seconds
    datagrams = 0
    while time.monotonic() < end:
        try:
            dgram, _ = sock.recvfrom(65536)
        except socket.timeout:
            continue
        datagrams += 1
        bundle = OscBundle.dgram_is_bundle(dgram)
        for timed in OscPacket(dgram).messages:
            m = timed.message
            print(
                json.dumps(
                    {
                        "address": m.address,
                        "types": [type(p).__name__ for p in m.params],
                        "args": list(m.params),
                        "bundle": bundle,
                    }
                ),
                flush=True,
            )
    print(f"datagrams {datagrams}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
