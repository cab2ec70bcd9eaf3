#!/bin/sh
# Runs a test binary with a 2 MiB tmpfs of its own, named by SANDBOXDECK_SMALL_DISK: a user and a mount
# namespace make that possible without privileges, and nothing outside the test sees the mount.
# Usage: with-small-disk.sh TESTBINARY [ARGS...]
set -eu
disk=$(mktemp -d "${TMPDIR:-/tmp}/sandboxdeck-small-disk-XXXXXX")
trap 'rmdir "$disk"' EXIT
set +e
unshare --user --map-root-user --mount sh -c '
    mount -t tmpfs -o size=2m tmpfs "$0" || { echo "with-small-disk.sh: cannot mount a tmpfs on $0" >&2; exit 1; }
    SANDBOXDECK_SMALL_DISK="$0" exec "$@"' "$disk" "$@"
code=$?
set -e
exit $code
