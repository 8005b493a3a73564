#!/usr/bin/env bash
# ClickHouse for the clickhouse-bench module, on 127.0.0.1 (HTTP 8123, native 9000).
#   scripts/servers/clickhouse.sh start|stop|status
# Debian's clickhouse-server (18.16, the only one these machines can install). Its config, users,
# data, logs and pid live in $STATE_ROOT/clickhouse; user `default` with no password, 127.0.0.1 only.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=clickhouse
PORT="${CLICKHOUSE_PORT:-8123}"
NATIVE_PORT="${CLICKHOUSE_NATIVE_PORT:-9000}"
DIR="$(state_dir $NAME)"
PIDFILE="$DIR/clickhouse-server.pid"

write_config() {
  mkdir -p "$DIR/data" "$DIR/tmp" "$DIR/user_files" "$DIR/format_schemas" "$DIR/log"
  cat > "$DIR/config.xml" <<XML
<yandex>
  <logger>
    <level>warning</level>
    <log>$DIR/log/clickhouse-server.log</log>
    <errorlog>$DIR/log/clickhouse-server.err.log</errorlog>
    <size>100M</size>
    <count>2</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>$PORT</http_port>
  <tcp_port>$NATIVE_PORT</tcp_port>
  <path>$DIR/data/</path>
  <tmp_path>$DIR/tmp/</tmp_path>
  <user_files_path>$DIR/user_files/</user_files_path>
  <format_schema_path>$DIR/format_schemas/</format_schema_path>
  <users_config>$DIR/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>536870912</mark_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>
</yandex>
XML
  cat > "$DIR/users.xml" <<XML
<yandex>
  <profiles>
    <default>
      <max_memory_usage>10000000000</max_memory_usage>
      <load_balancing>random</load_balancing>
    </default>
  </profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas>
    <default>
      <interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows>
        <read_rows>0</read_rows><execution_time>0</execution_time></interval>
    </default>
  </quotas>
</yandex>
XML
}

start() {
  if pid_alive "$PIDFILE" && port_open 127.0.0.1 "$PORT"; then
    log "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  apt_install clickhouse-server curl
  write_config
  # It runs in the foreground; as root it only warns.
  nohup clickhouse-server --config-file="$DIR/config.xml" >>"$DIR/log/stdout.log" 2>&1 &
  echo $! > "$PIDFILE"
  local i
  for ((i = 0; i < 300; i++)); do
    [ "$(curl -s "http://127.0.0.1:$PORT/ping" 2>/dev/null)" = "Ok." ] && break
    pid_alive "$PIDFILE" || break
    sleep 0.2
  done
  if [ "$(curl -s "http://127.0.0.1:$PORT/ping" 2>/dev/null)" != "Ok." ]; then
    tail -20 "$DIR/log/clickhouse-server.err.log" "$DIR/log/stdout.log" >&2 2>/dev/null || true
    die "$NAME did not answer on 127.0.0.1:$PORT within 60 s (logs: $DIR/log)"
  fi
  log "$NAME $(curl -s "http://127.0.0.1:$PORT/" --data-binary 'SELECT version()') running on 127.0.0.1:$PORT"
}

case "${1:-}" in
  start) start ;;
  stop) stop_pid "$PIDFILE" "$NAME" 60 ;;
  status)
    if pid_alive "$PIDFILE" && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT"; else echo "$NAME stopped"; exit 3; fi ;;
  *) die "usage: $0 start|stop|status" ;;
esac
