#!/usr/bin/env bash
# A three-node Apache Cassandra 5.0 cluster on one machine, for the cluster tests.
#   scripts/servers/cassandra-cluster.sh start|stop|status|client
# Nodes 1-3 listen on 127.0.0.1, 127.0.0.2 and 127.0.0.3 (Linux routes all of 127.0.0.0/8 to the
# loopback device: no aliases needed), each on the usual ports (CQL 9042, storage 7000); JMX, which
# Cassandra binds to 127.0.0.1 only, on 7199, 7299 and 7399. Node 1 is the seed. Each node has one
# token, evenly spaced, so with replication factor 3 every node holds every row. Same server,
# classpath and JVM flags as scripts/servers/cassandra.sh (cassandra/node.sh).
# Heap: CASSANDRA_CLUSTER_HEAP per node (default 512M; as root Cassandra mlocks it: about 1 GB
# resident a node). Ready when every node answers CQL and every node sees all three Up/Normal (UN).
# It takes the single node's ports: it refuses to start while cassandra.sh's node runs (and that one
# refuses while this runs). State, data, logs and pids under $STATE_ROOT/cassandra-cluster/node<i>;
# `stop` keeps the data. `status` prints one line per node (`node <i> <host>:9042 pid <pid> <state>`)
# and the -host list of the cluster; exit 3 unless all three run and are UN. Logins need a password,
# as on the single node (cassandra.sh): role bench, kept in $STATE_ROOT/cassandra-cluster/password.
# `client` prints what a client of the cluster needs (`secret` and `arg` lines, as
# scripts/servers/*.sh client): the password's file, all three nodes as
# contact points, keyspace replication factor 3, QUORUM reads and writes, and requests that time out
# after 20 s (a coordinator that has not yet noticed a killed replica may wait on it; the client retries).
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/cassandra/node.sh"

NAME=cassandra-cluster
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 passes through).
on_exit() { local rc=$?; case $rc in 0|2|3) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

DIR="$(state_dir $NAME)"
NODES=(1 2 3)
HEAP="${CASSANDRA_CLUSTER_HEAP:-512M}"
# Murmur3 tokens evenly spaced over the ring, one per node: (i - 1) * 2^64 / 3 - 2^63.
TOKENS=(-9223372036854775808 -3074457345618258603 3074457345618258602)

host() { echo "127.0.0.$1"; }
jmx() { echo $((7199 + 100 * ($1 - 1))); }
node_dir() { echo "$DIR/node$1"; }
pidfile() { echo "$DIR/node$1/cassandra.pid"; }
running() { cassandra_running "$(pidfile "$1")"; }
hosts() { local i out=(); for i in "${NODES[@]}"; do out+=("$(host "$i")"); done; (IFS=,; echo "${out[*]}"); }

# ring_states -> "<address> <state>" per node as a running node sees the ring (nodetool status);
# empty when no node answers
ring_states() {
  local i
  for i in "${NODES[@]}"; do
    if running "$i" && port_open 127.0.0.1 "$(jmx "$i")"; then
      cassandra_nodetool "$(cassandra_classpath "$DIR")" "$(jmx "$i")" status 2>/dev/null | awk '/^[UD][NLJM] /{print $2, $1}' && return 0
    fi
  done
}

# all_see_all_up -> 0 when every node's own view has all three nodes UN (a node that just came back
# may still see the others down, and would refuse QUORUM as a coordinator)
all_see_all_up() {
  local i cp
  cp="$(cassandra_classpath "$DIR")"
  for i in "${NODES[@]}"; do
    [ "$(cassandra_nodetool "$cp" "$(jmx "$i")" status 2>/dev/null | grep -c '^UN ')" -eq ${#NODES[@]} ] || return 1
  done
}

# start_node I CLASSPATH -> launches node I (config written afresh; data kept)
start_node() {
  local i=$1 d p
  d="$(node_dir "$i")"
  mkdir -p "$d"
  for p in "$(host "$i"):$CQL_PORT" "$(host "$i"):7000" "127.0.0.1:$(jmx "$i")"; do
    if port_open "${p%:*}" "${p##*:}"; then die "$p is in use by another process (another Cassandra?)"; fi
  done
  # auto_bootstrap false: the nodes of a new, empty cluster join at once (and together) with their
  # tokens instead of streaming data one after the other; a node that comes back keeps its data and
  # is sent what it missed as hints. request_timeout (other messages between nodes) back to
  # Cassandra's 10 s: a draining node waits for its pending messages to a stopped peer to time
  # out, and with the single node's 120 s each node took a minute to stop. Read, range and
  # transport timeouts 120 s, not the single node's 600 s (sized for 100 M rows): right after a
  # node is killed the others' requests to it (the login's among them) wait that long before they
  # fail, and with 600 s no client logged in within two minutes of the kill.
  cassandra_yaml "$d" "$(host "$i")" "$(host 1):7000" "initial_token: ${TOKENS[$((i - 1))]}" "auto_bootstrap: false" \
    "request_timeout: 10000ms" "read_request_timeout: 120000ms" "range_request_timeout: 120000ms" \
    "native_transport_timeout: 120000ms"
  # The ring delay (30 s by default: how long a starting node listens to gossip) is for real
  # networks; loopback peers answer in milliseconds.
  cassandra_launch "$d" "$HEAP" "$(jmx "$i")" "$(pidfile "$i")" "$2" -Dcassandra.ring_delay_ms=5000
}

# wait_node I -> 0 once node I serves CQL; on failure its log tail, the node stopped, one error line
wait_node() {
  local i=$1 d
  d="$(node_dir "$i")"
  if ! cassandra_wait_cql "$d" "$(host "$i")" "$(cat "$(pidfile "$i")")" 180; then
    tail -n 30 "$d/log/system.log" "$d/log/stdout.log" >&2 2>/dev/null || true
    stop_pid "$(pidfile "$i")" "node $i" 30
    die "$NAME: node $i did not start: CQL on $(host "$i"):$CQL_PORT not answering (logs: $d/log)"
  fi
}

start() {
  local single="$STATE_ROOT/cassandra/cassandra.pid" i cp t0=$SECONDS missing=()
  if cassandra_running "$single"; then
    die "the single-node Cassandra of scripts/servers/cassandra.sh runs on 127.0.0.1:$CQL_PORT: stop it first (the cluster takes the same ports)"
  fi
  if command -v ip >/dev/null && ! ip -o route get "$(host 3)" 2>/dev/null | grep -q ' dev lo '; then
    die "$(host 3) is not routed to the loopback device here: add the node addresses (ip addr add $(host 2)/8 dev lo; the same for $(host 3))"
  fi
  for i in "${NODES[@]}"; do running "$i" || missing+=("$i"); done
  if [ ${#missing[@]} -gt 0 ]; then
    cassandra_require_java
    cp="$(cassandra_classpath "$DIR")"
    # The seed first when it is down: the others learn the ring from it.
    if ! running 1; then
      start_node 1 "$cp"
      wait_node 1
    fi
    for i in "${missing[@]}"; do [ "$i" = 1 ] || start_node "$i" "$cp"; done
  fi
  for i in "${NODES[@]}"; do wait_node "$i"; done
  local tries
  for ((tries = 0; tries < 60; tries++)); do   # about 2-3 minutes, nodetool taking seconds a round
    all_see_all_up && break
    for i in "${NODES[@]}"; do running "$i" || die "$NAME: node $i exited before the ring was up (logs: $(node_dir "$i")/log)"; done
    sleep 1
  done
  ((tries < 60)) || die "$NAME: the three nodes did not all see each other Up/Normal (nodetool status; logs under $DIR)"
  # The login: made on a new cluster (system_auth then gets 3 replicas, so a login survives a node
  # down), checked at every start of the whole cluster, changed with CASSANDRA_PASSWORD; a node that
  # comes back after a fault finds it as it was.
  if [ ${#missing[@]} -eq ${#NODES[@]} ] || [ ! -s "$DIR/password" ] \
      || { [ -n "${CASSANDRA_PASSWORD:-}" ] && [ "$CASSANDRA_PASSWORD" != "$(cat "$DIR/password")" ]; }; then
    cassandra_ensure_role "$DIR" "$(host 1)" ${#NODES[@]} "$(cassandra_classpath "$DIR")"
  fi
  if [ ${#missing[@]} -eq 0 ]; then
    log "$NAME already running: $(hosts) (CQL $CQL_PORT)"
  else
    log "$NAME $CASSANDRA_VERSION running: $(hosts) (CQL $CQL_PORT, heap $HEAP a node; started node(s) ${missing[*]}, all UN in $((SECONDS - t0)) s)"
  fi
}

stop() {
  local i
  # One after the other, the seed last: a node drains (TERM) in seconds while its peers answer; with
  # all three draining at once each waited out its messaging service's 60 s timeout.
  for i in 3 2 1; do
    running "$i" || rm -f "$(pidfile "$i")"   # never signal a stranger that inherited a stale pid
    stop_pid "$(pidfile "$i")" "$NAME node $i" 60
  done
}

status() {
  local i states state pid all=0
  states="$(ring_states || true)"
  for i in "${NODES[@]}"; do
    if running "$i"; then
      pid="$(cat "$(pidfile "$i")")"
      state="$(awk -v a="$(host "$i")" '$1 == a {print $2}' <<<"$states")"
      state="${state:-starting}"
    else
      pid=- state=stopped
    fi
    [ "$state" = UN ] || all=3
    echo "node $i $(host "$i"):$CQL_PORT pid $pid $state"
  done
  echo "hosts $(hosts)"
  return $all
}

client() {
  client_secret CASSANDRA_PASSWORD "$DIR/password"
  printf 'arg %s\n' -host "$(hosts)" --option replicationFactor=3 --option consistency=QUORUM --option requestTimeoutMs=20000
}

case "$ACTION" in
  start) start ;;
  stop) stop ;;
  status) status || exit 3 ;;
  client) client ;;
  *) die "usage: $0 start|stop|status|client" ;;
esac
