#!/bin/bash
# Runs the tool's commands on the corpus's merges and catalogs and on the bench's generated
# catalogs, and writes everything they print and write (output files, reports, exit statuses)
# under OUT. Two captures, one per build, compared with `diff -r`, show a change of behaviour.
#   Scripts/capture-outputs.sh BINARY BENCH_BINARY SHARED_DIR OUT
set -u
tool=$1 bench=$2 shared=$3 out=$4
rm -rf "$out"; mkdir -p "$out"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
record() { # name, command...: stdout, stderr and status of a command
    local name=$1; shift
    "$@" >"$out/$name.out" 2>"$out/$name.err"; echo $? >"$out/$name.status"
    sed -i "s#$work#WORK#g" "$out/$name.out" "$out/$name.err"
}
merge_case() { # name, base, ours, theirs
    local name=$1
    cp "$2" "$work/base.xcstrings"; cp "$3" "$work/ours.xcstrings"; cp "$4" "$work/theirs.xcstrings"
    record "$name.merge" "$tool" merge --report "$work/report.json" "$work/base.xcstrings" "$work/ours.xcstrings" "$work/theirs.xcstrings"
    cp "$work/ours.xcstrings" "$out/$name.merged"
    [ -f "$work/report.json" ] && sed "s#$work#WORK#g" "$work/report.json" >"$out/$name.report" && rm "$work/report.json"
    cp "$2" "$work/b.xcstrings"; cp "$3" "$work/o.xcstrings"
    record "$name.diff" "$tool" diff "$work/b.xcstrings" "$work/o.xcstrings"
    record "$name.diffjson" "$tool" diff --format json "$work/b.xcstrings" "$work/o.xcstrings"
    record "$name.diffcolour" "$tool" diff --color always "$work/b.xcstrings" "$work/o.xcstrings"
    record "$name.diffstat" "$tool" diff --stat --color always "$work/b.xcstrings" "$work/o.xcstrings"
    record "$name.diffmarkdown" "$tool" diff --format markdown "$work/b.xcstrings" "$work/o.xcstrings"
    record "$name.textconv" "$tool" textconv "$work/o.xcstrings"
}
catalog_case() { # name, catalog
    local name=$1
    cp "$2" "$work/c.xcstrings"
    record "$name.check" "$tool" check "$work/c.xcstrings"
    record "$name.lint" "$tool" lint "$work/c.xcstrings"
    record "$name.lintjson" "$tool" lint --format json "$work/c.xcstrings"
    record "$name.sarif" "$tool" lint --format sarif "$work/c.xcstrings"
    record "$name.lintgithub" "$tool" lint --format github "$work/c.xcstrings"
    record "$name.lintcolour" "$tool" lint --color always "$work/c.xcstrings"
    record "$name.checkgithub" "$tool" check --format github "$work/c.xcstrings"
    record "$name.checkcolour" "$tool" check --color always "$work/c.xcstrings"
    record "$name.checksarif" "$tool" check --format sarif "$work/c.xcstrings"
    record "$name.format" "$tool" format "$work/c.xcstrings"
    cp "$work/c.xcstrings" "$out/$name.formatted"
}
for dir in "$shared"/corpus/merges/*/; do
    [ -f "$dir/base.xcstrings" ] || continue
    merge_case "merge-$(basename "$dir")" "$dir/base.xcstrings" "$dir/ours.xcstrings" "$dir/theirs.xcstrings"
done
for catalog in "$shared"/corpus/catalogs/*.xcstrings "$shared"/corpus/malformed/*.xcstrings; do
    [ -f "$catalog" ] && catalog_case "catalog-$(basename "$catalog")" "$catalog"
done
"$bench" --generate "$work/bench" >/dev/null
for dir in "$work"/bench/*/; do
    name="bench-$(cat "$dir/name" | tr -c 'A-Za-z0-9' '_')"
    merge_case "$name" "$dir/base.xcstrings" "$dir/ours.xcstrings" "$dir/theirs.xcstrings"
    catalog_case "$name" "$dir/base.xcstrings"
    [ -f "$dir/unordered.xcstrings" ] && catalog_case "$name-unordered" "$dir/unordered.xcstrings"
    cp "$dir/base.xcstrings" "$out/$name.benchbase"
done
