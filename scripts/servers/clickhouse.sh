#!/usr/bin/env bash
# ClickHouse for the clickhouse-bench module, on 127.0.0.1: HTTP 8123, native 9000.
#   scripts/servers/clickhouse.sh start|stop|status|client     ports: CLICKHOUSE_PORT, CLICKHOUSE_NATIVE_PORT
# Debian's clickhouse-server (18.16, the only one these machines can install). Its config, users,
# data, logs and pid live in $STATE_ROOT/clickhouse; user `default`, loopback only, with a password:
# CLICKHOUSE_PASSWORD if set, else a random one made once, kept in $STATE_ROOT/clickhouse/password
# (mode 600). users.xml holds only its SHA-256; it never appears in argv or logs
# (scripts/servers/README.md, "Secrets"). A start on a running server sets a changed password.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=clickhouse
PORT="${CLICKHOUSE_PORT:-8123}"
NATIVE_PORT="${CLICKHOUSE_NATIVE_PORT:-9000}"
DIR="$(state_dir $NAME)"
CONF="$DIR/config.xml"
PIDFILE="$DIR/clickhouse-server.pid"
LOGDIR="$DIR/log"
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 passes through).
on_exit() { local rc=$?; case $rc in 0|2|3) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

# running -> 0 when the pid file names a live server of this state dir (a stale pid may be reused)
running() { pid_alive "$PIDFILE" && grep -qaF -- "$CONF" "/proc/$(cat "$PIDFILE")/cmdline" 2>/dev/null; }
pinged() { [ "$(curl -s --max-time 2 "http://127.0.0.1:$PORT/ping" 2>/dev/null)" = "Ok." ]; }

# sql PASSWORD SQL -> the answer to SQL as user default (credentials through a pipe, SQL on stdin); fails on an error
sql() { printf '%s' "$2" | curl -sf --max-time 10 -K <(curl_user default "$1") --data-binary @- "http://127.0.0.1:$PORT/" 2>/dev/null; }

write_config() {
  mkdir -p "$DIR"/{data,tmp,user_files,format_schemas} "$LOGDIR"
  # No interserver_http_port: the server opens that port (replication) only when it is configured.
  # No include_from: the packaged /etc/clickhouse-server and /etc/metrika.xml are never read.
  cat >"$CONF" <<XML
<yandex>
  <logger>
    <level>warning</level>
    <log>$LOGDIR/clickhouse-server.log</log>
    <errorlog>$LOGDIR/clickhouse-server.err.log</errorlog>
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
}

# write_users PASSWORD -> users.xml: user default, logging in with PASSWORD (its SHA-256 only), from
# loopback. The server reloads the file within seconds when it runs.
write_users() {
  local hash
  hash="$(printf '%s' "$1" | sha256sum | cut -d' ' -f1)"
  # Quota with zero limits = unlimited; max_memory_usage 10 GB per query (the machine has 24).
  (umask 077; cat >"$DIR/users.xml.tmp") <<XML
<yandex>
  <profiles>
    <default>
      <max_memory_usage>10000000000</max_memory_usage>
      <load_balancing>random</load_balancing>
    </default>
  </profiles>
  <users>
    <default>
      <password_sha256_hex>$hash</password_sha256_hex>
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
  mv "$DIR/users.xml.tmp" "$DIR/users.xml"
}

# ensure_password PASSWORD -> user default logs in with PASSWORD (users.xml rewritten and reloaded
# when the password changed), and $DIR/password holds it
ensure_password() {
  local i
  if ! sql "$1" "SELECT 1" >/dev/null; then
    write_users "$1"
    # The server rereads users.xml when its modification time, in whole seconds, changes: a second
    # change within the same second would wait for nothing. The password in force asks for it now.
    [ -f "$DIR/password" ] && sql "$(cat "$DIR/password")" "SYSTEM RELOAD CONFIG" >/dev/null
    for ((i = 0; i < 150; i++)); do   # 30 s
      sql "$1" "SELECT 1" >/dev/null && break
      sleep 0.2
    done
    sql "$1" "SELECT 1" >/dev/null || die "$NAME on 127.0.0.1:$PORT refuses user default with the password of $DIR/users.xml (log: $LOGDIR)"
  fi
  keep_password "$DIR/password" "$1"
}

start() {
  local pw
  pw="$(wanted_password CLICKHOUSE_PASSWORD "$DIR/password")"
  if running && pinged; then
    ensure_password "$pw"   # a changed CLICKHOUSE_PASSWORD takes effect without a restart
    echo "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  apt_install clickhouse-server curl
  if ! running; then
    # Another server on our ports would answer /ping while ours fails to bind.
    local p
    for p in "$PORT" "$NATIVE_PORT"; do
      if port_open 127.0.0.1 "$p"; then die "127.0.0.1:$p is in use by another process (set CLICKHOUSE_PORT / CLICKHOUSE_NATIVE_PORT)"; fi
    done
    write_config
    write_users "$pw"
    # It runs in the foreground (no --daemon): nohup + & and its pid. As root it only warns.
    # Run from the state dir so nothing (core files, relative paths) lands in the caller's cwd.
    (cd "$DIR" && exec nohup clickhouse-server --config-file="$CONF" </dev/null >>"$LOGDIR/stdout.log" 2>&1) &
    echo $! >"$PIDFILE"
  fi
  local i
  for ((i = 0; i < 300; i++)); do   # 60 s
    pinged && break
    # Alive, not running(): right after the start the pid is still the subshell's, whose cmdline is not yet the server's.
    pid_alive "$PIDFILE" || { tail -n 20 "$LOGDIR/clickhouse-server.err.log" "$LOGDIR/stdout.log" >&2 2>/dev/null || true
                 die "clickhouse-server exited before answering on 127.0.0.1:$PORT (logs: $LOGDIR)"; }
    sleep 0.2
  done
  if ! pinged; then
    tail -n 20 "$LOGDIR/clickhouse-server.err.log" "$LOGDIR/stdout.log" >&2 2>/dev/null || true
    stop_pid "$PIDFILE" "$NAME" 30   # a hung server would only confuse the next start
    die "$NAME did not answer on 127.0.0.1:$PORT/ping within 60 s (logs: $LOGDIR)"
  fi
  ensure_password "$pw"
  log "$NAME $(sql "$pw" 'SELECT version()') running on 127.0.0.1:$PORT (native $NATIVE_PORT, user default, data: $DIR/data)"
}

case "$ACTION" in
  start) start ;;
  stop)
    running || rm -f "$PIDFILE"   # never signal a stranger that inherited a stale pid
    stop_pid "$PIDFILE" "$NAME" 60 ;;
  status)
    if running && pinged; then echo "$NAME running on 127.0.0.1:$PORT"
    else echo "$NAME stopped"; exit 3; fi ;;
  client) client_secret CLICKHOUSE_PASSWORD "$DIR/password" ;;   # the address is the module's default
  *) die "usage: $0 start|stop|status|client" ;;
esac
