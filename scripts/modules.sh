#!/usr/bin/env bash
# The database modules of this checkout and what their clients need, for the bash side (test.sh,
# render-queries.sh, the scripts' tests). Sourced after lib.sh. No list of modules is kept here:
# each built module jar describes itself (`java -jar <jar> describe`), and the orchestrator asks
# them all; a module's server script says what a client of it needs (`<script> client`).

# present_modules -> one line per module, <folder>:<server script>:<name>, from the built jars
# (build first: mvn package)
present_modules() {
  java -jar "$REPO_DIR/orchestrator/target/orchestrator.jar" modules
}

# export_secrets [SERVER...] -> exports the environment each server's script says its clients
# need (`env NAME=VALUE`: a native client's library path; `secret NAME=FILE`: a generated password,
# read from its file here); default: every module's server. A variable the caller already set is kept.
export_secrets() {
  local servers=("$@") s line name
  if [ ${#servers[@]} -eq 0 ]; then mapfile -t servers < <(present_modules | cut -d: -f2); fi
  for s in "${servers[@]}"; do
    [ -f "$REPO_DIR/scripts/servers/$s.sh" ] || continue
    while IFS= read -r line; do
      case "$line" in
        env\ *=*) export "${line#env }" ;;
        secret\ *=*)
          line="${line#secret }"; name="${line%%=*}"
          [ -r "${line#*=}" ] || die "scripts/servers/$s.sh client: $name's file ${line#*=} cannot be read"
          export "$name=$(head -n 1 "${line#*=}")" ;;
      esac
    done < <(bash "$REPO_DIR/scripts/servers/$s.sh" client)
  done
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
