#!/usr/bin/env bash
# Installs xcstrings-merge: libgit2-dev if missing, a release build, the binary in $PREFIX/bin,
# the merge driver in the user's global git config, then a demonstration merge.
set -euo pipefail
cd "$(dirname "$0")"
PREFIX="${PREFIX:-/usr/local}"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        echo "install.sh: need root (or sudo) for: $*" >&2; exit 1; fi
}

if ! pkg-config --exists libgit2 2>/dev/null; then
    echo "==> Installing libgit2-dev"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgit2-dev pkg-config
fi

echo "==> Building (release)"
swift build -c release --static-swift-stdlib --product xcstrings-merge

echo "==> Installing to $PREFIX/bin"
as_root install -d "$PREFIX/bin"
as_root install -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/xcstrings-merge" "$PREFIX/bin/xcstrings-merge"
"$PREFIX/bin/xcstrings-merge" --version

echo "==> Registering the merge driver for $(id -un) (global git config and attributes)"
"$PREFIX/bin/xcstrings-merge" install --global

echo "==> Demonstration"
"$PREFIX/bin/xcstrings-merge" demo
