#!/usr/bin/env bash
# The main job (README): installs what the run needs (Java, Maven, TDengine where ../shared has it),
# builds the suite, then hands over to the orchestrator (orchestrator/target/orchestrator.jar
# compare), which generates the data set once and, for each database module present, starts its
# local server if it is not running (scripts/servers/<db>.sh; stopped again after), loads the data
# set (verified count), measures disk use once the database settled, runs q1..q6 (every answer
# checked) and the write matrix (the server's CPU, RSS and disk writes sampled), then writes the
# report. One database failing does not stop the others: it is marked failed in run.json and the
# report, and the exit code is 1. Ctrl-C / SIGTERM: results so far are kept, the server the run
# started is stopped, the report says the run is incomplete (exit 130/143).
#
#   scripts/compare.sh [--no-build] [--databases mysql,influx] [--devices N] [--rows N] [--files N]
#                      [--rows-per-request LIST] [--clients LIST] [--time 1s] [--iterations 2]
#                      [--forks 1] [--query-time 100ms] [--query-forks 0] [--query-clients 1] [--results DIR]
#                      [--further] [--rate 10000] [--matrix default|published] [--scale default|published]
#                      [--server-cores N] [--client-heap 512m] [--stable-within 5 [--cell-budget 120s]]
#                      [--cluster] [--workload devices|iot|cpu-only|all [--scale iot-1..iot-5] [--trucks N] [--hours H] [--tsbs-file F]
#                                   [--hosts N] [--cpu-only-file F]]
# --workload iot: TSBS's IoT trucks instead of the devices, on the databases whose describe lists iot
# (the others skipped, saying why); all: the devices into results/<date-time>/devices, then the trucks
# into results/<date-time>/iot, each with its own run.json and report (docs/workloads.md).
# --cluster: then Cassandra and TDengine again as three-node clusters with replication 3
# (scripts/servers/<db>-cluster.sh), results in results/<date-time>/cluster/<db>/ (README: Clusters).
# Every option is the orchestrator's: `bash scripts/compare.sh --help` lists them with their defaults.
# <DB>_URL=host:port (TDENGINE_URL, MYSQL_URL, ...) points a database at a server elsewhere: none is
# started for it, and its password comes from the caller's environment.
# Results: results/<date-time>/ (JMH JSON, manifests, <db>.log, run.json, report.md, report.html).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
cd "$REPO_DIR"

build=true heap=512m args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=false ;;
    --client-heap) heap="${2:-}"; args+=("$1" "${2:-}"); shift ;;
    *) args+=("$1") ;;
  esac
  shift
done

[[ "$heap" =~ ^[0-9]+[kKmMgG]$ ]] || die "--client-heap $heap: a size such as 512m or 2g"
set -e
ensure_build_tools
ensure_tdengine
ensure_cnosdb
if $build || [ ! -f orchestrator/target/orchestrator.jar ]; then
  log "building the suite"
  mvn_plain -q -DskipTests package
fi
set +e
# exec: a signal to this script reaches the orchestrator, which keeps the results and stops the server it started.
exec java "-Xmx$heap" -jar orchestrator/target/orchestrator.jar compare "${args[@]}"
