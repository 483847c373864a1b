"""Trust at the table (issue 27), for every built game at once: each test walks seeded
random games of every game in core.games.GAMES (and the kit, which uses every prompt
kind) on a Box, so a game added later is checked without a line here.

- a stray double press never opens the next voter's private screen (core.ui.HandOver);
- the presses inside a private chain do not depend on the answer (core.secret.arrange);
- undo never crosses a draw the table has seen (core.session: chance is final);
- every entry of the result can be corrected before "Game over" is confirmed;
- lamps by meaning, at full level; every context line and the last action on screen;
- BACK on a turn's screen opens the game menu, never the home menu.

The fast tier (tests/conftest.py) walks fewer games and moves (sized); --all all of them.
"""

import functools

import pytest

from conftest import sized
from core import buttons as B
from core import games, i18n
from core.app import LAMPS
from core.rng import Rng
from core.secret import Recorded, arrange, chain_seed
from core.session import Session
from core.ui import HandOver, Menu, NumberPicker
from host_sim import autoplay, fakes, script
from host_sim import kit as kit_game
from host_sim import register_kit

BUILT = [g[0] for g in games.GAMES if g[1]]
GAMES = BUILT + ["kit"]
SEEDS = sized((1,), (1, 2))  # the seeded games walked on a Box per game
MOVES = sized(40, 120)  # a game's first moves read for context lines: every kind of screen of its rounds


def players(game_id, k):
    lo, hi = info(game_id)[3:5]
    return lo + k % (hi - lo + 1)


def info(game_id):
    if game_id == "kit":
        return ("kit", "kit", kit_game.TITLE, 2, 4)
    return games.info(game_id)


def register(game_id):
    if game_id == "kit":
        register_kit()


def scripts(game_id):
    """Script lines of seeded random games of game_id (host_sim.autoplay), the box's
    own game seed: what a table presses, hand-overs, "Game over ✓" and all."""
    register(game_id)
    i18n.use("ui")
    i18n.set_lang("en")
    out = []
    for k in SEEDS:
        settings, actions, paths = autoplay.random_game(game_id, players(game_id, k), k)
        out.append(autoplay.game_script(game_id, settings, actions, paths))
    return out


class Walk:
    """What the table saw while the scripts of a game were played on a Box."""

    def __init__(self):
        self.stray = 0  # answers after which a voter pressed OK three times
        self.lamps = []  # (screen leds, hardware levels) while a screen with lamps was up
        self.levels = set()  # every level the LEDs were set to
        self.roots = 0  # turn screens on which BACK was tried
        self.briefs = 0  # turn screens checked for the last action
        self.missing = []  # (screen text, brief) where the last action was not on screen


def play(session_of, box, lines, walk):
    """Run script lines; on the way, at every recorded answer with voters to come the
    voter presses OK three times at 120 ms intervals (the script pressed it once), and
    every turn screen is tried with BACK and read for the last action."""
    runner = box.runner
    for line in lines:
        top = box.app.top()
        flow = getattr(top, "flow", None)
        if isinstance(top, Recorded) and line == "OK" and len(flow.answers) < len(flow.p.voters):
            box.do("OK", "OK", "OK")  # script presses: 60 ms down, 60 ms up
            top = box.app.top()
            assert isinstance(top, HandOver) and not top.armed, box.text()
            walk.stray += 1
            continue
        check_turn_screen(session_of, box, walk)
        err = runner.do(line)
        assert err is None, err
        box.leds.history and walk.levels.update(x for s in box.leds.history for x in s[:2])
        top = box.app.top()
        if getattr(top, "leds", ""):
            walk.lamps.append((top.leds, box.leds.state[:2]))


def check_turn_screen(session_of, box, walk):
    """On a turn's first screen (the stack: home, this): the last action is on it, and a
    short BACK opens the game menu, a second BACK brings this very screen back."""
    app = box.app
    if len(app.stack) != 2 or app.secret is not None or isinstance(app.top(), HandOver) or app.top().undoes:
        return  # not a turn's first screen (undoes: a later state of an edit, whose BACK undoes it)
    play_ = session_of()
    screen = app.top()
    if play_ is None or play_.session.prompt() is None or getattr(screen, "_checked", False):
        return
    screen._checked = True  # once, as it comes up (not half-way through an entry)
    s = play_.session
    last = s.last()
    if last:
        walk.briefs += 1
        seen = set(box.lines())
        for _ in range(4):  # a tile screen's context row shows each line in turn
            if last in seen:
                break
            box.do("wait 2000")
            seen.update(box.lines())
        if last not in seen:
            walk.missing.append((box.text(), last))
    box.do("BACK")
    assert app.top() is not screen and app.top().title == play_.title, box.text()
    assert i18n.t("game.scores") in " ".join(box.lines())
    box.do("BACK")
    assert app.top() is screen
    walk.roots += 1


@functools.lru_cache(maxsize=None)
def walked(game_id):
    from core import play as play_mod

    register(game_id)
    i18n.set_lang("en")
    walk = Walk()
    current = [None]
    real = play_mod.Play.show

    def show(self):
        current[0] = self
        real(self)

    play_mod.Play.show = show
    try:
        for lines in scripts(game_id):
            box = Box()
            current[0] = None
            play(lambda: current[0], box, lines, walk)
    finally:
        play_mod.Play.show = real
    return walk


class Box:
    def __init__(self, storage=None):
        self.display = fakes.Display()
        self.leds = fakes.Leds()
        self.storage = storage if storage is not None else fakes.MemStorage()
        from core.app import App

        self.app = App(self.display, self.leds, self.storage, 1)
        self.runner = script.Runner(self.app, 0)

    def do(self, *steps):
        for s in steps:
            register_all()
            err = self.runner.do(s)
            assert err is None, err
        return self

    def lines(self):
        return list(self.app.frame.lines)

    def text(self):
        return " | ".join(self.app.frame.lines)


def register_all():
    register_kit()  # the home menu releases the games it leaves: the kit has no file


@pytest.fixture(autouse=True)
def kit_on_the_menu(monkeypatch):
    monkeypatch.setattr(games, "GAMES", games.GAMES)  # put back after the test
    register_kit()


def has_secrets(game_id):
    return game_id in ("democrazy", "drws", "kit")


# ----------------------------------------------------------------- 1. the hand-over guard


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stray_double_press_never_opens_the_next_voters_private_screen(game_id):
    walk = walked(game_id)
    assert (walk.stray > 0) == has_secrets(game_id)


def test_the_secret_vote_hand_over_takes_only_a_deliberate_ok():
    box = Box()
    box.do(*(["DOWN"] * len(games.GAMES)), "OK", "OK", "OK")  # the Secret vote, 2 voters
    assert "Pass the box to" in box.lines() and "wait a moment" in box.lines()
    box.do("OK", "OK", "OK")  # too soon
    assert "Pass the box to" in box.lines()
    box.runner.hold(B.OK, 1200)  # held since before the screen was armed: still nothing
    box.do("wait 100")
    assert "Pass the box to" in box.lines() and "then press OK" in box.lines()
    box.do("OK")  # a fresh press once armed
    assert "press YES or NO" in box.lines()
    box.do("YES", "OK", "OK", "OK", "OK")
    assert "Pass the box to" in box.lines() and "P2" in box.lines()


# ----------------------------------------------------------------- 2. no press-count tells


def private_prompts(game_id, seed):
    """Every prompt of every voter's private chain met in a random game, each with the
    seed and position the box starts it from."""
    from core.playout import KINDS, random_action
    from core.prompts import is_prompt

    register(game_id)
    game = games.load(game_id)
    s = game.new({"players": ["P%d" % i for i in range(players(game_id, seed))]}, seed)
    rng = Rng(seed)
    out = []
    step = 0
    while game.prompt(s) is not None and step < 400:
        p = game.prompt(s)
        if p.kind == "secret":
            for i in range(len(p.voters)):
                q, depth = p.ask(i), 0
                while is_prompt(q):
                    out.append((q, chain_seed(seed, step), i, depth))
                    q = q.answer(KINDS[q.kind][1](q, rng))
                    depth += 1
        try:
            game.apply(s, random_action(p, rng))
            step += 1
        except ValueError:
            pass
    return out


def distances(screen_of, start):
    """Fewest D-pad presses from `start` to every entry, on the real widget."""
    seen = {start: 0}
    todo = [start]
    while todo:
        at = todo.pop(0)
        for button in (B.UP, B.DOWN, B.LEFT, B.RIGHT):
            w = screen_of(at)
            w.on_event(B.PRESS, button)
            nxt = w.index if isinstance(w, Menu) else w.value
            if nxt not in seen:
                seen[nxt] = seen[at] + 1
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("game_id", [g for g in GAMES if has_secrets(g)])
def test_every_answer_of_a_private_prompt_takes_presses_of_the_same_distribution(game_id):
    checked = 0
    for seed in (1, 2, 3):
        for q, cs, voter, depth in private_prompts(game_id, seed)[:40]:
            if q.kind not in ("choice", "number"):
                continue
            if q.kind == "choice":
                domain = list(range(len(q.options)))

                def screen_of(i, q=q):
                    return Menu("", list(q.options), None, i)
            else:
                domain = list(range(q.lo, q.hi + 1))

                def screen_of(v, q=q):
                    return NumberPicker("", q.lo, q.hi, v, None, wrap=True)
            # the box's starts: every entry, and about as often as each other
            starts = []
            for k in range(60 * len(domain)):
                arrange(q, cs + k, voter, depth)
                starts.append(q.initial)
            counts = [starts.count(v) for v in domain]
            assert min(counts) > 0 and max(counts) < 3 * min(counts), counts
            if q.kind == "number":
                assert q.wrap
            # from every start, the fewest presses to each answer: the same multiset
            far = [distances(screen_of, st) for st in domain]
            dist = [sorted(d[a] for d in far) for a in domain]
            assert all(d == dist[0] for d in dist), (q.title, dist)
            if q.kind == "choice" and q.votes:  # yes and no: one press of the lit button
                assert len(q.votes) == 2 and q.votes[0] != q.votes[1]
            checked += 1
    assert checked


# ----------------------------------------------------------------- 3. chance is final


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_never_crosses_a_draw(game_id):
    register(game_id)
    from core.playout import random_action

    drawn = 0
    for seed in SEEDS:
        s = Session(game_id, {"players": ["P%d" % i for i in range(players(game_id, seed))]}, seed)
        rng = Rng(seed)
        while s.prompt() is not None and len(s.log) < 300:
            before = s.state.get("rng")
            try:
                s.apply(random_action(s.prompt(), rng), False)
            except ValueError:
                continue
            if s.state.get("rng") != before:
                drawn += 1
                assert s.undo_limit() == 0 and s.blocker()[1] == len(s.log) - 1  # "chance" (or "secret")
    assert drawn or game_id in ("g23", "democrazy")  # these draw only at the start


def test_undoing_a_reroll_is_refused_with_the_reason_and_entered_dice_stay_undoable():
    s = Session("mmag", {"players": ["Ann", "Bo"]}, 5)
    for a in (["start", 0], ["roll"], ["reroll", 3]):
        s.apply(a, False)
    assert s.blocker() == ("chance", 2) and not s.can_undo()
    own = Session("mmag", {"players": ["Ann", "Bo"], "dice": "own"}, 5)
    for a in (["start", 0], ["roll", 1, 2, 3, 4, 5], ["reroll", 3, 6, 6, 3, 4, 5]):
        own.apply(a, False)
    assert own.blocker() == (None, -1) and own.undo_limit() == 3


# ----------------------------------------------------------------- 4. nothing final too soon


@pytest.mark.parametrize("game_id", BUILT)
def test_the_last_entry_is_corrected_from_the_ranking_before_game_over(game_id):
    """From "Game over?": the ranking's "Undo…" takes back the last entry, and the game
    asks for it again; nothing is recorded or kept until "Game over ✓"."""
    lines = scripts(game_id)[0]
    end = lines.index('expect "%s"' % i18n.t("game.over_q"))
    box = Box()
    box.do(*[x for x in lines[:end] if not x.startswith("expect")])
    assert box.lines()[0] == "Game over?"
    assert not [n for n in box.storage.list() if n.endswith(".res")]
    box.do("OK", "UP", "UP", "UP")
    assert "> " + i18n.t("game.undo") in box.lines()
    box.do("OK")
    if box.lines()[0] == i18n.t("game.undo_n"):  # several steps may go: one
        box.do("OK")
    assert box.lines()[0] == i18n.t("game.undo"), box.text()  # "Undo: <the last entry>?"
    box.do("OK")
    assert box.lines()[0] != "Game over?" and box.app.top().title != "Game over?"
    assert box.storage.get(game_id + ".sav") or box.storage.get(game_id + ".bak")


# ----------------------------------------------------------------- 5. lamps by meaning


@pytest.mark.parametrize("game_id", GAMES)
def test_every_lit_lamp_is_at_full_level(game_id):
    walk = walked(game_id)
    assert walk.levels <= {0, 255}
    for meaning, levels in walk.lamps:
        assert LAMPS[meaning] == levels
    # and every verdict, reveal and result the game shows says a lamp, never a level
    from core.playout import random_action

    register(game_id)
    game = games.load(game_id)
    meanings = set()
    for seed in range(6):
        s = game.new({"players": ["P%d" % i for i in range(players(game_id, seed))]}, seed)
        rng = Rng(seed)
        while game.prompt(s) is not None:
            path = []
            a = random_action(game.prompt(s), rng, path)
            meanings.update(getattr(q, "leds", "") for q, _ in path)
            try:
                game.apply(s, a)
            except ValueError:
                pass
    assert meanings <= set(LAMPS)
    verdicts = meanings & {"yes", "no"}
    assert verdicts == ({"yes", "no"} if game_id in ("democrazy", "drws", "wtr", "kit") else set()), verdicts


# ----------------------------------------------------------------- 7, 8. BACK, last action


@pytest.mark.parametrize("game_id", GAMES)
def test_back_on_every_turn_screen_opens_the_game_menu_and_the_last_action_is_on_it(game_id):
    walk = walked(game_id)
    assert walk.roots > 5
    assert walk.briefs > 5 and walk.missing == []


# ----------------------------------------------------------------- 11. the vote's result


def test_the_secret_votes_result_survives_a_power_cut():
    box = Box()
    box.do(*(["DOWN"] * len(games.GAMES)), "OK", "OK", "OK")
    for v in ("YES", "NO"):
        box.do("wait 1000", "OK", v, "OK")
    assert "YES 1" in box.lines() and "NO 1" in box.lines()
    again = Box(box.storage)  # power cut
    again.do("UP", "UP")
    assert "> Last results" in again.lines()
    again.do("OK")
    assert again.lines()[:2] == ["Last results", "> Secret vote"]
    again.do("OK")
    assert again.lines() == ["Secret vote", "YES 1", "NO 1", "Tie"]


# ----------------------------------------------------------------- 6. every context line drawn

LONG = ["Annabell", "Bartholo", "Cyprians", "Dorothea", "Eleonore", "Friedric", "Gottlieb", "Hildegar", "Isidorus", "Joachimm"]


class Ctx:
    """What an opener needs of a Play or a SecretFlow, answering nothing."""

    voter = None

    def __init__(self, app, names, secret):
        self.app = app
        self.all = names
        self.secret = secret

    def names(self):
        return self.all

    def answered(self, p, v):
        pass

    def menu(self):
        pass


def on_screen(q, names, secret):
    """Every line the screen of prompt q shows: from its first frame, with its list at
    the first entry, scrolled through, and over time (a tile screen's context row)."""
    from core.app import App
    from core.prompts import open_prompt

    app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
    r = script.Runner(app, 0)
    open_prompt(Ctx(app, names, secret), q, False)
    top = app.top()
    if isinstance(top, Menu):
        top.index = 0
    app.refresh()
    r.do("wait 10")
    seen = set(app.frame.lines)
    for _ in range(20):  # a verdict with the guess said again and how near it was: long
        if hasattr(top, "top") and not isinstance(top, Menu):  # a show or a confirm scrolls
            top.on_event(B.PRESS, B.DOWN)
            app.refresh()
        r.do("wait 2100")  # a tile screen shows its next context line
        seen.update(app.frame.lines)
    return seen


def drawn(line, seen):
    from core.ui import NARROW, wrap

    return all(x in seen for x in wrap(line)) or all(x in seen for x in wrap(line, NARROW))


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_context_line_a_prompt_gives_is_on_its_screen(game_id, lang):
    from core.playout import KINDS
    from core.prompts import is_prompt

    register(game_id)
    game = games.load(game_id)
    i18n.set_lang(lang)
    checked = 0
    try:
        for seed in SEEDS:
            names = LONG[: players(game_id, seed)]
            s = game.new({"players": names}, seed)
            rng = Rng(seed)
            for _ in range(MOVES):
                q = game.prompt(s)
                if q is None:
                    break
                while is_prompt(q):
                    if q.kind == "secret":
                        answers = KINDS[q.kind][1](q, rng)
                        for i in range(len(q.voters)):  # each voter's chain
                            c = q.first(i)  # with the secret's lines (core.secret)
                            assert all(x in c.lines for x in q.lines)
                            while is_prompt(c):
                                missing = [x for x in c.lines if not drawn(x, on_screen(c, names, True))]
                                assert not missing, (c.title, missing)
                                c = c.answer(KINDS[c.kind][1](c, rng))
                        q = q.answer(answers)
                        continue
                    seen = on_screen(q, names, False)
                    missing = [x for x in q.lines if not drawn(x, seen)]
                    assert not missing, (q.kind, q.title, missing, sorted(seen))
                    checked += 1
                    q = q.answer(KINDS[q.kind][1](q, rng))
                try:
                    game.apply(s, q)
                except ValueError:
                    pass
    finally:
        i18n.set_lang("en")
    assert checked
