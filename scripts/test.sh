#!/usr/bin/env bash
# The test command (README): installs and starts the local servers the database modules need,
# runs every test of every module with Maven against them, and stops the servers it started.
# Chromium (Debian's) is installed for the report module's headless-browser test of report.html.
# TDengine's tests run only when TDENGINE_URL names a server; they say so when skipped.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
cd "$REPO_DIR"
ensure_build_tools
ensure_chromium

started=()
stop_started() {
  local s
  for s in "${started[@]}"; do "$REPO_DIR/scripts/servers/$s.sh" stop || true; done
}
trap stop_started EXIT

while IFS=: read -r module server db; do
  [ -n "$server" ] || continue
  if ! "$REPO_DIR/scripts/servers/$server.sh" status >/dev/null 2>&1; then
    "$REPO_DIR/scripts/servers/$server.sh" start
    started+=("$server")
  fi
done < <(present_modules)
export_secrets

mvn -B -ntp verify "$@"

# The scripts' own tests (the main job under a signal, ...), on the jars just built.
if [ $# -eq 0 ]; then
  for t in "$REPO_DIR"/scripts/tests/*.sh; do
    log "script test: ${t#"$REPO_DIR"/}"
    bash "$t"
  done
fi
