#!/usr/bin/python3
"""Checks resources/translations: the German translation is complete (lrelease finds nothing unfinished),
neither .ts file is stale (lupdate of today's sources adds or drops no message), and every translation
keeps the placeholders (%1..%9, %n) and the accelerator of its source.

Usage: check_translations.py --lupdate PATH --lrelease PATH --root SOURCE_DIR"""
import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

failures = []


def fail(text):
    failures.append(text)
    print("FAIL: " + text)


def messages(ts_path):
    """{(context, source): (numerus, [translation forms], type)} of a .ts file."""
    result = {}
    for context in ET.parse(ts_path).getroot().iter("context"):
        name = context.find("name").text
        for message in context.iter("message"):
            translation = message.find("translation")
            numerus = message.get("numerus") == "yes"
            forms = [f.text or "" for f in translation.iter("numerusform")] if numerus else [translation.text or ""]
            result[(name, message.find("source").text)] = (numerus, forms, translation.get("type"))
    return result


def run(command, cwd):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        fail("%s exited with %d: %s" % (" ".join(command), done.returncode, done.stderr.strip()))
    return done.stdout + done.stderr


def check_complete(args, ts, work):
    output = run([args.lrelease, str(ts), "-qm", str(work / "check.qm")], args.root)
    match = re.search(r"Generated (\d+) translation\(s\) \((\d+) finished and (\d+) unfinished\)", output)
    if not match:
        fail("lrelease said nothing about %s:\n%s" % (ts.name, output))
        return
    print("%s: %s" % (ts.name, match.group(0)))
    if int(match.group(3)) != 0 or "untranslated" in output or int(match.group(1)) == 0:
        fail("lrelease reports unfinished or untranslated messages in %s:\n%s" % (ts.name, output))
    for key, (_, forms, kind) in messages(ts).items():
        if kind in ("unfinished", "vanished", "obsolete"):
            fail("%s: %s message %r" % (ts.name, kind, key))
        if any(not form.strip() for form in forms):
            fail("%s: empty translation of %r" % (ts.name, key))


def check_fresh(args, ts, work, extra):
    """lupdate today's sources into a copy: a message it adds or drops means the .ts is stale."""
    copy = work / ts.name
    shutil.copy(ts, copy)
    run([args.lupdate, "-silent", "-no-obsolete", "-locations", "none"] + extra +
        ["@" + str(args.root / "resources/translations/sources.lst"), "-ts", str(copy)], args.root)
    committed, fresh = set(messages(ts)), set(messages(copy))
    for key in sorted(fresh - committed):
        fail("%s is stale: the sources have %r; run the update_translations target" % (ts.name, key))
    for key in sorted(committed - fresh):
        fail("%s is stale: no source has %r any more; run the update_translations target" % (ts.name, key))
    print("%s: %d messages; lupdate of the sources: %d" % (ts.name, len(committed), len(fresh)))


def placeholders(text):
    return Counter(re.findall(r"%[1-9n]", text))


def accelerator(text):
    # "&&" is a literal ampersand; "&amp;" style entities do not occur in our sources.
    return len(re.findall(r"&(?!&)[^\s&]", text.replace("&&", ""))) > 0


def check_placeholders(ts):
    for (context, source), (numerus, forms, _) in messages(ts).items():
        wanted = placeholders(source)
        for form in forms:
            if placeholders(form) != wanted:
                fail("%s: %s: placeholders of %r differ in %r" % (ts.name, context, source, form))
            if accelerator(source) != accelerator(form):
                fail("%s: %s: the accelerator (&) of %r is missing or added in %r" % (ts.name, context, source, form))
        if numerus and len(forms) != 2:
            fail("%s: %r has %d plural forms, not 2" % (ts.name, source, len(forms)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lupdate", required=True)
    parser.add_argument("--lrelease", required=True)
    parser.add_argument("--root", required=True, type=Path)
    args = parser.parse_args()
    folder = args.root / "resources/translations"
    german, english = folder / "sandboxdeck_de.ts", folder / "sandboxdeck_en.ts"
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        check_complete(args, german, work)
        check_fresh(args, german, work, [])
        check_placeholders(german)
        # English carries the plural forms only.
        check_fresh(args, english, work, ["-pluralonly"])
        check_placeholders(english)
    if failures:
        print("%d problem(s)" % len(failures))
        return 1
    print("translations complete and current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
