#!/usr/bin/env bash
# Builds xcstrings-merge as install.sh does (release; on Linux with the Swift runtime linked
# statically) and runs the benchmark: seeded S and L catalogs plus the largest corpus catalog,
# each run as a whole process.
# Usage: Scripts/bench.sh [--quick] [--reps N]
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release)
if [ "$(uname -s)" = Linux ]; then flags+=(--static-swift-stdlib); fi
swift build "${flags[@]}" --product xcstrings-merge >/dev/null
swift build "${flags[@]}" --product xcstrings-merge-bench >/dev/null
exec "$(swift build "${flags[@]}" --show-bin-path)/xcstrings-merge-bench" "$@"
