#!/usr/bin/python3
"""Fills the English plural forms of sandboxdeck_en.ts from its sources: "%n file(s)" -> "%n file" and
"%n files". Run after `lupdate -pluralonly` when a tr() with %n is added or changed."""
import re
import sys
import xml.etree.ElementTree as ET

# Sources whose verb agrees with the count: the word rules below would leave "1 sandbox ... are".
WHOLE = {
    "%n idle or failed sandbox(es) in the selection are left as they are.": (
        "%n idle or failed sandbox in the selection is left as it is.",
        "%n idle or failed sandboxes in the selection are left as they are.",
    ),
    "%n selected sandbox(es) that this does not apply to are left as they are.": (
        "%n selected sandbox that this does not apply to is left as it is.",
        "%n selected sandboxes that this does not apply to are left as they are.",
    ),
    # The singular keeps "left as they are", which tst_blaxelview looks for, in a sentence that agrees.
    "%n selected sandbox(es) already deleting or terminated are left as they are.": (
        "%n selected sandbox is already deleting or terminated; sandboxes in that state are left as they are.",
        "%n selected sandboxes already deleting or terminated are left as they are.",
    ),
}
IRREGULAR = {"sandbox(es)": ("sandbox", "sandboxes"), "id(s)": ("id", "ids"), "entry(ies)": ("entry", "entries")}


def forms(source):
    if source in WHOLE:
        return WHOLE[source]
    singular, plural = source, source
    for word, (one, many) in IRREGULAR.items():
        singular, plural = singular.replace(word, one), plural.replace(word, many)
    singular = re.sub(r"\((?:s|es)\)", "", singular)
    plural = re.sub(r"\((s|es)\)", r"\1", plural)
    return singular, plural


path = sys.argv[1]
tree = ET.parse(path)
for message in tree.iter("message"):
    if message.get("numerus") != "yes":
        continue
    translation = message.find("translation")
    for child in list(translation):
        translation.remove(child)
    translation.attrib.pop("type", None)
    translation.text = None
    for text in forms(message.find("source").text):
        ET.SubElement(translation, "numerusform").text = text
tree.write(path, encoding="utf-8", xml_declaration=True)
