#!/usr/bin/env bash
# Builds the benchmarks in Release and runs them; each prints its figures.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh
cmake --preset release >/dev/null
benches=(bench_models bench_pack bench_transfers bench_frame bench_startup bench_console bench_terminal bench_files bench_mcp
    bench_runs)
cmake --build --preset release --target "${benches[@]}"
for bench in "${benches[@]}"; do
    echo "== $bench"
    "build/release/tests/bench/$bench"
done
