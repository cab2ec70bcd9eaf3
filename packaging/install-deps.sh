#!/usr/bin/env bash
# Installs the Debian 12 packages SandboxDeck needs to build, run and test, skipping what is present.
set -euo pipefail

# dpkg-dev: dpkg-shlibdeps, which gives the .deb its dependencies; appstream, desktop-file-utils: the
# validators of tests/packaging; man-db, groff-base, fish, zsh: the man page and completion tests;
# qt6-translations-l10n: Qt's own strings (standard buttons) in German; libqt6sql6-sqlite: the QSQLITE plugin
# of the run ledger (qt6-base-dev brings the Qt SQL headers and CMake package, not the driver).
packages=(
    ccache cmake dpkg-dev g++ ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-httpserver-dev qt6-websockets-dev qt6-svg-dev qt6-tools-dev
    qt6-l10n-tools libqt6sql6-sqlite libgl-dev libarchive-dev libsimdjson-dev zlib1g-dev qtkeychain-qt6-dev libyaml-cpp-dev libvterm-dev
    xvfb xauth dbus dbus-x11 gnome-keyring libsecret-tools
    python3 python3-jsonschema pigz curl file tar gzip
    appstream desktop-file-utils man-db groff-base fish zsh qt6-translations-l10n
    clang libclang-rt-14-dev llvm-14 clang-format clang-tidy
)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all ${#packages[@]} packages present"
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
    sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
