"""Text tables: every source has the same keys and placeholders in every language, and
only the current language is held in memory."""

import glob
import importlib
import os
import re
import sys

import pytest

from core import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = sorted({os.path.basename(p)[:-6] for p in glob.glob(os.path.join(ROOT, "core", "lang", "*_en.py"))})


def table(source, code):
    name = "core.lang.{}_{}".format(source, code)
    text = importlib.import_module(name).TEXT
    del sys.modules[name]  # leave no trace for the memory test below
    delattr(sys.modules["core.lang"], name[10:])
    return text


def fields(s):
    return sorted(re.findall(r"\{(\d*)\}", s))


def test_sources_found():
    assert "ui" in SOURCES and "g23" in SOURCES


@pytest.mark.parametrize("source", SOURCES)
def test_same_keys_and_placeholders_in_every_language(source):
    en = table(source, "en")
    for code in i18n.LANGS:
        tab = table(source, code)
        assert sorted(tab) == sorted(en), code
        for k in en:
            assert fields(tab[k]) == fields(en[k]), (code, k)


def test_only_the_current_language_is_loaded():
    i18n.use("ui")
    try:
        i18n.set_lang("de")
        assert i18n.t("home.vote") == "Geheime Wahl"
        loaded = set(i18n._tables)
        assert loaded and all(name.endswith("_de") for name in loaded)
        assert not any(name.startswith("core.lang.ui_") for name in sys.modules)
        i18n.set_lang("nl")
        assert i18n.t("home.vote") == "Geheime stemming"
        assert all(name.endswith("_nl") for name in i18n._tables)
    finally:
        i18n.set_lang("en")


def test_missing_key_falls_back_to_english_then_to_the_key():
    i18n.use("ui")
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.t("ui.range", 1, 5) == "1 to 5"


def test_source_without_tables_is_harmless():
    i18n.use("nosuchgame")
    try:
        assert i18n.t("ui.range", 1, 2) == "1 to 2"
        assert i18n.t("nosuchgame.x") == "nosuchgame.x"
    finally:
        i18n._sources.remove("nosuchgame")
        i18n._tables.clear()
