#!/usr/bin/env bash
# Builds SandboxDeck and launches it on the built-in demo backend (an emulator on loopback).
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target sandboxdeck
app=build/release/ui/sandboxdeck
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "run-demo: no display found; starting the app under Xvfb (it runs, but nothing is shown here)." >&2
    exec xvfb-run -a "$app" --demo "$@"
fi
exec "$app" --demo "$@"
