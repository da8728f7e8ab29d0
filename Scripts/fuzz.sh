#!/usr/bin/env bash
# Fuzzes the catalog reader (and textconv's one-pass writer against it) and the three-way merge
# with libFuzzer (swiftc -sanitize=fuzzer).
# Usage: Scripts/fuzz.sh SECONDS [reader|merge]   (default: both, SECONDS each)
# Seeds come from Fixtures/; findings are written to .build/fuzz/findings-<target>/. A crash found
# belongs in Fixtures/fuzz-regressions/ (base, ours, theirs for the merge as NUL-separated parts),
# which the test suite replays.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
targets="${2:-reader merge}"
out=.build/fuzz
mkdir -p "$out/src"

# One module of the library sources (their cross-module imports removed) plus the target: the
# merge target runs `DriverMerge`, the merge driver's own run, and holds it to `LossCheck`
# (Tests/MergeOracle). libgit2 is opened at run time, as in the tool: only its headers are needed.
rm -f "$out/src/"*.swift
# Each module's own `typealias Name = CatalogSchema.Name` goes too, but StringCatalog's.
for file in Sources/XcstringsMergePlatform/*.swift Sources/StringCatalog/*/*.swift Sources/CatalogMerge/*.swift Sources/CatalogMerge/*/*.swift \
    Sources/CatalogLint/*.swift Sources/CatalogLint/*/*.swift Sources/MergePipeline/*.swift Sources/CatalogDiff/*.swift Sources/GitSupport/*.swift Sources/MergeSession/*.swift Tests/MergeOracle/*.swift; do
    case "$file" in Sources/StringCatalog/*) alias='^$x' ;; *) alias='^typealias Name = CatalogSchema\.Name$' ;; esac
    sed -E -e '/^import (StringCatalog|XcstringsMergePlatform|CatalogMerge|CatalogLint|MergePipeline|CatalogDiff|GitSupport|MergeSession|MergeOracle)$/d' -e "/$alias/d" \
        "$file" > "$out/src/$(echo "$file" | tr '/' '_')"
done

seed_corpus() {
    local target=$1 dir="$out/corpus-$target"
    mkdir -p "$dir"
    if [ "$target" = reader ]; then
        cp Fixtures/catalogs/*.xcstrings "$dir/" 2>/dev/null || true
        for f in Fixtures/merge/*/*.xcstrings; do cp "$f" "$dir/$(echo "$f" | tr '/' '_')"; done
    else
        for case in Fixtures/merge/*/; do
            name=$(basename "$case")
            { cat "$case/base.xcstrings"; printf '\0'; cat "$case/ours.xcstrings"; printf '\0'; cat "$case/theirs.xcstrings"; } > "$dir/$name"
        done
    fi
    cp Fixtures/fuzz-regressions/* "$dir/" 2>/dev/null || true
}

# On Linux the key order calls the toolchain's ICU (`_FoundationICU`, which is C++), as
# Package.swift links it for StringCatalog; macOS uses Foundation.
link=()
if [ "$(uname)" = Linux ]; then link=(-Xlinker -l_FoundationICU -lstdc++); fi
# libgit2's headers, where the compiler does not look by itself (Homebrew's on a Mac).
if command -v pkg-config >/dev/null && pkg-config --exists libgit2; then
    for flag in $(pkg-config --cflags-only-I libgit2); do link+=(-Xcc "$flag"); done
fi

# The merge target writes its three files, the output and the report for each input: in memory
# where the system has a folder for that.
scratch="${TMPDIR:-/tmp}"
if [ -d /dev/shm ] && [ -w /dev/shm ]; then scratch=/dev/shm; fi

status=0
for target in $targets; do
    case "$target" in
        reader) entry=Fuzz/FuzzReader.swift ;;
        merge) entry=Fuzz/FuzzMerge.swift ;;
        *) echo "unknown target $target" >&2; exit 2 ;;
    esac
    echo "==> building fuzz-$target"
    swiftc -O -sanitize=fuzzer -parse-as-library -module-name FuzzTarget -I Sources/CLibgit2 "$out"/src/*.swift "$entry" -o "$out/fuzz-$target" "${link[@]}"
    seed_corpus "$target"
    mkdir -p "$out/findings-$target"
    echo "==> fuzzing $target for ${seconds}s"
    if ! TMPDIR="$scratch" SWIFT_BACKTRACE=enable=no "$out/fuzz-$target" "$out/corpus-$target" -dict=Fuzz/catalog.dict -max_total_time="$seconds" -max_len=65536 -timeout=10 \
        -rss_limit_mb=4096 -artifact_prefix="$out/findings-$target/" -print_final_stats=1 2>"$out/log-$target.txt"; then
        status=1
        echo "!! $target: a finding; see $out/findings-$target/ and $out/log-$target.txt"
    fi
    grep -E "^stat::number_of_executed_units|^Done|ERROR" "$out/log-$target.txt" || tail -3 "$out/log-$target.txt"
done
exit $status
