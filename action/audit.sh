#!/usr/bin/env bash
# The action's audit step: one audit to a JSON report, then the same report as annotations (with
# the Markdown report appended to $GITHUB_STEP_SUMMARY), SARIF and HTML. Its exit code goes to the
# step's outputs, so SARIF is uploaded before the last step fails the job.
set -uo pipefail
out="${RUNNER_TEMP:-/tmp}/leanaudit"
mkdir -p "$out"
report="$out/report.json"
rm -f "$report"
args=(audit "${INPUT_PATH:-.}" --format json -o "$report")
if [ -n "${INPUT_BASELINE:-}" ]; then args+=(--baseline "$INPUT_BASELINE"); fi
if [ -n "${INPUT_FAIL_ON:-}" ]; then args+=(--fail-on "$INPUT_FAIL_ON"); fi
read -r -a extra <<<"${INPUT_ARGS:-}"
node "$LEANAUDIT_BIN" "${args[@]}" "${extra[@]}"
code=$?
if [ ! -f "$report" ] || [ "$code" -gt 1 ]; then
  echo "exit-code=$code" >>"$GITHUB_OUTPUT"
  exit "$code"
fi
# Renders the report; 1 only repeats the verdict, anything else is a failure of its own.
render() {
  node "$LEANAUDIT_BIN" report "$report" "$@"
  local rc=$?
  if [ "$rc" -gt 1 ]; then exit "$rc"; fi
}
render --format github
render --format sarif -o "$out/leanaudit.sarif"
render --format html -o "$out/report.html"
{
  echo "report=$report"
  echo "sarif=$out/leanaudit.sarif"
  echo "html=$out/report.html"
  echo "exit-code=$code"
} >>"$GITHUB_OUTPUT"
