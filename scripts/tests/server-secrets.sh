#!/usr/bin/env bash
# A test of the server scripts' secrets (run by scripts/test.sh once the modules' tests are done, their
# servers running; scripts/servers/README.md, "Secrets"). For each running server whose script's
# `client` names a password (`secret VAR=FILE`, asked with none of the caller's variables set), its
# `start` sets a new password on the running server, then the old one back, with every program the
# script runs by name recorded (a shim on PATH logs its argv, then runs the real one). Fails when a
# password is in a recorded argv, in what `start` or `client` printed, in the command line of a
# process of the server, or in any file of its state folder but the password file.
#   bash scripts/tests/server-secrets.sh [SERVER...]     default: the server of every built module
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../modules.sh"
cd "$REPO_DIR"

failed=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAILED: $1"; failed=1; fi; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
argv="$tmp/argv.log"
mkdir -p "$tmp/shims"
# The programs the scripts hand a password to, or might: each shim records its argv (NUL-separated).
for tool in curl java mariadb mysql psql; do
  real="$(command -v "$tool" || true)"
  [ -n "$real" ] || continue
  printf '#!/bin/sh\nprintf "%%s\\0" "$0" "$@" >>"%s"; echo >>"%s"\nexec "%s" "$@"\n' "$argv" "$argv" "$real" >"$tmp/shims/$tool"
  chmod +x "$tmp/shims/$tool"
done

# leaks DIR PASSWORD -> where PASSWORD shows: the recorded argv, the processes of the server whose
# state folder is DIR, its files (the password file aside)
leaks() {
  local dir=$1 pw=$2 f pid
  if grep -qaF -- "$pw" "$argv" 2>/dev/null; then echo "the argv of: $(grep -aF -- "$pw" "$argv" | tr '\0' ' ' | cut -d' ' -f1 | sort -u | xargs)"; fi
  while IFS= read -r f; do
    pid="$(cat "$f" 2>/dev/null)"
    if [ -n "$pid" ] && grep -qaF -- "$pw" "/proc/$pid/cmdline" 2>/dev/null; then echo "the command line of pid $pid ($f)"; fi
  done < <(find "$dir" -name '*.pid')
  while IFS= read -r f; do echo "$f"; done < <(grep -rlaF --exclude=password --exclude='password.tmp' -- "$pw" "$dir" 2>/dev/null)
}

servers=("$@")
[ ${#servers[@]} -gt 0 ] || mapfile -t servers < <(present_modules | cut -d: -f2)
for s in "${servers[@]}"; do
  if ! bash "scripts/servers/$s.sh" status >/dev/null 2>&1; then echo "SKIPPED: $s is not running"; continue; fi
  # With none of the caller's variables, client names the password's variable and file.
  secret="$(env -i PATH="$PATH" HOME="$HOME" ${TSBENCH_STATE:+TSBENCH_STATE="$TSBENCH_STATE"} bash "scripts/servers/$s.sh" client 2>/dev/null | grep '^secret ')"
  if [ -z "$secret" ]; then echo "SKIPPED: $s has no password (its client names none)"; continue; fi
  var="${secret#secret }"; var="${var%%=*}"; file="${secret#*=}"
  old="$(cat "$file" 2>/dev/null)"
  check "$s keeps its password in $file" '[ -n "$old" ]'
  [ -n "$old" ] || continue
  new="t$(head -c 64 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 19)"
  : >"$argv"
  # The variables exported in a subshell, not given to env: env's own argv would show them.
  out="$(export "$var=$new" PATH="$tmp/shims:$PATH"; bash "scripts/servers/$s.sh" start 2>&1)"; rc=$?
  check "$s: start with a new $var on the running server (exit $rc)" '[ "$rc" -eq 0 ]'
  check "$s: the password file holds the new password" '[ "$(cat "$file")" = "$new" ]'
  if [ -s "$argv" ]; then
    echo "ok: $s: the recorded argv are not empty (the shims ran)"
  elif grep -q 'as_postgres "\$PG_BIN/' "scripts/servers/$s.sh"; then
    # psql runs as the postgres user by its full path, past any shim on PATH: its argv cannot be recorded
    # here (the SQL, password included, goes to it on stdin); the server's command lines and files are still checked.
    echo "SKIPPED: $s: its client programs run by full path as another user, so no argv was recorded"
  else
    check "$s: the recorded argv are not empty (the shims ran)" 'false'
  fi
  client="$(unset "$var"; export PATH="$tmp/shims:$PATH"; bash "scripts/servers/$s.sh" client 2>&1)"
  check "$s: client names the password's file" 'grep -qxF "secret $var=$file" <<<"$client"'
  where="$(leaks "$(dirname "$file")" "$new")"
  check "$s: the new password is in no output, argv, command line or state file${where:+ (found in: $where)}" \
    '[ -z "$where" ] && ! grep -qF -- "$new" <<<"$out$client"'
  : >"$argv"
  out="$(export "$var=$old" PATH="$tmp/shims:$PATH"; bash "scripts/servers/$s.sh" start 2>&1)"; rc=$?
  check "$s: start with the old password back (exit $rc)" '[ "$rc" -eq 0 ] && [ "$(cat "$file")" = "$old" ]'
  where="$(leaks "$(dirname "$file")" "$old")"
  check "$s: the old password is in no output, argv, command line or state file${where:+ (found in: $where)}" \
    '[ -z "$where" ] && ! grep -qF -- "$old" <<<"$out"'
done
exit "$failed"
