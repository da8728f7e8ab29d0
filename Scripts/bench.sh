#!/usr/bin/env bash
# Builds xcstrings-merge as install.sh does (Scripts/release-flags.sh: release; on Linux with the
# Swift and C++ runtimes linked statically) and runs the benchmark: seeded S and L catalogs plus the largest corpus catalog,
# each run as a whole process.
# Usage: Scripts/bench.sh [--quick] [--reps N]
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/release-flags.sh
flags=("${release_build_flags[@]}")
swift build "${flags[@]}" --product xcstrings-merge >/dev/null
swift build "${flags[@]}" --product xcstrings-merge-bench >/dev/null
exec "$(swift build "${flags[@]}" --show-bin-path)/xcstrings-merge-bench" "$@"
