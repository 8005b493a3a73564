#!/usr/bin/env bash
# TDengine for the tdengine-bench module: an installed TDengine started like any other server.
#   scripts/servers/tdengine.sh start|stop|status|client|home
# The installation: TDENGINE_HOME (bin/taosd, lib/libtaos.so), else the vendor's location
# /usr/local/taos, else the newest /opt/tdengine/<version> (where ../shared/tdengine/install.sh
# unpacks its builds). 3.x runs taosd (native, 6030) and taosadapter (REST and WebSocket, 6041);
# 2.x runs taosd alone with its built-in REST server (http 1, 6041). The two majors use the same
# ports, so one runs at a time; each version keeps its own config, data and logs under
# $STATE_ROOT/tdengine/<version>/ (cfg/ is also the native client's config dir: firstEp).
# The root password is TDENGINE_PASSWORD if set, else a random one made once; the file
# $STATE_ROOT/tdengine/password (mode 600) holds the current one. It never appears in argv or logs.
# `home` prints the installation the script would start (exit 3 when none is installed). `start`
# exits 4 when none is installed: the comparison then skips TDengine, saying what to install.
# `client` prints what a client needs (see scripts/servers/README.md): the password, the native
# client's library and config folder, and the flags of the native path the comparison writes over.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=tdengine
PORT=6030        # taosd; the native path
REST_PORT=6041   # taosadapter (3.x) or taosd's httpd (2.x): REST, and WebSocket on 3.x
DIR="$(state_dir $NAME)"
TAOSD_PID="$DIR/taosd.pid"
ADAPTER_PID="$DIR/taosadapter.pid"
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 passes through).
on_exit() { local rc=$?; case $rc in 0|2|3|4) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

HOME_DIR="$(tdengine_home || true)"

# version -> the installed server's version, from the name of its client library (libtaos.so.X.Y.Z.W)
version() {
  local lib
  lib=$(ls "$HOME_DIR"/lib/libtaos.so.*.*.* "$HOME_DIR"/driver/libtaos.so.*.*.* 2>/dev/null | head -1)
  [ -n "$lib" ] || die "no lib/libtaos.so.<version> under $HOME_DIR: not a TDengine installation"
  echo "${lib##*libtaos.so.}"
}

require_home() {
  if [ -z "$HOME_DIR" ]; then
    echo "error: TDengine is not installed: set TDENGINE_HOME to an installation (bin/taosd), install it at /usr/local/taos, or run ../shared/tdengine/install.sh" >&2
    exit 4
  fi
  [ -x "$HOME_DIR/bin/taosd" ] || die "TDENGINE_HOME=$HOME_DIR has no bin/taosd"
  VERSION="$(version)"
  MAJOR="${VERSION%%.*}"
  VDIR="$DIR/$VERSION"
}

# running PIDFILE -> 0 when the pid file names a live process of this state dir (a stale pid may be reused)
running() { pid_alive "$1" && grep -qaF -- "$DIR/" "/proc/$(cat "$1")/cmdline" 2>/dev/null; }

password() {
  if [ -n "${TDENGINE_PASSWORD:-}" ]; then printf '%s' "$TDENGINE_PASSWORD"
  elif [ -f "$DIR/password" ]; then cat "$DIR/password"
  else head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 15
  fi
}

# rest_sql PASSWORD SQL -> the REST answer; the credentials go to curl on stdin, never in argv
rest_sql() {
  printf 'user = "root:%s"\n' "$1" | curl -s --max-time 10 -K - -d "$2" "http://127.0.0.1:$REST_PORT/rest/sql" 2>/dev/null || true
}

# dnode_ready PASSWORD -> 0 when the dnode says ready (3.x answers REST before it can create a database)
dnode_ready() { rest_sql "$1" "show dnodes" | grep -q '"ready"'; }

write_config() {
  mkdir -p "$VDIR"/{cfg,data,log}
  # monitor 0 / telemetryReporting 0: nothing runs inside the server but the benchmark's work, and
  # nothing phones home. supportVnodes 16 (3.x): the default of 2 per core leaves 4 vnodes here.
  {
    echo "firstEp localhost:$PORT"
    echo "fqdn localhost"
    echo "serverPort $PORT"
    echo "dataDir $VDIR/data"
    echo "logDir $VDIR/log"
    echo "monitor 0"
    echo "telemetryReporting 0"
    if [ "$MAJOR" -ge 3 ]; then
      echo "supportVnodes 16"
    else
      echo "http 1"   # 2.x: taosd serves REST itself on serverPort + 11
    fi
  } >"$VDIR/cfg/taos.cfg"
  if [ "$MAJOR" -ge 3 ]; then
    cat >"$VDIR/cfg/taosadapter.toml" <<TOML
taosConfigDir = "$VDIR/cfg"
port = $REST_PORT
debug = false
logLevel = "warn"
[log]
path = "$VDIR/log"
[monitor]
disable = true
[influxdb]
enable = true
[opentsdb]
enable = false
[collectd]
enable = false
[statsd]
enable = false
[prometheus]
enable = false
[node_exporter]
enable = false
TOML
  fi
}

# ensure_password -> root's password is the wanted one (a new data dir starts with taosdata), and
# $DIR/password holds it
ensure_password() {
  local want
  want="$(password)"
  if ! rest_sql "$want" "show databases" | grep -q -E '"code":0|"status":"succ"'; then
    rest_sql taosdata "show databases" | grep -q -E '"code":0|"status":"succ"' \
      || die "$NAME on 127.0.0.1:$REST_PORT refuses root with the stored password and with TDengine's default: set TDENGINE_PASSWORD to its root password"
    rest_sql taosdata "alter user root pass '$want'" | grep -q -E '"code":0|"status":"succ"' \
      || die "could not set the root password of $NAME on 127.0.0.1:$REST_PORT"
    if [ "$MAJOR" -lt 3 ]; then
      # 2.x's REST server keeps serving the login it cached with the old password: restart it.
      stop
      (umask 077; printf '%s' "$want" >"$DIR/password")
      start
      return 0
    fi
  fi
  (umask 077; printf '%s' "$want" >"$DIR/password")
  chmod 600 "$DIR/password"
}

start() {
  require_home
  apt_install curl
  local pw i
  pw="$(password)"
  # The other installation this script started (the other major) holds the same ports: it makes way.
  if running "$TAOSD_PID" && [ "$(cat "$DIR/home" 2>/dev/null)" != "$HOME_DIR" ]; then
    log "stopping TDengine $(cat "$DIR/home" 2>/dev/null) first: the two majors share ports"
    stop
  fi
  if running "$TAOSD_PID" && { [ "$MAJOR" -lt 3 ] || running "$ADAPTER_PID"; } && dnode_ready "$pw"; then
    echo "$NAME $VERSION already running on 127.0.0.1:$PORT (REST $REST_PORT)"; return 0
  fi
  write_config
  if ! running "$TAOSD_PID"; then
    # Another server on our ports would answer the readiness check while ours fails to bind
    # (6041 is our own taosadapter's when taosd alone was killed).
    if port_open 127.0.0.1 "$PORT"; then die "127.0.0.1:$PORT is in use by another process (another TDengine?)"; fi
    if ! running "$ADAPTER_PID" && port_open 127.0.0.1 "$REST_PORT"; then die "127.0.0.1:$REST_PORT is in use by another process (another TDengine?)"; fi
    # taosd stays in the foreground: nohup + & and its pid. It starts udfd from its own folder.
    # Its own client library first: a LD_LIBRARY_PATH set for the other major's native client would win over taosd's RUNPATH.
    (cd "$VDIR" && LD_LIBRARY_PATH="$HOME_DIR/lib" exec nohup "$HOME_DIR/bin/taosd" -c "$VDIR/cfg" </dev/null >>"$VDIR/log/taosd.out" 2>&1) &
    echo $! >"$TAOSD_PID"
    echo "$HOME_DIR" >"$DIR/home"
  fi
  if ! wait_port 127.0.0.1 "$PORT" 60 "$(cat "$TAOSD_PID")"; then
    tail -n 20 "$VDIR/log/taosd.out" >&2 || true
    stop_pid "$TAOSD_PID" taosd 30
    die "taosd $VERSION did not listen on 127.0.0.1:$PORT within 60 s (logs: $VDIR/log)"
  fi
  if [ "$MAJOR" -ge 3 ] && ! running "$ADAPTER_PID"; then
    (cd "$VDIR" && LD_LIBRARY_PATH="$HOME_DIR/lib" exec nohup "$HOME_DIR/bin/taosadapter" -c "$VDIR/cfg/taosadapter.toml" </dev/null >>"$VDIR/log/taosadapter.out" 2>&1) &
    echo $! >"$ADAPTER_PID"
  fi
  # Ready when REST answers and the dnode says ready: the first minute of a new data dir included.
  for ((i = 0; i < 600; i++)); do   # 120 s
    { dnode_ready "$pw" || dnode_ready taosdata; } && break   # a new data dir has TDengine's default
    running "$TAOSD_PID" || { tail -n 20 "$VDIR/log/taosd.out" >&2 || true; die "taosd $VERSION exited before its dnode was ready (logs: $VDIR/log)"; }
    if [ "$MAJOR" -ge 3 ] && ! running "$ADAPTER_PID"; then
      tail -n 20 "$VDIR/log/taosadapter.out" >&2 || true; die "taosadapter $VERSION exited before answering on 127.0.0.1:$REST_PORT (logs: $VDIR/log)"
    fi
    sleep 0.2
  done
  if ((i == 600)); then
    stop
    die "$NAME $VERSION: the dnode was not ready within 120 s (logs: $VDIR/log)"
  fi
  ensure_password
  log "$NAME $VERSION running on 127.0.0.1:$PORT (native) and :$REST_PORT (REST$([ "$MAJOR" -ge 3 ] && echo ", WebSocket")), home $HOME_DIR, data $VDIR/data"
}

# client -> for the installation that runs (or would run): the root password (unless the caller
# has one), the native client's config folder and library (its own major's libtaos first on the
# path), and the flags that write over the native client, as the published tests did. Nothing for
# a server TDENGINE_URL names: its password is the caller's.
client() {
  [ -z "${TDENGINE_URL:-}" ] || return 0
  local home version rest
  if running "$TAOSD_PID"; then home="$(cat "$DIR/home")"; else home="$HOME_DIR"; fi
  [ -n "$home" ] || return 0
  if [ -z "${TDENGINE_PASSWORD:-}" ] && [ -f "$DIR/password" ]; then echo "env TDENGINE_PASSWORD=$(cat "$DIR/password")"; fi
  version=$(ls "$home"/lib/libtaos.so.*.*.* 2>/dev/null | head -1)
  version="${version##*libtaos.so.}"
  echo "env TDENGINE_CONFIG_DIR=$DIR/$version/cfg"
  # The native client loads the first libtaos.so on the path: this installation's, not the other major's.
  rest=":${LD_LIBRARY_PATH:-}:"
  [ -z "${TDENGINE_LIB_DIR:-}" ] || rest="${rest//:$TDENGINE_LIB_DIR:/:}"
  rest="${rest#:}"; rest="${rest%:}"
  echo "env TDENGINE_LIB_DIR=$home/lib"
  echo "env LD_LIBRARY_PATH=$home/lib${rest:+:$rest}"
  printf 'arg %s\n' -port "$PORT" --option connection=native --option "configDir=$DIR/$version/cfg"
}

stop() {
  running "$ADAPTER_PID" || rm -f "$ADAPTER_PID"   # never signal a stranger that inherited a stale pid
  [ ! -f "$ADAPTER_PID" ] || stop_pid "$ADAPTER_PID" taosadapter 30
  running "$TAOSD_PID" || rm -f "$TAOSD_PID"
  stop_pid "$TAOSD_PID" taosd 60   # a clean stop takes 6-8 s
}

case "$ACTION" in
  start) start ;;
  stop) stop ;;
  status)
    if running "$TAOSD_PID" && { [ ! -f "$ADAPTER_PID" ] || running "$ADAPTER_PID"; } && port_open 127.0.0.1 "$REST_PORT"; then
      echo "$NAME running on 127.0.0.1:$PORT and :$REST_PORT ($(cat "$DIR/home" 2>/dev/null))"
    else echo "$NAME stopped"; exit 3; fi ;;
  client) client ;;
  home)
    [ -n "$HOME_DIR" ] || { echo "TDengine is not installed" >&2; exit 3; }
    echo "$HOME_DIR" ;;
  *) die "usage: $0 start|stop|status|client|home" ;;
esac
