#!/bin/sh
# Runs a command under its own D-Bus session with an unlocked GNOME Keyring (Secret Service), the setup
# QtKeychain needs on Linux. Usage: with-keyring.sh [--locked | --no-keyring] COMMAND [ARGS...]
#   --locked      the login keyring exists but is locked (the usual failure on a desktop)
#   --no-keyring  no daemon is started; D-Bus activation starts one that has no keyring to offer
#
# Everything lives in a throwaway HOME and XDG_RUNTIME_DIR, so the test creates a fresh "login" keyring
# (password "pw") instead of touching the user's own keyring or settings, and works on a clean machine.
# The daemon is stopped when the command ends and the folder is removed; the exit status is the command's.
set -eu

if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
    echo "with-keyring.sh: needs dbus-run-session and gnome-keyring-daemon (packages dbus, gnome-keyring)" >&2
    exit 1
fi

mode=unlocked
case ${1-} in
--locked) mode=locked; shift ;;
--no-keyring) mode=none; shift ;;
esac
[ $# -gt 0 ] || { echo "usage: with-keyring.sh [--locked | --no-keyring] COMMAND [ARGS...]" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sandboxdeck-keyring.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
mkdir -m 700 "$tmp/home" "$tmp/run"

export HOME="$tmp/home"
export XDG_RUNTIME_DIR="$tmp/run"
export XDG_DATA_HOME="$HOME/.local/share"   # the keyring files
export XDG_CONFIG_HOME="$HOME/.config"
export XDG_CACHE_HOME="$HOME/.cache"
# No display: a keyring prompt must fail, never open a window on a developer's screen.
unset DISPLAY WAYLAND_DISPLAY GNOME_KEYRING_CONTROL SSH_AUTH_SOCK DBUS_SESSION_BUS_ADDRESS
# Tests may check that no plain copy of a secret landed under this HOME.
export SANDBOXDECK_KEYRING_SANDBOX="$HOME"
export WITH_KEYRING_MODE="$mode"

status=0
dbus-run-session -- sh -c '
    ask() {
        dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
            "org.freedesktop.DBus.$1" string:org.freedesktop.secrets 2>/dev/null | awk "{ print \$2 }"
    }
    if [ "$WITH_KEYRING_MODE" != none ]; then
        # --unlock reads the password on stdin and creates the login keyring when there is none. It
        # prints GNOME_KEYRING_CONTROL=... (here the default, $XDG_RUNTIME_DIR/keyring); export it anyway
        # so that clients find the daemon however it was built.
        env_lines=$(printf %s pw | gnome-keyring-daemon --unlock --components=secrets) || exit 1
        for line in $env_lines; do
            case $line in
            GNOME_KEYRING_CONTROL=*) export "$line" ;;
            esac
        done
        # The daemon claims its bus name a moment after --unlock returns. Wait for it: a client calling
        # earlier would have D-Bus activate a second daemon with a locked keyring.
        tries=0
        until [ "$(ask NameHasOwner)" = true ]; do
            tries=$((tries + 1))
            if [ "$tries" -gt 100 ]; then echo "with-keyring.sh: the keyring did not start" >&2; exit 1; fi
            sleep 0.1
        done
    fi
    if [ "$WITH_KEYRING_MODE" = locked ]; then
        dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \
            org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login \
            >/dev/null || exit 1
    fi
    rc=0
    "$@" || rc=$?
    # The daemon does not always notice that the bus went away: stop it by its pid.
    daemon=$(ask GetConnectionUnixProcessID)
    if [ -n "$daemon" ]; then kill "$daemon" 2>/dev/null || true; fi
    exit "$rc"' sh "$@" || status=$?
exit "$status"
