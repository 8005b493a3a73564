#!/usr/bin/env bash
# InfluxDB 1.x for the influx-bench module: HTTP on 127.0.0.1:8086, RPC (backup) on 127.0.0.1:8088.
#   scripts/servers/influxdb.sh start|stop|status|client|install    ports: INFLUX_PORT, INFLUX_RPC_PORT
# The server: INFLUXDB_VERSION, by default 1.8.10, the version the newer published comparisons ran
# (report C, CnosDB's page). No registry ships a 1.8 server: `install` builds it once from the Go
# module proxy (`go install github.com/influxdata/influxdb/cmd/influxd@v1.8.10`, the version stamped
# with -ldflags, about 6 minutes of two cores) into $TSBENCH_CACHE (default ~/.cache/tsdb-bench),
# where every checkout and later run finds it; `start` builds it first when it is missing, waiting
# for a build already under way (.ci/run starts one early in the background). The build needs the
# network; start needs none once it is built. INFLUXDB_VERSION=1.6.7 runs Debian's influxd (apt);
# INFLUXD=/path/to/influxd runs another 1.x build as it is.
# Authentication is on: user `bench`, an admin, made at the first start; its password is
# INFLUX_PASSWORD if set, else a random one made once, kept in $STATE_ROOT/influxdb/password
# (mode 600), never in argv or logs (scripts/servers/README.md, "Secrets"). Each version keeps its
# own config, meta, data and WAL in $STATE_ROOT/influxdb/<version>/ (one runs at a time: they share
# the ports); the log and pid in $STATE_ROOT/influxdb.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=influxdb
PORT="${INFLUX_PORT:-8086}"
RPC_PORT="${INFLUX_RPC_PORT:-8088}"
DIR="$(state_dir $NAME)"
PIDFILE="$DIR/influxd.pid"
LOG="$DIR/influxd.log"
USER_NAME=bench
CACHE="${TSBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tsdb-bench}"
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 passes through).
on_exit() { local rc=$?; case $rc in 0|2|3) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

if [ -n "${INFLUXD:-}" ]; then
  [ -x "$INFLUXD" ] || die "INFLUXD=$INFLUXD is not an executable influxd"
  VERSION="$("$INFLUXD" version 2>/dev/null | awk '{print $2}')"; VERSION="${VERSION#v}"; VERSION="${VERSION%%~*}"
  [ -n "$VERSION" ] || die "INFLUXD=$INFLUXD: 'influxd version' names no version"
else
  VERSION="${INFLUXDB_VERSION:-1.8.10}"
  [[ "$VERSION" =~ ^1\.[0-9]+\.[0-9]+$ ]] || die "INFLUXDB_VERSION=$VERSION: a 1.x version (1.8.10, or 1.6.7 for Debian's)"
fi
VDIR="$DIR/$VERSION"
CONF="$VDIR/influxdb.conf"

# running -> 0 when the pid file names a live influxd of this state dir (a stale pid may be reused)
running() { pid_alive "$PIDFILE" && grep -qaF -- "$DIR/" "/proc/$(cat "$PIDFILE")/cmdline" 2>/dev/null; }
pinged() { curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/ping"; }
served_version() { curl -sI --max-time 2 "http://127.0.0.1:$PORT/ping" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-influxdb-version"{print $2}'; }

# influxd -> the influxd of $VERSION, built or installed when missing
influxd() {
  if [ -n "${INFLUXD:-}" ]; then echo "$INFLUXD"
  elif [ "$VERSION" = 1.6.7 ]; then apt_install influxdb; echo /usr/bin/influxd
  else build; fi
}

# build -> the path of influxd $VERSION in the cache, built from the Go module proxy once. One
# build at a time (flock): a start that comes while the background build of .ci/run runs waits for it.
build() {
  local home="$CACHE/influxdb-$VERSION" bin tmp t0=$SECONDS tw now rc=0
  bin="$home/bin/influxd"
  mkdir -p "$home"
  exec 9>"$home/build.lock"
  tw=$(times_now)
  flock 9
  # The test command's times (TEST_TIMES): a start that waited for the build of another (.ci/run's).
  now=$(times_now)
  if [ $(( ${now%.*} - ${tw%.*} )) -ge 1 ]; then times_end "influxdb: waiting for its build" "$tw" 0; fi
  if [ ! -x "$bin" ]; then
    tw=$(times_now)
    command -v go >/dev/null || apt_install golang-go
    log "building influxd $VERSION from the Go module proxy into $home (once; about 6 minutes on 2 cores; log: $home/build.log)"
    tmp="$home/bin.tmp"
    rm -rf "$tmp"
    # main.version stamps the version the server reports (X-Influxdb-Version): without it the Java
    # client's ping sees none and calls the server unhealthy.
    GOBIN="$tmp" go install -ldflags "-X main.version=$VERSION" "github.com/influxdata/influxdb/cmd/influxd@v$VERSION" >"$home/build.log" 2>&1 || rc=$?
    times_end "install: influxdb $VERSION (built with go install)" "$tw" "$rc"
    if [ "$rc" -ne 0 ]; then
      tail -n 20 "$home/build.log" >&2
      die "could not build influxd $VERSION with go install (it needs the Go module proxy, $(go env GOPROXY 2>/dev/null); log: $home/build.log)"
    fi
    mkdir -p "$home/bin"
    mv "$tmp/influxd" "$bin"
    rm -rf "$tmp"
    log "influxd $VERSION built in $((SECONDS - t0)) s: $bin"
  fi
  flock -u 9
  echo "$bin"
}

write_config() {
  local mem cache_gb
  mkdir -p "$VDIR"
  # Report C ran InfluxDB with cache-max-memory-size 80g on a 244 GiB server: the same share of
  # this machine's memory, in whole GiB (7g on 23 GiB). It bounds the in-memory cache before
  # writes are refused; the cache is snapshotted to TSM files long before (25 MB by default).
  mem=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
  cache_gb=$((mem * 80 / 244 / 1024 / 1024))
  ((cache_gb >= 1)) || cache_gb=1
  # From report C as well: tsi1 (the on-disk series index, not the in-memory one), no limit on
  # values per tag, and a full compaction of a shard 30 s after its last write (default 4 h).
  # max-row-limit = 0: a query returns every row in one answer (1.6's default, stated so another
  # build's default cannot truncate results). Monitoring and continuous queries off: nothing runs
  # inside the server but the benchmark's own work. reporting-disabled: no phoning home.
  # cache-snapshot-write-cold-duration 10s (default 10m): the disk step can see the data in TSM
  # files, not in the WAL, within seconds of the last write. auth-enabled: the bench user's
  # password is checked on every query and write (ping needs none).
  cat >"$CONF" <<CONF
reporting-disabled = true
bind-address = "127.0.0.1:$RPC_PORT"
[meta]
  dir = "$VDIR/meta"
[data]
  dir = "$VDIR/data"
  wal-dir = "$VDIR/wal"
  query-log-enabled = false
  index-version = "tsi1"
  max-values-per-tag = 0
  cache-max-memory-size = "${cache_gb}g"
  cache-snapshot-write-cold-duration = "10s"
  compact-full-write-cold-duration = "30s"
[http]
  enabled = true
  bind-address = "127.0.0.1:$PORT"
  auth-enabled = true
  log-enabled = false
  max-row-limit = 0
  max-body-size = 0
[monitor]
  store-enabled = false
[continuous_queries]
  enabled = false
CONF
}

# query USER PASSWORD QUERY -> 0 when the server runs the InfluxQL query without an error; the query
# (which may set a password) goes to curl on stdin, the credentials through a pipe (curl_user);
# USER empty: no credentials
query() {
  local answer
  if [ -n "$1" ]; then
    answer=$(printf '%s' "$3" | curl -s --max-time 10 -K <(curl_user "$1" "$2") --data-urlencode q@- "http://127.0.0.1:$PORT/query" 2>/dev/null) || return 1
  else
    answer=$(printf '%s' "$3" | curl -s --max-time 10 --data-urlencode q@- "http://127.0.0.1:$PORT/query" 2>/dev/null) || return 1
  fi
  [ -n "$answer" ] && ! grep -q '"error"' <<<"$answer"
}

# influxql_string S -> S as an InfluxQL string literal
influxql_string() { local s=${1//\\/\\\\}; printf "'%s'" "${s//\'/\\\'}"; }

# ensure_user -> user bench is an admin with the wanted password, and $DIR/password holds it: made
# at the first start (InfluxDB lets the first admin be created without credentials), its password
# changed when INFLUX_PASSWORD asks for another
ensure_user() {
  local want stored
  want="$(wanted_password INFLUX_PASSWORD "$DIR/password")"
  stored="$(cat "$DIR/password" 2>/dev/null || true)"
  if ! query "$USER_NAME" "$want" "SHOW DATABASES"; then
    if [ -n "$stored" ] && query "$USER_NAME" "$stored" "SHOW DATABASES"; then
      query "$USER_NAME" "$stored" "SET PASSWORD FOR $USER_NAME = $(influxql_string "$want")" \
        || die "could not set the password of user $USER_NAME of $NAME on 127.0.0.1:$PORT"
    else
      query "" "" "CREATE USER $USER_NAME WITH PASSWORD $(influxql_string "$want") WITH ALL PRIVILEGES" \
        || die "$NAME on 127.0.0.1:$PORT refuses user $USER_NAME with the wanted and the stored password, and has users already: set INFLUX_PASSWORD to its password"
    fi
  fi
  keep_password "$DIR/password" "$want"
}

start() {
  apt_install curl
  if running && [ "$(cat "$DIR/version" 2>/dev/null)" != "$VERSION" ]; then
    log "stopping InfluxDB $(cat "$DIR/version" 2>/dev/null) first: it holds the ports $VERSION needs"
    stop_pid "$PIDFILE" "$NAME" 60
  fi
  if running && pinged; then
    ensure_user   # a changed INFLUX_PASSWORD takes effect without a restart
    echo "$NAME $VERSION already running on 127.0.0.1:$PORT"; return 0
  fi
  local bin
  bin="$(influxd)"
  if ! running; then
    # Another server on our ports would answer /ping while ours fails to bind.
    local p
    for p in "$PORT" "$RPC_PORT"; do
      if port_open 127.0.0.1 "$p"; then die "127.0.0.1:$p is in use by another process (set INFLUX_PORT / INFLUX_RPC_PORT)"; fi
    done
    write_config
    # `influxd run` stays in the foreground: nohup + & and its pid. Always with -config, else it
    # falls back to ~/.influxdb and 0.0.0.0.
    nohup "$bin" run -config "$CONF" </dev/null >>"$LOG" 2>&1 &
    echo $! >"$PIDFILE"
    echo "$VERSION" >"$DIR/version"
  fi
  local i
  for ((i = 0; i < 300; i++)); do   # 60 s
    pinged && break
    pid_alive "$PIDFILE" || { tail -n 20 "$LOG" >&2; die "influxd exited before answering on 127.0.0.1:$PORT (log: $LOG)"; }   # alive: the cmdline is the shell's until exec
    sleep 0.2
  done
  if ! pinged; then
    tail -n 20 "$LOG" >&2 || true
    stop_pid "$PIDFILE" "$NAME" 30   # a hung server would only confuse the next start
    die "$NAME did not answer on 127.0.0.1:$PORT/ping within 60 s (log: $LOG)"
  fi
  ensure_user
  log "$NAME $(served_version) running on 127.0.0.1:$PORT (user $USER_NAME, $bin, data: $VDIR)"
}

case "$ACTION" in
  start) start ;;
  stop)
    running || rm -f "$PIDFILE"   # never signal a stranger that inherited a stale pid
    stop_pid "$PIDFILE" "$NAME" 60 ;;
  status)
    if running && pinged; then echo "$NAME $(served_version) running on 127.0.0.1:$PORT"
    else echo "$NAME stopped"; exit 3; fi ;;
  client) client_secret INFLUX_PASSWORD "$DIR/password" ;;   # the address is the module's default
  install) influxd ;;
  *) die "usage: $0 start|stop|status|client|install" ;;
esac
