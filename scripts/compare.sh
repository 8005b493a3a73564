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
#                      [--further] [--rate 10000] [--matrix default|published] [--scale default|published]
#                      [--server-cores N] [--client-heap 512m] [--stable-within 5 [--cell-budget 120s]]
# --further adds the further tests of the published reports for each database (about a minute or
# two each): concurrent range queries, mixed load, volume growth and fixed-rate writes at --rate
# rows/s (q5, the single-device functions, always run with the queries).
# --matrix published: each database's write matrix as published (R/R lists of the spec x 1..7
# clients; OpenTSDB 1..2 clients, as published), at least 7 data files; --rows-per-request and
# --clients still override it. --scale published: 10,000 devices x 10,000 rows in 10 files (100 M
# rows, about 3.9 GB of text in the run folder while it runs); --devices/--rows/--files override it.
# --server-cores N: the local servers run on CPUs 0..N-1 (taskset; a server already running is
# pinned for this run and unpinned after), recorded in each manifest (the published one-core test).
# --client-heap: the -Xmx of the suite's JVMs and their JMH forks (default 512m: the client must
# stay within it at every scale; a step that needs more fails with OutOfMemoryError, never swaps).
# --stable-within P: each write cell is run again (a new trial on an empty table) until the 95%
# interval of all its iterations is within +-P% of their mean, or --cell-budget is spent per cell.
# Queries run in this JVM by default (--query-forks 0): 127 queries with a fork each would take
# minutes of JVM start-up per database at a scale where each query takes milliseconds.
# While a step runs, its progress (rows loaded, query or write cell i/N) and the time it has left
# are printed every minute; after each database, the run's time left.
# Results: results/<date-time>/ (JMH JSON, manifests, <db>.log, run.json, report.md, report.html).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
cd "$REPO_DIR"

databases="" devices="" rows="" files="" rpr="" clients="" time="1s" iterations=2 forks=1
qtime="100ms" qforks=0 results="" build=true further=false rate=10000 matrix=default scale=default
server_cores="" server_cpus="" heap=512m files_given=false stable=() 
while [ $# -gt 0 ]; do
  case "$1" in
    --databases) databases="$2"; shift 2 ;;
    --devices) devices="$2"; shift 2 ;;
    --rows) rows="$2"; shift 2 ;;
    --files) files="$2"; files_given=true; shift 2 ;;
    --rows-per-request) rpr="$2"; shift 2 ;;
    --clients) clients="$2"; shift 2 ;;
    --matrix) matrix="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --server-cores) server_cores="$2"; shift 2 ;;
    --client-heap) heap="$2"; shift 2 ;;
    --time) time="$2"; shift 2 ;;
    --iterations) iterations="$2"; shift 2 ;;
    --forks) forks="$2"; shift 2 ;;
    --query-time) qtime="$2"; shift 2 ;;
    --query-forks) qforks="$2"; shift 2 ;;
    --results) results="$2"; shift 2 ;;
    --no-build) build=false; shift ;;
    --further) further=true; shift ;;
    --rate) rate="$2"; shift 2 ;;
    --stable-within) stable+=(--stable-within "$2"); shift 2 ;;
    --cell-budget) stable+=(--cell-budget "$2"); shift 2 ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done
case "$scale" in
  default) : "${devices:=100}" "${rows:=1000}" "${files:=4}" ;;
  # The published data set: 10,000 devices x 10,000 rows (100 M rows), in 10 files as the original generator wrote it.
  published) : "${devices:=10000}" "${rows:=10000}" "${files:=10}" ;;
  *) die "--scale $scale: default or published" ;;
esac
for n in devices rows files iterations forks qforks rate; do
  [[ "${!n}" =~ ^[0-9]+$ ]] || die "--${n/qforks/query-forks} ${!n}: not a whole number"
done
case "$matrix" in
  default) : "${rpr:=100,1000}" "${clients:=1,2}" ;;
  published)
    # Up to 7 clients, each owning whole files: 10 files as published unless --files says otherwise.
    if [ "$files" -lt 7 ]; then
      if $files_given; then die "--matrix published runs up to 7 clients, each owning whole files: --files $files must be at least 7"; fi
      files=10
    fi ;;
  *) die "--matrix $matrix: default or published" ;;
esac
[ "$devices" -ge "$files" ] || die "--devices $devices: fewer than --files $files (each file holds whole devices)"
[[ "$heap" =~ ^[0-9]+[kKmMgG]$ ]] || die "--client-heap $heap: a size such as 512m or 2g"
if [ -n "$server_cores" ]; then
  [[ "$server_cores" =~ ^[1-9][0-9]*$ ]] || die "--server-cores $server_cores: a whole number, at least 1"
  [ "$server_cores" -le "$(nproc)" ] || die "--server-cores $server_cores: this machine has $(nproc) cores"
  command -v taskset >/dev/null || die "--server-cores needs taskset (util-linux)"
  server_cpus="0-$((server_cores - 1))"
fi

# published_matrix DB -> "R/R list;clients list" of the published write tests (../shared/spec/workload.md, published.md)
published_matrix() {
  case "$1" in
    tdengine) echo "1,100,500,1000,2000;1-7" ;;
    cassandra) echo "1,10,50,100,500,1000;1-7" ;;
    influx) echo "1,10,100,1000,5000,10000,20000;1-7" ;;
    clickhouse) echo "50,100,1000,5000,10000,20000,40000,50000;1-7" ;;
    mysql) echo "1,10;1-7" ;;
    opentsdb) echo "1,10,20,30,40;1-2" ;;   # published: 3 or more clients made OpenTSDB stop working or crash
    *) echo "100,1000;1-7" ;;
  esac
}

set -e
ensure_build_tools
ensure_tdengine
if $build || [ ! -f report/target/report.jar ]; then
  log "building the suite"
  mvn_plain -q -DskipTests package
fi
set +e
# Every JVM of the suite, and the JMH forks that inherit its options, within the client heap.
java=(java "-Xmx$heap")

results="${results:-results/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$results" || die "results folder $results cannot be created"
[ -w "$results" ] || die "results folder $results cannot be written"
data="$results/data"
dataset=(-numOfDevices "$devices" -rowsPerDevice "$rows" -dataDir "$data" -numOfFiles "$files" -results "$results")
cores_opt=()
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
complete=false started_server="" child="" heartbeat=""

json_string() { local s="${1//\\/\\\\}"; s="${s//\"/\\\"}"; printf '"%s"' "${s//$'\n'/ }"; }

write_run_json() {
  local p db first=true
  {
    printf '{"runId": %s, "complete": %s, "scale": %s, "matrix": %s, "serverCores": %s, "clientHeap": %s, "databases": [' \
      "$(json_string "$run_id")" "$complete" "$(json_string "$devices devices x $rows rows in $files files ($scale)")" \
      "$(json_string "$matrix")" "${server_cores:-null}" "$(json_string "$heap")"
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
  "${java[@]}" -jar report/target/report.jar "$results" || log "the report could not be built (see above)"
}

# stop_heartbeat -> ends the progress loop of the running step (and its sleep)
stop_heartbeat() {
  [ -n "$heartbeat" ] || return 0
  pkill -P "$heartbeat" 2>/dev/null
  kill "$heartbeat" 2>/dev/null
  wait "$heartbeat" 2>/dev/null
  heartbeat=""
}

# Pinning a server that was running before this run: its processes (and their children) to the
# server CPUs for the run, their CPUs before kept to give back afterwards. Such a server sized its
# thread pools for every core when it started; the ones this run starts see N cores from the start.
pinned=()
pin_running_server() {
  local f pid list
  for f in "$STATE_ROOT/$1"/*.pid; do
    [ -f "$f" ] && pid=$(cat "$f") && kill -0 "$pid" 2>/dev/null || continue
    for pid in "$pid" $(pgrep -P "$pid" 2>/dev/null); do
      list=$(taskset -c -p "$pid" 2>/dev/null | sed 's/.*: //') || continue
      taskset -a -c -p "$server_cpus" "$pid" >/dev/null 2>&1 && pinned+=("$pid:$list")
    done
  done
}
unpin_servers() {
  local p
  for p in "${pinned[@]}"; do taskset -a -c -p "${p#*:}" "${p%%:*}" >/dev/null 2>&1; done
  pinned=()
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
  stop_heartbeat
  for p in "${planned[@]}"; do
    [ "${status[${p##*:}]}" = running ] && { status[${p##*:}]=failed; reason[${p##*:}]="interrupted"; }
  done
  write_run_json
  unpin_servers
  [ -n "$started_server" ] && "scripts/servers/$started_server.sh" stop
  report
  exit "$code"
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
write_run_json

# The data files take about 40 bytes a row (3.9 GB at the published 100 M rows): say so before filling the disk.
need=$(( devices * rows * 40 ))
avail=$(df --output=avail -B1 "$results" 2>/dev/null | tail -n 1 | tr -d ' ')
if [[ "$avail" =~ ^[0-9]+$ ]] && [ "$avail" -lt $(( need + need / 4 )) ]; then
  die "the data set needs about $((need / 1000000)) MB in $results (and the databases as much again); $((avail / 1000000)) MB free"
fi
log "generating the data set once: $devices devices x $rows rows in $files files ($data)"
if ! "${java[@]}" -jar generator/target/generator.jar -numOfDevices "$devices" -rowsPerDevice "$rows" -numOfFiles "$files" \
    -dataDir "$data" --no-progress; then
  die "the data set could not be generated into $data"
fi

# minutes S -> "12 min" / "1 h 05 min": a time left, for people
minutes() { local m=$(( ($1 + 59) / 60 )); if [ "$m" -ge 60 ]; then printf '%d h %02d min' $((m / 60)) $((m % 60)); else printf '%d min' "$m"; fi; }

# step_progress DB LOGFILE FROM T0 -> one line: the step's last progress line in its log and, from
# its "i/N" counters (query i/N, write cell i/N) or the load's progress bar, the time it has left.
# The rate is taken from when the counter was first seen (counter_t0, counter_i0, kept by the step's
# progress loop): what a step does before its first counter (the query step checks every answer
# once, minutes at 10 M rows) says nothing about the time per query.
counter_t0="" counter_i0=""
step_progress() {
  local db=$1 file=$2 from=$3 t0=$4 last i n elapsed=$((SECONDS - $4))
  last=$(tail -n +"$from" "$file" 2>/dev/null | tr '\r' '\n' | grep -E '^(# query [0-9]+/[0-9]+|# write cell [0-9]+/[0-9]+|load [a-z]+ +[0-9]+%)' | tail -n 1)
  [ -n "$last" ] || { log "$db: running for $(minutes "$elapsed")"; return; }
  if [[ "$last" =~ ([0-9]+)/([0-9]+) ]] && [[ "$last" == \#* ]]; then
    i=${BASH_REMATCH[1]} n=${BASH_REMATCH[2]}
    [ -n "$counter_t0" ] || { counter_t0=$SECONDS counter_i0=$i; }
    if [ "$i" -gt "$counter_i0" ]; then
      log "$db: ${last#\# } ($(minutes "$elapsed") so far, about $(minutes $(( (SECONDS - counter_t0) * (n - i + 1) / (i - counter_i0) ))) left)"
    else
      log "$db: ${last#\# } ($(minutes "$elapsed") so far)"
    fi
  else
    log "$db: $(echo "$last" | tr -s ' ' | cut -c1-160)"
  fi
}

t_run=$SECONDS
index=0
done_dbs=0
for p in "${planned[@]}"; do
  IFS=: read -r module server db <<<"$p"
  index=$((index + 1))
  left=$(( ${#planned[@]} - index ))
  eta=""
  # Databases differ, but the ones done so far are the best guess of the rest.
  if [ "$done_dbs" -gt 0 ]; then eta="; about $(minutes $(( (SECONDS - t_run) * (left + 1) / done_dbs ))) left in all"; fi
  log "=== [$index/${#planned[@]}] $db ($left left after it; $((SECONDS - t_run)) s so far$eta) ==="
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
      # With --server-cores the server starts pinned: it and every process and thread it starts inherit the CPUs.
      if ! ${server_cpus:+taskset -c "$server_cpus"} "scripts/servers/$server.sh" start; then
        status[$db]=failed; reason[$db]="the server did not start (scripts/servers/$server.sh start)"
        write_run_json; continue
      fi
      started_server="$server"
    elif [ -n "$server_cores" ]; then
      pin_running_server "$server"
      log "$db: the running server pinned to CPUs $server_cpus for this run (it sized its thread pools for every core when it started)"
    fi
  fi
  cores_opt=()
  if [ -n "$server_cores" ]; then
    if [ -n "$server" ]; then cores_opt=(--server-cores "$server_cores")
    else log "$db: --server-cores does not reach a remote server (TDENGINE_URL): its cores are not limited"; fi
  fi
  # The published write matrix of this database, unless --rows-per-request / --clients name one.
  db_rpr="$rpr" db_clients="$clients"
  if [ "$matrix" = published ]; then
    IFS=';' read -r pub_rpr pub_clients <<<"$(published_matrix "$db")"
    db_rpr="${rpr:-$pub_rpr}" db_clients="${clients:-$pub_clients}"
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
    "${java[@]}" -jar "$jar" "$name" "${dataset[@]}" "${conn[@]}" "${cores_opt[@]}" "$@" >>"$results/$db.log" 2>&1 &
    child=$!
    # Progress once a minute while it runs (steps at the published scale take minutes to hours).
    ( while sleep 60; do kill -0 "$child" 2>/dev/null || exit 0; step_progress "$db" "$results/$db.log" "$from" "$t0"; done ) &
    heartbeat=$!
    wait "$child"
    local rc=$?
    stop_heartbeat
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
  step write "${jmh[@]}" -rowsPerRequest "$db_rpr" -writeClients "$db_clients" "${pids[@]}" "${stable[@]}"
  if $further; then
    # Five blocks of 20 rows of every device; then the clients at a fixed rate for the write test's time.
    step volume -f "$forks" --blocks 5 --block-rows $((devices * 20)) -rowsPerRequest 1000
    step write "${jmh[@]}" --rate "$rate" -rowsPerRequest 100 -writeClients 2
  fi
  grep -A4 -E "rows written per second" "$results/$db.log" | sed "s/^/    /" >&2
  unpin_servers
  [ -n "$started_server" ] && "scripts/servers/$started_server.sh" stop
  started_server=""
  done_dbs=$((done_dbs + 1))
  if [ ${#failures[@]} -eq 0 ]; then status[$db]=passed
  else status[$db]=failed; reason[$db]="failed steps: ${failures[*]} (see $db.log)"; fi
  write_run_json
done

complete=true
write_run_json
rm -rf "$data" "$results"/expected-answers-*.bin   # the answers' cache is keyed by the files just removed
report
summary=""
for p in "${planned[@]}"; do summary+=" ${p##*:}=${status[${p##*:}]}"; done
log "results in $results (report.md, report.html) after $((SECONDS - t_run)) s:$summary"
for p in "${planned[@]}"; do [ "${status[${p##*:}]}" = failed ] && exit 1; done
exit 0
