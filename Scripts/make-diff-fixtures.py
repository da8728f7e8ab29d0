#!/usr/bin/env python3
"""Writes the inputs of Fixtures/diff/<kind>/ (old, new): one folder per kind of change.

The expected outputs (expected.txt, expected.json, expected.md) are produced by the tool once,
read and checked by a person, and committed; `swift test` then holds `diff` to them. Run from
the package root:
    python3 Scripts/make-diff-fixtures.py && .build/debug/xcstrings-merge format Fixtures/diff
"""
import copy, json, os

def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}

def catalog(strings, version="1.0", source="en"):
    return {"sourceLanguage": source, "strings": strings, "version": version}

OLD = catalog({
    "Cancel": {"localizations": {"de": unit("Abbrechen"), "fr": unit("Annuler")}},
    "Done": {"comment": "A button", "localizations": {"de": unit("Fertig"), "fr": unit("Terminé")}},
    "%lld items": {"localizations": {"de": {"variations": {"plural": {
        "one": unit("%lld Objekt"), "other": unit("%lld Objekte")}}}}},
    "%#@files@ in %#@folders@": {"localizations": {"de": {
        "stringUnit": {"state": "translated", "value": "%#@files@ in %#@folders@"},
        "substitutions": {
            "files": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "one": unit("%arg Datei"), "other": unit("%arg Dateien")}}},
            "folders": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                "one": unit("%arg Ordner"), "other": unit("%arg Ordnern")}}}}}}},
    "Open ${applicationName}": {"localizations": {"de": {"stringSet": {
        "state": "translated", "values": ["Öffne ${applicationName}", "Starte ${applicationName}"]}}}},
})

cases = {}

def case(name, new, note):
    cases[name] = (OLD, new, note)

def edit(fn):
    d = copy.deepcopy(OLD)
    fn(d)
    return d

S = lambda d: d["strings"]

case("added", edit(lambda d: S(d).__setitem__("Save", {"localizations": {"de": unit("Sichern"), "fr": unit("Enregistrer")}})),
     "A string added with two translations; a translation added to a string that stays.")
cases["added"][1]["strings"]["Done"]["localizations"]["ja"] = unit("完了")
case("removed", edit(lambda d: S(d).pop("Cancel")),
     "A string removed; a translation removed from a string that stays.")
del cases["removed"][1]["strings"]["Done"]["localizations"]["fr"]
case("value", edit(lambda d: S(d)["Cancel"]["localizations"]["de"]["stringUnit"].__setitem__("value", "Abbruch")),
     "A translation's text changed.")
case("state", edit(lambda d: S(d)["Done"]["localizations"]["fr"]["stringUnit"].__setitem__("state", "needs_review")),
     "A translation's state alone changed (now untranslated in --stat).")
case("comment", edit(lambda d: (S(d)["Done"].__setitem__("comment", "The button that closes the sheet"),
                                S(d)["Cancel"].__setitem__("extractionState", "stale"))),
     "A comment changed and an extraction state added.")
case("form", edit(lambda d: (S(d)["%lld items"]["localizations"]["de"]["variations"]["plural"]["other"]["stringUnit"].__setitem__("value", "%lld Elemente"),
                             S(d)["%lld items"]["localizations"]["de"]["variations"]["plural"].__setitem__("zero", unit("Keine Objekte")))),
     "Plural forms, one by one: one changed, one added.")
case("substitution", edit(lambda d: (S(d)["%#@files@ in %#@folders@"]["localizations"]["de"]["substitutions"]["folders"]["variations"]["plural"]["other"]["stringUnit"].__setitem__("value", "%arg Ordner"),
                                     S(d)["%#@files@ in %#@folders@"]["localizations"]["de"]["substitutions"]["files"].__setitem__("formatSpecifier", "ld"))),
     "Inside a substitution: a plural form and the format specifier changed.")
case("phrase", edit(lambda d: S(d)["Open ${applicationName}"]["localizations"]["de"]["stringSet"].__setitem__(
        "values", ["Öffne ${applicationName}", "Zeige ${applicationName}"])),
     "An App Shortcut's phrases changed.")
case("rename", edit(lambda d: S(d).__setitem__("action.cancel", S(d).pop("Cancel"))),
     "A key renamed (same translations, as the merge's R10 pairs them): one change, not a removal and an addition.")
case("rename-with-change", edit(lambda d: (S(d).__setitem__("action.cancel", S(d).pop("Cancel")),
                                           S(d)["action.cancel"]["localizations"].__setitem__("ja", unit("キャンセル")))),
     "A key renamed and a translation added to it: the rename, then the change under the new key.")
case("top-level", edit(lambda d: d.__setitem__("version", "1.1")),
     "A top-level field changed.")

root = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "diff")
for name, (old, new, note) in cases.items():
    folder = os.path.join(root, name)
    os.makedirs(folder, exist_ok=True)
    for side, doc in (("old", old), ("new", new)):
        with open(os.path.join(folder, side + ".xcstrings"), "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
    with open(os.path.join(folder, "README.md"), "w", encoding="utf-8") as f:
        f.write(note + "\n")

# Layout alone: the same catalog, its keys in another order and indented otherwise.
folder = os.path.join(root, "layout-only")
os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, "old.xcstrings"), "w", encoding="utf-8") as f:
    json.dump(OLD, f, ensure_ascii=False, indent=2)
shuffled = dict(OLD)
shuffled["strings"] = dict(reversed(list(OLD["strings"].items())))
with open(os.path.join(folder, "new.xcstrings"), "w", encoding="utf-8") as f:
    json.dump(shuffled, f, ensure_ascii=False, indent=4)
with open(os.path.join(folder, "README.md"), "w", encoding="utf-8") as f:
    f.write("The same catalog with its keys in another order and another indentation: one line, layout only.\n")
