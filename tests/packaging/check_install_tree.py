#!/usr/bin/env python3
"""Installs a build into an empty folder (cmake --install --prefix) and checks that it holds what the package
needs: the executables, and with the app its desktop file, metainfo and icons, all naming each other by the
application id; the man pages and completions the tree has, where man, bash, zsh and fish look for them;
and nothing outside bin/ and share/.
"""
import argparse
import configparser
import os
import pathlib
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cmake", required=True)
    parser.add_argument("--build-dir", required=True, type=pathlib.Path)
    parser.add_argument("--prefix", required=True, type=pathlib.Path)
    parser.add_argument("--source-dir", required=True, type=pathlib.Path)
    parser.add_argument("--app-id", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--ui", required=True, choices=("0", "1"))
    return parser.parse_args()


def expected_documentation(source, with_ui):
    """Relative install paths of the man pages and completions the source tree has."""
    expected = []
    for page in sorted((source / "packaging/man").glob("*.1")):
        if with_ui or page.name != "sandboxdeck.1":
            expected.append(f"share/man/man1/{page.name}")
    completions = source / "packaging/completions"
    for script in sorted(completions.glob("*.bash")):
        expected.append(f"share/bash-completion/completions/{script.stem}")
    for script in sorted(completions.glob("_*")):
        expected.append(f"share/zsh/vendor-completions/{script.name}")
    for script in sorted(completions.glob("*.fish")):
        expected.append(f"share/fish/vendor_completions.d/{script.name}")
    return expected


def check_app_files(prefix, app_id, version, problems):
    desktop_path = prefix / f"share/applications/{app_id}.desktop"
    metainfo_path = prefix / f"share/metainfo/{app_id}.metainfo.xml"
    if not desktop_path.is_file() or not metainfo_path.is_file():
        return  # reported as missing files already
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(desktop_path, encoding="utf-8")
    entry = desktop["Desktop Entry"]
    if entry.get("Icon") != app_id:
        problems.append(f"{desktop_path.name}: Icon={entry.get('Icon')}, not the application id")
    command = entry.get("Exec", "").split()
    if not command or not (prefix / "bin" / command[0]).is_file():
        problems.append(f"{desktop_path.name}: Exec={entry.get('Exec')} names no installed executable")

    metainfo = ElementTree.parse(metainfo_path).getroot()
    if metainfo.findtext("id") != app_id:
        problems.append(f"metainfo: id {metainfo.findtext('id')}, not {app_id}")
    launchable = metainfo.findtext("launchable")
    if launchable != desktop_path.name:
        problems.append(f"metainfo: launchable {launchable} is not the installed {desktop_path.name}")
    releases = metainfo.findall("releases/release")
    if not releases or releases[0].get("version") != version:
        newest = releases[0].get("version") if releases else "none"
        problems.append(f"metainfo: newest release {newest}, but the project is version {version}")
    for binary in metainfo.findall("provides/binary"):
        if not (prefix / "bin" / binary.text).is_file():
            problems.append(f"metainfo: provides {binary.text}, which is not installed")


def main():
    arguments = parse_arguments()
    prefix, with_ui = arguments.prefix, arguments.ui == "1"
    shutil.rmtree(prefix, ignore_errors=True)
    install = subprocess.run(
        [arguments.cmake, "--install", str(arguments.build_dir), "--prefix", str(prefix)],
        capture_output=True, text=True)
    if install.returncode != 0:
        print(install.stdout + install.stderr, file=sys.stderr)
        return 1

    app_id = arguments.app_id
    executables = ["bin/sandboxdeck-cli", "bin/sandboxdeck-emulator"]
    files = []
    if with_ui:
        executables.append("bin/sandboxdeck")
        files += [f"share/applications/{app_id}.desktop", f"share/metainfo/{app_id}.metainfo.xml",
                  f"share/icons/hicolor/scalable/apps/{app_id}.svg"]
        files += [f"share/icons/hicolor/{size}x{size}/apps/{app_id}.png" for size in ICON_SIZES]
    files += expected_documentation(arguments.source_dir, with_ui)

    problems = []
    for path in executables:
        if not os.access(prefix / path, os.X_OK) or not (prefix / path).is_file():
            problems.append(f"missing executable {path}")
    for path in files:
        if not (prefix / path).is_file():
            problems.append(f"missing {path}")
    installed = sorted(str(path.relative_to(prefix)) for path in prefix.rglob("*") if path.is_file())
    for path in installed:
        if not path.startswith(("bin/", "share/")):
            problems.append(f"installed outside bin/ and share/: {path}")
    if not with_ui and (prefix / "share/applications").exists():
        problems.append("the headless build installs a desktop file without the app")
    if with_ui:
        check_app_files(prefix, app_id, arguments.version, problems)

    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print("installed:\n  " + "\n  ".join(installed), file=sys.stderr)
        return 1
    print(f"{len(installed)} files installed, {len(executables)} executables, {len(files)} other expected files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
