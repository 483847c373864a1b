"""Shared fixtures: an App on fake hardware, driven by the script runner."""

import contextlib
import os
import sys

import pytest
from hypothesis import settings as hsettings

# Two tiers (issue 49). `./dev test` (plain pytest) runs the fast tier, a few minutes on
# two cores: every test except those marked with one of TIERS' markers below, and the
# property tests at their fast size. `./dev test --all` (pytest --all; CI's .ci/run)
# runs every test, each at its full size. A test is marked by what it needs, never by a
# list here: a whole file by `pytestmark = pytest.mark.micropython`, a test by the
# decorator. Sizes: sized(fast, full) below picks one by the tier (seeds, games played,
# max_examples=...), and the hypothesis profile "fast" or "full" sets the examples of a
# @given test that names none. -m still works as usual within the tests of the tier:
# `./dev test --all -m micropython` runs the MicroPython tests only.
TIERS = {
    "pico": "runs the app on the emulated Pico (../shared/pico-emu)",
    "micropython": "runs code under the MicroPython WebAssembly port (node, tests/mpwasm.py)",
    "browser": "plays the web page in headless chromium",
    "bench": "checks tools/bench, the benchmarks",
}
FULL_ENV = "TABLEBOX_TESTS_FULL"  # set by pytest_configure: "1" under --all (sized() reads it)
LEFT_OUT = pytest.StashKey[int]()  # how many tests the fast tier left out


def sized(fast, full):
    """A property test's size: `fast` in the fast tier, `full` under --all."""
    return full if os.environ.get(FULL_ENV) == "1" else fast


# Tests never fail on timing (the bench reports speed): no per-example deadline. In CI
# the examples are derandomized, so a red run can be repeated exactly.
for _name, _examples in (("fast", 20), ("full", 100)):
    hsettings.register_profile(_name, max_examples=_examples, deadline=None, derandomize=bool(os.environ.get("CI")))


def pytest_addoption(parser):
    parser.addoption("--all", action="store_true", help="run every test at full size: the slow tiers (%s) too" % ", ".join(TIERS))


def pytest_configure(config):
    for name, doc in TIERS.items():
        config.addinivalue_line("markers", "%s: %s (run by --all only)" % (name, doc))
    full = config.getoption("--all")
    os.environ[FULL_ENV] = "1" if full else "0"
    hsettings.load_profile("full" if full else "fast")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--all"):
        return
    keep, slow = [], []
    for item in items:
        (slow if any(item.get_closest_marker(m) for m in TIERS) else keep).append(item)
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = keep
        config.stash[LEFT_OUT] = len(slow)


def pytest_terminal_summary(terminalreporter, config):
    if config.stash.get(LEFT_OUT, 0):
        terminalreporter.write_line(
            "fast tier: %d tests of the slow tiers (%s) left out; ./dev test --all runs every test"
            % (config.stash[LEFT_OUT], ", ".join(TIERS))
        )


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from core import i18n, release  # noqa: E402
from core.app import App  # noqa: E402
from host_sim import fakes, script  # noqa: E402


class Box:
    """An App on fake hardware with a script runner: box.do("OK", "DOWN", ...)."""

    def __init__(self, storage=None, seed=1, start_ms=0):
        self.display = fakes.Display()
        self.leds = fakes.Leds()
        self.storage = storage if storage is not None else fakes.MemStorage()
        self.app = App(self.display, self.leds, self.storage, seed)
        self.runner = script.Runner(self.app, start_ms)

    def do(self, *steps):
        for s in steps:
            err = self.runner.do(s)
            assert err is None, err
        return self

    def lines(self):
        return list(self.app.frame.lines)

    def to(self, value):
        """Move the top list (Menu) to item `value`, or the top number picker to `value`,
        with D-pad presses: a private one starts at a random entry (core.secret.arrange)."""
        top = self.app.top()
        if hasattr(top, "items"):
            d = (value - top.index) % len(top.items)
            self.do(*(["DOWN"] * d))
        else:
            d = value - top.value
            self.do(*(["UP"] * d if d >= 0 else ["DOWN"] * -d))
        return self

    def text(self):
        return " | ".join(self.app.frame.lines)

    def play_uncut(self, lang, lines):
        """Play script lines starting in `lang`, asserting after every step that no text on
        the screen is cut (see uncut()), the title of the screen on top included. A script
        may change the language in Settings: each screen is checked in the language it
        shows (i18n.lang())."""
        self.app.set_setting("lang", lang)
        for line in lines:
            if line.startswith("expect"):
                continue
            self.do(line)
            uncut(self.app.frame, i18n.lang(), self.app.top().title, line)


def built_on_press(box, step):
    """The texts (core.frame._build) that the App's steps answering the press `step` build
    before its frame is on the panel: what a screen prepared ahead (core.prepare) spares."""
    from core import frame

    built = []
    build, show = frame._build, box.display.show
    frame._build = lambda text, fc: built.append(text) or build(text, fc)
    box.display.show = lambda *a, **k: built.append(None) or show(*a, **k)
    try:
        box.do(step)
    finally:
        frame._build, box.display.show = build, show
    return built[: built.index(None)] if None in built else built


def whole_texts(lang):
    """The core's and the games' texts in `lang` that end in "…" themselves ("Menu…",
    "one moment…", "New campaign…")."""
    from core import games

    sources = ["ui"] + [g[0] for g in games.GAMES if g[1]]
    return {v for src in sources for v in i18n.read(src, lang).values() if v.endswith("\u2026")}


def uncut(frame, lang, title="", where=""):
    """Assert that what frame shows is not cut: no text drawn past the panel's edges
    (frame.cut: a centred text wider than the panel starts at a negative x), none
    shortened by fit() ("…" at its end, unless the text itself ends so), and the title
    within its bar (title_bar draws it shortened, unrecorded, and records it whole)."""
    from core.frame import W, width

    assert not frame.cut, (lang, where, "past an edge", frame.cut)
    whole = whole_texts(lang)
    for text in frame.lines:
        text = text[2:] if text.startswith("> ") else text
        assert not text.endswith("\u2026") or text in whole, (lang, where, text)
    title = title if isinstance(title, str) else title()
    assert width(title) <= W - 2, (lang, where, "title", title)


def refused_by(game, s, a):
    """The reason game refuses action a in state s; asserts s is left untouched."""
    before = repr(s)
    try:
        game.apply(s, list(a))
    except ValueError as e:
        assert repr(s) == before
        return str(e)
    raise AssertionError("accepted %r" % (a,))


def random_game_fits(game, s, rng, lang, long_names):
    """Play state s to its end with random answers, asserting that every prompt on the
    way fits the panel in `lang`: titles and lines 21 characters (lines wrapped, at most
    6 where they do not scroll; a confirm and a show scroll), menu items 18 (beside the scroll marks), large text 10
    a row, field labels their tile; then the views, the score table and the ranking."""
    from core.frame import W, width
    from core.playout import random_action
    from core.session import _brief
    from core.ui import Table, wrap_all

    while game.prompt(s) is not None:
        path = []
        a = random_action(game.prompt(s), rng, path)
        for q, _ in path:
            assert width(q.title) <= W - 2, (lang, q.title)
            lines = wrap_all(q.lines)
            assert all(width(x) <= W for x in lines), (lang, lines)
            assert q.kind in ("confirm", "show") or len(lines) <= 6, (lang, lines)  # these scroll
            for x in getattr(q, "options", ()):
                x = x if isinstance(x, str) else x()  # a label looked up as the list shows it
                assert width(x) <= W - 16, (lang, x)
            assert not q.big or width(q.big, 2) <= W or all(width(w, 2) <= W for w in q.big.split(" ", 1)), (lang, q.big)
            fields = getattr(q, "fields", ())
            for f in fields:
                assert width(f[0]) <= W // len(fields) - 2, (lang, f[0])
        try:
            game.apply(s, a)
        except ValueError:
            continue
        # the last-action row, on the turn screen and in the undo list (Session.recent)
        last = _brief(game, s, a) or game.describe(s, a)
        assert width(last) <= W, (lang, last)
    views = game.views(s) if hasattr(game, "views") else []
    for title, header, rows in views + [("", *game.table(s))]:
        assert width(title) <= W - 2
        table = Table(title, header, rows)
        for row in table.rows:  # every column on screen, none cut at the right
            assert width(table._line(row)) <= W, (lang, table._line(row))
    for place, i, text in game.result(s):
        assert width(i18n.t("game.place", place, long_names[i], text)) <= W, (lang, text)


@contextlib.contextmanager
def core_kept():
    """A box's home menu releases the games it leaves and the core modules the choice does
    not need (core.home.leave_games, GAME_ONLY, VOTE_ONLY): after the block the core's
    modules are exactly those from before it again, and the text sources are put back,
    because test modules keep using (and patching) the modules they imported."""
    mods = {n: m for n, m in sys.modules.items() if n.startswith("core.")}
    sources = list(i18n._sources)
    yield
    for name in [n for n in sys.modules if n.startswith("core.") and n not in mods]:
        release(name)  # imported in the block: the next import is fresh...
    for mod in list(mods.values()):  # ...unless a module from before holds it (frame's face)
        for v in vars(mod).values():
            if type(v) is type(sys) and v.__name__.startswith("core.") and v.__name__ not in mods:
                mods[v.__name__] = v
    for name, mod in mods.items():
        sys.modules[name] = mod
        dot = name.rfind(".")
        setattr(sys.modules[name[:dot]], name[dot + 1 :], mod)
    for source in sources:
        i18n.use(source)


@pytest.fixture(autouse=True)
def keep_games():
    """Every test leaves the core's modules and text sources as it found them (core_kept)."""
    with core_kept():
        yield


@pytest.fixture
def box():
    i18n.set_lang("en")
    yield Box()
    i18n.set_lang("en")


@pytest.fixture
def make_box():
    i18n.set_lang("en")
    yield Box
    i18n.set_lang("en")


@pytest.fixture
def kit(monkeypatch):
    """The kit test game (host_sim/kit.py) on the home menu, for this test only."""
    from core import games
    from host_sim import kit as kit_game

    monkeypatch.setitem(sys.modules, "core.games.kit", kit_game)
    monkeypatch.setattr(games, "GAMES", games.GAMES + (("kit", "kit", kit_game.TITLE, 2, 4),))
    return kit_game


# sys.implementation._mpy of MicroPython 1.28 on an RP2040: version | sub-version << 8 | arch << 10
MPY_128_RP2040 = 6 | 3 << 8 | 4 << 10


@pytest.fixture
def fake_board(monkeypatch, tmp_path):
    """tools.deploy with mpremote faked: `answer` is what the board reports (MicroPython
    version, sys.implementation._mpy, ROMFS partition size, 0 = none); `calls` lists
    every mpremote call. Builds go to tmp_path."""
    from tools import deploy

    calls = []
    answer = {"version": (1, 28, 0), "mpy": MPY_128_RP2040, "rom": 0}

    def mpremote(port, *args, capture=False):
        calls.append(args)
        if args[0] == "exec" and capture:
            info = (answer["version"], answer["mpy"], "Raspberry Pi Pico with RP2040", answer["rom"])
            return "banner\n" + repr(info) + "\n"
        return ""

    monkeypatch.setattr(deploy, "mpremote", mpremote)
    monkeypatch.setattr(deploy, "BUILD", str(tmp_path / "device"))
    return calls, answer
