#!/usr/bin/env bash
# CnosDB for the cnosdb-bench module: an installed CnosDB 2.4 started single-node (`-M singleton`)
# with the project's own config, like any other server.
#   scripts/servers/cnosdb.sh start|stop|status|client|home      ports: CNOSDB_PORT (HTTP, 8902),
#                                                               CNOSDB_GRPC_PORT (8903), CNOSDB_META_PORT (8901)
# The installation: CNOSDB_HOME (bin/cnosdb), else the newest /opt/cnosdb/<version> (where
# ../shared/cnosdb/install.sh unpacks 2.4.3.4). `start` exits 4 when none is installed: the
# comparison then skips CnosDB and the tests skip its tests, saying what to install.
# Config, data (with the singleton's meta store), WAL, logs and pid live in $STATE_ROOT/cnosdb;
# `stop` keeps the data.
# Bound addresses: CnosDB takes ports, not addresses, for its services and binds HTTP and gRPC
# on 0.0.0.0 whatever the config says (server.rs: DEFAULT_NODE_IP); only the meta service takes
# an address (127.0.0.1 here). Flight SQL and the TCP service are left off (no port configured).
# Authentication is on ([query] auth_enabled = true): user root of tenant cnosdb, whose password is
# CNOSDB_PASSWORD if set, else a random one made once; $STATE_ROOT/cnosdb/password (mode 600)
# holds the current one. It is set with auth off (CnosDB's way: a server with auth on accepts no
# login whose password it does not know), then the server runs with auth on. It never appears in
# argv, logs or output; `client` names its file (`secret CNOSDB_PASSWORD=FILE`) for the steps' JVMs.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=cnosdb
PORT="${CNOSDB_PORT:-8902}"
GRPC_PORT="${CNOSDB_GRPC_PORT:-8903}"
META_PORT="${CNOSDB_META_PORT:-8901}"
DIR="$(state_dir $NAME)"
CONF="$DIR/cnosdb.conf"
PIDFILE="$DIR/cnosdb.pid"
LOG="$DIR/cnosdb.out"
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 and start's 4 pass through).
on_exit() { local rc=$?; case $rc in 0|2|3|4) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

HOME_DIR="$(cnosdb_home || true)"

require_home() {
  if [ -z "$HOME_DIR" ]; then
    echo "error: CnosDB is not installed: set CNOSDB_HOME to an installation (bin/cnosdb), or run ../shared/cnosdb/install.sh (CnosDB 2.4.3.4 to /opt/cnosdb)" >&2
    exit 4
  fi
  [ -x "$HOME_DIR/bin/cnosdb" ] || die "CNOSDB_HOME=$HOME_DIR has no bin/cnosdb"
}

# running -> 0 when the pid file names a live cnosdb of this state dir (a stale pid may be reused)
running() { pid_alive "$PIDFILE" && grep -qaF -- "$CONF" "/proc/$(cat "$PIDFILE")/cmdline" 2>/dev/null; }
pinged() { curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/api/v1/ping"; }

password() {
  if [ -n "${CNOSDB_PASSWORD:-}" ]; then printf '%s' "$CNOSDB_PASSWORD"
  elif [ -f "$DIR/password" ]; then cat "$DIR/password"
  else head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 20
  fi
}

# sql PASSWORD STATEMENT -> the HTTP status of the statement run as root; the answer in $DIR/answer.
# The login goes to curl as a config on a pipe and the statement on stdin: neither is in argv.
sql() {
  printf '%s' "$2" | curl -s -o "$DIR/answer" -w '%{http_code}' --max-time 10 -K <(curl_user root "$1") \
    -X POST --data-binary @- "http://127.0.0.1:$PORT/api/v1/sql?db=public" || true
}

# sql_quote S -> S as the inside of a '...' literal
sql_quote() { printf '%s' "${1//\'/\'\'}"; }

# write_config AUTH -> the config file, auth_enabled = AUTH (true|false)
write_config() {
  # store_metrics: CnosDB records its own figures every 10 s in usage_schema, among them each
  # vnode's bytes on disk (vnode_disk_storage), which the module's disk step reads.
  # enable_report = false: no daily telemetry report to the vendor (the upstream example has true).
  cat >"$CONF" <<CONF
[global]
node_id = 1001
host = "127.0.0.1"
cluster_name = "tsdb_bench"
store_metrics = true
pre_create_bucket = false

[deployment]
mode = "singleton"

[meta]
service_addr = ["127.0.0.1:$META_PORT"]

[query]
auth_enabled = $1

[storage]
path = "$DIR/data"

[wal]
path = "$DIR/wal"

[log]
level = "info"
path = "$DIR/log"

[service]
http_listen_port = $PORT
grpc_listen_port = $GRPC_PORT
enable_report = false
CONF
}

# launch AUTH -> starts the server with auth_enabled = AUTH and waits until /api/v1/ping answers
launch() {
  write_config "$1"
  # Another server on our ports would answer the ping while ours fails to bind.
  local p i
  for p in "$PORT" "$GRPC_PORT" "$META_PORT"; do
    if port_open 127.0.0.1 "$p"; then die "127.0.0.1:$p is in use by another process (set CNOSDB_PORT / CNOSDB_GRPC_PORT / CNOSDB_META_PORT)"; fi
  done
  mkdir -p "$DIR/data" "$DIR/wal" "$DIR/log"
  # `cnosdb run` stays in the foreground: nohup + & and its pid.
  nohup "$HOME_DIR/bin/cnosdb" run -M singleton --config "$CONF" </dev/null >>"$LOG" 2>&1 &
  echo $! >"$PIDFILE"
  for ((i = 0; i < 300; i++)); do   # 60 s
    pinged && return 0
    pid_alive "$PIDFILE" || { tail -n 20 "$LOG" >&2; die "cnosdb exited before answering on 127.0.0.1:$PORT (log: $LOG, $DIR/log)"; }
    sleep 0.2
  done
  tail -n 20 "$LOG" >&2 || true
  stop_pid "$PIDFILE" "$NAME" 30   # a hung server would only confuse the next start
  die "$NAME did not answer on 127.0.0.1:$PORT/api/v1/ping within 60 s (log: $LOG, $DIR/log)"
}

# ensure_password -> the running server (auth on) takes root with the wanted password, which
# $DIR/password then holds. A new data dir, a lost password file or a changed CNOSDB_PASSWORD:
# the server is restarted with auth off, the password set, and restarted with auth on.
ensure_password() {
  local want code
  want="$(password)"
  code="$(sql "$want" "SELECT 1")"
  if [ "$code" != 200 ]; then
    log "setting the root password of $NAME (with authentication off for a moment)"
    stop_pid "$PIDFILE" "$NAME" 30
    launch false
    code="$(sql "" "ALTER USER root SET PASSWORD = '$(sql_quote "$want")'")"
    [ "$code" = 200 ] || die "could not set the root password of $NAME on 127.0.0.1:$PORT (HTTP $code: $(head -c 300 "$DIR/answer"))"
    code="$(sql "" "ALTER USER root SET MUST_CHANGE_PASSWORD = false")"
    [ "$code" = 200 ] || die "could not clear root's must_change_password on 127.0.0.1:$PORT (HTTP $code: $(head -c 300 "$DIR/answer"))"
    stop_pid "$PIDFILE" "$NAME" 30
    launch true
    code="$(sql "$want" "SELECT 1")"
    [ "$code" = 200 ] || die "$NAME on 127.0.0.1:$PORT refuses root with the password just set (HTTP $code: $(head -c 300 "$DIR/answer"))"
  fi
  rm -f "$DIR/answer"
  (umask 077; printf '%s' "$want" >"$DIR/password")
  chmod 600 "$DIR/password"
}

start() {
  require_home
  apt_install curl
  if running && pinged; then
    ensure_password   # a changed CNOSDB_PASSWORD takes effect here
    echo "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  if running; then stop_pid "$PIDFILE" "$NAME" 30; fi   # alive but not answering: start afresh
  rm -f "$PIDFILE"
  launch true
  echo "$HOME_DIR" >"$DIR/home"
  ensure_password
  log "$NAME $("$HOME_DIR/bin/cnosdb" --version 2>/dev/null | head -n 1 | awk '{print $2}' | tr -d ,) running on 127.0.0.1:$PORT (HTTP; gRPC $GRPC_PORT on every interface, meta 127.0.0.1:$META_PORT), home $HOME_DIR, data $DIR/data"
}

case "$ACTION" in
  start) start ;;
  stop)
    running || rm -f "$PIDFILE"   # never signal a stranger that inherited a stale pid
    stop_pid "$PIDFILE" "$NAME" 60 ;;   # TERM is a clean stop (about 0.1 s)
  status)
    if running && pinged; then echo "$NAME running on 127.0.0.1:$PORT ($(cat "$DIR/home" 2>/dev/null))"
    else echo "$NAME stopped"; exit 3; fi ;;
  client)
    # the file of root's password, unless the caller has one already (or CNOSDB_URL names another server).
    if [ -z "${CNOSDB_URL:-}" ]; then client_secret CNOSDB_PASSWORD "$DIR/password"; fi ;;
  home)
    [ -n "$HOME_DIR" ] || { echo "CnosDB is not installed" >&2; exit 3; }
    echo "$HOME_DIR" ;;
  *) die "usage: $0 start|stop|status|client|home" ;;
esac
