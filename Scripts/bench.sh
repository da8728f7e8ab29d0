#!/usr/bin/env bash
# Builds xcstrings-merge as install.sh does (release, Swift runtime linked statically) and runs the
# benchmark: seeded S and L catalogs plus the largest corpus catalog, each run as a whole process.
# Usage: Scripts/bench.sh [--quick] [--reps N]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product xcstrings-merge >/dev/null
swift build -c release --static-swift-stdlib --product xcstrings-merge-bench >/dev/null
exec "$(swift build -c release --static-swift-stdlib --show-bin-path)/xcstrings-merge-bench" "$@"
