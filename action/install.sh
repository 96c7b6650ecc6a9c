#!/usr/bin/env bash
# The action's install step: builds leanaudit in the action's own folder, or installs the git ref
# given as `version`; leaves the CLI's path in $LEANAUDIT_BIN for the next steps.
set -euo pipefail
if [ -n "${LEANAUDIT_VERSION:-}" ]; then
  prefix="${RUNNER_TEMP:-/tmp}/leanaudit-install"
  npm install --no-audit --no-fund --prefix "$prefix" "github:${LEANAUDIT_REPOSITORY}#${LEANAUDIT_VERSION}"
  echo "LEANAUDIT_BIN=$prefix/node_modules/leanaudit/bin/leanaudit.js" >>"$GITHUB_ENV"
else
  cd "$GITHUB_ACTION_PATH"
  # Optional dependencies are test tools (the SARIF multitool); scripts off, then one build.
  npm ci --no-audit --no-fund --omit=optional --ignore-scripts
  npm run build
  echo "LEANAUDIT_BIN=$GITHUB_ACTION_PATH/bin/leanaudit.js" >>"$GITHUB_ENV"
fi
