#!/usr/bin/env bash
# Runs N shards of one database module as local processes, the way N client machines would run
# them (see deploy/k8s/ for the same as a Kubernetes Indexed Job): the schema step once, then
# shard i of N for i = 0..N-1 at the same time (same run id, results/<run>/shard-<i>/), then, after
# a load, the verify step (the whole data set stored exactly once), then `report --merge` into
# results/<run>/merged/. Exits non-zero if any part failed.
#
#   scripts/shards.sh DB N STEP [step options...]
#   scripts/shards.sh mysql 3 load -numOfDevices 300 -rowsPerDevice 1000 -writeClients 2
#   scripts/shards.sh cassandra 2 write -host node1,node2 -rowsPerRequest 100 -writeClients 1,2
# The step options must not hold -results, --shard or --run-id (this script sets them).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
cd "$REPO_DIR"

[ $# -ge 3 ] || die "usage: $0 DB N STEP [step options...] (see the comment at the top)"
db="$1" n="$2" step="$3"
shift 3
[[ "$n" =~ ^[1-9][0-9]*$ ]] || die "N $n: not a whole number of shards, at least 1"
module="$(present_modules | awk -F: -v db="$db" '$3 == db { print $1 }')"
[ -n "$module" ] || die "DB $db: no such module (have: $(present_modules | cut -d: -f3 | tr '\n' ' '))"
case "$step" in load|write) ;; *) die "STEP $step: shards run load or write" ;; esac
for a in "$@"; do
  case "$a" in -results|--results|--shard|--run-id) die "$a: set by this script, leave it out" ;; esac
done
jar="$module/target/$module.jar"
[ -f "$jar" ] && [ -f report/target/report.jar ] || { log "building the suite"; mvn_plain -q -DskipTests package || die "build failed"; }
export_secrets

# The options schema and verify take: the step's, without the write/load/JMH ones.
common=()
skip=false
for a in "$@"; do
  if $skip; then skip=false; continue; fi
  case "$a" in
    -writeClients|--write-clients|-rowsPerRequest|--rows-per-request|-f|--forks|-wi|--warmup-iterations|-w|--warmup-time|-i|--iterations|-r|--time|--server-pid)
      skip=true ;;
    *) common+=("$a") ;;
  esac
done

run_id="${TSBENCH_RUN_ID:-$db-$step-$(date +%Y%m%d-%H%M%S)}"
results="results/$run_id"
mkdir -p "$results" || die "results folder $results cannot be created"
failed=0

log "$db: schema, once for all $n shards"
java -jar "$jar" schema "${common[@]}" -results "$results/schema" >"$results/schema.log" 2>&1 \
  || die "the schema step failed: $(grep '^error' "$results/schema.log" | head -1) (log: $results/schema.log)"

log "$db: $n shards of $step, run $run_id"
pids=()
for ((i = 0; i < n; i++)); do
  # Local shards run JMH at the same time on purpose: JMH's one-run-per-machine lock is waived.
  java -Djmh.ignoreLock=true -jar "$jar" "$step" "$@" --shard "$i/$n" --run-id "$run_id" -results "$results/shard-$i" >"$results/shard-$i.log" 2>&1 &
  pids+=($!)
done
for ((i = 0; i < n; i++)); do
  if wait "${pids[$i]}"; then log "shard $i/$n done: $(grep -E '^(load verified|LOAD FAILED)' "$results/shard-$i.log" | tail -1 | cut -c1-160)"
  else failed=1; log "shard $i/$n FAILED (log: $results/shard-$i.log)"; fi
done

if [ "$step" = load ]; then
  if java -jar "$jar" verify "${common[@]}" -results "$results/verify" >"$results/verify.log" 2>&1; then log "$(grep -E '^verified' "$results/verify.log")"
  else failed=1; log "$(grep -E '^(VERIFY FAILED|error)' "$results/verify.log" | head -1) (log: $results/verify.log)"; fi
fi

shard_dirs=()
for ((i = 0; i < n; i++)); do shard_dirs+=("$results/shard-$i"); done
if java -jar report/target/report.jar --merge "${shard_dirs[@]}" -o "$results/merged"; then log "merged report: $results/merged/report.md"
else failed=1; log "the merge failed"; fi
exit "$failed"
