#!/usr/bin/env bash
# Installs what is needed and runs every test twice over: the gcc build with warnings as errors (preset
# `ci`), then the clang build with AddressSanitizer, UBSan and leak checking (preset `sanitize`), whose ctest
# also runs each libFuzzer target for a CI-sized time (label `fuzz`). Both suites run even when the first
# fails; the exit status is non-zero if either did.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh

phase() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
timings=()
timed() {
    local label=$1 start=$SECONDS rc=0
    shift
    "$@" || rc=$?
    timings+=("$(printf '%-30s %5d s' "$label" $((SECONDS - start)))")
    return "$rc"
}
status=0

phase "clang-format (.clang-format)"
# Formatting is checked before anything is built: a difference fails the run and names the files.
if ! git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run --Werror >/tmp/clang-format.$$ 2>&1; then
    grep -o '^[^:]*:[0-9]*:[0-9]*: error' /tmp/clang-format.$$ | cut -d: -f1 | sort -u | sed 's/^/  needs clang-format: /'
    status=1
fi
rm -f /tmp/clang-format.$$

phase "gcc, warnings as errors (preset ci)"
timed "ci: configure + build" bash -c 'cmake --preset ci && cmake --build --preset ci'
# Tests that talk to the keychain start their own D-Bus session and keyring (tests/settings/with-keyring.sh).
timed "ci: ctest" ctest --preset ci --output-on-failure -j2 || status=1

phase "clang, ASan + UBSan + LSan, fuzzers (preset sanitize)"
timed "sanitize: configure + build" bash -c 'cmake --preset sanitize && cmake --build --preset sanitize'
# The sanitizers' options and tests/sanitizers/lsan.supp reach every test through ctest itself.
timed "sanitize: ctest (incl. fuzz)" ctest --preset sanitize -j2 || status=1

phase "summary"
echo "fuzz executions per target (build/sanitize/fuzz/<target>/, seconds each: see SANDBOXDECK_FUZZ_SECONDS):"
cat build/sanitize/fuzz/*/runs 2>/dev/null | awk '{ printf "  %-26s %12s runs in %4s s\n", $1, $2, $3 }' || true
printf '%s\n' "${timings[@]}"
echo "total: $SECONDS s"
exit "$status"
