#!/usr/bin/env bash
# InfluxDB 1.x for the influx-bench module, on 127.0.0.1:8086 (HTTP) and 127.0.0.1:8088 (RPC).
#   scripts/servers/influxdb.sh start|stop|status
# Debian's influxd (1.6) by default; INFLUXD=/path/to/influxd runs another 1.x build (e.g. 1.8).
# Meta, data and WAL directories, config, log and pid live in $STATE_ROOT/influxdb. No auth.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=influxdb
PORT="${INFLUX_PORT:-8086}"
DIR="$(state_dir $NAME)"
CONF="$DIR/influxdb.conf"
PIDFILE="$DIR/influxd.pid"
INFLUXD="${INFLUXD:-influxd}"

write_config() {
  # max-row-limit = 0: q1 returns every row of a group in one answer (the default of 1.6, stated
  # here so another build's default cannot truncate results). reporting-disabled: no phoning home.
  cat > "$CONF" <<CONF
reporting-disabled = true
bind-address = "127.0.0.1:8088"
[meta]
  dir = "$DIR/meta"
[data]
  dir = "$DIR/data"
  wal-dir = "$DIR/wal"
  query-log-enabled = false
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
  if pid_alive "$PIDFILE" && port_open 127.0.0.1 "$PORT"; then
    log "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  [ "$INFLUXD" = influxd ] && apt_install influxdb curl
  command -v "$INFLUXD" >/dev/null || die "no influxd at $INFLUXD"
  write_config
  nohup "$INFLUXD" run -config "$CONF" >>"$DIR/influxd.log" 2>&1 &
  echo $! > "$PIDFILE"
  local i
  for ((i = 0; i < 300; i++)); do
    curl -sf "http://127.0.0.1:$PORT/ping" >/dev/null 2>&1 && break
    pid_alive "$PIDFILE" || break
    sleep 0.2
  done
  if ! curl -sf "http://127.0.0.1:$PORT/ping" >/dev/null 2>&1; then
    tail -20 "$DIR/influxd.log" >&2 || true
    die "$NAME did not answer on 127.0.0.1:$PORT within 60 s (log: $DIR/influxd.log)"
  fi
  log "$NAME $(curl -sI "http://127.0.0.1:$PORT/ping" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-influxdb-version"{print $2}') running on 127.0.0.1:$PORT"
}

case "${1:-}" in
  start) start ;;
  stop) stop_pid "$PIDFILE" "$NAME" 60 ;;
  status)
    if pid_alive "$PIDFILE" && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT"; else echo "$NAME stopped"; exit 3; fi ;;
  *) die "usage: $0 start|stop|status" ;;
esac
