#!/usr/bin/env bash
# git log -p through the diff driver against git's own: a throwaway repository of 100 commits of
# one catalog, each changing one translation, then `git log -p` with and without textconv, three
# times (the later runs read git's textconv cache, which `install` enables).
# Usage: Scripts/bench-log-p.sh CATALOG [--no-cache]   (a release build must exist: Scripts/bench.sh)
set -euo pipefail
catalog=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cache=1; [ "${2:-}" = "--no-cache" ] && cache=0
cd "$(dirname "$0")/.."
bin="$(swift build -c release --show-bin-path)/xcstrings-merge"
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
[ $cache -eq 1 ] && git config diff.xcstrings.cachetextconv true
seconds() { local start end; start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N); echo "scale=2; ($end - $start) / 1000000000" | bc; }
for run in 1 2 3; do
    echo "run $run: git log -p without the driver $(seconds git log -p --no-textconv) s, with it $(seconds git log -p) s"
done
