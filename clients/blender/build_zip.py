#!/usr/bin/env python3
"""Builds the add-on's zip: the folder ``posewire_blender/`` (with
``bl_info`` and ``blender_manifest.toml``) as the zip's one top-level
folder, which Blender 3.x/4.x install as a legacy add-on (Preferences >
Add-ons > Install) and Blender 4.2+ as an extension (Install from Disk).

    python3 clients/blender/build_zip.py [--out DIR]

Writes ``DIR/posewire_blender-VERSION.zip`` (default DIR: ``clients/blender/dist``)
and prints its path. Byte-for-byte reproducible (fixed timestamps, sorted).
"""

import argparse
import pathlib
import re
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
PACKAGE = HERE / "posewire_blender"


def version():
    text = (PACKAGE / "blender_manifest.toml").read_text(encoding="utf-8")
    found = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
    if not found:
        raise SystemExit("blender_manifest.toml has no version")
    return found.group(1)


def files():
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=HERE / "dist")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / f"posewire_blender-{version()}.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for path in files():
            info = zipfile.ZipInfo(str(path.relative_to(HERE)), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())
    print(target)


if __name__ == "__main__":
    main()
