"""Translated text: English, German and Dutch, one language in memory at a time.

use(source) registers a text source: "ui" for the core, a game's id for a game; drop()
forgets it again. Its words live in core/lang/<source>_<lang>.py (TEXT = {key: string}).
t(key, *args) looks the key up in the current language's tables, loading each table the
first time it is needed, and formats it with str.format(*args). A key missing in German
or Dutch falls back to English; a key missing everywhere comes back as the key itself
(visible in tests, never a crash). set_lang() drops the old language's tables, so only
one language takes memory.
"""

import sys

from core import release

LANGS = ("en", "de", "nl")
_lang = "en"
_sources = []  # registered sources, in registration order
_tables = {}  # module name -> TEXT dict of the loaded tables


def set_lang(code):
    global _lang
    if code not in LANGS:
        raise ValueError("unknown language " + str(code))
    if code != _lang:
        _tables.clear()
        _lang = code


def lang():
    return _lang


def use(source):
    if source not in _sources:
        _sources.append(source)


def drop(source):
    """Unregister a source (a game the box has left) and forget its loaded tables."""
    if source in _sources:
        _sources.remove(source)
    for code in LANGS:
        _tables.pop("core.lang.{}_{}".format(source, code), None)


def _table(code, source):
    name = "core.lang.{}_{}".format(source, code)
    table = _tables.get(name)
    if table is None:
        try:
            __import__(name)
        except ImportError:  # a source without this language: its keys fall back
            table = {}
        else:
            table = sys.modules[name].TEXT
            # Keep only the dict: no module object (and no second reference from the
            # package) stays behind to hold a language that is switched away from.
            release(name)
        _tables[name] = table
    return table


def _find(code, key):
    for source in _sources:
        s = _table(code, source).get(key)
        if s is not None:
            return s
    return None


def t(key, *args):
    s = _find(_lang, key)
    if s is None and _lang != "en":
        s = _find("en", key)
    if s is None:
        s = key
    return s.format(*args) if args else s
