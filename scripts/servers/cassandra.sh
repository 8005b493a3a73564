#!/usr/bin/env bash
# Apache Cassandra 5.0 for the cassandra-bench module: one node, CQL on 127.0.0.1:9042.
#   scripts/servers/cassandra.sh start|stop|status|client
# There is no Debian package: cassandra-all 5.0.9 comes from Maven Central (cassandra/pom.xml) and
# runs as its own Java 17 JVM with the project's cassandra.yaml and logback.xml.
# Heap: CASSANDRA_HEAP (default 1G; as root Cassandra mlocks it, so RSS is at least the heap).
# Config, data, logs and pid live in $STATE_ROOT/cassandra; `stop` keeps the data.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

NAME=cassandra
HERE="$(cd "$(dirname "$0")/cassandra" && pwd)"
DIR="$(state_dir $NAME)"
PIDFILE="$DIR/cassandra.pid"
LOG="$DIR/log/system.log"
PORT=9042                        # CQL; the node also binds 7000 (storage) and 7199 (JMX, loopback)
HEAP="${CASSANDRA_HEAP:-1G}"

# running -> 0 when the pid file names a live Cassandra (after a reboot it may name another process)
running() { pid_alive "$PIDFILE" && grep -qa CassandraDaemon "/proc/$(cat "$PIDFILE")/cmdline" 2>/dev/null; }

# classpath -> the server's classpath; resolved once, again when the pom changes or a jar vanished
classpath() {
  local out="$DIR/classpath.txt"
  if [ ! -s "$out" ] || [ "$HERE/pom.xml" -nt "$out" ] || ! tr ':' '\n' <"$out" | xargs -d '\n' ls >/dev/null 2>&1; then
    log "resolving Cassandra's classpath from Maven Central (once)"
    command -v mvn >/dev/null || apt_install maven
    mvn -B -q -ntp -f "$HERE/pom.xml" dependency:build-classpath -Dmdep.outputFile="$out.tmp" >"$DIR/log/mvn.log" 2>&1 \
      || { tail -20 "$DIR/log/mvn.log" >&2; die "could not resolve cassandra-all from Maven Central"; }
    mv "$out.tmp" "$out"
  fi
  cat "$out"
}

# cql_answers -> 0 when the node answers a CQL OPTIONS request (protocol v4) with SUPPORTED (0x06)
cql_answers() {
  local reply
  reply=$(exec 3<>"/dev/tcp/127.0.0.1/$PORT" && printf '\x04\x00\x00\x00\x05\x00\x00\x00\x00' >&3 &&
    timeout 5 head -c 5 <&3 | od -An -tx1) 2>/dev/null || return 1
  [ "${reply//[[:space:]]/}" = 8400000006 ]
}

# wait_ready PID -> 0 once CQL serves requests (the port opens right after the log line), 120 s at most
wait_ready() {
  local i
  wait_port 127.0.0.1 "$PORT" 120 "$1" || return 1
  for ((i = 0; i < 50; i++)); do
    grep -q 'Starting listening for CQL clients' "$LOG" 2>/dev/null && cql_answers && return 0
    sleep 0.2
  done
  return 1
}

start() {
  if running; then
    if port_open 127.0.0.1 "$PORT"; then log "$NAME already running on 127.0.0.1:$PORT"; return 0; fi
    log "$NAME is starting (pid $(cat "$PIDFILE")), waiting for it"
    wait_ready "$(cat "$PIDFILE")" || die "$NAME did not come up (log: $LOG)"
    return 0
  fi
  # Something else on our ports (another checkout's Cassandra?) would make us wait on the wrong node.
  local p
  for p in "$PORT" 7000 7199; do
    if port_open 127.0.0.1 "$p"; then die "127.0.0.1:$p is in use by another process"; fi
  done

  command -v java >/dev/null || apt_install openjdk-17-jdk-headless
  java -version 2>&1 | grep -q 'version "17\.' || die "Cassandra 5.0 needs Java 17 as 'java' (Java 24+ fails)"
  mkdir -p "$DIR"/{data,commitlog,saved_caches,hints,cdc_raw,triggers,log}
  local cp jamm
  cp="$(classpath)"
  jamm="$(tr ':' '\n' <<<"$cp" | grep '/jamm-[^/]*\.jar$' | head -1)"
  [ -n "$jamm" ] || die "no jamm jar on Cassandra's classpath"
  sed "s#@DIR@#$DIR#g" "$HERE/cassandra.yaml" >"$DIR/cassandra.yaml"
  # A fresh log per start: the readiness check greps it, and the previous run's log stays as .1.
  for p in system stdout; do if [ -f "$DIR/log/$p.log" ]; then mv "$DIR/log/$p.log" "$DIR/log/$p.log.1"; fi; done

  # JPMS flags of Cassandra's conf/jvm1{1,7}-server.options: it reaches into JDK internals
  # (jamm measures objects, Chronicle, direct buffers, JMX/RMI).
  local jpms=() m
  for m in java.base/{jdk.internal.misc,jdk.internal.ref,java.lang.ref,sun.nio.ch} jdk.unsupported/sun.misc \
           java.management.rmi/com.sun.jmx.remote.internal.rmi java.rmi/sun.rmi.{registry,server} java.sql/java.sql; do
    jpms+=(--add-exports "$m=ALL-UNNAMED")
  done
  for m in java.base/{java.io,java.lang,java.lang.module,java.lang.reflect,java.util,sun.nio.ch} \
           java.base/jdk.internal.{loader,math,module,ref,reflect,util.jar} jdk.management/com.sun.management.internal; do
    jpms+=(--add-opens "$m=ALL-UNNAMED")
  done
  # Run from the state folder so crash files (hs_err) land there. cassandra-foreground keeps stdout
  # and stderr open (else Cassandra closes them): JVM errors reach stdout.log; logback has no console.
  # JMX on loopback only (cassandra.jmx.local.port): nodetool works as `java <same --add-* flags>
  # -cp <classpath.txt> org.apache.cassandra.tools.NodeTool -p 7199 status`.
  # Gossip has nobody to settle with on one node: skipping that wait saves seconds at start.
  # After an OutOfMemoryError exit rather than serve half-broken (a dead server is an honest result).
  # The netty settings are upstream's (fast direct buffers; pre-4.1.75 allocator defaults).
  (cd "$DIR" && exec nohup java -Xms"$HEAP" -Xmx"$HEAP" -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError "${jpms[@]}" \
    -Djdk.attach.allowAttachSelf=true \
    -javaagent:"$jamm" \
    -Dio.netty.tryReflectionSetAccessible=true -Dio.netty.allocator.useCacheForAllThreads=true \
    -Dio.netty.allocator.maxOrder=11 \
    -Dcassandra.config="file://$DIR/cassandra.yaml" -Dcassandra.storagedir="$DIR" -Dcassandra.logdir="$DIR/log" \
    -Dcassandra.triggers_dir="$DIR/triggers" -Dlogback.configurationFile="$HERE/logback.xml" -Dcassandra-foreground=yes \
    -Dcassandra.jmx.local.port=7199 -Djava.net.preferIPv4Stack=true -Dcassandra.skip_wait_for_gossip_to_settle=0 \
    -cp "$cp" org.apache.cassandra.service.CassandraDaemon </dev/null >>"$DIR/log/stdout.log" 2>&1) &
  echo $! >"$PIDFILE"
  local t0=$SECONDS
  if ! wait_ready "$(cat "$PIDFILE")"; then
    tail -n 30 "$LOG" "$DIR/log/stdout.log" >&2 2>/dev/null || true
    stop_pid "$PIDFILE" "$NAME" 30
    die "$NAME did not start: CQL on 127.0.0.1:$PORT not answering (logs: $DIR/log)"
  fi
  log "$NAME 5.0.9 running on 127.0.0.1:$PORT (pid $(cat "$PIDFILE"), heap $HEAP, up in $((SECONDS - t0)) s)"
}

case "${1:-}" in
  start) start ;;
  stop)
    running || rm -f "$PIDFILE"         # never signal a stranger that inherited a stale pid
    stop_pid "$PIDFILE" "$NAME" 60 ;;   # TERM runs Cassandra's drain hook; it usually takes seconds
  status)
    if running && port_open 127.0.0.1 "$PORT"; then echo "$NAME running on 127.0.0.1:$PORT (pid $(cat "$PIDFILE"))"
    elif running; then echo "$NAME starting (pid $(cat "$PIDFILE")), CQL not answering yet"; exit 3
    else echo "$NAME stopped"; exit 3; fi ;;
  client) ;;   # a client needs nothing but the address
  *) die "usage: $0 start|stop|status|client" ;;
esac
