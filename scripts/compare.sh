#!/usr/bin/env bash
# The main job (README): builds the suite, installs and starts each local server, and for each
# database present runs the load (verified count), the query tests (every answer checked) and
# the write matrix, at a small default scale. One database failing does not stop the others;
# the exit code is non-zero if any failed. Results: results/<date-time>/.
#
#   scripts/compare.sh [--databases mysql,influx] [--devices N] [--rows N]
#                      [--rows-per-request LIST] [--clients LIST] [--time 2s] [--iterations 2]
#                      [--query-time 200ms] [--query-forks 0]
# Queries run in this JVM by default (--query-forks 0): 127 queries with a fork each would take
# minutes of JVM start-up per database at a scale where each query takes milliseconds.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
cd "$REPO_DIR"

databases="" devices=100 rows=1000 rpr="100,1000" clients="1,2" time="1s" iterations=2 qtime="200ms" qforks=0
while [ $# -gt 0 ]; do
  case "$1" in
    --databases) databases="$2"; shift 2 ;;
    --devices) devices="$2"; shift 2 ;;
    --rows) rows="$2"; shift 2 ;;
    --rows-per-request) rpr="$2"; shift 2 ;;
    --clients) clients="$2"; shift 2 ;;
    --time) time="$2"; shift 2 ;;
    --iterations) iterations="$2"; shift 2 ;;
    --query-time) qtime="$2"; shift 2 ;;
    --query-forks) qforks="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done

set -e
ensure_build_tools
log "building the suite"
mvn -B -q -ntp -DskipTests package
set +e

results="results/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$results"
scale=(-numOfDevices "$devices" -rowsPerDevice "$rows" -results "$results")
jmh=(-f 1 -wi 1 -w "$time" -i "$iterations" -r "$time")
qjmh=(-f "$qforks" -wi 1 -w "$qtime" -i 3 -r "$qtime")
failed=() passed=()

while IFS=: read -r module server db; do
  if [ -n "$databases" ] && [[ ",$databases," != *",$db,"* ]]; then continue; fi
  if [ -z "$server" ]; then
    [ "$db" = tdengine ] && [ -z "${TDENGINE_URL:-}" ] && { log "tdengine: skipped (no TDENGINE_URL)"; continue; }
  fi
  log "=== $db ==="
  if [ -n "$server" ] && ! "scripts/servers/$server.sh" start; then failed+=("$db (server did not start)"); continue; fi
  export_secrets
  jar="$module/target/$module.jar"
  # TDengine has no local server script: reach the one TDENGINE_URL (host:port) names.
  if [ "$db" = tdengine ]; then
    scale_db=("${scale[@]}" -host "${TDENGINE_URL%%:*}" -port "${TDENGINE_URL##*:}")
  else
    scale_db=("${scale[@]}")
  fi
  ok=true
  java -jar "$jar" load "${scale_db[@]}" -writeClients 2 -rowsPerRequest 1000 || ok=false
  java -jar "$jar" query "${scale_db[@]}" "${qjmh[@]}" || ok=false
  java -jar "$jar" write "${scale_db[@]}" "${jmh[@]}" -rowsPerRequest "$rpr" -writeClients "$clients" || ok=false
  [ -n "$server" ] && "scripts/servers/$server.sh" stop
  if $ok; then passed+=("$db"); else failed+=("$db"); fi
done < <(present_modules)

java -jar report/target/report.jar "$results" || failed+=("report")
log "results in $results (report.md): passed: ${passed[*]:-none}; failed: ${failed[*]:-none}"
[ ${#failed[@]} -eq 0 ]
