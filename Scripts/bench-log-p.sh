#!/usr/bin/env bash
# git log -p through the diff driver against git's own: a throwaway repository of 100 commits of
# one catalog, each changing one translation, then `git log -p` five ways, alternated over three
# rounds and the median of each printed:
#   json       without the driver (--no-textconv): git's diff of the JSON;
#   cat        with `cat` as the converter: what git's textconv costs by itself (a temporary
#              file and a process per version, the output read back), whatever the converter;
#   driver     with `xcstrings-merge textconv`, no cache: the first `git log -p` of a history;
#   filled     the first `git log -p` after `install`: the cache filled ahead by
#              `textconv --fill-cache` (which install runs; its own time is `fill`);
#   cached     with it and git's textconv cache (which `install` enables), filled by the run before.
# Usage: Scripts/bench-log-p.sh CATALOG     (builds the tool as install.sh does)
set -euo pipefail
catalog=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/.."
source Scripts/release-flags.sh
swift build "${release_build_flags[@]}" --product xcstrings-merge >/dev/null
bin="$(swift build "${release_build_flags[@]}" --show-bin-path)/xcstrings-merge"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
git init -q -b main; git config user.email bench@example.com; git config user.name bench
cp "$catalog" L.xcstrings; git add L.xcstrings; git commit -qm 0
python3 - <<'PY'
import json, random, subprocess
random.seed(1)
doc = json.load(open("L.xcstrings"))
keys = [k for k, v in doc["strings"].items() if any("stringUnit" in l for l in v.get("localizations", {}).values())]
for i in range(1, 100):
    key = random.choice(keys)
    locale = random.choice([l for l, v in doc["strings"][key]["localizations"].items() if "stringUnit" in v])
    doc["strings"][key]["localizations"][locale]["stringUnit"]["value"] += " ·%d" % i
    json.dump(doc, open("L.xcstrings", "w"), ensure_ascii=False, indent=2, separators=(",", " : "))
    subprocess.run(["git", "commit", "-qam", str(i)], check=True)
PY
echo '*.xcstrings diff=xcstrings' > .gitattributes
git config diff.xcstrings.textconv "$bin textconv"
git config diff.xcstrings.cachetextconv true
milliseconds() { local start end; start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N); echo $(( (end - start) / 1000000 )); }
# One variable per way (bash 3.2, a Mac's, has no associative arrays).
times_json="" times_cat="" times_driver="" times_fill="" times_filled="" times_cached=""
for round in 1 2 3; do
    times_json+="$(milliseconds git log -p --no-textconv) "
    times_cat+="$(milliseconds git -c diff.xcstrings.textconv=cat -c diff.xcstrings.cachetextconv=false log -p) "
    times_driver+="$(milliseconds git -c diff.xcstrings.cachetextconv=false log -p) "
    git update-ref -d refs/notes/textconv/xcstrings 2>/dev/null || true
    times_fill+="$(milliseconds "$bin" textconv --fill-cache) "
    times_filled+="$(milliseconds git log -p) "
    git update-ref -d refs/notes/textconv/xcstrings 2>/dev/null || true
    git log -p > /dev/null
    times_cached+="$(milliseconds git log -p) "
done
median() { tr ' ' '\n' | grep . | sort -n | sed -n 2p; }
echo "$(basename "$catalog") ($(wc -c < L.xcstrings) bytes, 100 commits), git log -p, median of 3 (ms):"
for way in json cat driver fill filled cached; do
    eval "measured=\$times_$way"
    printf '  %-7s %6s   (%s)\n' "$way" "$(echo "$measured" | median)" "${measured% }"
done
