#!/usr/bin/env bash
# The main job (README): builds the suite, generates the data set once, and for each database
# present installs and starts its local server (TDengine: the installed one, over its native
# client as the published tests did; or the server TDENGINE_URL=host:port names), loads
# the data set (verified count), measures disk use once the database settled, runs q1..q4 (every
# answer checked) and the write matrix (with the server's CPU, RSS and disk writes sampled), then
# stops the server it started. One database failing does not stop the others: it is marked
# failed in run.json and the report, and the exit code is 1. Ctrl-C / SIGTERM: results so far are
# kept, the server the run started is stopped, the report says the run is incomplete (exit 130/143).
#
#   scripts/compare.sh [--databases mysql,influx] [--devices N] [--rows N] [--files N]
#                      [--rows-per-request LIST] [--clients LIST] [--time 1s] [--iterations 2]
#                      [--forks 1] [--query-time 100ms] [--query-forks 0] [--results DIR] [--no-build]
#                      [--further] [--rate 10000]
# --further adds the further tests of the published reports for each database (about a minute or
# two each): concurrent range queries, mixed load, volume growth and fixed-rate writes at --rate
# rows/s (q5, the single-device functions, always run with the queries).
# Queries run in this JVM by default (--query-forks 0): 127 queries with a fork each would take
# minutes of JVM start-up per database at a scale where each query takes milliseconds.
# Results: results/<date-time>/ (JMH JSON, manifests, <db>.log, run.json, report.md, report.html).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
cd "$REPO_DIR"

databases="" devices=100 rows=1000 files=4 rpr="100,1000" clients="1,2" time="1s" iterations=2 forks=1
qtime="100ms" qforks=0 results="" build=true further=false rate=10000
while [ $# -gt 0 ]; do
  case "$1" in
    --databases) databases="$2"; shift 2 ;;
    --devices) devices="$2"; shift 2 ;;
    --rows) rows="$2"; shift 2 ;;
    --files) files="$2"; shift 2 ;;
    --rows-per-request) rpr="$2"; shift 2 ;;
    --clients) clients="$2"; shift 2 ;;
    --time) time="$2"; shift 2 ;;
    --iterations) iterations="$2"; shift 2 ;;
    --forks) forks="$2"; shift 2 ;;
    --query-time) qtime="$2"; shift 2 ;;
    --query-forks) qforks="$2"; shift 2 ;;
    --results) results="$2"; shift 2 ;;
    --no-build) build=false; shift ;;
    --further) further=true; shift ;;
    --rate) rate="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done
for n in devices rows files iterations forks qforks rate; do
  [[ "${!n}" =~ ^[0-9]+$ ]] || die "--${n/qforks/query-forks} ${!n}: not a whole number"
done

set -e
ensure_build_tools
ensure_tdengine
if $build || [ ! -f report/target/report.jar ]; then
  log "building the suite"
  mvn_plain -q -DskipTests package
fi
set +e

results="${results:-results/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$results" || die "results folder $results cannot be created"
[ -w "$results" ] || die "results folder $results cannot be written"
data="$results/data"
scale=(-numOfDevices "$devices" -rowsPerDevice "$rows" -dataDir "$data" -numOfFiles "$files" -results "$results")
jmh=(-f "$forks" -wi 1 -w "$time" -i "$iterations" -r "$time")
qjmh=(-f "$qforks" -wi 1 -w "$qtime" -i 3 -r "$qtime")

# The databases this run covers, in order; status and reason per database, for run.json.
planned=()
while IFS=: read -r module server db; do
  if [ -n "$databases" ] && [[ ",$databases," != *",$db,"* ]]; then continue; fi
  planned+=("$module:$server:$db")
done < <(present_modules)
[ ${#planned[@]} -gt 0 ] || die "--databases $databases: none of these modules is present (have: $(present_modules | cut -d: -f3 | tr '\n' ' '))"
declare -A status reason
for p in "${planned[@]}"; do status[${p##*:}]=pending; reason[${p##*:}]=""; done
run_id="$(basename "$results")"
complete=false started_server="" child=""

json_string() { local s="${1//\\/\\\\}"; s="${s//\"/\\\"}"; printf '"%s"' "${s//$'\n'/ }"; }

write_run_json() {
  local p db first=true
  {
    printf '{"runId": %s, "complete": %s, "databases": [' "$(json_string "$run_id")" "$complete"
    for p in "${planned[@]}"; do
      db="${p##*:}"
      $first || printf ', '
      first=false
      printf '{"name": %s, "status": %s, "reason": %s}' "$(json_string "$db")" "$(json_string "${status[$db]}")" \
        "$(json_string "${reason[$db]}")"
    done
    printf ']}\n'
  } > "$results/run.json.tmp" && mv "$results/run.json.tmp" "$results/run.json"
}

report() {
  java -jar report/target/report.jar "$results" || log "the report could not be built (see above)"
}

on_signal() {
  local code=$1
  trap - INT TERM
  log "interrupted: keeping the results so far in $results"
  if [ -n "$child" ]; then
    # The step's JVM and its JMH forks: each writes what it measured so far as it ends.
    pkill -TERM -P "$child" 2>/dev/null
    kill -TERM "$child" 2>/dev/null
    wait "$child" 2>/dev/null
  fi
  for p in "${planned[@]}"; do
    [ "${status[${p##*:}]}" = running ] && { status[${p##*:}]=failed; reason[${p##*:}]="interrupted"; }
  done
  write_run_json
  [ -n "$started_server" ] && "scripts/servers/$started_server.sh" stop
  report
  exit "$code"
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
write_run_json

log "generating the data set once: $devices devices x $rows rows in $files files ($data)"
if ! java -jar generator/target/generator.jar -numOfDevices "$devices" -rowsPerDevice "$rows" -numOfFiles "$files" \
    -dataDir "$data" --no-progress; then
  die "the data set could not be generated into $data"
fi

t_run=$SECONDS
index=0
for p in "${planned[@]}"; do
  IFS=: read -r module server db <<<"$p"
  index=$((index + 1))
  left=$(( ${#planned[@]} - index ))
  log "=== [$index/${#planned[@]}] $db ($left left after it; $((SECONDS - t_run)) s so far) ==="
  if [ "$db" = tdengine ] && [ -z "${TDENGINE_URL:-}" ] && [ -z "$(tdengine_home)" ]; then
    status[$db]=skipped; reason[$db]="TDengine is not installed (set TDENGINE_HOME, install it at /usr/local/taos, or give TDENGINE_URL=host:port)"
    log "$db: skipped (${reason[$db]})"; write_run_json; continue
  fi
  if [ "$db" = tdengine ] && [ -n "${TDENGINE_URL:-}" ]; then server=""; fi
  status[$db]=running; write_run_json
  started_server=""
  if [ "$server" = tdengine ] && ! scripts/servers/tdengine.sh status 2>/dev/null | grep -qF "($(tdengine_home))"; then
    scripts/servers/tdengine.sh stop >/dev/null 2>&1   # another installation (the other major) holds the ports
  fi
  if [ -n "$server" ]; then
    if ! "scripts/servers/$server.sh" status >/dev/null 2>&1; then
      if ! "scripts/servers/$server.sh" start; then
        status[$db]=failed; reason[$db]="the server did not start (scripts/servers/$server.sh start)"
        write_run_json; continue
      fi
      started_server="$server"
    fi
  fi
  export_secrets
  jar="$module/target/$module.jar"
  conn=()
  # TDengine: a remote server TDENGINE_URL (host:port) names, over the path its version picks;
  # the local one over the native client (libtaos of the installation), as the published tests wrote.
  if [ "$db" = tdengine ]; then
    if [ -n "${TDENGINE_URL:-}" ]; then conn=(-host "${TDENGINE_URL%%:*}" -port "${TDENGINE_URL##*:}")
    else conn=(-port 6030 --option connection=native --option "configDir=$TDENGINE_CONFIG_DIR"); fi
  fi
  # OpenTSDB's storage is HBase, a second process: sample both during the write test.
  pids=()
  if [ "$server" = opentsdb ]; then pids=(--server-pid "$(cat "$STATE_ROOT/opentsdb/hbase.pid"),$(cat "$STATE_ROOT/opentsdb/tsd.pid")"); fi
  failures=()
  step() {
    local name=$1 t0=$SECONDS from
    shift
    log "$db: $name"
    from=$(( $(wc -l 2>/dev/null < "$results/$db.log" || echo 0) + 1 ))
    # In the background with `wait`: a signal to this script runs its trap at once, not after the step.
    java -jar "$jar" "$name" "${scale[@]}" "${conn[@]}" "$@" >>"$results/$db.log" 2>&1 &
    child=$!
    wait "$child"
    local rc=$?
    child=""
    if [ "$rc" -eq 0 ]; then
      log "$db: $name done in $((SECONDS - t0)) s $(tail -n +"$from" "$results/$db.log" | grep -E '^(load verified|disk:|# answers checked)' | tail -1 | cut -c1-160)"
    else
      failures+=("$name")
      log "$db: $name FAILED after $((SECONDS - t0)) s: $(tail -n +"$from" "$results/$db.log" | grep -E '^(error:|FAILED|LOAD FAILED|WRONG)' | head -1 | cut -c1-200) (log: $results/$db.log)"
    fi
  }
  step load -writeClients 2 -rowsPerRequest 1000
  if [[ " ${failures[*]} " == *" load "* ]]; then
    log "$db: the load failed, its disk and query tests are skipped"
  else
    step disk
    step query "${qjmh[@]}"
    if $further; then
      step range "${qjmh[@]}" --clients 1,4 --result-rows 5,100
      step mixed "${jmh[@]}" -rowsPerRequest 1000 --result-rows 100
    fi
  fi
  step write "${jmh[@]}" -rowsPerRequest "$rpr" -writeClients "$clients" "${pids[@]}"
  if $further; then
    # Five blocks of 20 rows of every device; then the clients at a fixed rate for the write test's time.
    step volume -f "$forks" --blocks 5 --block-rows $((devices * 20)) -rowsPerRequest 1000
    step write "${jmh[@]}" --rate "$rate" -rowsPerRequest 100 -writeClients 2
  fi
  grep -A4 -E "rows written per second" "$results/$db.log" | sed "s/^/    /" >&2
  [ -n "$started_server" ] && "scripts/servers/$started_server.sh" stop
  started_server=""
  if [ ${#failures[@]} -eq 0 ]; then status[$db]=passed
  else status[$db]=failed; reason[$db]="failed steps: ${failures[*]} (see $db.log)"; fi
  write_run_json
done

complete=true
write_run_json
rm -rf "$data"
report
summary=""
for p in "${planned[@]}"; do summary+=" ${p##*:}=${status[${p##*:}]}"; done
log "results in $results (report.md, report.html) after $((SECONDS - t_run)) s:$summary"
for p in "${planned[@]}"; do [ "${status[${p##*:}]}" = failed ] && exit 1; done
exit 0
