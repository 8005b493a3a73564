#!/usr/bin/env bash
# A test of the scripts' Maven output (run by scripts/test.sh; no server needed): what they log of
# Maven is plain text, without colour or reset sequences, and every Maven call of theirs goes
# through mvn_plain.
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$REPO_DIR"

failed=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAILED: $1"; failed=1; fi; }

out="$(mktemp)"
mvn_plain -q -pl common validate >"$out" 2>&1
rc=$?
check "mvn_plain runs Maven (exit $rc)" '[ "$rc" -eq 0 ]'
check "no escape sequence in Maven's output" '! grep -q $'"'"'\e'"'"' "$out"'
# A bare mvn in a script that logs would bring the escape sequences back.
bare="$(grep -nE '(^|[;&|(]|then|do)[[:space:]]*mvn[[:space:]]' scripts/*.sh | grep -v 'scripts/lib.sh')"
check "every Maven call of the scripts goes through mvn_plain${bare:+ (not: $bare)}" '[ -z "$bare" ]'
rm -f "$out"
exit "$failed"
