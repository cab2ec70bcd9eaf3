#!/usr/bin/env python3
"""Checks the app icon set: every hicolor size a desktop looks for is there, each PNG really has the size its
folder names (read from the IHDR chunk), and the scalable SVG is well-formed XML.

usage: check_icons.py <resources/icons> <app id>
"""
import pathlib
import struct
import sys
import xml.etree.ElementTree as ElementTree

REQUIRED_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path):
    """(width, height) from the IHDR chunk, which the PNG format puts first."""
    header = path.read_bytes()[:24]
    if len(header) < 24 or header[:8] != PNG_SIGNATURE:
        raise ValueError("not a PNG file")
    length, chunk_type = struct.unpack(">I4s", header[8:16])
    if chunk_type != b"IHDR" or length != 13:
        raise ValueError("the first chunk is not IHDR")
    return struct.unpack(">II", header[16:24])


def main():
    icons, app_id = pathlib.Path(sys.argv[1]), sys.argv[2]
    problems = []
    found = set()
    for png in sorted((icons / "hicolor").glob("*/apps/*.png")):
        folder = png.parent.parent.name
        width, _, height = folder.partition("x")
        if not (width.isdigit() and height.isdigit()):
            problems.append(f"{png}: folder {folder} is not <width>x<height>")
            continue
        try:
            actual = png_size(png)
        except ValueError as error:
            problems.append(f"{png}: {error}")
            continue
        if actual != (int(width), int(height)):
            problems.append(f"{png}: {actual[0]}x{actual[1]} in folder {folder}")
        if png.stem == app_id:
            found.add(int(width))
    for size in REQUIRED_SIZES:
        if size not in found:
            problems.append(f"missing hicolor/{size}x{size}/apps/{app_id}.png")
    try:
        root = ElementTree.parse(icons / "sandboxdeck.svg").getroot()
        if not root.tag.endswith("svg"):
            problems.append(f"sandboxdeck.svg: root element is {root.tag}")
    except (OSError, ElementTree.ParseError) as error:
        problems.append(f"sandboxdeck.svg: {error}")
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"{len(found)} PNG sizes and the SVG are right")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
