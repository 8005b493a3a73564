#!/usr/bin/env bash
# How one TDengine dnode (taosd) and its REST server are configured and started, whatever the
# topology: sourced (after scripts/lib.sh) by tdengine.sh (one dnode) and tdengine-cluster.sh
# (three), never run.

# tdengine_version HOME -> the installed server's version, from the name of its client library (libtaos.so.X.Y.Z.W)
tdengine_version() {
  local lib
  lib=$(ls "$1"/lib/libtaos.so.*.*.* "$1"/driver/libtaos.so.*.*.* 2>/dev/null | head -1)
  [ -n "$lib" ] || die "no lib/libtaos.so.<version> under $1: not a TDengine installation"
  echo "${lib##*libtaos.so.}"
}

# tdengine_rest_sql PORT PASSWORD SQL -> the REST answer of root on 127.0.0.1:PORT; the credentials
# (curl_user) and the SQL (stdin), which may set a password, never reach curl's argv
tdengine_rest_sql() {
  printf '%s' "$3" | curl -s --max-time 10 -K <(curl_user root "$2") --data-binary @- "http://127.0.0.1:$1/rest/sql" 2>/dev/null || true
}

# tdengine_succeeded -> 0 when the REST answer on stdin says success (3.x code 0, 2.x status succ)
tdengine_succeeded() { grep -q -E '"code":0|"status":"succ"'; }

# tdengine_report_c_cfg -> the taos.cfg lines of report C (../shared/spec/iot.md, "TDengine
# settings") that 3.3.0.1 takes and still answers right with, for every 3.x dnode. Each was read
# back from the started server (its log's config listing, `show dnode 1 variables`):
# numOfTaskQueueThreads is listed with scope "client" (it sizes the task queue of a native client
# that reads this file: on the single server taosAdapter's and the module's native path's; the
# cluster's clients read client/taos.cfg, which has none of these), compressMsgSize and
# tagFilterCache "both", numOfVnodeFetchThreads "server". Left out:
# - `SIMD-builtins 1`: 3.3.0.1 ignores that key without a word (neither its log nor `show dnode 1
#   variables` lists it); its switch there is named simdEnable (default 0), not report C's key.
# - `queryRspPolicy 1`: 3.3.0.1 takes it, and then answers COUNT(*) wrong on the native path:
#   TDengineNativeServerFaultTest failed 3 of 5 in three runs with it and passed without it (all
#   else set): the query step's count after a DROP/CREATE of the super table and a load of 4,000
#   rows said 12,700 and 17,200, and counts taken during a 10 M-row load never saw a row. Every
#   answer here is checked, so a setting that makes answers wrong stays out.
# Added to report C's: `numOfVnodeQueryThreads 64`, what 3.3.0.1 gives report C's 32-vCPU machine
# (two a core). It sizes the pool by the cores: 4 here, on 2. A super-table query with nested
# PARTITION BY runs each merge stage on that pool and blocks the thread while it waits for the
# stages below, which need the same pool to go on. At iot-1 with 8 query clients (report C's 8
# workers) the server deadlocked at 0% CPU, every scan task PARTIAL_SUCCEED (`show queries`):
# avg-daily-driving-duration (13 tasks a query) with 4 threads, avg-daily-driving-session (27 tasks
# a query) with 16. Idle threads cost nothing and add no CPU.
tdengine_report_c_cfg() {
  echo "numOfVnodeQueryThreads 64"
  echo "numOfVnodeFetchThreads 4"
  echo "compressMsgSize 128000"
  echo "tagFilterCache 1"
  echo "numOfTaskQueueThreads 24"
}

# tdengine_taos_cfg CFGDIR MAJOR PORT DATADIR LOGDIR [LINE...] -> CFGDIR/taos.cfg of a dnode serving
# localhost:PORT (firstEp: itself, unless a LINE names another), then the extra lines
tdengine_taos_cfg() {
  local cfg=$1 major=$2 port=$3 data=$4 logs=$5 line has_first=false
  shift 5
  mkdir -p "$cfg" "$data" "$logs"
  for line in "$@"; do [[ "$line" != firstEp* ]] || has_first=true; done
  # monitor 0 / telemetryReporting 0: nothing runs inside the server but the benchmark's work, and
  # nothing phones home. supportVnodes 16 (3.x): the default of 2 per core leaves 4 vnodes here.
  # 3.x also gets report C's settings (tdengine_report_c_cfg); 2.x, which report C did not run, not.
  {
    $has_first || echo "firstEp localhost:$port"
    echo "fqdn localhost"
    echo "serverPort $port"
    echo "dataDir $data"
    echo "logDir $logs"
    echo "monitor 0"
    echo "telemetryReporting 0"
    if [ "$major" -ge 3 ]; then
      echo "supportVnodes 16"
      tdengine_report_c_cfg
    else
      echo "http 1"   # 2.x: taosd serves REST itself on serverPort + 11
    fi
    if [ $# -gt 0 ]; then printf '%s\n' "$@"; fi
  } >"$cfg/taos.cfg"
}

# tdengine_adapter_toml FILE CFGDIR PORT LOGDIR -> taosAdapter's config (3.x): REST and WebSocket on
# PORT, reaching the dnodes through the native client configured in CFGDIR
tdengine_adapter_toml() {
  cat >"$1" <<TOML
taosConfigDir = "$2"
port = $3
debug = false
logLevel = "warn"
[log]
path = "$4"
[monitor]
disable = true
[influxdb]
enable = true
[opentsdb]
enable = false
[collectd]
enable = false
[statsd]
enable = false
[prometheus]
enable = false
[node_exporter]
enable = false
TOML
}

# tdengine_launch HOME WORKDIR PIDFILE OUTFILE PROGRAM ARGS... -> PROGRAM (taosd, taosadapter) of the
# installation HOME in the background, from WORKDIR, output to OUTFILE; writes its pid. taosd stays
# in the foreground (nohup + &) and starts udfd from its own folder. Its own client library first:
# a LD_LIBRARY_PATH set for the other major's native client would win over the binaries' RUNPATH.
tdengine_launch() {
  local home=$1 work=$2 pidfile=$3 out=$4 program=$5
  shift 5
  (cd "$work" && LD_LIBRARY_PATH="$home/lib" exec nohup "$home/bin/$program" "$@" </dev/null >>"$out" 2>&1) &
  echo $! >"$pidfile"
}
