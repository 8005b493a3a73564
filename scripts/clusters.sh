#!/usr/bin/env bash
# The three-node clusters in place of the single servers, for the cluster tests: sourced (after lib.sh)
# by scripts/test-clusters.sh, which runs each database's phase alone, and by scripts/test.sh, which
# runs the Cassandra cluster's tests beside the TDengine 2.x ones. A cluster takes its single server's
# ports: cluster_up stops that server and cluster_down starts it again if it was running.

# cluster_module DB -> the module and test class of DB's cluster tests, as "module class"
cluster_module() {
  case "$1" in
    cassandra) echo "cassandra-bench CassandraClusterTest" ;;
    tdengine) echo "tdengine-bench TDengineClusterTest" ;;
    *) die "no cluster for '$1': cassandra or tdengine" ;;
  esac
}

# cassandra_unavailable -> why three Cassandra nodes cannot run here, or nothing
cassandra_unavailable() {
  local mb
  mb=$(awk '/^MemAvailable:/ {print int($2 / 1024)}' /proc/meminfo 2>/dev/null || echo 0)
  if [ "${mb:-0}" -lt 4096 ]; then
    echo "three Cassandra nodes need about 4 GB of free memory (about 1 GB each with 512M heaps, and the client); ${mb} MB available"
  elif command -v ip >/dev/null && ! ip -o route get 127.0.0.3 2>/dev/null | grep -q ' dev lo '; then
    echo "127.0.0.2 and 127.0.0.3 are not on the loopback device here (ip addr add 127.0.0.2/8 dev lo; the same for 127.0.0.3)"
  fi
}

# tdengine_unavailable -> why the TDengine cluster cannot run here, or nothing
tdengine_unavailable() {
  local home
  if [ -n "${TDENGINE_URL:-}" ]; then echo "TDENGINE_URL points the TDengine tests at another server"; return; fi
  home="$(tdengine_home || true)"
  if [ -z "$home" ]; then echo "TDengine is not installed on this machine (set TDENGINE_HOME, or install it at /usr/local/taos)"; return; fi
  case "$(ls "$home"/lib/libtaos.so.*.*.* 2>/dev/null | head -1)" in
    *libtaos.so.3.*) ;;
    *) echo "the cluster needs TDengine 3.x; $home is not" ;;
  esac
}

# The single server each cluster_up stopped, to start again: its TDengine home, "-" for another
# database's, none when it was not running.
declare -A CLUSTER_SINGLE=()

# cluster_up DB -> DB's cluster running in place of its single server; where this machine cannot have
# it, <DB>_CLUSTER_TESTS="skip: why" exported instead (its test class then runs and is skipped with
# the reason) and success. Fails when the cluster does not start (cluster_down still cleans up).
cluster_up() {
  local db=$1 reason t0
  reason="$("${db}_unavailable")"
  if [ -n "$reason" ]; then
    log "$db cluster tests SKIPPED: $reason"
    export "${db^^}_CLUSTER_TESTS=skip: $reason"
    return 0
  fi
  CLUSTER_SINGLE[$db]=none
  if "$REPO_DIR/scripts/servers/$db.sh" status >/dev/null 2>&1; then
    CLUSTER_SINGLE[$db]=-
    [ "$db" != tdengine ] || CLUSTER_SINGLE[$db]="$(cat "$STATE_ROOT/tdengine/home")"
    timed "cluster: $db: stop the single server" "$REPO_DIR/scripts/servers/$db.sh" stop
  fi
  t0=$SECONDS
  timed "cluster: $db: start the cluster" "$REPO_DIR/scripts/servers/$db-cluster.sh" start || return
  log "$db cluster up in $((SECONDS - t0)) s"
}

# cluster_client DB -> exports what a test of DB's cluster needs beside the single server's
# environment: the cluster's own password (not the one <DB>_PASSWORD holds for the single server)
cluster_client() {
  [ -z "${CLUSTER_SINGLE[$1]:-}" ] || export "${1^^}_PASSWORD=$(cat "$STATE_ROOT/$1-cluster/password")"
}

# cluster_down DB -> DB's cluster stopped (data kept) and its single server started again if
# cluster_up stopped it; nothing when cluster_up skipped
cluster_down() {
  local db=$1 single="${CLUSTER_SINGLE[$1]:-}"
  [ -n "$single" ] || return 0
  timed "cluster: $db: stop the cluster" "$REPO_DIR/scripts/servers/$db-cluster.sh" stop || true
  case "$single" in
    none) ;;
    -) timed "cluster: $db: start the single server again" "$REPO_DIR/scripts/servers/$db.sh" start ;;
    *) TDENGINE_HOME="$single" timed "cluster: $db: start the single server again" "$REPO_DIR/scripts/servers/$db.sh" start ;;
  esac
  unset "CLUSTER_SINGLE[$db]"
}
