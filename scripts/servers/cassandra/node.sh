#!/usr/bin/env bash
# How one Cassandra 5.0 node is started, whatever the topology: sourced (after scripts/lib.sh) by
# cassandra.sh (one node) and cassandra-cluster.sh (three), never run. The server classpath comes
# from Maven Central (pom.xml here), the config from cassandra.yaml here, the JVM flags below.

CASSANDRA_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CASSANDRA_VERSION=5.0.9
CQL_PORT=9042                    # every node; a node also binds 7000 (storage) and its JMX port (loopback)

# JPMS flags of Cassandra's conf/jvm1{1,7}-server.options: it reaches into JDK internals
# (jamm measures objects, Chronicle, direct buffers, JMX/RMI). nodetool needs them too.
CASSANDRA_JPMS=()
for _m in java.base/{jdk.internal.misc,jdk.internal.ref,java.lang.ref,sun.nio.ch} jdk.unsupported/sun.misc \
          java.management.rmi/com.sun.jmx.remote.internal.rmi java.rmi/sun.rmi.{registry,server} java.sql/java.sql; do
  CASSANDRA_JPMS+=(--add-exports "$_m=ALL-UNNAMED")
done
for _m in java.base/{java.io,java.lang,java.lang.module,java.lang.reflect,java.util,sun.nio.ch} \
          java.base/jdk.internal.{loader,math,module,ref,reflect,util.jar} jdk.management/com.sun.management.internal; do
  CASSANDRA_JPMS+=(--add-opens "$_m=ALL-UNNAMED")
done
unset _m

# cassandra_running PIDFILE -> 0 when the pid file names a live Cassandra (after a reboot it may name another process)
cassandra_running() { pid_alive "$1" && grep -qa CassandraDaemon "/proc/$(cat "$1")/cmdline" 2>/dev/null; }

# cassandra_classpath DIR -> the server's classpath, kept in DIR/classpath.txt; resolved once, again
# when the pom changes or a jar vanished
cassandra_classpath() {
  local dir=$1 out="$1/classpath.txt"
  if [ ! -s "$out" ] || [ "$CASSANDRA_HERE/pom.xml" -nt "$out" ] || ! tr ':' '\n' <"$out" | xargs -d '\n' ls >/dev/null 2>&1; then
    log "resolving Cassandra's classpath from Maven Central (once)"
    command -v mvn >/dev/null || apt_install maven
    mkdir -p "$dir/log"
    mvn -B -q -ntp -f "$CASSANDRA_HERE/pom.xml" dependency:build-classpath -Dmdep.outputFile="$out.tmp" >"$dir/log/mvn.log" 2>&1 \
      || { tail -20 "$dir/log/mvn.log" >&2; die "could not resolve cassandra-all from Maven Central"; }
    mv "$out.tmp" "$out"
  fi
  cat "$out"
}

# cassandra_require_java -> Java 17 as 'java', installed from Debian when missing
cassandra_require_java() {
  command -v java >/dev/null || apt_install openjdk-17-jdk-headless
  java -version 2>&1 | grep -q 'version "17\.' || die "Cassandra 5.0 needs Java 17 as 'java' (Java 24+ fails)"
}

# cassandra_yaml DIR ADDRESS SEEDS [KEY: VALUE...] -> DIR/cassandra.yaml from the template: state
# folders under DIR, listen and CQL address ADDRESS, seed list SEEDS; each extra line is added, in
# place of the template's line of the same key
cassandra_yaml() {
  local dir=$1 address=$2 seeds=$3 line drop=()
  shift 3
  for line in "$@"; do drop+=(-e "/^${line%%:*}:/d"); done
  { sed -e "s#@DIR@#$dir#g" -e "s#@ADDRESS@#$address#g" -e "s#@SEEDS@#$seeds#g" "${drop[@]}" "$CASSANDRA_HERE/cassandra.yaml"
    if [ $# -gt 0 ]; then printf '%s\n' "$@"; fi
  } >"$dir/cassandra.yaml"
}

# cassandra_launch DIR HEAP JMX_PORT PIDFILE CLASSPATH [-Dflag...] -> starts CassandraDaemon in the
# background with DIR/cassandra.yaml, state and logs under DIR, and writes its pid
cassandra_launch() {
  local dir=$1 heap=$2 jmx=$3 pidfile=$4 cp=$5 jamm p
  shift 5
  mkdir -p "$dir"/{data,commitlog,saved_caches,hints,cdc_raw,triggers,log}
  jamm="$(tr ':' '\n' <<<"$cp" | grep '/jamm-[^/]*\.jar$' | head -1)"
  [ -n "$jamm" ] || die "no jamm jar on Cassandra's classpath"
  # A fresh log per start: the readiness check greps it, and the previous run's log stays as .1.
  for p in system stdout; do if [ -f "$dir/log/$p.log" ]; then mv "$dir/log/$p.log" "$dir/log/$p.log.1"; fi; done

  # Run from the state folder so crash files (hs_err) land there. cassandra-foreground keeps stdout
  # and stderr open (else Cassandra closes them): JVM errors reach stdout.log; logback has no console.
  # JMX on loopback only (cassandra.jmx.local.port): nodetool works as `java <same --add-* flags>
  # -cp <classpath.txt> org.apache.cassandra.tools.NodeTool -p <jmx port> status` (cassandra_nodetool).
  # After an OutOfMemoryError exit rather than serve half-broken (a dead server is an honest result).
  # superuser_setup_delay_ms 0: the default superuser, which cassandra_ensure_role logs in as on a
  # new node, is there as soon as the node has joined (10 s later by default). bcrypt's cost 2^4 for
  # the passwords set from now on (2^10 by default): every connection logs in, and at 2^10 a login
  # on two busy shared cores took over the driver's 5 s (AUTH_RESPONSE timed out) while the
  # benchmark's client opened its sessions; the password is checked all the same.
  # The netty settings are upstream's (fast direct buffers; pre-4.1.75 allocator defaults).
  (cd "$dir" && exec nohup java -Xms"$heap" -Xmx"$heap" -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError "${CASSANDRA_JPMS[@]}" \
    -Djdk.attach.allowAttachSelf=true \
    -javaagent:"$jamm" \
    -Dio.netty.tryReflectionSetAccessible=true -Dio.netty.allocator.useCacheForAllThreads=true \
    -Dio.netty.allocator.maxOrder=11 \
    -Dcassandra.config="file://$dir/cassandra.yaml" -Dcassandra.storagedir="$dir" -Dcassandra.logdir="$dir/log" \
    -Dcassandra.triggers_dir="$dir/triggers" -Dlogback.configurationFile="$CASSANDRA_HERE/logback.xml" -Dcassandra-foreground=yes \
    -Dcassandra.jmx.local.port="$jmx" -Djava.net.preferIPv4Stack=true -Dcassandra.superuser_setup_delay_ms=0 \
    -Dcassandra.auth_bcrypt_gensalt_log2_rounds=4 "$@" \
    -cp "$cp" org.apache.cassandra.service.CassandraDaemon </dev/null >>"$dir/log/stdout.log" 2>&1) &
  echo $! >"$pidfile"
}

# cassandra_ensure_role DIR HOST REPLICATION CLASSPATH -> role bench logs in on HOST with the wanted
# password (CASSANDRA_PASSWORD, else DIR/password's, else a new one), created or changed by
# Roles.java, system_auth with REPLICATION replicas; DIR/password then holds it. The passwords go
# to Java in its environment, never in argv.
cassandra_ensure_role() {
  local dir=$1 host=$2 replication=$3 cp=$4 want
  want="$(wanted_password CASSANDRA_PASSWORD "$dir/password")"
  BENCH_PASSWORD="$want" BENCH_STORED="$(cat "$dir/password" 2>/dev/null || true)" \
    java -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC "${CASSANDRA_JPMS[@]}" \
    -Dlogback.configurationFile="$CASSANDRA_HERE/logback-tools.xml" -cp "$cp" "$CASSANDRA_HERE/Roles.java" "$host" "$replication" \
    || exit 2   # Roles.java said why in its error line
  keep_password "$dir/password" "$want"
}

# cassandra_nodetool CLASSPATH JMX_PORT ARGS... -> nodetool against the node whose JMX port is given
# (a JVM of its own: a few seconds)
cassandra_nodetool() {
  local cp=$1 jmx=$2
  shift 2
  java -Xmx128m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC "${CASSANDRA_JPMS[@]}" \
    -cp "$cp" org.apache.cassandra.tools.NodeTool -h 127.0.0.1 -p "$jmx" "$@"
}

# cassandra_cluster_running -> 0 when a node of cassandra-cluster.sh runs (it takes the same ports)
cassandra_cluster_running() {
  local f
  for f in "$STATE_ROOT"/cassandra-cluster/node*/cassandra.pid; do
    if [ -f "$f" ] && cassandra_running "$f"; then return 0; fi
  done
  return 1
}

# cql_answers HOST -> 0 when the node answers a CQL OPTIONS request (protocol v4) with SUPPORTED (0x06)
cql_answers() {
  local reply
  reply=$(exec 3<>"/dev/tcp/$1/$CQL_PORT" && printf '\x04\x00\x00\x00\x05\x00\x00\x00\x00' >&3 &&
    timeout 5 head -c 5 <&3 | od -An -tx1) 2>/dev/null || return 1
  [ "${reply//[[:space:]]/}" = 8400000006 ]
}

# cassandra_wait_cql DIR HOST PID [SECONDS] -> 0 once CQL serves requests on HOST (the port opens
# right after the log line); fails early if PID died
cassandra_wait_cql() {
  local dir=$1 host=$2 pid=$3 secs=${4:-120} i
  wait_port "$host" "$CQL_PORT" "$secs" "$pid" || return 1
  for ((i = 0; i < 50; i++)); do
    grep -q 'Starting listening for CQL clients' "$dir/log/system.log" 2>/dev/null && cql_answers "$host" && return 0
    sleep 0.2
  done
  return 1
}
