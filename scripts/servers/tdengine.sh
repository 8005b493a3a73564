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
# $STATE_ROOT/tdengine/password (mode 600) holds the current one. It never appears in argv or logs
# (scripts/servers/README.md, "Secrets"); a changed TDENGINE_PASSWORD is set by the next start.
# `home` prints the installation the script would start (exit 3 when none is installed). `start`
# exits 4 when none is installed: the comparison then skips TDengine, saying what to install.
# `client` prints what a client needs (see scripts/servers/README.md): the password, the native
# client's library and config folder, and the flags of the native path the comparison writes over.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/tdengine/node.sh"   # config and start-up shared with tdengine-cluster.sh

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

require_home() {
  if [ -z "$HOME_DIR" ]; then
    echo "error: TDengine is not installed: set TDENGINE_HOME to an installation (bin/taosd), install it at /usr/local/taos, or run ../shared/tdengine/install.sh" >&2
    exit 4
  fi
  [ -x "$HOME_DIR/bin/taosd" ] || die "TDENGINE_HOME=$HOME_DIR has no bin/taosd"
  VERSION="$(tdengine_version "$HOME_DIR")"
  MAJOR="${VERSION%%.*}"
  VDIR="$DIR/$VERSION"
}

# running PIDFILE -> 0 when the pid file names a live process of this state dir (a stale pid may be reused)
running() { pid_alive "$1" && grep -qaF -- "$DIR/" "/proc/$(cat "$1")/cmdline" 2>/dev/null; }

# 15 characters at most: TDengine 2.x refuses a longer one ("name or password too long")
password() { wanted_password TDENGINE_PASSWORD "$DIR/password" 15; }

# rest_sql PASSWORD SQL -> the REST answer
rest_sql() { tdengine_rest_sql "$REST_PORT" "$1" "$2"; }

# dnode_ready PASSWORD -> 0 when the dnode says ready (3.x answers REST before it can create a database)
dnode_ready() { rest_sql "$1" "show dnodes" | grep -q '"ready"'; }

# ready -> 0 when the dnode says ready to root with the wanted, the stored or TDengine's default
# password (a new data dir has the default; a changed TDENGINE_PASSWORD is not set yet); 2 when
# REST refuses all three, 1 when it does not answer yet
ready() {
  local pw answer refused=2
  for pw in "$(password)" "$(cat "$DIR/password" 2>/dev/null)" taosdata; do
    [ -n "$pw" ] || continue
    answer="$(rest_sql "$pw" "show dnodes")"
    grep -q '"ready"' <<<"$answer" && return 0
    grep -qi 'authentication failure' <<<"$answer" || refused=1
  done
  return $refused
}

write_config() {
  tdengine_taos_cfg "$VDIR/cfg" "$MAJOR" "$PORT" "$VDIR/data" "$VDIR/log"
  if [ "$MAJOR" -ge 3 ]; then tdengine_adapter_toml "$VDIR/cfg/taosadapter.toml" "$VDIR/cfg" "$REST_PORT" "$VDIR/log"; fi
}

# ensure_password -> root's password is the wanted one (a new data dir starts with taosdata; the
# one kept from an earlier start is changed when TDENGINE_PASSWORD asks for another), and
# $DIR/password holds it
ensure_password() {
  local want had found=""
  want="$(password)"
  if ! rest_sql "$want" "show databases" | tdengine_succeeded; then
    for had in "$(cat "$DIR/password" 2>/dev/null)" taosdata; do
      if [ -n "$had" ] && rest_sql "$had" "show databases" | tdengine_succeeded; then found=1; break; fi
    done
    [ -n "$found" ] || die "$NAME on 127.0.0.1:$REST_PORT refuses root with the wanted, the stored and TDengine's default password: set TDENGINE_PASSWORD to its root password"
    rest_sql "$had" "alter user root pass '$want'" | tdengine_succeeded \
      || die "could not set the root password of $NAME on 127.0.0.1:$REST_PORT"
    keep_password "$DIR/password" "$want"
    if [ "$MAJOR" -lt 3 ]; then
      # 2.x's REST server keeps serving the login it cached with the old password: restart it.
      stop
      start
      return 0
    fi
  fi
  keep_password "$DIR/password" "$want"
}

start() {
  require_home
  apt_install curl
  local i rc
  # The other installation this script started (the other major) holds the same ports: it makes way.
  if running "$TAOSD_PID" && [ "$(cat "$DIR/home" 2>/dev/null)" != "$HOME_DIR" ]; then
    log "stopping TDengine $(cat "$DIR/home" 2>/dev/null) first: the two majors share ports"
    stop
  fi
  if running "$TAOSD_PID" && { [ "$MAJOR" -lt 3 ] || running "$ADAPTER_PID"; } && ready; then
    ensure_password   # a changed TDENGINE_PASSWORD takes effect without a restart
    echo "$NAME $VERSION already running on 127.0.0.1:$PORT (REST $REST_PORT)"; return 0
  fi
  write_config
  if ! running "$TAOSD_PID"; then
    local f
    for f in "$STATE_ROOT"/tdengine-cluster/*/dnode*/taosd.pid; do
      if pid_alive "$f"; then die "the TDengine cluster of scripts/servers/tdengine-cluster.sh runs on 127.0.0.1:$PORT: stop it first (they share ports)"; fi
    done
    # Another server on our ports would answer the readiness check while ours fails to bind
    # (6041 is our own taosadapter's when taosd alone was killed).
    if port_open 127.0.0.1 "$PORT"; then die "127.0.0.1:$PORT is in use by another process (another TDengine?)"; fi
    if ! running "$ADAPTER_PID" && port_open 127.0.0.1 "$REST_PORT"; then die "127.0.0.1:$REST_PORT is in use by another process (another TDengine?)"; fi
    tdengine_launch "$HOME_DIR" "$VDIR" "$TAOSD_PID" "$VDIR/log/taosd.out" taosd -c "$VDIR/cfg"
    echo "$HOME_DIR" >"$DIR/home"
  fi
  if ! wait_port 127.0.0.1 "$PORT" 60 "$(cat "$TAOSD_PID")"; then
    tail -n 20 "$VDIR/log/taosd.out" >&2 || true
    stop_pid "$TAOSD_PID" taosd 30
    die "taosd $VERSION did not listen on 127.0.0.1:$PORT within 60 s (logs: $VDIR/log)"
  fi
  if [ "$MAJOR" -ge 3 ] && ! running "$ADAPTER_PID"; then
    tdengine_launch "$HOME_DIR" "$VDIR" "$ADAPTER_PID" "$VDIR/log/taosadapter.out" taosadapter -c "$VDIR/cfg/taosadapter.toml"
  fi
  # Ready when REST answers and the dnode says ready: the first minute of a new data dir included.
  for ((i = 0; i < 600; i++)); do   # 120 s
    rc=0; ready || rc=$?
    [ "$rc" -ne 0 ] || break
    [ "$rc" -ne 2 ] || die "$NAME $VERSION on 127.0.0.1:$REST_PORT refuses root with the wanted, the stored and TDengine's default password: set TDENGINE_PASSWORD to its root password"
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

# client -> for the installation that runs (or would run): the root password's file (unless the
# caller has the password), the native client's config folder and library (its own major's libtaos first on the
# path), and the flags that write over the native client, as the published tests did. Nothing for
# a server TDENGINE_URL names: its password is the caller's.
client() {
  [ -z "${TDENGINE_URL:-}" ] || return 0
  local home version rest
  if running "$TAOSD_PID"; then home="$(cat "$DIR/home")"; else home="$HOME_DIR"; fi
  [ -n "$home" ] || return 0
  client_secret TDENGINE_PASSWORD "$DIR/password"
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
