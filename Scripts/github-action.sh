#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), kept here so that they run the same on a laptop:
# check every catalog, lint what the pull request changed, and write the semantic diff against
# the base to the job summary. Inputs come from the environment:
#   XCSTRINGS_BIN      the xcstrings-merge binary (default: the one on PATH)
#   XCSTRINGS_BASE     the revision to compare with (the pull request's base)
#   XCSTRINGS_PATHS    catalogs or folders to check and lint (default: every tracked catalog)
#   XCSTRINGS_LINT     "false" to skip lint
#   GITHUB_STEP_SUMMARY  where the markdown summary goes (default: standard output)
# Exit status: 1 when check or lint failed (their annotations say where), else 0.
set -uo pipefail
bin="${XCSTRINGS_BIN:-xcstrings-merge}"
base="${XCSTRINGS_BASE:-}"
# A push that creates a branch has no commit before it: git names it with zeros.
case "$base" in *[!0]*) ;; *) base="" ;; esac
summary="${GITHUB_STEP_SUMMARY:-/dev/stdout}"
read -r -a paths <<< "${XCSTRINGS_PATHS:-}"
status=0

echo "::group::xcstrings-merge check"
"$bin" check --format github "${paths[@]}" || status=1
echo "::endgroup::"

if [ "${XCSTRINGS_LINT:-true}" != "false" ]; then
    echo "::group::xcstrings-merge lint"
    if [ -n "$base" ]; then
        "$bin" lint --format github --since "$base" "${paths[@]}" || status=1
    else
        "$bin" lint --format github "${paths[@]}" || status=1
    fi
    echo "::endgroup::"
fi

if [ -n "$base" ]; then
    {
        echo "### String catalogs changed since ${base:0:12}"
        echo
        if [ ${#paths[@]} -gt 0 ]; then
            "$bin" diff "$base" --format markdown -- "${paths[@]}"
        else
            "$bin" diff "$base" --format markdown
        fi
    } >> "$summary" || status=1
fi
exit $status
