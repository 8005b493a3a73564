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
  "tdengine-bench:tdengine:tdengine"
)

# present_modules -> prints the entries whose module folder exists in this checkout
present_modules() {
  local m
  for m in "${MODULES[@]}"; do
    [ -d "$REPO_DIR/${m%%:*}" ] && echo "$m"
  done
}

# export_secrets -> passwords the servers' scripts generated, into the variables the modules read;
# for a local TDengine also its native client: the library (LD_LIBRARY_PATH) and config folder
export_secrets() {
  if [ -z "${MYSQL_PASSWORD:-}" ] && [ -f "$STATE_ROOT/mysql/password" ]; then
    MYSQL_PASSWORD="$(cat "$STATE_ROOT/mysql/password")"
    export MYSQL_PASSWORD
  fi
  export_tdengine
}

# export_tdengine -> TDENGINE_PASSWORD, TDENGINE_CONFIG_DIR and LD_LIBRARY_PATH for the TDengine
# the server script runs (or would run) now: after a switch between majors, call it again
export_tdengine() {
  local home version
  [ -z "${TDENGINE_URL:-}" ] || return 0
  if pid_alive "$STATE_ROOT/tdengine/taosd.pid"; then home="$(cat "$STATE_ROOT/tdengine/home")"; else home="$(tdengine_home || true)"; fi
  [ -n "$home" ] || return 0
  if [ -f "$STATE_ROOT/tdengine/password" ]; then
    TDENGINE_PASSWORD="$(cat "$STATE_ROOT/tdengine/password")"
    export TDENGINE_PASSWORD
  fi
  version=$(ls "$home"/lib/libtaos.so.*.*.* 2>/dev/null | head -1)
  version="${version##*libtaos.so.}"
  export TDENGINE_CONFIG_DIR="$STATE_ROOT/tdengine/$version/cfg"
  # The native client loads the first libtaos.so on the path: this installation's, not the other major's.
  local rest=":${LD_LIBRARY_PATH:-}:"
  [ -z "${TDENGINE_LIB_DIR:-}" ] || rest="${rest//:$TDENGINE_LIB_DIR:/:}"
  rest="${rest#:}"; rest="${rest%:}"
  export TDENGINE_LIB_DIR="$home/lib"
  export LD_LIBRARY_PATH="$home/lib${rest:+:$rest}"
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
