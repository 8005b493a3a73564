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
