#!/usr/bin/env bash
# A test of the main job (run by scripts/test.sh): SIGTERM during a comparison run keeps the results
# so far, stops the server the run started, leaves no process of the run behind, and the report says
# the run is incomplete. Uses MariaDB; restores it to running if it was running before.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_DIR"

tmp="$(mktemp -d)"
results="$tmp/run"
out="$tmp/compare.out"
failed=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAILED: $1"; failed=1; fi; }

was_running=false
if scripts/servers/mysql.sh status >/dev/null 2>&1; then was_running=true; scripts/servers/mysql.sh stop; fi

bash scripts/compare.sh --no-build --databases mysql --devices 20 --rows 500 --results "$results" >"$out" 2>&1 &
run=$!
for ((i = 0; i < 600; i++)); do
  grep -q "mysql: query" "$out" && break
  kill -0 "$run" 2>/dev/null || break
  sleep 0.5
done
check "the run reached the query step" 'grep -q "mysql: query" "$out"'
sleep 2
kill -TERM "$run"
wait "$run"
rc=$?

check "exit code 143 after SIGTERM (was $rc)" '[ "$rc" -eq 143 ]'
check "run.json says incomplete" 'tr -d " \n" < "$results/run.json" | grep -q "\"complete\":false"'
check "run.json marks mysql interrupted" 'tr -d " \n" < "$results/run.json" | grep -q "\"name\":\"mysql\",\"status\":\"failed\",\"reason\":\"interrupted\""'
check "the load measured before the signal is kept" 'grep -q "\"rowsAcknowledged\" : 10000" "$results/mysql-manifest.json"'
check "report.md says the run is incomplete" 'grep -q "INCOMPLETE" "$results/report.md"'
check "report.html was written" '[ -s "$results/report.html" ]'
check "the server the run started is stopped" '! scripts/servers/mysql.sh status >/dev/null 2>&1'
check "no process of the run is left" '! pgrep -f "$results" >/dev/null'

if [ "$failed" -ne 0 ]; then echo "--- compare.sh output:"; cat "$out"; fi
if $was_running; then scripts/servers/mysql.sh start; fi
rm -rf "$tmp"
exit "$failed"
