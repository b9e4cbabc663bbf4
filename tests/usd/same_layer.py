"""Pixar's USD reads two layers and says whether they hold the same data.

Run by server/tests/cli_export.rs with `usd-core` from PyPI:

    python same_layer.py A.usda B.usdc OUT.json

Opens both with Sdf (USD's layer library), and writes as JSON each one's
file format (`usda`, `usdc`) and, for a crate file, its version, whether
the two layers' contents written out as USD text are identical (Sdf writes
every spec, field and value it read, so equal text means equal layers),
and the first lines where they differ.
"""

import json
import sys

from pxr import Sdf


def main():
    first, second, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
    layers = [Sdf.Layer.FindOrOpen(p) for p in (first, second)]
    for path, layer in zip((first, second), layers):
        if layer is None:
            raise SystemExit(f"Sdf cannot open {path}")
    texts = [layer.ExportToString().splitlines() for layer in layers]
    differ = [
        {"line": i + 1, "first": a, "second": b}
        for i, (a, b) in enumerate(zip(*texts))
        if a != b
    ][:5]
    result = {
        "formats": [layer.GetFileFormat().formatId for layer in layers],
        "lines": [len(t) for t in texts],
        "same": texts[0] == texts[1],
        "differ": differ,
    }
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(result, f)


main()
