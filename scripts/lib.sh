#!/usr/bin/env bash
# Shared helpers for the server scripts: where state lives, waiting for ports, pid files.
# Sourced, never run. Every server keeps its data, config, logs and pid under $STATE_DIR/<name>,
# which is outside git (.servers/ is ignored) and can be moved with TSBENCH_STATE.

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE_ROOT="${TSBENCH_STATE:-$REPO_DIR/.servers}"

die() { echo "error: $*" >&2; exit 2; }
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

# mvn_plain ARGS -> Maven in batch mode with plain text output, for logs: no colours
# (-Dstyle.color=never) and no reset sequences either, which Maven 3.8's Jansi prints even then
# unless told jansi.noreset
mvn_plain() {
  MAVEN_OPTS="${MAVEN_OPTS:+$MAVEN_OPTS }-Djansi.noreset=true" mvn -B -ntp -Dstyle.color=never "$@"
}

# state_dir NAME -> creates and prints $STATE_ROOT/NAME
state_dir() { mkdir -p "$STATE_ROOT/$1" && echo "$STATE_ROOT/$1"; }

# port_open HOST PORT -> 0 when something accepts TCP connections there
port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# wait_port HOST PORT SECONDS [PID] -> waits until the port answers; fails early if PID died
wait_port() {
  local host=$1 port=$2 secs=$3 pid=${4:-} i
  for ((i = 0; i < secs * 5; i++)); do
    port_open "$host" "$port" && return 0
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then return 1; fi
    sleep 0.2
  done
  return 1
}

# pid_alive PIDFILE -> 0 when the pid file names a live process
pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# stop_pid PIDFILE NAME [SECONDS] -> TERM, wait, then KILL; removes the pid file
stop_pid() {
  local pidfile=$1 name=$2 secs=${3:-60} pid i
  if ! pid_alive "$pidfile"; then rm -f "$pidfile"; log "$name is not running"; return 0; fi
  pid=$(cat "$pidfile")
  kill -TERM "$pid" 2>/dev/null || true   # it may exit on its own meanwhile (set -e callers)
  for ((i = 0; i < secs * 5; i++)); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; log "$name stopped"; return 0; }
    sleep 0.2
  done
  log "$name did not stop in ${secs}s, killing it"
  kill -KILL "$pid" 2>/dev/null || true
  for ((i = 0; i < 25; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done  # ports free on return
  rm -f "$pidfile"
}

# Passwords of the local servers (every script alike; scripts/servers/README.md, "Secrets"): the one
# a server should have is <DB>_PASSWORD when the caller sets it, else the one its state folder keeps
# in the file `password` (mode 600), else a new random one. It reaches the server's own tools on
# stdin, in a file or in the environment, never in argv (ps shows every process's argv to every
# user), and `client` names the file instead of printing the value.

# wanted_password VAR FILE [LENGTH] -> the password the server should have: $VAR if set, else
# FILE's, else a new random one of LENGTH letters and digits (default 20)
wanted_password() {
  if [ -n "${!1:-}" ]; then printf '%s' "${!1}"
  elif [ -s "$2" ]; then cat "$2"
  else head -c 96 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c "${3:-20}"
  fi
}

# keep_password FILE PASSWORD -> FILE (mode 600) holds PASSWORD, the server's current one
keep_password() { (umask 077; printf '%s' "$2" >"$1.tmp") && chmod 600 "$1.tmp" && mv "$1.tmp" "$1"; }

# client_secret VAR FILE -> the `client` action's line for the password: `secret VAR=FILE` (the
# caller reads the file), nothing when the caller has set VAR itself or there is no password yet
client_secret() { if [ -z "${!1:-}" ] && [ -s "$2" ]; then echo "secret $1=$2"; fi; }

# curl_user USER PASSWORD -> a curl config line logging in as USER, for `curl -K <(curl_user ...)`:
# the credentials reach curl through a pipe, not its argv (the quoting is curl's config syntax)
curl_user() { local s="$1:$2"; s=${s//\\/\\\\}; printf 'user = "%s"\n' "${s//\"/\\\"}"; }

# apt_install PKG... -> installs Debian packages that are missing (we run as root, no sudo)
apt_install() {
  local missing=() p
  # dpkg -s also succeeds for removed packages whose config files remain: check the status itself
  for p in "$@"; do
    [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -newermt '-1 day' 2>/dev/null | head -1)" ]; then
    apt-get update -qq >/dev/null
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# tdengine_home -> the TDengine installation the scripts start and the native client loads:
# TDENGINE_HOME, else the vendor's /usr/local/taos, else the newest /opt/tdengine/3.* (where
# ../shared/tdengine/install.sh unpacks its builds); fails when there is none
tdengine_home() {
  if [ -n "${TDENGINE_HOME:-}" ]; then echo "$TDENGINE_HOME"; return 0; fi
  if [ -x /usr/local/taos/bin/taosd ]; then echo /usr/local/taos; return 0; fi
  local h
  h=$(ls -d /opt/tdengine/3.* 2>/dev/null | sort -V | tail -n 1)
  [ -n "$h" ] && [ -x "$h/bin/taosd" ] && echo "$h"
}

# tdengine2_home -> a TDengine 2.x installation for the 2.x tests: TDENGINE2_HOME, else the newest
# /opt/tdengine/2.*; fails when there is none
tdengine2_home() {
  if [ -n "${TDENGINE2_HOME:-}" ]; then echo "$TDENGINE2_HOME"; return 0; fi
  local h
  h=$(ls -d /opt/tdengine/2.* 2>/dev/null | sort -V | tail -n 1)
  [ -n "$h" ] && [ -x "$h/bin/taosd" ] && echo "$h"
}

# ensure_tdengine -> installs the TDengine builds of ../shared/tdengine when that folder exists
# (these machines) and nothing is installed yet; elsewhere TDengine is the user's to install
ensure_tdengine() {
  local shared="$REPO_DIR/../shared/tdengine/install.sh"
  if [ -f "$shared" ] && { [ -z "$(tdengine_home)" ] || [ -z "$(tdengine2_home)" ]; }; then
    log "installing TDengine from $shared"
    bash "$shared" >/dev/null
  fi
  return 0
}

# cnosdb_home -> the CnosDB installation scripts/servers/cnosdb.sh runs: CNOSDB_HOME, else the newest
# /opt/cnosdb/<version> (where ../shared/cnosdb/install.sh unpacks its build); fails when there is none
cnosdb_home() {
  if [ -n "${CNOSDB_HOME:-}" ]; then echo "$CNOSDB_HOME"; return 0; fi
  local h
  h=$(ls -d /opt/cnosdb/[0-9]* 2>/dev/null | sort -V | tail -n 1)
  [ -n "$h" ] && [ -x "$h/bin/cnosdb" ] && echo "$h"
}

# ensure_cnosdb -> installs the CnosDB build of ../shared/cnosdb when that folder exists (these
# machines) and none is installed yet; elsewhere CnosDB is the user's to install (CNOSDB_HOME)
ensure_cnosdb() {
  local shared="$REPO_DIR/../shared/cnosdb/install.sh"
  if [ -f "$shared" ] && [ -z "$(cnosdb_home)" ]; then
    log "installing CnosDB from $shared"
    bash "$shared" >/dev/null
  fi
  return 0
}

# Test times (docs/tests.md, "How long it takes"): scripts/test.sh and .ci/run record the wall time
# of each of their phases, and the surefire times of the test classes each Maven phase ran, in
# $TEST_TIMES (tab-separated records; nothing is recorded when it is unset); scripts/test-times.sh
# turns them into target/test-times.txt, slowest first. Records:
#   phase  START  END|-  EXIT|-  NAME       (END "-": begun; its end follows, or the run died in it)
#   class  PHASE  SECONDS  TESTS  FAILED  SKIPPED  MODULE  CLASS
#   module PHASE  SECONDS  RESULT  MODULE   (Maven's reactor summary)

# times_init -> starts $TEST_TIMES (default target/test-times.tsv) unless a caller (.ci/run) already did
times_init() {
  [ -z "${TEST_TIMES:-}" ] || return 0
  export TEST_TIMES="$REPO_DIR/target/test-times.tsv"
  mkdir -p "$REPO_DIR/target"
  : >"$TEST_TIMES"
}

# times_now -> seconds since the epoch, to the microsecond
times_now() { local t="${EPOCHREALTIME:-$(date +%s.%N)}"; echo "${t/,/.}"; }

# times_begin NAME START / times_end NAME START EXIT -> a phase's records (START: times_now's); the
# recording never fails the test command
times_begin() { [ -z "${TEST_TIMES:-}" ] || printf 'phase\t%s\t-\t-\t%s\n' "$2" "$1" >>"$TEST_TIMES" || true; }
times_end() { [ -z "${TEST_TIMES:-}" ] || printf 'phase\t%s\t%s\t%s\t%s\n' "$2" "$(times_now)" "$3" "$1" >>"$TEST_TIMES" || true; }

# timed NAME CMD... -> runs CMD (a function too: same shell, same errexit) as the phase NAME; its exit status
timed() {
  local name=$1 t0 rc
  t0=$(times_now)
  shift
  times_begin "$name" "$t0"
  "$@"
  rc=$?
  times_end "$name" "$t0" "$rc"
  return "$rc"
}

# timed_tests NAME CMD... -> timed, and then the times of the test classes whose surefire (or
# failsafe) reports CMD wrote, as NAME's
timed_tests() {
  local name=$1 marker rc
  [ -n "${TEST_TIMES:-}" ] || { shift; "$@"; return; }
  marker=$(mktemp "$TEST_TIMES.XXXXXX")
  timed "$@"
  rc=$?
  times_classes "$name" "$marker"
  rm -f "$marker"
  return "$rc"
}

# times_classes PHASE MARKER -> records each test class of a TEST-*.xml newer than MARKER: the
# testsuite's time, tests, failures + errors, skipped; its module is the folder above target/
times_classes() {
  (cd "$REPO_DIR" && find ./*/target -path '*-reports/*' -name 'TEST-*.xml' -newer "$2" -print0 2>/dev/null |
    xargs -0 -r awk -v phase="$1" '
      function attr(s, a) { return match(s, " " a "=\"[^\"]*\"") ? substr(s, RSTART + length(a) + 3, RLENGTH - length(a) - 4) : "" }
      FNR == 1 { done = 0 }
      !done && /<testsuite[ >]/ {
        done = 1; t = attr($0, "time"); gsub(",", "", t); m = FILENAME; sub("^\\./", "", m); sub("/.*", "", m)
        printf "class\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", phase, t, attr($0, "tests"), attr($0, "failures") + attr($0, "errors"), attr($0, "skipped"), m, attr($0, "name")
      }') >>"$TEST_TIMES" || true
}

# times_reactor PHASE LOG -> records each module's time from the reactor summary in Maven's LOG
times_reactor() {
  [ -n "${TEST_TIMES:-}" ] && [ -f "$2" ] || return 0
  awk -v phase="$1" '
    /Reactor Summary/ { on = 1; next }
    on && /^\[INFO\] -+$/ { on = 0 }
    on && match($0, /\[ *[0-9:.]+ (s|min|h)\]$/) {
      d = substr($0, RSTART + 1, RLENGTH - 2); sub(/^ +/, "", d); split(d, u, " "); n = split(u[1], p, ":")
      s = n == 1 ? p[1] : (u[2] == "h" ? p[1] * 3600 + p[2] * 60 : p[1] * 60 + p[2])
      line = substr($0, 1, RSTART - 1); sub(/^\[INFO\] /, "", line)
      if (match(line, / \.* ?(SUCCESS|FAILURE|SKIPPED) $/)) {
        r = substr(line, RSTART, RLENGTH); gsub(/[ .]/, "", r); printf "module\t%s\t%s\t%s\t%s\n", phase, s, r, substr(line, 1, RSTART - 1)
      }
    }' "$2" >>"$TEST_TIMES" || true
}
