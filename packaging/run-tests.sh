#!/usr/bin/env bash
# Installs what is needed, builds everything with warnings as errors, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh
cmake --preset ci
cmake --build --preset ci
# Tests that talk to the keychain start their own D-Bus session and keyring (tests/settings/with-keyring.sh).
ctest --preset ci --output-on-failure -j2
