#!/usr/bin/env bash
# The cluster phase of the test command: scripts/test.sh runs it after the single-node tests, and it
# runs alone as well (the modules' tests build with it):
#   bash scripts/test-clusters.sh [cassandra] [tdengine]      # default: both
# For each database, one after the other: stops its single-node server if it runs (the cluster takes
# the same ports), starts the three-node cluster (scripts/servers/<db>-cluster.sh), runs the module's
# <Db>ClusterTest against it (Maven with -Dtest=...; `mvn verify` leaves these classes out), stops the
# cluster, and starts the single-node server again if it was running. Where this machine cannot
# have the cluster (TDengine 3.x not installed, too little free memory for three Cassandra nodes,
# 127.0.0.2-3 not on the loopback device), the test class still runs and is skipped with the reason.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
cd "$REPO_DIR"
ensure_build_tools
ensure_tdengine

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

# run_cluster DB MODULE CLASS -> the cluster phase of one database; fails when its tests fail
run_cluster() {
  local db=$1 module=$2 class=$3 skipvar reason single_home="" rc=0
  skipvar="$(tr '[:lower:]' '[:upper:]' <<<"$db")_CLUSTER_TESTS"
  reason="$("${db}_unavailable")"
  if [ -n "$reason" ]; then
    log "$db cluster tests SKIPPED: $reason"
    skipped_tests() (export "$skipvar=skip: $reason"; mvn_plain -pl "$module" -am verify -Dtest="$class" -Dsurefire.failIfNoSpecifiedTests=false)
    timed_tests "cluster: $db: tests (skipped)" skipped_tests
    return
  fi
  # The single-node server holds the ports: stopped now, started again after.
  if "scripts/servers/$db.sh" status >/dev/null 2>&1; then
    [ "$db" != tdengine ] || single_home="$(cat "$STATE_ROOT/tdengine/home")"
    timed "cluster: $db: stop the single server" "scripts/servers/$db.sh" stop
  else
    single_home=none
  fi
  local t0=$SECONDS
  if timed "cluster: $db: start the cluster" "scripts/servers/$db-cluster.sh" start; then
    log "$db cluster up in $((SECONDS - t0)) s"
    cluster_tests() (
      export_secrets
      # The cluster's password, not the single server's (the one <DB>_PASSWORD set, or the cluster's own).
      export "${db^^}_PASSWORD=$(cat "$STATE_ROOT/$db-cluster/password")"
      mvn_plain -pl "$module" -am verify -Dtest="$class" -Dsurefire.failIfNoSpecifiedTests=false
    )
    timed_tests "cluster: $db: tests" cluster_tests || rc=$?
  else
    rc=$?
  fi
  timed "cluster: $db: stop the cluster" "scripts/servers/$db-cluster.sh" stop || true
  if [ "$single_home" != none ]; then
    if [ -n "$single_home" ]; then
      TDENGINE_HOME="$single_home" timed "cluster: $db: start the single server again" "scripts/servers/$db.sh" start
    else
      timed "cluster: $db: start the single server again" "scripts/servers/$db.sh" start
    fi
  fi
  log "$db cluster phase: $((SECONDS - t0)) s, exit $rc"
  return "$rc"
}

dbs=("$@")
[ ${#dbs[@]} -gt 0 ] || dbs=(cassandra tdengine)
failed=()
for db in "${dbs[@]}"; do
  case "$db" in
    cassandra) module=cassandra-bench class=CassandraClusterTest ;;
    tdengine) module=tdengine-bench class=TDengineClusterTest ;;
    *) die "no cluster for '$db': cassandra or tdengine" ;;
  esac
  [ -d "$REPO_DIR/$module" ] || continue
  timed "cluster: $db" run_cluster "$db" "$module" "$class" || failed+=("$db")
done
if [ ${#failed[@]} -gt 0 ]; then echo "error: cluster tests failed: ${failed[*]}" >&2; exit 1; fi
