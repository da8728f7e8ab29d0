#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), kept here so that they run the same on a laptop:
# check every catalog, lint what the pull request changed, and write the semantic diff against
# the base to the job summary (and, when asked, to one pull-request comment kept up to date).
# Written for bash 3.2, the /bin/bash of macOS and of GitHub's macOS runners, and POSIX tools.
# Inputs come from the environment:
#   XCSTRINGS_BIN      the xcstrings-merge binary (default: the one on PATH)
#   XCSTRINGS_BASE     the revision to compare with (the pull request's base)
#   XCSTRINGS_PATHS    catalogs or folders to check and lint, separated by spaces (default: every
#                      tracked catalog)
#   XCSTRINGS_LINT     "false" to skip lint
#   XCSTRINGS_COMMENT  "true" to post the summary as a pull-request comment, edited in place on
#                      later runs; needs XCSTRINGS_PR, GITHUB_REPOSITORY, `gh` and GH_TOKEN
#   XCSTRINGS_PR       the pull request's number
#   XCSTRINGS_OUTPUT_DIR  where the summary and the annotations are also kept, as files
#                      (summary.md, annotations.txt) that later steps can read
#   GITHUB_STEP_SUMMARY  where the markdown summary goes (default: standard output)
#   GITHUB_OUTPUT      where the step's outputs go (summary, annotations: the two files' paths)
# Exit status: 1 when check or lint failed (their annotations say where), else 0.
set -uo pipefail
bin="${XCSTRINGS_BIN:-xcstrings-merge}"
base="${XCSTRINGS_BASE:-}"
# A push that creates a branch has no commit before it: git names it with zeros.
case "$base" in *[!0]*) ;; *) base="" ;; esac
summary="${GITHUB_STEP_SUMMARY:-/dev/stdout}"
# GitHub drops a step's summary over 1 MiB whole, and refuses a comment over 65,536 characters:
# the markdown stays under each, with room for the heading written here.
summary_limit=1040000
comment_limit=64000
comment_marker='<!-- xcstrings-merge summary -->'

# The paths as words, without an array: bash 3.2 calls "${paths[@]}" of an empty array an
# unbound variable under set -u. set -f keeps a word like *.xcstrings from being globbed here
# (the tool reads folders itself).
set -f
# shellcheck disable=SC2086
set -- ${XCSTRINGS_PATHS:-}
set +f

output_dir="${XCSTRINGS_OUTPUT_DIR:-}"
if [ -z "$output_dir" ]; then
    output_dir=$(mktemp -d "${TMPDIR:-/tmp}/xcstrings-merge-action.XXXXXX") || exit 2
fi
mkdir -p "$output_dir" || exit 2
annotations="$output_dir/annotations.txt"
log="$output_dir/log.txt"
markdown="$output_dir/summary.md"
: > "$log"
: > "$markdown"
status=0

echo "::group::xcstrings-merge check"
"$bin" check --format github "$@" | tee -a "$log" || status=1
echo "::endgroup::"

if [ "${XCSTRINGS_LINT:-true}" != "false" ]; then
    echo "::group::xcstrings-merge lint"
    if [ -n "$base" ]; then
        "$bin" lint --format github --since "$base" "$@" | tee -a "$log" || status=1
    else
        "$bin" lint --format github "$@" | tee -a "$log" || status=1
    fi
    echo "::endgroup::"
fi

# The markdown of the changes since the base, within `limit` bytes, after a heading.
write_summary() {
    limit="$1"
    echo "### String catalogs changed since $(printf '%s' "$base" | cut -c 1-12)"
    echo
    if [ $# -gt 1 ]; then
        shift
        "$bin" diff "$base" --format markdown --max-size "$limit" -- "$@"
    else
        "$bin" diff "$base" --format markdown --max-size "$limit"
    fi
}

# Posts `file` as the pull request's comment, or edits the one an earlier run posted (found by
# its marker, among comments of the same author), so that a pull request keeps one.
post_comment() {
    file="$1"
    if ! command -v gh >/dev/null 2>&1; then
        echo "::warning::xcstrings-merge: no gh on this runner: the pull-request comment is not posted"
        return 0
    fi
    if [ -z "${XCSTRINGS_PR:-}" ] || [ -z "${GITHUB_REPOSITORY:-}" ]; then
        echo "::warning::xcstrings-merge: not a pull request (no number): no comment posted"
        return 0
    fi
    author="${XCSTRINGS_COMMENT_AUTHOR:-github-actions[bot]}"
    existing=$(gh api --paginate "repos/$GITHUB_REPOSITORY/issues/$XCSTRINGS_PR/comments" \
        --jq ".[] | select(.user.login == \"$author\" and (.body | startswith(\"$comment_marker\"))) | .id" \
        2>"$output_dir/gh-error.txt" | head -n 1)
    if [ -n "$existing" ]; then
        gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$existing" -F "body=@$file" >/dev/null 2>>"$output_dir/gh-error.txt"
        posted=$?
    else
        gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$XCSTRINGS_PR/comments" -F "body=@$file" >/dev/null 2>>"$output_dir/gh-error.txt"
        posted=$?
    fi
    if [ "$posted" -ne 0 ]; then
        # A pull request from a fork gets a read-only token: say so, and keep the job's result.
        echo "::warning::xcstrings-merge: the pull-request comment could not be posted (the job needs 'pull-requests: write'): $(head -c 300 "$output_dir/gh-error.txt" | tr '\r\n' '  ')"
    fi
    return 0
}

grep -E '^::(error|warning|notice) ' "$log" > "$annotations"

if [ -n "$base" ]; then
    write_summary "$summary_limit" "$@" > "$markdown" || status=1
    cat "$markdown" >> "$summary" || status=1
    if [ "${XCSTRINGS_COMMENT:-false}" = "true" ]; then
        comment="$output_dir/comment.md"
        { echo "$comment_marker"; write_summary "$comment_limit" "$@"; } > "$comment" || status=1
        post_comment "$comment"
    fi
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
        echo "summary=$markdown"
        echo "annotations=$annotations"
    } >> "$GITHUB_OUTPUT"
fi
exit $status
