#!/usr/bin/env bash
# MariaDB (the MySQL protocol server Debian ships) for the mysql-bench module, on 127.0.0.1.
#   scripts/servers/mysql.sh start|stop|status
# Data, config, socket, log and pid live in $STATE_ROOT/mysql. On first start it creates the
# database `bench` and the TCP user `bench`; its password is MYSQL_PASSWORD if set, else a random
# one kept in $STATE_ROOT/mysql/password (mode 600) and never printed.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=mysql
PORT="${MYSQL_PORT:-3306}"
DIR="$(state_dir $NAME)"
CNF="$DIR/my.cnf"
PIDFILE="$DIR/mariadbd.pid"
SOCK="$DIR/mysqld.sock"

write_config() {
  # innodb_flush_log_at_trx_commit=1 keeps MariaDB's default durability: every acknowledged
  # write is on disk, as the other databases are measured with their default durability.
  cat > "$CNF" <<CNF
[mariadbd]
datadir=$DIR/data
socket=$SOCK
pid-file=$PIDFILE
log-error=$DIR/mariadbd.log
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

password() {
  if [ -n "${MYSQL_PASSWORD:-}" ]; then
    printf '%s' "$MYSQL_PASSWORD"
  else
    [ -f "$DIR/password" ] || { (umask 077; head -c 18 /dev/urandom | base64 | tr -d '/+=' > "$DIR/password"); }
    cat "$DIR/password"
  fi
}

root_sql() { mariadb --socket="$SOCK" -uroot "$@"; }

start() {
  if pid_alive "$PIDFILE" && port_open 127.0.0.1 "$PORT"; then
    log "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  apt_install mariadb-server
  write_config
  if [ ! -d "$DIR/data/mysql" ]; then
    log "initialising $NAME data directory"
    mariadb-install-db --defaults-file="$CNF" >"$DIR/install.log" 2>&1 || { tail -5 "$DIR/install.log" >&2; die "mariadb-install-db failed"; }
  fi
  nohup mariadbd --defaults-file="$CNF" >>"$DIR/mariadbd.out" 2>&1 &
  echo $! > "$PIDFILE.launch"
  if ! wait_port 127.0.0.1 "$PORT" 60 "$(cat "$PIDFILE.launch")"; then
    tail -20 "$DIR/mariadbd.log" >&2 2>/dev/null || true
    die "$NAME did not answer on 127.0.0.1:$PORT within 60 s (log: $DIR/mariadbd.log)"
  fi
  rm -f "$PIDFILE.launch"
  # The password is passed on stdin, never on a command line that ps could show.
  local pw; pw="$(password)"
  root_sql <<SQL
CREATE DATABASE IF NOT EXISTS bench;
CREATE USER IF NOT EXISTS 'bench'@'127.0.0.1' IDENTIFIED BY '${pw//\'/\'\'}';
CREATE USER IF NOT EXISTS 'bench'@'localhost' IDENTIFIED BY '${pw//\'/\'\'}';
ALTER USER 'bench'@'127.0.0.1' IDENTIFIED BY '${pw//\'/\'\'}';
ALTER USER 'bench'@'localhost' IDENTIFIED BY '${pw//\'/\'\'}';
GRANT ALL ON bench.* TO 'bench'@'127.0.0.1';
GRANT ALL ON bench.* TO 'bench'@'localhost';
GRANT PROCESS ON *.* TO 'bench'@'127.0.0.1';
SQL
  log "$NAME $(root_sql -N -e 'SELECT VERSION()') running on 127.0.0.1:$PORT (data: $DIR/data)"
}

case "${1:-}" in
  start) start ;;
  stop) stop_pid "$PIDFILE" "$NAME" 60 ;;
  status)
    if pid_alive "$PIDFILE" && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT"; else echo "$NAME stopped"; exit 3; fi ;;
  *) die "usage: $0 start|stop|status" ;;
esac
