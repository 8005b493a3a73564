#!/usr/bin/env bash
# OpenTSDB 2.4.1 on a standalone HBase 2.5, for the opentsdb-bench module: TSD on 127.0.0.1:4242.
#   scripts/servers/opentsdb.sh start|stop|status|client
# Both come from Maven Central (poms in opentsdb/hbase and opentsdb/tsd) and run as two JVMs
# (their libraries conflict). Heaps: HBASE_HEAP (default 1G), TSD_HEAP (default 512M).
# Data, logs and pids live in $STATE_ROOT/opentsdb.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=opentsdb
HERE="$(cd "$(dirname "$0")/opentsdb" && pwd)"
DIR="$(state_dir $NAME)"
HBASE_PID="$DIR/hbase.pid"
TSD_PID="$DIR/tsd.pid"
PORT=4242

# classpath NAME -> resolves opentsdb/NAME/pom.xml's runtime classpath once (again if the pom changes)
classpath() {
  local out="$DIR/$1-classpath.txt"
  if [ ! -s "$out" ] || [ "$HERE/$1/pom.xml" -nt "$out" ]; then
    log "resolving the $1 classpath from Maven Central"
    mvn -B -q -ntp -f "$HERE/$1/pom.xml" dependency:build-classpath -Dmdep.outputFile="$out" >/dev/null \
      || die "could not resolve the $1 classpath from Maven Central"
  fi
  cat "$out"
}

JAVA17_OPENS=(--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED
  --add-opens java.base/java.util.concurrent=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
  --add-exports java.security.jgss/sun.security.krb5=ALL-UNNAMED
  -Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true)

start_hbase() {
  local cp conf="$DIR/hbase-conf"
  cp="$(classpath hbase)"
  mkdir -p "$conf" "$DIR/hbase" "$DIR/tmp" "$DIR/zookeeper" "$DIR/log" "$DIR/webapps/hbase-webapps/master" \
    "$DIR/webapps/hbase-webapps/regionserver" "$DIR/webapps/hbase-webapps/static"
  sed "s#@DIR@#$DIR#g" "$HERE/hbase/hbase-site.xml" > "$conf/hbase-site.xml"
  cp "$HERE/hbase/log4j2.properties" "$conf/"
  # HMaster looks up hbase-webapps/* on the classpath even with the info servers off.
  nohup java -Xms"${HBASE_HEAP:-1G}" -Xmx"${HBASE_HEAP:-1G}" "${JAVA17_OPENS[@]}" -Dhbase.log.dir="$DIR/log" \
    -Dlog4j2.configurationFile="$conf/log4j2.properties" -Djava.net.preferIPv4Stack=true \
    -cp "$conf:$DIR/webapps:$cp" org.apache.hadoop.hbase.master.HMaster start >>"$DIR/log/hbase.out" 2>&1 &
  echo $! > "$HBASE_PID"
  wait_port 127.0.0.1 2181 90 "$(cat "$HBASE_PID")" && wait_port 127.0.0.1 16020 90 "$(cat "$HBASE_PID")" \
    || { tail -30 "$DIR/log/hbase.log" "$DIR/log/hbase.out" >&2 2>/dev/null; die "HBase did not start (logs: $DIR/log)"; }
  # The master takes a moment after its ports open to accept DDL: retry the table creation.
  local i
  for ((i = 0; i < 30; i++)); do
    if java "${JAVA17_OPENS[@]}" -Dlog4j2.configurationFile="$conf/log4j2.properties" -Dhbase.log.dir="$DIR/log" \
        -cp "$conf:$cp" "$HERE/hbase/CreateTables.java" >>"$DIR/log/create-tables.log" 2>&1; then
      return 0
    fi
    sleep 2
  done
  tail -20 "$DIR/log/create-tables.log" >&2
  die "could not create OpenTSDB's tables in HBase (log: $DIR/log/create-tables.log)"
}

start_tsd() {
  local cp
  cp="$(classpath tsd)"
  mkdir -p "$DIR/static" "$DIR/cache"
  sed "s#@DIR@#$DIR#g" "$HERE/tsd/opentsdb.conf" > "$DIR/opentsdb.conf"
  nohup java -Xms"${TSD_HEAP:-512M}" -Xmx"${TSD_HEAP:-512M}" -Dtsd.log.dir="$DIR/log" \
    -Dlogback.configurationFile="$HERE/tsd/logback.xml" -Djava.net.preferIPv4Stack=true \
    -cp "$cp" net.opentsdb.tools.TSDMain --config="$DIR/opentsdb.conf" >>"$DIR/log/tsd.out" 2>&1 &
  echo $! > "$TSD_PID"
  local i
  for ((i = 0; i < 300; i++)); do
    curl -sf "http://127.0.0.1:$PORT/api/version" >/dev/null 2>&1 && return 0
    pid_alive "$TSD_PID" || break
    sleep 0.2
  done
  tail -30 "$DIR/log/tsd.log" "$DIR/log/tsd.out" >&2 2>/dev/null || true
  die "the TSD did not answer on 127.0.0.1:$PORT within 60 s (logs: $DIR/log)"
}

start() {
  if pid_alive "$TSD_PID" && pid_alive "$HBASE_PID" && port_open 127.0.0.1 "$PORT"; then
    log "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  command -v java >/dev/null || apt_install openjdk-17-jdk-headless
  apt_install curl
  # Either may be missing (the fault tests kill one or the other): start only what is.
  pid_alive "$HBASE_PID" || start_hbase
  pid_alive "$TSD_PID" && port_open 127.0.0.1 "$PORT" || start_tsd
  log "$NAME 2.4.1 on HBase 2.5 running on 127.0.0.1:$PORT"
}

case "${1:-}" in
  start) start ;;
  stop) stop_pid "$TSD_PID" "opentsdb TSD" 60; stop_pid "$HBASE_PID" "HBase" 90 ;;
  status)
    if pid_alive "$TSD_PID" && pid_alive "$HBASE_PID" && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT"
    else echo "$NAME stopped (TSD $(pid_alive "$TSD_PID" && echo up || echo down), HBase $(pid_alive "$HBASE_PID" && echo up || echo down))"; exit 3; fi ;;
  client)
    # The write test samples both processes: the TSD and HBase, where the points are stored.
    if pid_alive "$TSD_PID" && pid_alive "$HBASE_PID"; then echo "arg --server-pid"; echo "arg $(cat "$HBASE_PID"),$(cat "$TSD_PID")"; fi ;;
  *) die "usage: $0 start|stop|status|client" ;;
esac
