#!/usr/bin/env bash
# Builds the daemon image with buildah (Debian's package), from scratch:
# release binary + the shared libraries it links + the default
# configuration. No registry is contacted.
#
#   docker/build.sh [TAG]          (default tag: posewire:latest)
#
# Environment: CARGO_TARGET_DIR (where cargo builds; default target/),
# BUILDAH_STORAGE_DRIVER (default vfs, which works without overlay
# support), SKIP_CARGO=1 to use an existing release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:-posewire:latest}"
target="${CARGO_TARGET_DIR:-target}"
bin="$target/release/posewire"

command -v buildah >/dev/null || {
    echo "build.sh: buildah is not installed (Debian: apt-get install -y buildah)" >&2
    exit 2
}
if [ "${SKIP_CARGO:-0}" != 1 ]; then
    cargo build --release --locked -p posewire --bin posewire
fi
[ -x "$bin" ] || { echo "build.sh: no release binary at $bin" >&2; exit 2; }

context="$(mktemp -d)"
trap 'rm -rf "$context"' EXIT
root="$context/rootfs"
mkdir -p "$root/usr/local/bin" "$root/etc/posewire" "$root/var/lib/posewire" "$root/tmp"
chmod 1777 "$root/tmp"
# The release profile keeps line tables (debug = 1); the image does not
# need them.
strip -o "$root/usr/local/bin/posewire" "$bin" 2>/dev/null || cp "$bin" "$root/usr/local/bin/posewire"
cp configs/default.toml "$root/etc/posewire/default.toml"

# Every library the binary links, and the dynamic loader, at the paths
# ldd names (resolving symlinks, keeping the name the loader asks for).
ldd "$bin" | awk '/=> \// { print $3 } /^[[:space:]]*\// { print $1 }' | sort -u |
while read -r lib; do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
    echo "build.sh: bundling $lib" >&2
done
cp docker/Containerfile "$context/Containerfile"

export STORAGE_DRIVER="${BUILDAH_STORAGE_DRIVER:-vfs}"
buildah --storage-driver "$STORAGE_DRIVER" build \
    --isolation chroot \
    --format oci \
    -f "$context/Containerfile" \
    -t "$tag" \
    "$context"
echo "build.sh: built $tag" >&2
