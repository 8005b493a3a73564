#!/usr/bin/env bash
# Which database modules exist and which local server each one needs. Sourced by test.sh and
# compare.sh so that adding a module is one line here.
# module-dir:server-script:db-name
MODULES=(
  "mysql-bench:mysql:mysql"
  "influx-bench:influxdb:influx"
  "clickhouse-bench:clickhouse:clickhouse"
  "cassandra-bench:cassandra:cassandra"
  "opentsdb-bench:opentsdb:opentsdb"
  "tdengine-bench::tdengine"
)

# present_modules -> prints the entries whose module folder exists in this checkout
present_modules() {
  local m
  for m in "${MODULES[@]}"; do
    [ -d "$REPO_DIR/${m%%:*}" ] && echo "$m"
  done
}

# export_secrets -> passwords the servers' scripts generated, into the variables the modules read
export_secrets() {
  if [ -z "${MYSQL_PASSWORD:-}" ] && [ -f "$STATE_ROOT/mysql/password" ]; then
    MYSQL_PASSWORD="$(cat "$STATE_ROOT/mysql/password")"
    export MYSQL_PASSWORD
  fi
}

# ensure_build_tools -> Java 17 and Maven, from Debian when missing
ensure_build_tools() {
  command -v java >/dev/null && command -v mvn >/dev/null && return 0
  apt_install openjdk-17-jdk-headless maven
}

# ensure_chromium -> Debian's chromium at /usr/bin/chromium: the report module's test opens
# report.html in it (headless) and fails, saying so, when it is missing
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  apt_install chromium
}
