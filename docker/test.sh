#!/usr/bin/env bash
# The container test tier: builds the daemon image with docker/build.sh and
# inspects it without starting a container (no container runtime works on
# the build machines): the entrypoint and command, the exposed port 50051,
# the stop signal and user, and the binary inside, which is then run from
# the image's own root with chroot (`--version` and `serve --help`), so a
# library missing from the image fails here.
#
#   docker/test.sh            (root, or a user that buildah can run for)
#
# Exit 0: every check passed; 1: a check failed; 2: buildah is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="localhost/posewire:test"
export STORAGE_DRIVER="${BUILDAH_STORAGE_DRIVER:-vfs}"
bh() { buildah --storage-driver "$STORAGE_DRIVER" "$@"; }

command -v buildah >/dev/null || {
    echo "SKIPPED: buildah is not installed (Debian: apt-get install -y buildah)"
    exit 2
}
docker/build.sh "$tag"

failures=0
check() { # check NAME ACTUAL EXPECTED
    if [ "$2" = "$3" ]; then
        echo "ok   $1: $2"
    else
        echo "FAIL $1: got '$2', expected '$3'"
        failures=$((failures + 1))
    fi
}
config() { bh inspect --type image --format "$1" "$tag"; }
# buildah 1.28's templates have no `json`: read the OCI config with python3.
inspected="$(bh inspect --type image "$tag")"
oci() {
    printf '%s' "$inspected" | python3 -c \
        'import json, sys; print(json.dumps(json.load(sys.stdin)["OCIv1"]["config"].get(sys.argv[1]), separators=(",", ":")))' "$1"
}

check entrypoint "$(oci Entrypoint)" '["/usr/local/bin/posewire","serve"]'
check cmd "$(oci Cmd)" '["--listen","0.0.0.0:50051"]'
check exposed-ports "$(oci ExposedPorts)" '{"50051/tcp":{}}'
check stop-signal "$(config '{{.OCIv1.Config.StopSignal}}')" 'SIGTERM'
check user "$(config '{{.OCIv1.Config.User}}')" '65534:65534'
check layers "$(config '{{len .OCIv1.RootFS.DiffIDs}}')" '1'

container="$(bh from "$tag")"
cleanup() { bh umount "$container" >/dev/null 2>&1 || true; bh rm "$container" >/dev/null 2>&1 || true; }
trap cleanup EXIT
mnt="$(bh mount "$container")"
if [ -x "$mnt/usr/local/bin/posewire" ]; then
    echo "ok   binary: /usr/local/bin/posewire ($(du -h "$mnt/usr/local/bin/posewire" | cut -f1))"
else
    echo "FAIL binary: /usr/local/bin/posewire is missing or not executable"
    failures=$((failures + 1))
fi
check default-config "$(test -f "$mnt/etc/posewire/default.toml" && echo present)" present
echo "files in the image:"
(cd "$mnt" && find . -type f | sort | sed 's/^/    /')
# The binary runs from the image's root alone (its libraries are all there).
version="$(chroot "$mnt" /usr/local/bin/posewire --version 2>&1)" || version="failed: $version"
check version "$version" "posewire $(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
if chroot "$mnt" /usr/local/bin/posewire serve --help | grep -q -- '--insecure'; then
    echo "ok   serve --help runs inside the image root"
else
    echo "FAIL serve --help inside the image root"
    failures=$((failures + 1))
fi
if [ "$failures" -gt 0 ]; then
    echo "docker/test.sh: $failures check(s) failed"
    exit 1
fi
echo "docker/test.sh: every check passed ($tag)"
