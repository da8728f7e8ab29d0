#!/usr/bin/env bash
# Prints the cache key of the Action's built binary: the system and processor, the Swift version
# and a hash of the files the binary is built from (the Action's own commit, as content: the same
# sources give the same key whatever ref named them). Run from the package's folder; bash 3.2 and
# POSIX tools, since GitHub's macOS runners run it with /bin/bash.
set -euo pipefail
cd "$(dirname "$0")/.."
swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
sources=$(find Package.swift install.sh Scripts Sources -type f | LC_ALL=C sort | while IFS= read -r file; do
    printf '%s %s\n' "$file" "$(git hash-object --no-filters -- "$file")"
done | git hash-object --stdin)
printf 'xcstrings-merge-%s-%s-swift%s-%s\n' "$(uname -s)" "$(uname -m)" "${swift_version:-unknown}" "$sources"
