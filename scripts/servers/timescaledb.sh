#!/usr/bin/env bash
# TimescaleDB (PostgreSQL 15 with the timescaledb extension) for the timescaledb-bench module.
#   scripts/servers/timescaledb.sh start|stop|status|client     port: TIMESCALEDB_PORT (default 5442)
# Port 5442, not PostgreSQL's 5432: Debian's postgresql-15 package registers a default cluster on
# 5432 (and pg_createcluster gives the next ones 5433, 5434, ...), so ours keeps clear of them.
# Debian's postgresql-15 (apt) plus TimescaleDB from ../shared/timescaledb/install.sh when that
# folder exists (these machines); elsewhere TimescaleDB is the user's to install (start exits 4,
# saying what to install). One folder, $STATE_ROOT/timescaledb, holds everything: data/ (initdb's
# data directory: data, pg_hba.conf, postgresql.conf, WAL), postgresql.bench.conf (the settings
# below, rewritten at every start and included by data/postgresql.conf), run/ (the Unix socket),
# server.log, postgres.pid. `stop` keeps the data; removing the folder undoes it all.
# The server programs refuse to run as root: initdb, pg_ctl and psql run as the postgres user.
# It serves the database `bench`, with the timescaledb extension, owned by the TCP user `bench`
# (scram-sha-256 over 127.0.0.1). Its password is TIMESCALEDB_PASSWORD if set, else a random one
# made once; $STATE_ROOT/timescaledb/password (mode 600) always holds the current one (compare.sh
# and test.sh read it through `client`). It is never printed, in argv or in the server's log.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=timescaledb
PORT="${TIMESCALEDB_PORT:-5442}"
PG_BIN=/usr/lib/postgresql/15/bin
DIR="$(state_dir $NAME)"
DATA="$DIR/data"
SOCK_DIR="$DIR/run"
CONF="$DIR/postgresql.bench.conf"
LOG="$DIR/server.log"
PIDFILE="$DIR/postgres.pid"
SHARED_INSTALL="$REPO_DIR/../shared/timescaledb/install.sh"
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 and start's 4 pass through).
on_exit() { local rc=$?; case $rc in 0|2|3|4) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

# as_postgres CMD... -> CMD as the postgres user, from a folder it can read
as_postgres() { (cd / && runuser -u postgres -- "$@"); }

# psql_admin DB -> psql as the superuser over the Unix socket (peer authentication), SQL on stdin
psql_admin() { as_postgres "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$SOCK_DIR" -p "$PORT" -d "$1"; }

# postmaster_pid -> the pid in the data directory's postmaster.pid (empty when there is none)
postmaster_pid() { head -n 1 "$DATA/postmaster.pid" 2>/dev/null || true; }

# running -> 0 when postmaster.pid names a live postgres of this data directory (a stale pid may be reused)
running() {
  local pid
  pid="$(postmaster_pid)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -qaF -- "$DATA" "/proc/$pid/cmdline" 2>/dev/null
}

# answers -> 0 when the server answers a query
answers() { echo "SELECT 1" | psql_admin postgres >/dev/null 2>&1; }

extension_installed() { [ -f "$("$PG_BIN/pg_config" --sharedir 2>/dev/null)/extension/timescaledb.control" ]; }

# install -> Debian's postgresql-15 and the timescaledb extension for it; exit 4 when this machine
# has no TimescaleDB to install (no registry ships it for Debian 12's PostgreSQL 15)
install() {
  if [ ! -x "$PG_BIN/pg_ctl" ]; then
    # A temporary policy-rc.d keeps apt from starting Debian's default cluster (15 main, port 5432).
    local guard=
    if [ ! -e /usr/sbin/policy-rc.d ]; then printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; guard=1; fi
    local rc=0
    apt_install postgresql-15 || rc=$?
    [ -z "$guard" ] || rm -f /usr/sbin/policy-rc.d
    [ "$rc" -eq 0 ] || die "could not install Debian's postgresql-15 (apt-get install postgresql-15)"
  fi
  extension_installed && return 0
  if [ -f "$SHARED_INSTALL" ]; then
    log "installing TimescaleDB from $SHARED_INSTALL"
    bash "$SHARED_INSTALL" >"$DIR/install.log" 2>&1 || { tail -n 20 "$DIR/install.log" >&2; die "$SHARED_INSTALL failed (log: $DIR/install.log)"; }
    extension_installed && return 0
  fi
  echo "error: TimescaleDB is not installed for PostgreSQL 15 ($("$PG_BIN/pg_config" --sharedir)/extension has no timescaledb.control): install Timescale's timescaledb-2-postgresql-15 package, or run ../shared/timescaledb/install.sh" >&2
  exit 4
}

write_config() {
  # The settings that change the figures, stated here and in timescaledb-bench/README.md; the
  # manifest records what the server reports for them. Durability is PostgreSQL's default and said
  # on purpose: fsync on, synchronous_commit on (an INSERT or COPY is acknowledged once its WAL is
  # flushed to disk), full_page_writes on, as the other databases run at their default durability.
  cat >"$CONF" <<CONF
# Written by scripts/servers/timescaledb.sh at every start; included by data/postgresql.conf.
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$SOCK_DIR'
max_connections = 200
shared_preload_libraries = 'timescaledb'
timescaledb.telemetry_level = off
# Memory: the same 1 GB cache MariaDB's buffer pool has here; the planner may count on the OS cache too.
shared_buffers = 1GB
effective_cache_size = 4GB
work_mem = 64MB
maintenance_work_mem = 512MB
# WAL and checkpoints: PostgreSQL's 1 GB max_wal_size makes a load checkpoint every few seconds
# (each one writing every dirty page, and full-page images after it); 8 GB and 15 minutes let a
# load run between checkpoints, as timescaledb-tune advises for write-heavy use.
max_wal_size = 8GB
min_wal_size = 1GB
checkpoint_timeout = 15min
checkpoint_completion_target = 0.9
wal_compression = off
# Durability: PostgreSQL's defaults, stated.
fsync = on
synchronous_commit = on
full_page_writes = on
# Background workers: TimescaleDB's scheduler and jobs need their own on top of the parallel workers.
max_worker_processes = 16
timescaledb.max_background_workers = 8
max_parallel_workers = 2
max_parallel_workers_per_gather = 2
# Solid-state storage: random reads cost little more than sequential ones (timescaledb-tune's value).
random_page_cost = 1.1
# Logging: errors and warnings to server.log (pg_ctl -l); statements are never logged.
log_min_messages = warning
log_min_error_statement = error
log_statement = none
log_checkpoints = off
CONF
  chmod 644 "$CONF"
  # data/postgresql.conf includes it once (the path written again should the folder have moved).
  sed -i '/^include .*postgresql\.bench\.conf/d' "$DATA/postgresql.conf"
  echo "include '$CONF'" >>"$DATA/postgresql.conf"
}

init_data() {
  log "initialising $NAME data directory $DATA"
  as_postgres test -x "$DIR" || die "the postgres user cannot reach $DIR (every folder above it needs o+x, or set TSBENCH_STATE)"
  mkdir -p "$DATA"
  chown postgres:postgres "$DATA"
  chmod 700 "$DATA"
  # Peer authentication on the socket (the script's psql as postgres); scram-sha-256 over TCP.
  as_postgres "$PG_BIN/initdb" -D "$DATA" -U postgres --auth-local=peer --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 \
    >"$DIR/initdb.log" 2>&1 || { tail -n 20 "$DIR/initdb.log" >&2; die "initdb failed (log: $DIR/initdb.log)"; }
}

# sql_quote S -> S as the inside of a '...' literal (standard_conforming_strings: only ' is doubled)
sql_quote() { printf '%s' "${1//\'/\'\'}"; }

# ensure_user -> role bench (its password the wanted one), database bench owned by it, with the
# timescaledb extension (which only a superuser may create). SQL goes on stdin, never in argv;
# the password statement runs with statement logging off, so even a failing one is not logged.
ensure_user() {
  local stored="" want q
  [ -f "$DIR/password" ] && stored="$(cat "$DIR/password")"
  want="${TIMESCALEDB_PASSWORD:-$stored}"
  [ -n "$want" ] || want="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
  q="$(sql_quote "$want")"
  psql_admin postgres <<SQL
SET log_min_error_statement = panic;
SET log_statement = none;
SELECT 'CREATE ROLE bench LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bench') \gexec
ALTER ROLE bench LOGIN PASSWORD '$q';
SELECT 'CREATE DATABASE bench OWNER bench' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'bench') \gexec
SQL
  printf '%s\n' "SET client_min_messages = warning;" "CREATE EXTENSION IF NOT EXISTS timescaledb;" | psql_admin bench
  if [ "$want" != "$stored" ]; then
    (umask 077; printf '%s' "$want" >"$DIR/password")
    chmod 600 "$DIR/password"
  fi
}

start() {
  if running && answers; then
    ensure_user   # a changed TIMESCALEDB_PASSWORD takes effect without a restart
    echo "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  # Another server on the port would answer our readiness check while ours fails to bind.
  if ! running && port_open 127.0.0.1 "$PORT"; then die "127.0.0.1:$PORT is in use by another process (set TIMESCALEDB_PORT)"; fi
  install
  [ -f "$DATA/PG_VERSION" ] || init_data
  write_config
  mkdir -p "$SOCK_DIR"
  chown postgres:postgres "$SOCK_DIR"
  touch "$LOG"
  chown postgres:postgres "$LOG"
  if ! running; then
    # Right after a SIGKILL of the postmaster, the killed process (a zombie until it is reaped)
    # still holds postmaster.pid and its backends the old shared memory, and a new postmaster
    # refuses to start until they are gone: a few tries, 10 s at most.
    local i ok=false
    for ((i = 0; i < 20; i++)); do
      if as_postgres "$PG_BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start >>"$DIR/pg_ctl.log" 2>&1; then ok=true; break; fi
      running && break
      tail -n 3 "$LOG" | grep -qE 'pre-existing shared memory block|lock file ".*" already exists' || break
      # A postmaster that is a zombie is dead: its lock files may go (postgres sees only that the
      # pid exists); the shared memory check still waits for its backends.
      if [ "$(awk '{print $3}' "/proc/$(postmaster_pid)/stat" 2>/dev/null)" = Z ]; then rm -f "$DATA/postmaster.pid" "$SOCK_DIR/.s.PGSQL.$PORT.lock"; fi
      sleep 0.5
    done
    if ! $ok && ! running; then
      tail -n 20 "$LOG" >&2 || true
      die "postgres did not start on 127.0.0.1:$PORT (log: $LOG)"
    fi
  fi
  postmaster_pid >"$PIDFILE"
  if ! answers; then
    tail -n 20 "$LOG" >&2 || true
    die "$NAME on 127.0.0.1:$PORT does not answer a query (log: $LOG)"
  fi
  ensure_user
  log "$NAME $(echo "SELECT extversion FROM pg_extension WHERE extname = 'timescaledb'" | psql_admin bench) on $(echo "SHOW server_version" | psql_admin bench) running on 127.0.0.1:$PORT (data: $DATA)"
}

stop() {
  if ! running; then rm -f "$PIDFILE"; log "$NAME is not running"; return 0; fi
  # Fast shutdown: ends the sessions, writes a checkpoint, keeps the data.
  as_postgres "$PG_BIN/pg_ctl" -D "$DATA" -m fast -w -t 120 stop >>"$DIR/pg_ctl.log" 2>&1 \
    || { postmaster_pid >"$PIDFILE"; stop_pid "$PIDFILE" "$NAME" 30; }
  rm -f "$PIDFILE"
  log "$NAME stopped"
}

case "$ACTION" in
  start) start ;;
  stop) stop ;;
  status)
    if running && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT"
    else echo "$NAME stopped"; exit 3; fi ;;
  client)
    # The file of the bench user's password, unless the caller has one already.
    client_secret TIMESCALEDB_PASSWORD "$DIR/password" ;;
  *) die "usage: $0 start|stop|status|client" ;;
esac
