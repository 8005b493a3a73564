#!/usr/bin/env bash
# A three-dnode TDengine 3.x cluster on one machine, for the cluster tests.
#   scripts/servers/tdengine-cluster.sh start|stop|status|client
# The installed TDengine 3.x (as scripts/servers/tdengine.sh finds it: TDENGINE_HOME, /usr/local/taos,
# or the newest /opt/tdengine/3.*). Three taosd on localhost, native ports 6030, 6130 and 6230 (a
# dnode takes its serverPort on every interface, so the nodes differ by port, not by address), each
# with its own config, data and logs under $STATE_ROOT/tdengine-cluster/<version>/dnode<i>; dnodes 2
# and 3 join dnode 1 with CREATE DNODE, and each dnode also runs an mnode (CREATE MNODE), so the
# cluster's metadata survives any one dnode. One taosAdapter serves REST (and WebSocket) on 6041.
# supportVnodes 16 per dnode: every vgroup of a REPLICA 3 database has a vnode on each dnode.
# Ready when every dnode and mnode says ready. The native client's config folder (firstEp dnode 1,
# secondEp dnode 2) is client/ there: `--option configDir=` for the native path.
# The root password: TDENGINE_PASSWORD if set, else a random one made once; the current one is kept in
# $STATE_ROOT/tdengine-cluster/password (mode 600); never in argv or logs (scripts/servers/README.md, "Secrets").
# It takes the single dnode's ports: it refuses to start while tdengine.sh's server runs (and that one
# refuses while this runs). `stop` keeps the data. `status` prints one line per dnode
# (`node <i> localhost:<port> pid <pid> <status>`), the REST address and the client config folder;
# exit 3 unless all three dnodes run and are ready. `client` prints what a client of the cluster needs
# (`secret`, `env` and `arg` lines, as scripts/servers/tdengine.sh client): the password's file, this installation's
# libtaos.so, and the native path through the client config folder with REPLICA 3.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/tdengine/node.sh"

NAME=tdengine-cluster
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 passes through).
on_exit() { local rc=$?; case $rc in 0|2|3) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

DIR="$(state_dir $NAME)"
NODES=(1 2 3)
REST_PORT=6041
HOME_DIR="$(tdengine_home || true)"

port() { echo $((6030 + 100 * ($1 - 1))); }
endpoint() { echo "localhost:$(port "$1")"; }

require_home() {
  [ -n "$HOME_DIR" ] || die "TDengine is not installed: set TDENGINE_HOME to a 3.x installation (bin/taosd), install it at /usr/local/taos, or run ../shared/tdengine/install.sh"
  [ -x "$HOME_DIR/bin/taosd" ] || die "TDENGINE_HOME=$HOME_DIR has no bin/taosd"
  VERSION="$(tdengine_version "$HOME_DIR")"
  [ "${VERSION%%.*}" -ge 3 ] || die "$NAME needs TDengine 3.x (REPLICA 3 over raft, CREATE MNODE); $HOME_DIR is $VERSION"
  VDIR="$DIR/$VERSION"
}

pidfile() { echo "$VDIR/dnode$1/taosd.pid"; }
adapter_pidfile() { echo "$VDIR/taosadapter.pid"; }
# running PIDFILE -> 0 when the pid file names a live process of this cluster (a stale pid may be reused)
running() { pid_alive "$1" && grep -qaF -- "$VDIR/" "/proc/$(cat "$1")/cmdline" 2>/dev/null; }

# 15 characters at most: TDengine 2.x refuses a longer one ("name or password too long")
password() { wanted_password TDENGINE_PASSWORD "$DIR/password" 15; }

# sql SQL -> the REST answer as root with the cluster's password
sql() { tdengine_rest_sql "$REST_PORT" "$PASSWORD" "$1"; }

# dnode_status I -> the status `show dnodes` gives dnode I (ready, offline, ...), empty when unknown
dnode_status() {
  sql "show dnodes" | grep -o "\"$(endpoint "$1")\",[0-9]*,[0-9]*,\"[a-z]*\"" | sed 's/.*,"\(.*\)"$/\1/' || true
}

# dnode_id I -> dnode I's id in the cluster, empty when it has not joined
dnode_id() { sql "show dnodes" | grep -o "\[[0-9]*,\"$(endpoint "$1")\"" | sed 's/^\[\([0-9]*\),.*/\1/' || true; }

write_config() {
  local i d
  for i in "${NODES[@]}"; do
    d="$VDIR/dnode$i"
    tdengine_taos_cfg "$d/cfg" 3 "$(port "$i")" "$d/data" "$d/log" "firstEp $(endpoint 1)" "secondEp $(endpoint 2)"
  done
  # The clients' config: where to find the cluster when the first dnode is down too.
  mkdir -p "$VDIR/client/log"
  printf 'firstEp %s\nsecondEp %s\nlogDir %s\n' "$(endpoint 1)" "$(endpoint 2)" "$VDIR/client/log" >"$VDIR/client/taos.cfg"
  tdengine_adapter_toml "$VDIR/client/taosadapter.toml" "$VDIR/client" "$REST_PORT" "$VDIR/client/log"
}

# ensure_password -> root's password is the wanted one (a new cluster starts with taosdata; the one
# kept from an earlier start is changed when TDENGINE_PASSWORD asks for another), and $DIR/password holds it
ensure_password() {
  local want had found=""
  want="$(password)"
  if ! tdengine_rest_sql "$REST_PORT" "$want" "show databases" | tdengine_succeeded; then
    # The stored one (none before the first start without TDENGINE_PASSWORD), then TDengine's default.
    for had in "$(cat "$DIR/password" 2>/dev/null)" taosdata; do
      if [ -n "$had" ] && tdengine_rest_sql "$REST_PORT" "$had" "show databases" | tdengine_succeeded; then found=1; break; fi
    done
    [ -n "$found" ] || die "$NAME on 127.0.0.1:$REST_PORT refuses root with the wanted, the stored and TDengine's default password: set TDENGINE_PASSWORD to its root password"
    tdengine_rest_sql "$REST_PORT" "$had" "alter user root pass '$want'" | tdengine_succeeded \
      || die "could not set the root password of $NAME on 127.0.0.1:$REST_PORT"
  fi
  keep_password "$DIR/password" "$want"
  PASSWORD="$want"
}

# await WHAT SECONDS COMMAND... -> runs COMMAND until it succeeds; dies naming WHAT after SECONDS,
# or as soon as a dnode or the adapter the script started has exited
await() {
  local what=$1 secs=$2 i n
  shift 2
  for ((i = 0; i < secs * 2; i++)); do
    "$@" && return 0
    for n in "${NODES[@]}"; do
      running "$(pidfile "$n")" || { tail -n 20 "$VDIR/dnode$n/log/taosd.out" >&2 || true; die "$NAME: the taosd of dnode $n exited (logs: $VDIR/dnode$n/log)"; }
    done
    running "$(adapter_pidfile)" || { tail -n 20 "$VDIR/client/log/taosadapter.out" >&2 || true; die "$NAME: taosadapter exited (logs: $VDIR/client/log)"; }
    sleep 0.5
  done
  die "$NAME: $what within $secs s (logs under $VDIR)"
}

# rest_answers -> 0 when taosAdapter answers SQL for root, with the wanted, the stored or the default password
rest_answers() {
  local pw
  for pw in "$(password)" "$(cat "$DIR/password" 2>/dev/null)" taosdata; do
    [ -n "$pw" ] && tdengine_rest_sql "$REST_PORT" "$pw" "show dnodes" | tdengine_succeeded && return 0
  done
  return 1
}
all_ready() { local i; for i in "${NODES[@]}"; do [ "$(dnode_status "$i")" = ready ] || return 1; done; }
# mnodes_ready N -> N mnodes ready, a leader among them, none offline
mnodes_ready() {
  local m
  m="$(sql "show mnodes")"
  [ "$(grep -o '"ready"' <<<"$m" | wc -l)" -eq "$1" ] && grep -q '"leader"' <<<"$m" && ! grep -q '"offline"' <<<"$m"
}

start() {
  require_home
  apt_install curl
  local single="$STATE_ROOT/tdengine/taosd.pid" i t0=$SECONDS started=() id
  if pid_alive "$single" && grep -qaF -- "$STATE_ROOT/tdengine/" "/proc/$(cat "$single")/cmdline" 2>/dev/null; then
    die "the single-node TDengine of scripts/servers/tdengine.sh runs on 127.0.0.1:6030: stop it first (the cluster takes the same ports)"
  fi
  write_config
  for i in "${NODES[@]}"; do
    running "$(pidfile "$i")" && continue
    if port_open 127.0.0.1 "$(port "$i")"; then die "127.0.0.1:$(port "$i") is in use by another process (another TDengine?)"; fi
    tdengine_launch "$HOME_DIR" "$VDIR/dnode$i" "$(pidfile "$i")" "$VDIR/dnode$i/log/taosd.out" taosd -c "$VDIR/dnode$i/cfg"
    started+=("$i")
  done
  for i in "${NODES[@]}"; do
    wait_port 127.0.0.1 "$(port "$i")" 60 "$(cat "$(pidfile "$i")")" || {
      tail -n 20 "$VDIR/dnode$i/log/taosd.out" >&2 || true
      die "$NAME: the taosd of dnode $i did not listen on 127.0.0.1:$(port "$i") within 60 s (logs: $VDIR/dnode$i/log)"; }
  done
  if ! running "$(adapter_pidfile)"; then
    if port_open 127.0.0.1 "$REST_PORT"; then die "127.0.0.1:$REST_PORT is in use by another process (another TDengine?)"; fi
    tdengine_launch "$HOME_DIR" "$VDIR/client" "$(adapter_pidfile)" "$VDIR/client/log/taosadapter.out" taosadapter -c "$VDIR/client/taosadapter.toml"
  fi
  await "REST on 127.0.0.1:$REST_PORT did not answer" 120 rest_answers
  ensure_password
  # A new cluster: dnodes 2 and 3 wait, sending their status to dnode 1, until it adds them.
  for i in 2 3; do
    [ -n "$(dnode_id "$i")" ] || sql "create dnode \"$(endpoint "$i")\"" | tdengine_succeeded \
      || die "$NAME: CREATE DNODE \"$(endpoint "$i")\" failed: $(sql "create dnode \"$(endpoint "$i")\"")"
  done
  await "the three dnodes were not all ready" 120 all_ready
  for i in 2 3; do
    id="$(dnode_id "$i")"
    if ! sql "show mnodes" | grep -q "\"$(endpoint "$i")\""; then
      sql "create mnode on dnode $id" | tdengine_succeeded || die "$NAME: CREATE MNODE ON DNODE $id ($(endpoint "$i")) failed"
      await "the mnode on dnode $id was not ready" 120 mnodes_ready "$i"
    fi
  done
  await "the three mnodes were not all ready" 120 mnodes_ready ${#NODES[@]}
  if [ ${#started[@]} -eq 0 ]; then
    log "$NAME already running: dnodes $(endpoint 1), $(endpoint 2), $(endpoint 3); REST 127.0.0.1:$REST_PORT"
  else
    log "$NAME $VERSION running: dnodes $(endpoint 1), $(endpoint 2), $(endpoint 3); REST 127.0.0.1:$REST_PORT; native client config $VDIR/client (started dnode(s) ${started[*]}, all ready in $((SECONDS - t0)) s)"
  fi
}

stop() {
  require_home
  local i
  running "$(adapter_pidfile)" || rm -f "$(adapter_pidfile)"   # never signal a stranger that inherited a stale pid
  [ ! -f "$(adapter_pidfile)" ] || stop_pid "$(adapter_pidfile)" "$NAME taosadapter" 30
  for i in "${NODES[@]}"; do
    running "$(pidfile "$i")" || rm -f "$(pidfile "$i")"
    stop_pid "$(pidfile "$i")" "$NAME dnode $i" 60 &   # a clean stop takes 6-8 s; all three at once
  done
  wait
}

status() {
  require_home
  local i state pid all=0
  PASSWORD="$(password)"
  for i in "${NODES[@]}"; do
    if running "$(pidfile "$i")"; then
      pid="$(cat "$(pidfile "$i")")"
      state="$(dnode_status "$i")"
      state="${state:-starting}"
    else
      pid=- state=stopped
    fi
    [ "$state" = ready ] || all=3
    echo "node $i $(endpoint "$i") pid $pid $state"
  done
  if running "$(adapter_pidfile)"; then echo "rest 127.0.0.1:$REST_PORT pid $(cat "$(adapter_pidfile)")"; else echo "rest 127.0.0.1:$REST_PORT pid - stopped"; all=3; fi
  echo "client-config $VDIR/client"
  return $all
}

client() {
  require_home
  local rest
  client_secret TDENGINE_PASSWORD "$DIR/password"
  echo "env TDENGINE_CONFIG_DIR=$VDIR/client"
  # The native client loads the first libtaos.so on the path: this installation's.
  rest=":${LD_LIBRARY_PATH:-}:"
  [ -z "${TDENGINE_LIB_DIR:-}" ] || rest="${rest//:$TDENGINE_LIB_DIR:/:}"
  rest="${rest#:}"; rest="${rest%:}"
  echo "env TDENGINE_LIB_DIR=$HOME_DIR/lib"
  echo "env LD_LIBRARY_PATH=$HOME_DIR/lib${rest:+:$rest}"
  printf 'arg %s\n' -port "$(port 1)" --option connection=native --option "configDir=$VDIR/client" --option replica=3
}

case "$ACTION" in
  start) start ;;
  stop) stop ;;
  status) status || exit 3 ;;
  client) client ;;
  *) die "usage: $0 start|stop|status|client" ;;
esac
