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
source "$(dirname "$0")/clusters.sh"
cd "$REPO_DIR"
ensure_build_tools
ensure_tdengine

# run_cluster DB -> the cluster phase of one database (scripts/clusters.sh); fails when its tests fail
run_cluster() {
  local db=$1 module class rc=0 t0=$SECONDS
  read -r module class <<<"$(cluster_module "$db")"
  cluster_tests() (
    export_secrets
    cluster_client "$db"
    mvn_plain -pl "$module" -am verify -Dtest="$class" -Dsurefire.failIfNoSpecifiedTests=false
  )
  if cluster_up "$db"; then
    timed_tests "cluster: $db: tests" cluster_tests || rc=$?
  else
    rc=$?
  fi
  cluster_down "$db"
  log "$db cluster phase: $((SECONDS - t0)) s, exit $rc"
  return "$rc"
}

dbs=("$@")
[ ${#dbs[@]} -gt 0 ] || dbs=(cassandra tdengine)
failed=()
for db in "${dbs[@]}"; do cluster_module "$db" >/dev/null; done   # an unknown name stops here, saying so
for db in "${dbs[@]}"; do
  read -r module _ <<<"$(cluster_module "$db")"
  [ -d "$REPO_DIR/$module" ] || continue
  timed "cluster: $db" run_cluster "$db" || failed+=("$db")
done
if [ ${#failed[@]} -gt 0 ]; then echo "error: cluster tests failed: ${failed[*]}" >&2; exit 1; fi
