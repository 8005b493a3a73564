#!/usr/bin/env bash
# A test of sharded clients (run by scripts/test.sh): 3 shards as local processes load one data
# set into the real MariaDB exactly once (the verify step counts the whole table; its primary key
# (devid, ts) refuses a row twice), their manifests carry one run id and shards 0/3, 1/3, 2/3, and
# `report --merge` makes one report of them; a missing shard is refused.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../modules.sh"
cd "$REPO_DIR"
export_secrets

run_id="shards-test-$$"
results="results/$run_id"
out="$(mktemp)"
failed=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAILED: $1"; failed=1; fi; }

TSBENCH_RUN_ID="$run_id" bash scripts/shards.sh mysql 3 load -numOfDevices 31 -rowsPerDevice 700 -writeClients 2 >"$out" 2>&1
rc=$?
check "shards.sh exit 0 (was $rc)" '[ "$rc" -eq 0 ]'
for i in 0 1 2; do
  m="$results/shard-$i/mysql-manifest.json"
  check "shard $i: run id and shard $i/3 in its manifest" \
    'grep -q "\"runId\" : \"$run_id\"" "$m" && tr -d " \n" < "$m" | grep -q "\"shard\":{\"index\":$i,\"count\":3}"'
done
# 31 devices in 3 shards: 10, 10 and 11 devices of 700 rows each, none twice.
check "shard 2 loaded its 11 devices" 'grep -q "\"rowsAcknowledged\" : 7700" "$results/shard-2/mysql-manifest.json"'
check "the verify step counted the whole data set once: 21,700 rows" 'grep -q "verified: 21,700 rows stored" "$results/verify.log"'
check "the merged report sums the shards' loads" 'grep -q "\"rowsAcknowledged\" : 21700" "$results/merged/mysql-manifest.json"'
check "the merged report.md and report.html exist" '[ -s "$results/merged/report.md" ] && [ -s "$results/merged/report.html" ]'
java -jar report/target/report.jar --merge "$results/shard-0" "$results/shard-2" -o "$results/bad" >"$out.merge" 2>&1
rc=$?
check "a missing shard is refused with exit 2 naming it (was $rc: $(head -1 "$out.merge"))" '[ "$rc" -eq 2 ] && grep -q "shard 1" "$out.merge"'

if [ "$failed" -ne 0 ]; then echo "--- shards.sh output:"; cat "$out"; fi
rm -rf "$results" "$out" "$out.merge"
exit "$failed"
