#!/usr/bin/env bash
# The test command (README): installs and starts the local servers the database modules need,
# runs every test of every module with Maven against them, and stops the servers it started.
# Chromium (Debian's) is installed for the report module's headless-browser test of report.html.
# `mvn verify` runs two modules at a time (TEST_THREADS=1: one, 3: three). TDengine: the installed 3.x
# (TDENGINE_HOME, /usr/local/taos, or ../shared/tdengine/install.sh's /opt/tdengine) for `mvn verify`,
# then a 2.x installation, if there is one, for the TDengine2* tests of the -Ptdengine2 build, one
# server after the other (they share ports). TDENGINE_URL=host:port points the TDengine tests at
# another server instead (no local one is started, no 2.x phase). Beside the 2.x tests, the
# three-node Cassandra cluster in place of the single node, CassandraClusterTest against it; then
# the three-dnode TDengine cluster, TDengineClusterTest (scripts/clusters.sh, scripts/test-clusters.sh).
# The wall time of each phase and each test class, slowest first: target/test-times.txt, written when
# it ends, passed or failed (scripts/test-times.sh; docs/tests.md, "How long it takes").
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
source "$(dirname "$0")/clusters.sh"
cd "$REPO_DIR"
times_init
t_all=$(times_now)
times_begin scripts/test.sh "$t_all"

started=()
stop_started() {
  local s
  for s in "${started[@]}"; do "$REPO_DIR/scripts/servers/$s.sh" stop || true; done
}
# on_exit -> the servers this script started stopped, and the times written (target/test-times.txt)
on_exit() {
  local rc=$?
  timed "stop: servers" stop_started
  times_end scripts/test.sh "$t_all" "$rc"
  bash "$REPO_DIR/scripts/test-times.sh" || true
  log "test times: ${TEST_TIMES%.tsv}.txt"
}
trap on_exit EXIT

timed "install: build tools" ensure_build_tools
timed "install: chromium" ensure_chromium
timed "install: tdengine" ensure_tdengine
timed "install: cnosdb" ensure_cnosdb
# The jars first: each module's jar says which server it needs (and a build that fails starts no server).
timed "build: jars (package)" mvn_plain -q -DskipTests package

# start_server NAME DB -> starts it unless it runs, remembering to stop what this script started; a
# server this machine cannot have (its script's exit 4, e.g. TDengine not installed) skips that
# module's tests, saying why (<DB>_TESTS="skip: ...", which its tests read)
start_server() {
  local rc=0 out
  if "$REPO_DIR/scripts/servers/$1.sh" status >/dev/null 2>&1; then return 0; fi
  out="$("$REPO_DIR/scripts/servers/$1.sh" start 2>&1)" || rc=$?
  echo "$out" >&2
  if [ "$rc" -eq 4 ]; then
    export "${2^^}_TESTS=skip: $(echo "$out" | sed -n 's/^error: //p' | tail -n 1)"
    log "${2} tests SKIPPED: $(echo "$out" | sed -n 's/^error: //p' | tail -n 1)"
    return 0
  fi
  [ "$rc" -eq 0 ] || exit "$rc"
  started+=("$1")
}

while IFS=: read -r module server db; do
  [ -n "$server" ] || continue
  if [ "$db" = tdengine ]; then
    if [ -n "${TDENGINE_URL:-}" ]; then
      export TDENGINE_HOST="${TDENGINE_URL%%:*}" TDENGINE_PORT="${TDENGINE_URL##*:}"
      log "TDengine tests against $TDENGINE_URL (TDENGINE_URL)"
      continue
    fi
    # The 3.x server for this phase, even when the 2.x one was left running (its start makes the other major stop).
    if [ -n "$(tdengine_home)" ] && ! "$REPO_DIR/scripts/servers/tdengine.sh" status 2>/dev/null | grep -qF "($(tdengine_home))"; then
      timed "start: tdengine" "$REPO_DIR/scripts/servers/tdengine.sh" start
      started+=(tdengine)
      continue
    fi
  fi
  timed "start: $server" start_server "$server" "$db"
done < <(present_modules)
export_secrets

# mvn_verify ARGS -> every module's tests, Maven's output kept for its reactor summary (each module's time).
# Two modules' tests at a time (TEST_THREADS, default 2; 1 for one at a time, 3 for three): each uses only its own
# server and its own JMH lock (the parent pom's argLine), the slowest first (the parent pom's
# order); docs/tests.md, "Modules at a time".
mvn_verify() {
  mkdir -p "$REPO_DIR/target"
  mvn_plain --fail-at-end -T "${TEST_THREADS:-2}" verify "$@" | tee "$REPO_DIR/target/mvn-verify.log"
}

# Every phase runs even when one before it failed (and Maven tests every module: --fail-at-end), so
# one run shows every failure; the exit code is then the first failure's.
failed=()
timed_tests "mvn verify" mvn_verify "$@" || failed+=("mvn verify (exit $?)")
times_reactor "mvn verify" "$REPO_DIR/target/mvn-verify.log"

# TDengine 2.x and the Cassandra cluster, side by side (they share no port): one Maven run, two
# modules at a time, of the TDengine2* tests in the -Ptdengine2 build (its 2.0.x driver) against a 2.x
# server in place of 3.x, and of CassandraClusterTest against three nodes in place of the single one
# (scripts/clusters.sh); the 2.x server starts while the cluster comes up. Then the TDengine cluster,
# which needs 3.x's ports (scripts/test-clusters.sh), while the Cassandra cluster goes down.
if [ $# -eq 0 ]; then
  t2=$(times_now)
  times_begin "TDengine 2.x and the Cassandra cluster" "$t2"
  rc=0 home2="" start2="" was3=false modules=() classes=() profile=()
  if [ -z "${TDENGINE_URL:-}" ] && [ -d "$REPO_DIR/tdengine-bench" ]; then
    home2="$(tdengine2_home || true)"
    if [ -z "$home2" ]; then
      log "TDengine 2.x tests SKIPPED: no 2.x installation (set TDENGINE2_HOME)"
    else
      log "TDengine 2.x tests against $home2"
      if "$REPO_DIR/scripts/servers/tdengine.sh" status >/dev/null 2>&1; then was3=true; fi
      # Its start stops 3.x first: they share ports. It runs while the Cassandra cluster comes up.
      TDENGINE_HOME="$home2" timed "TDengine 2.x: start 2.x" "$REPO_DIR/scripts/servers/tdengine.sh" start &
      start2=$!
    fi
  fi
  if [ -d "$REPO_DIR/cassandra-bench" ]; then
    if timed "cluster: cassandra: up" cluster_up cassandra; then
      modules+=(cassandra-bench) classes+=(CassandraClusterTest)
    else
      rc=$?; failed+=("Cassandra cluster start (exit $rc)")
    fi
  fi
  if [ -n "$start2" ]; then
    if wait "$start2"; then
      modules+=(tdengine-bench) classes+=('TDengine2*Test') profile=(-Ptdengine2)
    else
      rc=$?; failed+=("TDengine 2.x server start (exit $rc)")
    fi
  fi
  side_by_side() (
    if [ -n "$home2" ]; then export TDENGINE_HOME="$home2"; export_secrets tdengine; fi
    cluster_client cassandra
    mvn_plain "${profile[@]}" --fail-at-end -T 2 -pl "$(IFS=,; echo "${modules[*]}")" -am verify \
      -Dtest="$(IFS=,; echo "${classes[*]}")" -Dsurefire.failIfNoSpecifiedTests=false
  )
  if [ ${#modules[@]} -gt 0 ]; then
    timed_tests "TDengine 2.x and the Cassandra cluster: tests" side_by_side || { rc=$?; failed+=("TDengine 2.x and Cassandra cluster tests (exit $rc)"); }
  fi
  if [ -n "$home2" ]; then TDENGINE_HOME="$home2" timed "TDengine 2.x: stop 2.x" "$REPO_DIR/scripts/servers/tdengine.sh" stop || true; fi
  # The Cassandra cluster goes down (and its single server comes back) beside the TDengine cluster's
  # phase: they share no port. The script tests after them find the single servers as before.
  cluster_down cassandra &
  down=$!
  # Back to the 3.x server as it was found.
  if $was3 && [[ " ${started[*]} " != *" tdengine "* ]]; then timed "TDengine 2.x: start 3.x again" "$REPO_DIR/scripts/servers/tdengine.sh" start; fi
  times_end "TDengine 2.x and the Cassandra cluster" "$t2" "$rc"
  timed "clusters" bash "$REPO_DIR/scripts/test-clusters.sh" tdengine || failed+=("TDengine cluster tests (exit $?)")
  wait "$down" || true
fi

# The scripts' own tests (the main job under a signal, ...), on the jars just built.
if [ $# -eq 0 ]; then
  for t in "$REPO_DIR"/scripts/tests/*.sh; do
    log "script test: ${t#"$REPO_DIR"/}"
    timed "script test: ${t#"$REPO_DIR"/}" bash "$t" || failed+=("script test ${t#"$REPO_DIR"/} (exit $?)")
  done
fi

if [ ${#failed[@]} -gt 0 ]; then
  for f in "${failed[@]}"; do log "FAILED: $f"; done
  exit 1
fi
log "every test passed"
