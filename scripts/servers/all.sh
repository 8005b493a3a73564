#!/usr/bin/env bash
# Runs one action on several local servers: scripts/servers/<name>.sh start|stop|status.
#   scripts/servers/all.sh start|stop|status [names...]
# Default names: mysql influxdb clickhouse, plus cassandra and opentsdb when their scripts exist.
# Every named server gets the action even when another fails. Exit: 0 all fine; status: 3 when
# any is stopped; start/stop: 2 (one "error:" line naming them) when any failed.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

HERE="$(cd "$(dirname "$0")" && pwd)"
action="${1:-}"
case "$action" in start|stop|status) ;; *) die "usage: $0 start|stop|status [names...]" ;; esac
shift

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  names=(mysql influxdb clickhouse)
  for n in cassandra opentsdb; do
    if [ -f "$HERE/$n.sh" ]; then names+=("$n"); fi
  done
fi
for n in "${names[@]}"; do
  [ -f "$HERE/$n.sh" ] || die "no server script $HERE/$n.sh"
done

failed=()
for n in "${names[@]}"; do
  bash "$HERE/$n.sh" "$action" || failed+=("$n")
done

[ ${#failed[@]} -eq 0 ] && exit 0
[ "$action" = status ] && exit 3
die "$action failed for: ${failed[*]}"
