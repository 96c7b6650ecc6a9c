#!/usr/bin/env bash
# The action's audit step: one audit to a JSON report, then the same report as annotations (with
# the Markdown report appended to $GITHUB_STEP_SUMMARY), SARIF and HTML, whatever the audit's exit
# code, whenever the JSON report was written. The exit code goes to the step's outputs, so SARIF is
# uploaded before the last step fails the job. INPUT_ARGS holds one argument a line, passed as is.
set -uo pipefail
out="${RUNNER_TEMP:-/tmp}/leanaudit"
mkdir -p "$out"
report="$out/report.json"
rm -f "$report" "$out/leanaudit.sarif" "$out/report.html"
args=(audit "${INPUT_PATH:-.}" --format json -o "$report")
if [ -n "${INPUT_BASELINE:-}" ]; then args+=(--baseline "$INPUT_BASELINE"); fi
if [ -n "${INPUT_FAIL_ON:-}" ]; then args+=(--fail-on "$INPUT_FAIL_ON"); fi
extra=()
while IFS= read -r line || [ -n "$line" ]; do
  # Blanks around a line are YAML's; a line of blanks only is no argument.
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -z "$line" ] && continue
  case "$line" in
  --format | --format=* | -o | -o?* | --output | --output=*)
    echo "::error title=leanaudit args::'$line' is the action's own: it writes the JSON report and renders the others from it; remove it from args"
    echo "exit-code=2" >>"$GITHUB_OUTPUT"
    exit 2
    ;;
  esac
  extra+=("$line")
done <<<"${INPUT_ARGS:-}"
node "$LEANAUDIT_BIN" "${args[@]}" ${extra[@]+"${extra[@]}"}
code=$?
echo "exit-code=$code" >>"$GITHUB_OUTPUT"
if [ ! -f "$report" ]; then exit "$code"; fi
echo "report=$report" >>"$GITHUB_OUTPUT"
# Renders the report; 1 and 3 only repeat the audit's verdict, anything else is a failure of its own.
failed=0
render() {
  node "$LEANAUDIT_BIN" report "$report" "$@"
  local rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ] && [ "$rc" -ne 3 ]; then
    echo "::error title=leanaudit report::rendering $* failed with exit code $rc"
    failed=$rc
    return 1
  fi
}
render --format github
render --format sarif -o "$out/leanaudit.sarif" && echo "sarif=$out/leanaudit.sarif" >>"$GITHUB_OUTPUT"
render --format html -o "$out/report.html" && echo "html=$out/report.html" >>"$GITHUB_OUTPUT"
exit "$failed"
