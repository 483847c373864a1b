"""Every text fits its screen, for every game, in English, German and Dutch (issue 15):
every script in tests/scripts played in each language with no text cut (conftest.uncut:
"…" from fit(), or drawn past the panel's edges, as a centred text wider than the panel
is), seeded random games of every built game, with the longest names, whose every prompt,
view, score table and ranking fits the panel (conftest.random_game_fits), and the core's
own screens (hand-over, vote, "recorded", confirm, message...) with their longest
words, whichever of them the scripts reach. A game added to core.games.GAMES is checked
by test_every_prompt_of_random_games_fits without a line here. Random games played
through the box (RANDOM) add the screens of tables no script plays.

The fast tier (tests/conftest.py) plays each script and random game in one language, in
turn; ./dev test --all plays each in every language."""

import glob
import os

import pytest

from conftest import random_game_fits, sized, uncut
from core import games, i18n
from core.rng import Rng
from host_sim import autoplay

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = sorted(glob.glob(os.path.join(HERE, "scripts", "*.txt")))
LONG = ["Annabell", "Bartholo", "Cyprians", "Dorothea", "Eleonore", "Friedric", "Gottlieb", "Hildegar", "Isidorus", "Joachimm"]
# Random games through the box (host_sim.autoplay): (game, players, seed, options).
RANDOM = [("drws", 3, 2, {}), ("drws", 5, 3, {}), ("mmag", 1, 5, {}), ("mmag", 3, 7, {"dice": "own", "colours": "own"}), ("mmag", 4, 9, {})]


def in_languages(cases):
    """(case, language) pairs: each case in every language; in the fast tier in one, the
    languages in turn."""
    n = len(i18n.LANGS)
    return [(c, i18n.LANGS[(k + j) % n]) for k, c in enumerate(cases) for j in range(sized(1, n))]


@pytest.mark.parametrize("path,lang", in_languages(SCRIPTS), ids=os.path.basename)
def test_no_text_of_a_script_is_cut(make_box, path, lang):
    with open(path) as f:
        lines = [x for x in f.read().splitlines() if x and not x.startswith("#")]
    make_box().play_uncut(lang, lines)


@pytest.mark.parametrize("case,lang", in_languages(RANDOM), ids=lambda x: x if isinstance(x, str) else "%s-%dp-seed%d" % x[:3])
def test_no_text_of_a_random_game_is_cut(make_box, case, lang):
    """Table sizes, options and a solo game the scripts do not play."""
    game_id, n, seed, options = case
    settings, actions, paths = autoplay.random_game(game_id, n, seed, options)
    make_box().play_uncut(lang, autoplay.game_script(game_id, settings, actions, paths))


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("game_id", [g[0] for g in games.GAMES if g[1]])
def test_every_prompt_of_random_games_fits(game_id, lang):
    game = games.load(game_id)
    lo, hi = games.info(game_id)[3:5]
    i18n.set_lang(lang)
    rng = Rng(3)
    played = 0
    for k in range(8):
        settings = {"players": LONG[: hi if k == 7 else lo + k % (hi - lo + 1)]}  # the largest table too
        for key, _, values in game.OPTIONS:
            settings[key] = values[k % len(values)]
        try:
            s = game.new(settings, k)
        except ValueError:  # options this many players cannot take
            continue
        random_game_fits(game, s, rng, lang, LONG)
        played += 1
    assert played >= 4
    i18n.set_lang("en")


def fixed_screens():
    """The core's screens whose words are its own, not a game prompt's, in the current
    language, with the longest names and numbers they are given."""
    from core.i18n import t
    from core.secret import Ballot, Recorded, Secret, SecretFlow, VoteScreen
    from core.textentry import TextEntry
    from core.ui import BigResult, Confirm, HandOver, Menu, Message, NumberPicker, Pages

    name = LONG[7]  # 8 characters, the most a name takes
    for armed in (False, True):
        h = HandOver(name, None)
        h.armed = armed
        yield h
    voters = list(range(10))
    secret = Secret(t("vote.title"), voters, None, None)
    ballot = Ballot(t("vote.title"), voters, None)
    open_ballot = Ballot(t("vote.open_title"), voters, None, lines=[t("vote.open_note")])
    open_ballot.recorded = ("vote.recorded", "vote.open_hidden", "vote.open_hidden2")  # core.ballot
    for p in (secret, ballot, open_ballot):
        flow = SecretFlow(None, LONG, p, None, None)
        flow.voter = name
        yield Recorded(flow)
        if p is not secret:
            for both in (False, True):
                v = VoteScreen(flow, p.ask(0))
                v.both = both
                yield v
    from core.secret import Waiting  # phones (issue 53): the box waits for them, then a seat's link

    flow = SecretFlow(None, LONG, secret, None, None)
    flow.remote = {k: [None, 0, None if k % 2 else True] for k in range(10)}
    yield Waiting(flow)
    yield Menu(t("phones.move"), LONG, None)
    yield Confirm(t("phones.move"), [t("phones.move_q", name)], None)
    yield HandOver(name, None, title=t("phones.title"))
    from core.pairing import Link

    yield Link(name, "http://255.255.255.255:65535/s/0123456789abcdef", [[1] * 29] * 29, None)  # the longest link
    yield Menu(t("pl.names"), [t("pl.start"), t("pl.phones")], None)
    yield Menu(t("set.title"), [t("phones.unpair")], None)
    yield Confirm(t("phones.unpair"), [t("phones.unpair_q")], None)
    yield BigResult(t("vote.result"), [t("vote.yes_n", 10), t("vote.no_n", 10)], [t("vote.major_yes")])
    yield BigResult(t("vote.result"), [t("vote.yes_n", 5), t("vote.no_n", 5)], [t("vote.tie")])
    yield BigResult(t("vote.result"), [t("vote.yes_n", 0), t("vote.no_n", 10)], [t("vote.major_no")])
    for lost in ("ui.leave_saved", "ui.answers_lost"):
        yield Confirm(t("ui.leave_title"), [t("ui.leave_q"), t(lost)], None)
    yield Confirm(t("vote.title"), [t("vote.cancel"), t("ui.answers_lost")], None)
    yield Confirm(t("pl.name", 10), [t("ui.discard_q")], None)
    yield Confirm(t("game.end"), [t("game.end_q")], None)
    yield Confirm(t("game.new"), [t("game.end_q")], None)
    yield Confirm(t("game.undo"), [t("game.undo_steps", 999), t("game.undo_first", name)], None)
    yield Message(t("game.undo"), [t("game.undo_none")])
    for why in ("secret", "chance"):
        yield Message(t("game.undo"), [t("game.undo_" + why), name])
    yield Message(t("ui.error"), [t("game.save_fail", "[Errno 28] ENOSPC")])
    yield Message(t("ui.error"), ["x" * 60, t("ui.error_saved")])
    yield Message(t("ui.settings_bad"), [t("ui.settings_kept", "settings.bad12")])
    for g in games.GAMES:
        yield Confirm(g[2], [t("game.resume_q"), name], None, None, t("game.resume_ok"), t("game.resume_new"))
        yield Message(g[2], [t("ui.soon_text")])
        yield Message(t("game.damaged"), [t("game.damaged_text", g[0] + ".bad12")])
        yield Message(t("game.damaged"), [t("game.progress_damaged", g[0] + ".progress.bad12")])
    yield Menu(t("game.undo_n"), [name + ": " + "8" * 11] * 8, None, wide=True)  # a last-action row: 21 characters
    yield NumberPicker(t("pl.count"), 2, 10, 10, None)
    yield TextEntry(t("pl.name", 10), name, None)
    yield TextEntry(t("pl.name", 10), "", None)  # empty: the keys under it
    for g in games.GAMES:  # every page of every game's help (the quick start first)
        if g[1]:
            i18n.use(g[0])
            help_ = Pages(t("game.rules"), [t(g[0] + ".quick").split("\n"), t(g[0] + ".help").split("\n")])
            for k in range(len(help_.pages)):
                help_.at = k
                yield help_


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_a_help_paragraph_longer_than_a_page_is_cut_into_pages_of_even_length(lang):
    """No page of the help holds the last word of a paragraph alone (a play-test found
    "pile)." and "deelt." on pages of their own)."""
    from core.ui import Pages

    i18n.set_lang(lang)
    long_ = 0
    for g in games.GAMES:
        if g[1]:
            i18n.use(g[0])
            for par in i18n.t(g[0] + ".help").split("\n"):
                sizes = [len(p) for p in Pages("", [[par]]).pages]
                assert max(sizes) - min(sizes) <= 1, (g[0], lang, sizes, par[:40])
                long_ += len(sizes) > 1
    assert long_  # the rulings have such paragraphs
    i18n.set_lang("en")


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_cores_own_screens_fit(lang):
    from core.frame import Frame

    i18n.use("ui")
    i18n.set_lang(lang)
    cut = []  # every screen's first cut text, all reported at once
    try:
        for screen in fixed_screens():
            f = Frame()
            screen.draw(f)
            try:
                uncut(f, lang, screen.title, type(screen).__name__)
            except AssertionError as e:
                cut.append(e.args[0] if e.args else e)
    finally:
        i18n.set_lang("en")
    assert not cut, cut


def test_a_text_past_an_edge_is_listed_as_cut():
    """frame.cut: the texts whose ink does not lie within columns 0..127."""
    from core.frame import W, Frame

    f = Frame()
    f.text("a" * 21, W - 125, 0)  # 21 glyphs are 125 px: the last ink column is 127
    f.center("b" * 21, 8)
    f.center("C" * 14, 16, 2)  # 9x18: 14 cells are 126 px
    f.text("", -5, 40)
    f.text("\u25b2", W - 6, 48, 1, False, False)  # a scroll mark
    assert f.cut == []
    f.text("d" * 21, W - 124, 0)
    f.text("e", -1, 8)
    f.center("f" * 22, 16)  # 131 px: from x = -2
    f.center("G" * 15, 24, 2)
    f.text("h", W, 56, 1, False, False)  # past the edge, recorded or not
    assert f.cut == ["d" * 21, "e", "f" * 22, "G" * 15, "h"]
    f.clear()
    assert f.cut == [] and f.lines == []


def test_the_contact_sheets_show_each_scripts_screens(tmp_path):
    """tools/contact.py (docs/contact-<lang>.png): a row of distinct screens per script."""
    from tools import contact

    shots = contact.frames("secret_vote", "de")
    assert 3 <= len(shots) <= contact.PER_ROW and len(set(shots)) == len(shots)
    contact.sheet(str(tmp_path / "c.png"), [shots, shots[:2]])
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    i18n.set_lang("en")
