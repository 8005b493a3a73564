#!/usr/bin/env bash
# Runs one action on several local servers: scripts/servers/<name>.sh start|stop|status.
#   scripts/servers/all.sh start|stop|status [names...]
# Default names: the server of every database module (as each built module jar says; build first).
# Every named server gets the action even when another fails. Exit: 0 all fine; status: 3 when
# any is stopped; start/stop: 2 (one "error:" line naming them) when any failed.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../modules.sh"

HERE="$(cd "$(dirname "$0")" && pwd)"
action="${1:-}"
case "$action" in start|stop|status) ;; *) die "usage: $0 start|stop|status [names...]" ;; esac
shift

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  [ -f "$REPO_DIR/orchestrator/target/orchestrator.jar" ] || die "name the servers, or build the suite first (mvn package): the module jars say which they need"
  mapfile -t names < <(present_modules | cut -d: -f2)
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
