#!/usr/bin/env bash
# Rewrites the query files sql/<db>/q1..q5.txt from the modules' dialects, after a dialect has
# changed: the catalog rendered for the default data set, which is what each module's offline test
# (QueryFilesCheck) compares them with. That test only reads them; this is the one command that
# writes them (common's test jar's RenderQueryFiles on each module's jar). No server needed.
#
#   scripts/render-queries.sh                  # every module present
#   scripts/render-queries.sh mysql tdengine   # some
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/modules.sh"
cd "$REPO_DIR"

# db|module|RenderQueryFiles' arguments after SQL_DIR: a Database class, or a Dialect class, the
# folder, the name in the files' header and its constructor's int (as the module's test says them)
RENDER=(
  "mysql|mysql-bench|org.tsdbbench.mysql.MySqlDatabase"
  "influx|influx-bench|org.tsdbbench.influx.InfluxDatabase"
  "clickhouse|clickhouse-bench|org.tsdbbench.clickhouse.ClickHouseDatabase"
  "cassandra|cassandra-bench|org.tsdbbench.cassandra.CassandraDatabase"
  "opentsdb|opentsdb-bench|org.tsdbbench.opentsdb.OpenTsdbDatabase"
  "cnosdb|cnosdb-bench|org.tsdbbench.cnosdb.CnosDatabase"
  "tdengine|tdengine-bench|org.tsdbbench.tdengine.TDengineDatabase"
  "tdengine|tdengine-bench|org.tsdbbench.tdengine.TDengineDialect|tdengine2|TDengine 2.x|2"
  "timescaledb|timescaledb-bench|org.tsdbbench.timescaledb.TimescaleDatabase"
)

wanted=",$(IFS=,; echo "$*"),"
selected=()
modules=()
for entry in "${RENDER[@]}"; do
  IFS='|' read -r db module _ <<<"$entry"
  [ -d "$module" ] || continue
  [ $# -eq 0 ] || [[ "$wanted" == *",$db,"* ]] || continue
  selected+=("$entry")
  [[ " ${modules[*]:-} " == *" $module "* ]] || modules+=("$module")
done
[ ${#selected[@]} -gt 0 ] || die "no such module: $* (have: $(present_modules | cut -d: -f3 | tr '\n' ' '))"

log "building $(IFS=,; echo "${modules[*]}") and common's test jar"
mvn_plain -q -DskipTests -pl "common,$(IFS=,; echo "${modules[*]}")" -am package
tests_jar="$(ls common/target/common-*-tests.jar)"
for entry in "${selected[@]}"; do
  IFS='|' read -r -a f <<<"$entry"
  java -cp "${f[1]}/target/${f[1]}.jar:$tests_jar" org.tsdbbench.common.contract.RenderQueryFiles sql "${f[@]:2}"
done
