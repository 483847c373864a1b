"""Translated text: English, German and Dutch.

t(key, *args) returns the string for `key` in the current language, formatted with
str.format(*args); a key missing in German or Dutch falls back to English, a key missing
everywhere comes back as the key itself (visible in tests, never a crash).
The core UI and each game module bring their own {"en": {...}, "de": {...}, "nl": {...}}
table and register it with extend() when loaded. Tables are referenced, not copied, so
the strings sit in memory once.
"""

LANGS = ("en", "de", "nl")
_lang = "en"
_tables = []


def set_lang(code):
    global _lang
    if code not in LANGS:
        raise ValueError("unknown language " + str(code))
    _lang = code


def lang():
    return _lang


def extend(table):
    for have in _tables:
        if have is table:
            return
    _tables.append(table)


def _find(code, key):
    for table in _tables:
        part = table.get(code)
        if part:
            s = part.get(key)
            if s is not None:
                return s
    return None


def t(key, *args):
    s = _find(_lang, key)
    if s is None:
        s = _find("en", key)
        if s is None:
            s = key
    return s.format(*args) if args else s
