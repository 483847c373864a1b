"""Translated text: English, German and Dutch.

t(key, *args) returns the string for `key` in the current language, formatted with
str.format(*args); a key missing in German or Dutch falls back to English, a key missing
everywhere comes back as the key itself (visible in tests, never a crash).
Game modules bring their own tables and register them with extend() when loaded, so a
game's words cost memory only while that game is in use.
"""

LANGS = ("en", "de", "nl")
_lang = "en"
_tables = {"en": {}, "de": {}, "nl": {}}


def set_lang(code):
    global _lang
    if code not in _tables:
        raise ValueError("unknown language " + str(code))
    _lang = code


def lang():
    return _lang


def extend(table):
    """Merge {"en": {...}, "de": {...}, "nl": {...}} into the known strings."""
    for code in LANGS:
        part = table.get(code)
        if part:
            _tables[code].update(part)


def t(key, *args):
    s = _tables[_lang].get(key)
    if s is None:
        s = _tables["en"].get(key, key)
    return s.format(*args) if args else s
