#!/usr/bin/env bash
# Runs N shards of one database module as local processes, the way N client machines would run
# them (see deploy/k8s/ for the same as a Kubernetes Indexed Job): the schema step once, then
# shard i of N for i = 0..N-1 at the same time (same run id, results/<run>/shard-<i>/), then, after
# a load, the verify step (the whole data set stored exactly once), then `report --merge` into
# results/<run>/merged/. Exits non-zero if any part failed. The orchestrator does the work
# (orchestrator/target/orchestrator.jar shards); this script builds the suite first when needed.
#
#   scripts/shards.sh DB N STEP [step options...]
#   scripts/shards.sh mysql 3 load -numOfDevices 300 -rowsPerDevice 1000 -writeClients 2
#   scripts/shards.sh cassandra 2 write -host node1,node2 -rowsPerRequest 100 -writeClients 1,2
# The step options must not hold -results, --shard or --run-id (set by the orchestrator). The run
# id is TSBENCH_RUN_ID, else <db>-<step>-<date-time>.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$REPO_DIR"

if [ ! -f orchestrator/target/orchestrator.jar ]; then
  log "building the suite"
  mvn_plain -q -DskipTests package || die "build failed"
fi
exec java -jar orchestrator/target/orchestrator.jar shards "$@"
