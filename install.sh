#!/usr/bin/env bash
# Installs xcstrings-merge: libgit2 if missing, a release build, the binary in $PREFIX/bin, the
# merge driver in the user's global git config, then a demonstration merge.
#
# macOS: libgit2 and pkgconf from Homebrew, binary in $(brew --prefix)/bin (no sudo needed).
# Linux (Debian, Ubuntu): libgit2-dev from apt, binary in /usr/local/bin, Swift runtime linked
# statically so the binary runs without the toolchain.
#
# Usage: ./install.sh [--no-global] [--no-demo] [--libgit2-only]
#   --no-global     leave the global git configuration alone: register the driver per repository
#                   afterwards with 'xcstrings-merge install' inside each one.
#   --no-demo       skip the demonstration merge (CI, the GitHub Action).
#   --libgit2-only  install libgit2 if missing, and nothing else.
# PREFIX=DIR puts the binary in DIR/bin; DIR is created when missing (sudo only where its
# nearest existing parent is not yours).
#
# Written for bash 3.2 (macOS's /bin/bash) and POSIX tools.
set -euo pipefail
cd "$(dirname "$0")"

register_globally=1
demonstrate=1
libgit2_only=0
for argument in "$@"; do
    case "$argument" in
    --no-global) register_globally=0 ;;
    --no-demo) demonstrate=0 ;;
    --libgit2-only) libgit2_only=1 ;;
    -h|--help) sed -n '1d; /^#/!q; p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option '$argument' (see ./install.sh --help)" >&2; exit 2 ;;
    esac
done

system="$(uname -s)"

# Runs a command as root when the target is not writable by this user. A target that does not
# exist yet is judged by its nearest existing parent: PREFIX=~/.local is created as the user, not
# by sudo (which would leave root-owned folders in the home folder).
as_root_unless_writable() {
    local target="$1"; shift
    while [ ! -e "$target" ] && [ "$target" != "/" ] && [ -n "$target" ]; do
        case "$target" in */*) target="${target%/*}"; [ -n "$target" ] || target=/ ;; *) target=. ;; esac
    done
    if [ -w "$target" ] || [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else echo "install.sh: $target is not writable and sudo is missing: $*" >&2; exit 1; fi
}

# The code has been compiled by Swift 6.1 and later only (on a Mac, Xcode 16.3 and later).
if [ "$libgit2_only" -eq 0 ]; then
    swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1.\2/p' | head -n 1)
    swift_major=${swift_version%%.*}
    swift_minor=${swift_version#*.}
    if [ -z "$swift_version" ] || [ "$swift_major" -lt 6 ] || { [ "$swift_major" -eq 6 ] && [ "$swift_minor" -lt 1 ]; }; then
        echo "install.sh: needs Swift 6.1 or later; found ${swift_version:-none} (swift --version)." >&2
        if [ "$system" = Darwin ]; then
            echo "  Install Xcode 16.3 or later and select it: sudo xcode-select -s /Applications/Xcode.app" >&2
        fi
        exit 1
    fi
fi

case "$system" in
Darwin)
    if ! command -v brew >/dev/null 2>&1; then
        if ! pkg-config --exists libgit2 2>/dev/null; then
            echo "install.sh: libgit2 is missing and Homebrew is not installed." >&2
            echo "  Install Homebrew (https://brew.sh), then run ./install.sh again;" >&2
            echo "  or install libgit2 and pkg-config another way so that 'pkg-config --exists libgit2' succeeds." >&2
            exit 1
        fi
    elif ! pkg-config --exists libgit2 2>/dev/null; then
        echo "==> Installing libgit2 and pkgconf with Homebrew"
        brew install libgit2 pkgconf
    fi
    if command -v brew >/dev/null 2>&1; then
        PREFIX="${PREFIX:-$(brew --prefix)}"
    else
        PREFIX="${PREFIX:-/usr/local}"
    fi
    ;;
Linux)
    if ! pkg-config --exists libgit2 2>/dev/null; then
        echo "==> Installing libgit2-dev"
        as_root_unless_writable / env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        as_root_unless_writable / env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgit2-dev pkg-config
    fi
    PREFIX="${PREFIX:-/usr/local}"
    ;;
*)
    echo "install.sh: unsupported system '$system' (macOS and Linux are)" >&2
    exit 1
    ;;
esac
if [ "$libgit2_only" -eq 1 ]; then
    echo "==> libgit2 is installed"
    exit 0
fi

echo "==> Building (release)"
# Linux: the Swift and C++ runtimes linked in (see the script). macOS has no static Swift
# runtime: the binary uses the one in the system.
source Scripts/release-flags.sh
build_flags=("${release_build_flags[@]}")
swift build "${build_flags[@]}" --product xcstrings-merge

echo "==> Installing to $PREFIX/bin"
if [ ! -d "$PREFIX/bin" ]; then as_root_unless_writable "$PREFIX/bin" mkdir -p "$PREFIX/bin"; fi
as_root_unless_writable "$PREFIX/bin" install -m 0755 \
    "$(swift build "${build_flags[@]}" --show-bin-path)/xcstrings-merge" "$PREFIX/bin/xcstrings-merge"
"$PREFIX/bin/xcstrings-merge" --version
# The shell runs whichever xcstrings-merge comes first on PATH: say so when it is not this one.
found="$(command -v xcstrings-merge 2>/dev/null || true)"
if [ "$found" != "$PREFIX/bin/xcstrings-merge" ]; then
    echo "install.sh: warning: $PREFIX/bin is not first on PATH for xcstrings-merge (the shell finds ${found:-none});" >&2
    echo "  put $PREFIX/bin before it in PATH, or remove the other copy (the driver itself is registered by absolute path)" >&2
fi

if [ "$register_globally" -eq 1 ]; then
    echo "==> Registering the merge driver for $(id -un) (global git config and attributes)"
    "$PREFIX/bin/xcstrings-merge" install --global --binary "$PREFIX/bin/xcstrings-merge"
else
    echo "==> Global git configuration left alone (--no-global): run 'xcstrings-merge install' in each repository"
fi

if [ "$demonstrate" -eq 1 ]; then
    echo "==> Demonstration"
    "$PREFIX/bin/xcstrings-merge" demo
fi
