#!/usr/bin/env bash
# Apache Cassandra 5.0 for the cassandra-bench module: one node, CQL on 127.0.0.1:9042.
#   scripts/servers/cassandra.sh start|stop|status|client
# There is no Debian package: cassandra-all 5.0.9 comes from Maven Central (cassandra/pom.xml) and
# runs as its own Java 17 JVM with the project's cassandra.yaml and logback.xml.
# Heap: CASSANDRA_HEAP (default 1G; as root Cassandra mlocks it, so RSS is at least the heap).
# Config, data, logs and pid live in $STATE_ROOT/cassandra; `stop` keeps the data.
# Logins need a password (PasswordAuthenticator): role bench, a superuser, made at the first start;
# its password is CASSANDRA_PASSWORD if set, else a random one made once, kept in
# $STATE_ROOT/cassandra/password (mode 600), never in argv or logs (scripts/servers/README.md,
# "Secrets"). A start on a running node sets a changed CASSANDRA_PASSWORD.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/cassandra/node.sh"   # the classpath, JVM flags and readiness shared with cassandra-cluster.sh

NAME=cassandra
DIR="$(state_dir $NAME)"
PIDFILE="$DIR/cassandra.pid"
LOG="$DIR/log/system.log"
PORT=$CQL_PORT                   # the node also binds 7000 (storage) and 7199 (JMX, loopback)
HEAP="${CASSANDRA_HEAP:-1G}"

running() { cassandra_running "$PIDFILE"; }

# wait_ready PID -> 0 once CQL serves requests, 120 s at most
wait_ready() { cassandra_wait_cql "$DIR" 127.0.0.1 "$1" 120; }

start() {
  if running; then
    if port_open 127.0.0.1 "$PORT"; then
      # A changed CASSANDRA_PASSWORD takes effect without a restart.
      if [ -n "${CASSANDRA_PASSWORD:-}" ] && [ "$CASSANDRA_PASSWORD" != "$(cat "$DIR/password" 2>/dev/null)" ]; then
        cassandra_ensure_role "$DIR" 127.0.0.1 1 "$(cassandra_classpath "$DIR")"
      fi
      log "$NAME already running on 127.0.0.1:$PORT"; return 0
    fi
    log "$NAME is starting (pid $(cat "$PIDFILE")), waiting for it"
    wait_ready "$(cat "$PIDFILE")" || die "$NAME did not come up (log: $LOG)"
    cassandra_ensure_role "$DIR" 127.0.0.1 1 "$(cassandra_classpath "$DIR")"
    return 0
  fi
  if cassandra_cluster_running; then
    die "the Cassandra cluster of scripts/servers/cassandra-cluster.sh runs on 127.0.0.1-3:$PORT: stop it first (they share ports)"
  fi
  # Something else on our ports (another checkout's Cassandra?) would make us wait on the wrong node.
  local p
  for p in "$PORT" 7000 7199; do
    if port_open 127.0.0.1 "$p"; then die "127.0.0.1:$p is in use by another process"; fi
  done

  cassandra_require_java
  local cp
  cp="$(cassandra_classpath "$DIR")"
  cassandra_yaml "$DIR" 127.0.0.1 127.0.0.1:7000
  # Gossip has nobody to settle with on one node: skipping that wait saves seconds at start.
  cassandra_launch "$DIR" "$HEAP" 7199 "$PIDFILE" "$cp" -Dcassandra.skip_wait_for_gossip_to_settle=0
  local t0=$SECONDS
  if ! wait_ready "$(cat "$PIDFILE")"; then
    tail -n 30 "$LOG" "$DIR/log/stdout.log" >&2 2>/dev/null || true
    stop_pid "$PIDFILE" "$NAME" 30
    die "$NAME did not start: CQL on 127.0.0.1:$PORT not answering (logs: $DIR/log)"
  fi
  cassandra_ensure_role "$DIR" 127.0.0.1 1 "$cp"
  log "$NAME $CASSANDRA_VERSION running on 127.0.0.1:$PORT (pid $(cat "$PIDFILE"), heap $HEAP, role bench, up in $((SECONDS - t0)) s)"
}

case "${1:-}" in
  start) start ;;
  stop)
    running || rm -f "$PIDFILE"         # never signal a stranger that inherited a stale pid
    stop_pid "$PIDFILE" "$NAME" 60 ;;   # TERM runs Cassandra's drain hook; it usually takes seconds
  status)
    if running && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT (pid $(cat "$PIDFILE"))"
    elif running; then echo "$NAME starting (pid $(cat "$PIDFILE")), CQL not answering yet"; exit 3
    else echo "$NAME stopped"; exit 3; fi ;;
  client) client_secret CASSANDRA_PASSWORD "$DIR/password" ;;   # the address is the module's default
  *) die "usage: $0 start|stop|status|client" ;;
esac
