"""Text tables: every source has the same keys and placeholders in every language, the
files are what core.i18n reads (sorted keys, no stray lines), lookups find every key
through the flash index, and only the current language is held in memory."""

import glob
import os
import re

import pytest

import core
from core import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = sorted({os.path.basename(p)[:-7] for p in glob.glob(os.path.join(ROOT, "core", "lang", "*_en.txt"))})
table = i18n.read


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
        i18n.drop("nosuchgame")


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("code", i18n.LANGS)
def test_table_file_is_sorted_key_lines(source, code):
    with core.open_data(i18n.path(source, code)) as f:
        data = f.read()
    assert len(data) < 65536  # the index keeps offsets in 2 bytes
    rows = data.decode().split("\n")
    assert rows[0].startswith("# ") and rows[-1] == ""
    keys = [r.split("=", 1)[0] for r in rows[1:-1]]
    assert all("=" in r for r in rows[1:-1])  # texts may be empty or hold "="
    assert keys == sorted(set(keys)) and all(re.match(r"^[A-Za-z0-9_.]+$", k) for k in keys)


@pytest.mark.parametrize("source", SOURCES)
def test_every_key_is_found_through_the_index(source):
    before = list(i18n._sources)
    i18n.use("ui")
    i18n.use(source)
    try:
        for code in i18n.LANGS:
            i18n.set_lang(code)
            for key, text in table(source, code).items():
                assert i18n.t(key) == text, (code, key)
    finally:
        i18n.set_lang("en")
        if source not in before:
            i18n.drop(source)


def test_lookup_checks_the_key_behind_a_hash(tmp_path, monkeypatch):
    # Keys whose CRC-16s collide, and a hash that straddles two index entries: the line
    # read must hold the key asked for, else the search goes on.
    keys = {}
    n = 0
    while len(keys) < 2 or not any(len(v) > 1 for v in keys.values()):
        k = "k%d" % n
        keys.setdefault(i18n._hash(k.encode()), []).append(k)
        n += 1
    pair = next(v for v in keys.values() if len(v) > 1)[:2]
    lines = ["# test"] + ["%s=text of %s\\nline 2" % (k, k) for k in sorted(pair)]
    (tmp_path / "lang").mkdir()
    (tmp_path / "lang" / "x_en.txt").write_text("\n".join(lines) + "\n")
    monkeypatch.setattr(core, "_DIR", str(tmp_path) + "/")
    i18n.use("x")
    try:
        for k in pair:
            assert i18n.t(k) == "text of %s\nline 2" % k
        assert i18n.t("k%d" % (n + 5)) == "k%d" % (n + 5)
        table = i18n._tables["x_en"]
        assert len(table.hashes) == 4 and len(table.spans) == 4 and table.file is not None  # 2 bytes, 2 numbers a key
    finally:
        i18n.drop("x")
        for name in list(i18n._tables):  # the other sources' empty tables from tmp_path
            i18n._tables.pop(name).close()
    assert table.file is None


def test_latest_lookups_are_cached_and_the_cache_stays_small(monkeypatch):
    i18n.use("ui")
    i18n.set_lang("de")
    try:
        assert i18n.t("home.vote") == "Geheime Wahl"

        def no_file(*args):
            raise AssertionError("looked up again")

        monkeypatch.setattr(i18n, "_find", no_file)
        assert i18n.t("home.vote") == "Geheime Wahl"
        monkeypatch.undo()
        for key in table("ui", "de"):
            assert i18n.t(key) == table("ui", "de")[key]
            assert len(i18n._recent.new) <= i18n._recent.size and len(i18n._recent.old) <= i18n._recent.size
        i18n.set_lang("nl")  # another language empties it
        assert not i18n._recent.new and i18n.t("home.vote") == "Geheime stemming"
    finally:
        i18n.set_lang("en")


def test_a_games_key_is_looked_up_in_its_own_table_first(monkeypatch):
    i18n.use("ui")
    i18n.use("g23")
    searched = []
    get = i18n._Table.get

    def spy(table, key, h):
        searched.append(table)
        return get(table, key, h)

    try:
        i18n._forget()
        monkeypatch.setattr(i18n._Table, "get", spy)
        assert i18n.t("g23.a.play") == table("g23", "en")["g23.a.play"]
        assert searched == [i18n._tables["g23_en"]]  # the core's table not searched in vain
        del searched[:]
        assert i18n.t("home.vote") == table("ui", "en")["home.vote"]
        assert searched == [i18n._tables["ui_en"]]
    finally:
        i18n.drop("g23")
