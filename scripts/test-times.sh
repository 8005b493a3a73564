#!/usr/bin/env bash
# The test command's times, slowest first (docs/tests.md, "How long it takes"):
#   bash scripts/test-times.sh [RECORDS [OUT]]     # default $TEST_TIMES or target/test-times.tsv -> its .txt
# from the records scripts/test.sh and .ci/run write (TEST_TIMES; scripts/lib.sh, "Test times"):
# each phase's wall time, each Maven module's (the reactor summary of `mvn verify`) and each test
# class's (surefire's time of its TEST-*.xml, for every Maven phase that ran it). scripts/test.sh
# writes it when it ends, passed or failed; .ci/run prints it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
records="${1:-${TEST_TIMES:-$REPO_DIR/target/test-times.tsv}}"
out="${2:-${records%.tsv}.txt}"
[ -s "$records" ] || die "no test times in $records (scripts/test.sh writes them)"

# The run's first and last moment, for the heading (date formats them: mawk has no strftime).
read -r first last < <(awk -F'\t' '$1 == "phase" {
    if (min == "" || $2 < min) min = $2; if ($2 > max) max = $2; if ($3 != "-" && $3 > max) max = $3 }
  END { printf "%.6f %.6f\n", min, max }' "$records")

awk -F'\t' -v first="$first" -v from="$(date -u -d "@${first%.*}" '+%Y-%m-%d %H:%M:%S')" \
  -v to="$(date -u -d "@${last%.*}" '+%H:%M:%S UTC')" -v records="${records#"$REPO_DIR"/}" '
  function mmss(s) { s = int(s + 0.5); return sprintf("%d:%02d", int(s / 60), s % 60) }
  # sort_desc(keys, vals, n): keys[1..n] ordered by vals[key], largest first (insertion sort: small n)
  function sort_desc(k, v, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = k[i]; for (j = i - 1; j >= 1 && v[k[j]] < v[t]; j--) k[j + 1] = k[j]; k[j + 1] = t }
  }
  $1 == "phase" {
    id = $2 SUBSEP $5
    if (!(id in began)) { np++; pid[np] = id; began[id] = $2; pname[id] = $5; pexit[id] = "-" }
    if ($3 != "-") { ended[id] = $3; pexit[id] = $4 }
    if ($2 > end) end = $2; if ($3 != "-" && $3 > end) end = $3
  }
  $1 == "module" { nm++; mid[nm] = nm; msec[nm] = $3; mres[nm] = $4; mname[nm] = $5; mphase[nm] = $2 }
  $1 == "class" {
    nc++; cid[nc] = nc; csec[nc] = $3; ctests[nc] = $4; cfail[nc] = $5; cskip[nc] = $6; cmod[nc] = $7; cphase[nc] = $2
    c = $8; sub(/.*\./, "", c); cname[nc] = c; total += $3
    inmod[$2 SUBSEP $7] += $3
  }
  END {
    for (i = 1; i <= np; i++) { id = pid[i]; secs[id] = ((id in ended) ? ended[id] : end) - began[id] }
    printf "Test times, %s to %s: %s (min:s) in all\n", from, to, mmss(end - first)
    printf "Wall seconds, slowest first; how to read them: docs/tests.md, \"How long it takes\" (records: %s)\n", records
    printf "\nPhases (a phase includes those within it; began: min:s after the first; exit \"-\": the run ended in it)\n"
    printf "%9s %7s %6s %7s %5s  %s\n", "seconds", "min:s", "share", "began", "exit", "phase"
    sort_desc(pid, secs, np)
    for (i = 1; i <= np; i++) {
      id = pid[i]
      printf "%9.1f %7s %5.0f%% %7s %5s  %s\n", secs[id], mmss(secs[id]), (end > first ? 100 * secs[id] / (end - first) : 0),
        "+" mmss(began[id] - first), pexit[id], pname[id]
    }
    if (nm) {
      printf "\nMaven modules (the reactor summary: build and tests; tests: the sum of its test classes)\n"
      printf "%9s %7s %9s  %-8s %-20s %s\n", "seconds", "min:s", "tests", "result", "module", "phase"
      sort_desc(mid, msec, nm)
      for (i = 1; i <= nm; i++) {
        j = mid[i]; k = mphase[j] SUBSEP mname[j]
        printf "%9.1f %7s %9s  %-8s %-20s %s\n", msec[j], mmss(msec[j]), (k in inmod) ? sprintf("%.1f", inmod[k]) : "-", mres[j], mname[j], mphase[j]
      }
    }
    if (nc) {
      printf "\nTest classes (surefire: each class from its first test to its last; %d classes, %.1f s in all)\n", nc, total
      printf "%9s %7s %5s %6s %7s  %-40s %-18s %s\n", "seconds", "min:s", "tests", "failed", "skipped", "class", "module", "phase"
      sort_desc(cid, csec, nc)
      for (i = 1; i <= nc; i++) {
        j = cid[i]
        printf "%9.1f %7s %5d %6d %7d  %-40s %-18s %s\n", csec[j], mmss(csec[j]), ctests[j], cfail[j], cskip[j], cname[j], cmod[j], cphase[j]
      }
    }
  }' "$records" >"$out.tmp"
mv "$out.tmp" "$out"
