#!/usr/bin/env python3
"""Writes Fixtures/lint/<rule>/: flagged.xcstrings (strings the rule must flag, listed in
expected.txt as "key [locale]" lines) and look-alikes.xcstrings (strings it must not flag), plus
Fixtures/lint/correct.xcstrings, correct strings on which `lint --strict` finds nothing.
Run from the package root, then format them:
    python3 Scripts/make-lint-fixtures.py && .build/debug/xcstrings-merge format Fixtures/lint/*.xcstrings Fixtures/lint/*/*.xcstrings
"""
import json, os

def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}

def plural(**cases):
    return {"variations": {"plural": {k: unit(v) for k, v in cases.items()}}}

def catalog(strings):
    return {"sourceLanguage": "en", "strings": strings, "version": "1.1"}

def entry(**locs):
    return {"localizations": {k.replace("_", "-"): v for k, v in locs.items()}}

SUBSTITUTED = {"localizations": {
    "en": {"stringUnit": {"state": "translated", "value": "%1$#@photos@ in %2$@"},
           "substitutions": {"photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
               "one": unit("%arg photo"), "other": unit("%arg photos")}}}}},
    "de": {"stringUnit": {"state": "translated", "value": "%1$#@photos@ in %2$@"},
           "substitutions": {"photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
               "one": unit("%arg Foto"), "other": unit("%arg Fotos")}}}}},
}}

def substituted(value, name, arg_num, specifier, **cases):
    """A localization whose value holds a substitution with plural cases."""
    return {"stringUnit": {"state": "translated", "value": value},
            "substitutions": {name: {"argNum": arg_num, "formatSpecifier": specifier,
                                     "variations": {"plural": {k: unit(v) for k, v in cases.items()}}}}}

# A bare specifier in a substitution's variation reads the substitution's own argument first
# (Foundation formats the chosen variation from there), as migrated .stringsdict files write it.
SHARED = {"localizations": {
    "en": substituted("%1$@ shared %2$#@files@", "files", 2, "d", one="%d file", other="%d files"),
    "de": substituted("%1$@ hat %2$#@files@ geteilt", "files", 2, "d", one="%d Datei", other="%d Dateien"),
}}
# A key that holds the substitution token, as keys migrated from .stringsdict files do.
COPIED = {"localizations": {
    "en": substituted("Copied %#@items@", "items", 1, "lld", one="%arg item", other="%arg items"),
    "fr": substituted("%#@items@ copiés", "items", 1, "lld", one="%arg élément", other="%arg éléments"),
}}

rules = {
    "placeholder-mismatch": (
        {
            "%@ posts": entry(ca=unit("% publicacions")),
            "%lld files": entry(de=unit("%@ Dateien")),
            "Hello %@": entry(fr=unit("Bonjour %@ et %@")),
            "welcome.title": entry(en=unit("Welcome, %@"), es=unit("Bienvenido, %d")),
            # The variation's bare %@ reads argument 2, which the app passes as an integer.
            "shared.files": {"localizations": {
                "en": substituted("%1$@ shared %2$#@files@", "files", 2, "d", one="%d file", other="%d files"),
                "de": substituted("%1$@ hat %2$#@files@ geteilt", "files", 2, "d", one="%@ Datei", other="%@ Dateien"),
            }},
        },
        ["%@ posts [ca]", "%lld files [de]", "Hello %@ [fr]", "welcome.title [es]", "shared.files [de]"],
        {
            "%1$@ sent %2$lld messages": entry(de=unit("%2$lld Nachrichten von %1$@")),
            "%lld items": entry(fr=unit("%d éléments")),
            "not 100% accurate": entry(fr=unit("pas précis à 100 %")),
            "%lld%% done": entry(de=unit("%lld %% fertig")),
            "photos.count": SUBSTITUTED,
            "%lld files": entry(de=plural(one="Eine Datei", other="%lld Dateien")),
            "shared.files": SHARED,
            "Copied %#@items@": COPIED,
        },
    ),
    "placeholder-missing": (
        {
            "%@ sent %lld messages": entry(de=unit("%@ hat Nachrichten gesendet")),
            "Delete %@?": entry(fr=unit("Supprimer ?")),
            "%lld days": entry(ru=plural(one="%lld день", few="несколько дней", many="%lld дней", other="%lld дня")),
        },
        ["%@ sent %lld messages [de]", "Delete %@? [fr]", "%lld days [ru]"],
        {
            "%lld files": entry(de=plural(one="Eine Datei", other="%lld Dateien"), ar=plural(zero="لا ملفات", one="ملف واحد", two="ملفان", few="%lld ملفات", many="%lld ملفًا", other="%lld ملف")),
            "%1$@ sent %2$lld messages": entry(de=unit("%2$lld Nachrichten von %1$@")),
            "photos.count": SUBSTITUTED,
            "Saved": entry(de=unit("Gespeichert")),
        },
    ),
    "plural-incomplete": (
        {
            "%lld files": entry(ru=plural(one="%lld файл", other="%lld файла")),
            "%lld days": entry(de=plural(one="%lld Tag")),
            "%lld hours": entry(ar=plural(one="ساعة", other="%lld ساعة")),
            # CLDR 42 and later: Hebrew one/two/other, Maltese two, Vietnamese one, Chuvash zero.
            "%lld items": entry(he=plural(one="פריט אחד", other="%lld פריטים")),
            "%lld boxes": entry(mt=plural(one="kaxxa", few="%lld kaxxi", many="%lld kaxxa", other="%lld kaxxi")),
            "%lld photos": entry(vi=plural(other="%lld ảnh")),
            "%lld books": entry(cv=plural(one="%lld кӗнеке", other="%lld кӗнеке")),
        },
        ["%lld files [ru]", "%lld days [de]", "%lld hours [ar]", "%lld items [he]", "%lld boxes [mt]", "%lld photos [vi]", "%lld books [cv]"],
        {
            "%lld files": entry(ja=plural(other="%lld 個のファイル"), fr=plural(one="%lld fichier", other="%lld fichiers"),
                                ru=plural(one="%lld файл", few="%lld файла", many="%lld файлов", other="%lld файла")),
            "photos.count": SUBSTITUTED,
            # A correct Hebrew plural under CLDR 42 and later has no "many".
            "%lld items": entry(he=plural(one="פריט אחד", two="שני פריטים", other="%lld פריטים"),
                                vi=plural(one="%lld ảnh", other="%lld ảnh"),
                                mt=plural(one="kaxxa", two="żewġ kaxxi", few="%lld kaxxi", many="%lld kaxxa", other="%lld kaxxi")),
        },
    ),
    "literal-escape": (
        {
            "two.lines": entry(en=unit("Line 1\nLine 2"), de=unit("Zeile 1\\nZeile 2")),
            "Say \"Hi\"": entry(fr=unit("Dites \\\"Salut\\\"")),
        },
        ["two.lines [de]", "Say \"Hi\" [fr]"],
        {
            "escape.help": entry(en=unit("Type \\n for a new line"), de=unit("Tippe \\n für eine neue Zeile")),
            "two.lines": entry(en=unit("Line 1\nLine 2"), de=unit("Zeile 1\nZeile 2")),
        },
    ),
    "carriage-return": (
        {"two.lines": entry(en=unit("Line 1\nLine 2"), de=unit("Zeile 1\r\nZeile 2"))},
        ["two.lines [de]"],
        {"two.lines": entry(en=unit("Line 1\nLine 2"), de=unit("Zeile 1\nZeile 2"))},
    ),
    "format-only-key": (
        {"%lld": {}, "-%@": {}, "%@ / %@": {}, "(%lld)": {}},
        ["%lld", "-%@", "%@ / %@", "(%lld)"],
        {"%lld files": {}, "%lld%%": {"shouldTranslate": False}, "—": {}, "%@ of %@ pages": {}},
    ),
    "empty-translation": (
        {"Save": entry(de=unit(""))},
        ["Save [de]"],
        {"Save": entry(de=unit("", state="new")), "": entry(de=unit(""))},
    ),
    "whitespace-mismatch": (
        {"Save": entry(de=unit("Sichern ")), "Open": entry(fr=unit("\nOuvrir"), ja=unit("開く\n"))},
        ["Save [de]", "Open [fr]", "Open [ja]"],
        {"Name: ": entry(fr=unit("Nom : "), ja=unit("名前："), zh_Hans=unit("名称：")), "Save": entry(de=unit("Sichern")), "Line\n": entry(de=unit("Zeile\n"))},
    ),
    "normalization-twins": (
        {"Caf\u00e9": entry(de=unit("Café")), "Cafe\u0301": entry(de=unit("Café"))},
        ["Cafe\u0301"],
        {"OK": entry(de=unit("OK")), "Ok": entry(de=unit("Ok")), "ok": entry(de=unit("ok"))},
    ),
    "untranslated": (
        {
            "Save": entry(de=unit("Sichern")),
            "Open": entry(de=unit("Open", state="new"), fr=unit("Ouvrir")),
            "Close": entry(de=unit("Schließen", state="needs_review"), fr=unit("Fermer")),
            "Old": {"extractionState": "stale", "localizations": {"de": unit("Alt"), "fr": unit("Vieux")}},
        },
        ["Save [fr]", "Open [de]", "Close [de]", "Old"],
        {
            "Done": entry(de=unit("Fertig"), fr=unit("Terminé")),
            "%lld": {"shouldTranslate": False},
            "Version": {"shouldTranslate": False, "localizations": {"de": unit("Version")}},
        },
    ),
    "specifier-without-argument": (
        {
            "Welcome": entry(en=unit("Welcome"), de=unit("Willkommen, %@")),
            "Items": entry(en=unit("Items"), fr=unit("%lld éléments")),
            "Moved": entry(en=unit("Moved"), ja=unit("%1$@ を移動しました")),
        },
        ["Welcome [de]", "Items [fr]", "Moved [ja]"],
        {
            "Accuracy": entry(en=unit("100% accurate"), fr=unit("précis à 100 %")),
            "Sale": entry(en=unit("50% off"), de=unit("50%off")),
            "Hello %@": entry(de=unit("Hallo %@")),
            "Percent": entry(en=unit("Done"), de=unit("Fertig: 100%")),
            # A substitution token is the string's own structure, not an argument of the app's.
            "photos.none": {"localizations": {"de": substituted("%#@photos@", "photos", 1, "lld", one="ein Foto", other="Fotos")}},
        },
    ),
    "source-format": (
        {
            "%1$lld of %1$@": entry(de=unit("%1$lld von %1$@")),
            "gap": entry(en=unit("%2$@ sent %3$@"), de=unit("%2$@ hat %3$@ gesendet")),
        },
        ["%1$lld of %1$@", "gap [en]"],
        {
            "%1$@ sent %2$lld messages": entry(de=unit("%2$lld Nachrichten von %1$@")),
            "repeat": entry(en=unit("%1$@ and %1$@ again"), de=unit("%1$@ und nochmals %1$@")),
            "photos.count": SUBSTITUTED,
            "shared.files": SHARED,
        },
    ),
    "device-variation-missing": (
        {
            "Tap to open": {"localizations": {
                "en": {"variations": {"device": {"iphone": unit("Tap to open"), "mac": unit("Click to open"), "other": unit("Open")}}},
                "de": {"variations": {"device": {"iphone": unit("Tippen zum Öffnen"), "other": unit("Öffnen")}}},
            }},
        },
        ["Tap to open [de]"],
        {
            "Tap to open": {"localizations": {
                "en": {"variations": {"device": {"iphone": unit("Tap to open"), "other": unit("Open")}}},
                "de": {"variations": {"device": {"iphone": unit("Tippen zum Öffnen"), "mac": unit("Klicken"), "other": unit("Öffnen")}}},
                "fr": unit("Ouvrir"),
            }},
        },
    ),
    "translation-not-needed": (
        {
            "Version": {"shouldTranslate": False, "localizations": {"de": unit("Version"), "fr": unit("Version")}},
        },
        ["Version"],
        {
            "%lld": {"shouldTranslate": False},
            "Build": {"shouldTranslate": False, "localizations": {"en": unit("Build")}},
            "Done": entry(de=unit("Fertig")),
        },
    ),
    "app-shortcut-phrase": (
        {
            "Start a timer in ${applicationName}": {"extractionState": "extracted_with_value", "localizations": {
                "de": {"stringSet": {"state": "translated", "values": ["Starte einen Timer", "${applicationName} Timer starten"]}},
                "en": {"stringSet": {"state": "new", "values": ["Start a timer in ${applicationName}"]}},
                "fr": {"stringSet": {"state": "translated", "values": ["${applicationName} : minuteur ${applicationName}"]}}}},
        },
        ["Start a timer in ${applicationName} [de]", "Start a timer in ${applicationName} [fr]"],
        {
            "Start a timer in ${applicationName}": {"extractionState": "extracted_with_value", "localizations": {
                "de": {"stringSet": {"state": "translated", "values": ["Starte einen Timer in ${applicationName}", "${applicationName} Timer starten"]}},
                "en": {"stringSet": {"state": "new", "values": ["Start a timer in ${applicationName}"]}}}},
            "Open the app": entry(de=unit("Öffne die App")),
            "Start ${applicationName}": entry(de=unit("Starte ${applicationName} ${applicationName}")),
        },
    ),
}

CORRECT = catalog({
    "%1$@ sent %2$lld messages": entry(de=unit("%2$lld Nachrichten von %1$@"), fr=unit("%1$@ a envoyé %2$lld messages"),
                                       ja=unit("%1$@ が %2$lld 件のメッセージを送信しました"), ru=unit("%1$@ отправил сообщений: %2$lld")),
    "%lld items": entry(de=unit("%d Objekte"), fr=unit("%ld éléments"), ja=unit("%lld 項目"), ru=unit("Элементов: %lld")),
    "%lld files": entry(de=plural(one="Eine Datei", other="%lld Dateien"), fr=plural(one="Un fichier", other="%lld fichiers"),
                        ja=plural(other="%lld 個のファイル"), ru=plural(one="%lld файл", few="%lld файла", many="%lld файлов", other="%lld файла")),
    "not 100% accurate": entry(de=unit("nicht 100 % genau"), fr=unit("pas précis à 100 %"), ja=unit("100% 正確ではありません"), ru=unit("не на 100 % точно")),
    "%lld%% done": entry(de=unit("%lld %% fertig"), fr=unit("%lld %% terminé"), ja=unit("%lld%% 完了"), ru=unit("Готово на %lld %%")),
    "photos.count": {"localizations": {
        "en": SUBSTITUTED["localizations"]["en"], "de": SUBSTITUTED["localizations"]["de"],
        "fr": {"stringUnit": {"state": "translated", "value": "%1$#@photos@ dans %2$@"},
               "substitutions": {"photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                   "one": unit("%arg photo"), "other": unit("%arg photos")}}}}},
        "ja": {"stringUnit": {"state": "translated", "value": "%2$@ の %1$#@photos@"},
               "substitutions": {"photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                   "other": unit("%arg 枚の写真")}}}}},
        "ru": {"stringUnit": {"state": "translated", "value": "%1$#@photos@ в %2$@"},
               "substitutions": {"photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                   "one": unit("%arg фото"), "few": unit("%arg фото"), "many": unit("%arg фото"), "other": unit("%arg фото")}}}}},
    }},
    "escape.help": entry(en=unit("Type \\n for a new line"), de=unit("Tippe \\n für eine neue Zeile"), fr=unit("Tapez \\n pour une nouvelle ligne"),
                         ja=unit("改行するには \\n と入力します"), ru=unit("Введите \\n для новой строки")),
    "two.lines": entry(en=unit("Line 1\nLine 2"), de=unit("Zeile 1\nZeile 2"), fr=unit("Ligne 1\nLigne 2"), ja=unit("1 行目\n2 行目"), ru=unit("Строка 1\nСтрока 2")),
    "Name: ": entry(de=unit("Name: "), fr=unit("Nom : "), ja=unit("名前: "), ru=unit("Имя: ")),
    "%lld": {"shouldTranslate": False},
    "Version": {"shouldTranslate": False, "localizations": {"en": unit("Version")}},
    "OK": entry(de=unit("OK"), fr=unit("OK"), ja=unit("OK"), ru=unit("ОК")),
    "Ok": entry(de=unit("Ok"), fr=unit("Ok"), ja=unit("Ok"), ru=unit("Ок")),
})

root = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "lint")
for rule, (flagged, expected, lookalikes) in rules.items():
    folder = os.path.join(root, rule)
    os.makedirs(folder, exist_ok=True)
    for name, strings in (("flagged", flagged), ("look-alikes", lookalikes)):
        with open(os.path.join(folder, name + ".xcstrings"), "w", encoding="utf-8") as f:
            f.write(json.dumps(catalog(strings), ensure_ascii=False, indent=2))
    with open(os.path.join(folder, "expected.txt"), "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in expected))
with open(os.path.join(root, "correct.xcstrings"), "w", encoding="utf-8") as f:
    f.write(json.dumps(CORRECT, ensure_ascii=False, indent=2))
print(len(rules), "rules")
