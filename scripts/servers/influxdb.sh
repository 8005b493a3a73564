#!/usr/bin/env bash
# InfluxDB 1.x for the influx-bench module: HTTP on 127.0.0.1:8086, RPC (backup) on 127.0.0.1:8088.
#   scripts/servers/influxdb.sh start|stop|status|client       ports: INFLUX_PORT, INFLUX_RPC_PORT
# Debian's influxd (1.6.7) by default; INFLUXD=/path/to/influxd runs another 1.x build (e.g. 1.8).
# Meta, data and WAL directories, config, log and pid live in $STATE_ROOT/influxdb. No auth.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=influxdb
PORT="${INFLUX_PORT:-8086}"
RPC_PORT="${INFLUX_RPC_PORT:-8088}"
DIR="$(state_dir $NAME)"
CONF="$DIR/influxdb.conf"
PIDFILE="$DIR/influxd.pid"
LOG="$DIR/influxd.log"
# An absolute default: a `go install`ed influxd (1.8) in ~/go/bin can come first on PATH.
INFLUXD="${INFLUXD:-/usr/bin/influxd}"
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 passes through).
on_exit() { local rc=$?; case $rc in 0|2|3) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

# running -> 0 when the pid file names a live influxd of this state dir (a stale pid may be reused)
running() { pid_alive "$PIDFILE" && grep -qaF -- "$CONF" "/proc/$(cat "$PIDFILE")/cmdline" 2>/dev/null; }
pinged() { curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/ping"; }

write_config() {
  # max-row-limit = 0: a query returns every row in one answer (1.6's default, stated so another
  # build's default cannot truncate results). Monitoring and continuous queries off: nothing runs
  # inside the server but the benchmark's own work. reporting-disabled: no phoning home.
  # cache-snapshot-write-cold-duration 10s (default 10m): the disk step can see the data in TSM
  # files, not in the WAL, within seconds of the last write.
  cat >"$CONF" <<CONF
reporting-disabled = true
bind-address = "127.0.0.1:$RPC_PORT"
[meta]
  dir = "$DIR/meta"
[data]
  dir = "$DIR/data"
  wal-dir = "$DIR/wal"
  query-log-enabled = false
  cache-snapshot-write-cold-duration = "10s"
[http]
  enabled = true
  bind-address = "127.0.0.1:$PORT"
  auth-enabled = false
  log-enabled = false
  max-row-limit = 0
  max-body-size = 0
[monitor]
  store-enabled = false
[continuous_queries]
  enabled = false
CONF
}

start() {
  if running && pinged; then echo "$NAME already running on 127.0.0.1:$PORT"; return 0; fi
  apt_install curl
  if [ "$INFLUXD" = /usr/bin/influxd ]; then apt_install influxdb; fi
  [ -x "$INFLUXD" ] || die "INFLUXD=$INFLUXD is not an executable influxd"
  if ! running; then
    # Another server on our ports would answer /ping while ours fails to bind.
    local p
    for p in "$PORT" "$RPC_PORT"; do
      if port_open 127.0.0.1 "$p"; then die "127.0.0.1:$p is in use by another process (set INFLUX_PORT / INFLUX_RPC_PORT)"; fi
    done
    write_config
    # `influxd run` stays in the foreground: nohup + & and its pid. Always with -config, else it
    # falls back to ~/.influxdb and 0.0.0.0.
    nohup "$INFLUXD" run -config "$CONF" </dev/null >>"$LOG" 2>&1 &
    echo $! >"$PIDFILE"
  fi
  local i
  for ((i = 0; i < 300; i++)); do   # 60 s
    pinged && break
    pid_alive "$PIDFILE" || { tail -n 20 "$LOG" >&2; die "influxd exited before answering on 127.0.0.1:$PORT (log: $LOG)"; }   # alive: the cmdline is the shell's until exec
    sleep 0.2
  done
  if ! pinged; then
    tail -n 20 "$LOG" >&2 || true
    stop_pid "$PIDFILE" "$NAME" 30   # a hung server would only confuse the next start
    die "$NAME did not answer on 127.0.0.1:$PORT/ping within 60 s (log: $LOG)"
  fi
  log "$NAME $(curl -sI "http://127.0.0.1:$PORT/ping" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-influxdb-version"{print $2}') running on 127.0.0.1:$PORT (data: $DIR)"
}

case "$ACTION" in
  start) start ;;
  stop)
    running || rm -f "$PIDFILE"   # never signal a stranger that inherited a stale pid
    stop_pid "$PIDFILE" "$NAME" 60 ;;
  status)
    if running && pinged; then echo "$NAME running on 127.0.0.1:$PORT"
    else echo "$NAME stopped"; exit 3; fi ;;
  client) ;;   # a client needs nothing but the address
  *) die "usage: $0 start|stop|status|client" ;;
esac
