#!/usr/bin/env bash
# Runs one libFuzzer target for a CI-sized time over a fresh copy of its seed corpus, so that the repository's
# corpus stays small and one run does not feed the next. Usage: run-fuzzer.sh FUZZER SEEDS WORKDIR SECONDS
# Writes WORKDIR/runs ("<target> <executions> <seconds>") for the summary that packaging/run-tests.sh prints;
# a crash, leak, timeout or out-of-memory leaves its input in WORKDIR/artifacts and fails the test.
set -euo pipefail
fuzzer=$1 seeds=$2 work=$3 seconds=$4
name=$(basename "$fuzzer")

rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
cp -R "$seeds"/. "$work/corpus"/

status=0
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1 || status=$?

runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 \2/p' "$work/log" | tail -n 1)
if [ "$status" -ne 0 ] || [ -z "$runs" ]; then
    # The report without libFuzzer's progress lines (#<count> NEW/REDUCE/pulse).
    grep -v '^#[0-9]' "$work/log" | tail -n 80
    echo "$name: FAILED (exit $status); input and log in $work" >&2
    echo "$name FAILED ${runs:-0 0}" >"$work/runs"
    exit 1
fi
grep -E '^(INFO: Seed|INFO: seed corpus|#[0-9]+ *DONE|stat::)' "$work/log" || true
echo "$name $runs" >"$work/runs"
read -r executions elapsed <<<"$runs"
echo "$name: $executions executions in $elapsed s, corpus $(ls "$work/corpus" | wc -l) inputs, nothing found"
