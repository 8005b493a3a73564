#!/usr/bin/env bash
# MariaDB (the MySQL protocol server Debian ships) for the mysql-bench module, on 127.0.0.1.
#   scripts/servers/mysql.sh start|stop|status|client          port: MYSQL_PORT (default 3306)
# Config, data, socket, log and pid live in $STATE_ROOT/mysql; `stop` keeps the data.
# It serves the database `bench` to the TCP user `bench`. Its password is MYSQL_PASSWORD if set,
# else a random one made once; $STATE_ROOT/mysql/password (mode 600) always holds the current one
# (`client` names that file; compare.sh and test.sh read it from there). It is never printed nor
# in argv (scripts/servers/README.md, "Secrets").
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=mysql
PORT="${MYSQL_PORT:-3306}"
DIR="$(state_dir $NAME)"
CNF="$DIR/my.cnf"
PIDFILE="$DIR/mariadbd.pid"
SOCK="$DIR/mariadbd.sock"
LOG="$DIR/mariadbd.log"
ACTION="${1:-}"
# Any unexpected failure ends as die does: exit 2 and one "error:" line (status's 3 passes through).
on_exit() { local rc=$?; case $rc in 0|2|3) ;; *) echo "error: $NAME $ACTION: a command failed (exit $rc)" >&2; exit 2 ;; esac; }
trap on_exit EXIT

# running -> 0 when the pid file names a live mariadbd of this state dir (a stale pid may be reused)
running() { pid_alive "$PIDFILE" && grep -qaF -- "$CNF" "/proc/$(cat "$PIDFILE")/cmdline" 2>/dev/null; }

write_config() {
  # innodb_flush_log_at_trx_commit=1 is MariaDB's default, stated on purpose: every acknowledged
  # commit is on disk, as the other databases are measured with their default durability.
  # No log-error: the server's stderr goes to $LOG, so startup errors land in one file.
  cat >"$CNF" <<CNF
[mariadbd]
datadir=$DIR/data
socket=$SOCK
pid-file=$PIDFILE
port=$PORT
bind-address=127.0.0.1
skip-name-resolve
user=root
innodb_buffer_pool_size=1G
innodb_flush_log_at_trx_commit=1
max_allowed_packet=64M
max_connections=200
CNF
}

# sql_quote S -> S as the inside of a '...' literal (default sql_mode: backslash escapes apply)
sql_quote() { local s=${1//\\/\\\\}; printf '%s' "${s//\'/\'\'}"; }

# ensure_user -> database bench and user bench exist, and the user's password is the wanted one.
# Runs as root over the socket (root has unix_socket auth only); SQL goes on stdin, not in argv.
ensure_user() {
  local stored="" want q
  [ -f "$DIR/password" ] && stored="$(cat "$DIR/password")"
  want="$(wanted_password MYSQL_PASSWORD "$DIR/password")"
  q="$(sql_quote "$want")"
  # information_schema cannot be granted on: PROCESS is what opens its server-wide tables.
  mariadb --socket="$SOCK" -uroot <<SQL
CREATE DATABASE IF NOT EXISTS bench;
CREATE USER IF NOT EXISTS 'bench'@'127.0.0.1' IDENTIFIED BY '$q';
CREATE USER IF NOT EXISTS 'bench'@'localhost' IDENTIFIED BY '$q';
GRANT ALL PRIVILEGES ON bench.* TO 'bench'@'127.0.0.1', 'bench'@'localhost';
GRANT PROCESS ON *.* TO 'bench'@'127.0.0.1', 'bench'@'localhost';
GRANT SELECT ON performance_schema.* TO 'bench'@'127.0.0.1', 'bench'@'localhost';
SQL
  if [ "$want" != "$stored" ]; then
    # New or changed password (or the file was lost): set it on the existing users, then keep it.
    mariadb --socket="$SOCK" -uroot <<SQL
ALTER USER 'bench'@'127.0.0.1' IDENTIFIED BY '$q';
ALTER USER 'bench'@'localhost' IDENTIFIED BY '$q';
SQL
    keep_password "$DIR/password" "$want"
  fi
}

start() {
  if running && port_open 127.0.0.1 "$PORT"; then
    ensure_user   # a changed MYSQL_PASSWORD takes effect without a restart
    echo "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  # Another server on the port would answer our readiness check while ours fails to bind.
  if ! running && port_open 127.0.0.1 "$PORT"; then die "127.0.0.1:$PORT is in use by another process (set MYSQL_PORT)"; fi
  apt_install mariadb-server
  write_config
  if [ -z "$(ls -A "$DIR/data" 2>/dev/null)" ]; then
    log "initialising $NAME data directory $DIR/data"
    mariadb-install-db --defaults-file="$CNF" --skip-test-db >"$DIR/install.log" 2>&1 \
      || { tail -n 20 "$DIR/install.log" >&2; die "mariadb-install-db failed (log: $DIR/install.log)"; }
  fi
  if ! running; then
    # mariadbd stays in the foreground (no mariadbd-safe, no systemd): nohup + & and its pid.
    nohup mariadbd --defaults-file="$CNF" </dev/null >>"$LOG" 2>&1 &
    echo $! >"$PIDFILE"
  fi
  if ! wait_port 127.0.0.1 "$PORT" 60 "$(cat "$PIDFILE")"; then
    tail -n 20 "$LOG" >&2 || true
    running || die "mariadbd exited before answering on 127.0.0.1:$PORT (log: $LOG)"
    stop_pid "$PIDFILE" "$NAME" 30   # a hung server would only confuse the next start
    die "$NAME did not answer on 127.0.0.1:$PORT within 60 s (log: $LOG)"
  fi
  ensure_user
  log "$NAME $(mariadb --socket="$SOCK" -uroot -N -e 'SELECT VERSION()') running on 127.0.0.1:$PORT (data: $DIR/data)"
}

case "$ACTION" in
  start) start ;;
  stop)
    running || rm -f "$PIDFILE"   # never signal a stranger that inherited a stale pid
    stop_pid "$PIDFILE" "$NAME" 120 ;;   # TERM is a clean shutdown (flushes the buffer pool)
  status)
    if running && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT"
    else echo "$NAME stopped"; exit 3; fi ;;
  client)
    # The file of the bench user's password, unless the caller has the password already.
    client_secret MYSQL_PASSWORD "$DIR/password" ;;
  *) die "usage: $0 start|stop|status|client" ;;
esac
