#!/usr/bin/env bash
# Apache Cassandra 5.0 for the cassandra-bench module, on 127.0.0.1:9042 (CQL).
#   scripts/servers/cassandra.sh start|stop|status
# There is no Debian package: the server comes from Maven Central (cassandra-all 5.0.9), resolved
# by cassandra/pom.xml, and runs as its own Java 17 JVM with the project's cassandra.yaml.
# Heap: CASSANDRA_HEAP (default 1G). Data, logs, pid in $STATE_ROOT/cassandra.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=cassandra
HERE="$(cd "$(dirname "$0")/cassandra" && pwd)"
DIR="$(state_dir $NAME)"
PIDFILE="$DIR/cassandra.pid"
PORT=9042
HEAP="${CASSANDRA_HEAP:-1G}"

classpath() {
  # Resolved once, again when the pom changes.
  if [ ! -s "$DIR/classpath.txt" ] || [ "$HERE/pom.xml" -nt "$DIR/classpath.txt" ]; then
    log "resolving Cassandra's classpath from Maven Central"
    mvn -B -q -ntp -f "$HERE/pom.xml" dependency:build-classpath -Dmdep.outputFile="$DIR/classpath.txt" >/dev/null \
      || die "could not resolve cassandra-all from Maven Central"
  fi
  cat "$DIR/classpath.txt"
}

start() {
  if pid_alive "$PIDFILE" && port_open 127.0.0.1 "$PORT"; then
    log "$NAME already running on 127.0.0.1:$PORT"; return 0
  fi
  command -v java >/dev/null || apt_install openjdk-17-jdk-headless
  local cp jamm
  cp="$(classpath)"
  jamm="$(tr ':' '\n' <<<"$cp" | grep '/jamm-' | head -1)"
  mkdir -p "$DIR/data" "$DIR/commitlog" "$DIR/saved_caches" "$DIR/hints" "$DIR/cdc_raw" "$DIR/log"
  sed "s#@DIR@#$DIR#g" "$HERE/cassandra.yaml" > "$DIR/cassandra.yaml"
  # The JPMS flags of Cassandra's jvm17-server.options: it reaches into JDK internals.
  local opens=()
  for p in java.base/jdk.internal.misc java.base/jdk.internal.ref java.base/sun.nio.ch java.rmi/sun.rmi.registry \
           java.rmi/sun.rmi.server java.sql/java.sql java.management.rmi/com.sun.jmx.remote.internal.rmi; do
    opens+=(--add-exports "$p=ALL-UNNAMED")
  done
  for p in java.base/java.lang.module java.base/jdk.internal.loader java.base/jdk.internal.ref java.base/jdk.internal.reflect \
           java.base/jdk.internal.math java.base/jdk.internal.module java.base/jdk.internal.util.jar \
           jdk.management/com.sun.management.internal java.base/sun.nio.ch java.base/java.io java.base/java.nio \
           java.base/java.util.concurrent java.base/java.util java.base/java.util.concurrent.atomic java.base/java.lang \
           java.base/java.math java.base/java.lang.reflect java.base/java.net; do
    opens+=(--add-opens "$p=ALL-UNNAMED")
  done
  nohup java -Xms"$HEAP" -Xmx"$HEAP" -XX:+UseG1GC -Xss512k -Djdk.attach.allowAttachSelf=true "${opens[@]}" \
    -javaagent:"$jamm" \
    -Dcassandra.config="file://$DIR/cassandra.yaml" -Dcassandra.storagedir="$DIR" -Dcassandra.logdir="$DIR/log" \
    -Dlogback.configurationFile="$HERE/logback.xml" -Dcassandra-foreground=yes \
    -Dcassandra.skip_wait_for_gossip_to_settle=0 -Dcassandra.jmx.local.port=7199 -Djava.net.preferIPv4Stack=true \
    -cp "$cp" org.apache.cassandra.service.CassandraDaemon >>"$DIR/log/stdout.log" 2>&1 &
  echo $! > "$PIDFILE"
  if ! wait_port 127.0.0.1 "$PORT" 150 "$(cat "$PIDFILE")"; then
    tail -30 "$DIR/log/system.log" "$DIR/log/stdout.log" >&2 2>/dev/null || true
    die "$NAME did not answer on 127.0.0.1:$PORT within 150 s (logs: $DIR/log)"
  fi
  log "$NAME 5.0.9 running on 127.0.0.1:$PORT (heap $HEAP)"
}

case "${1:-}" in
  start) start ;;
  stop) stop_pid "$PIDFILE" "$NAME" 90 ;;
  status)
    if pid_alive "$PIDFILE" && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT"; else echo "$NAME stopped"; exit 3; fi ;;
  *) die "usage: $0 start|stop|status" ;;
esac
