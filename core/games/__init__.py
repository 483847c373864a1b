"""The games the box knows, and the contract every game module keeps.

GAMES below is the one place for each game's id, title and player range (the home menu
needs them without importing a game). A game module (core/games/<id>.py) is a pure state
machine (OpenSpiel / boardgame.io style); it holds rules and labels, never button
handling:

  words     in core/lang/<id>_en.txt, _de.txt, _nl.txt (key=text lines, keys
            prefixed "<id>."); load() registers them with core.i18n. "<id>.help" is
            shown by the game menu's "How the box rules": what the box does and its
            rulings where the rulebook is silent (paragraphs split by newlines)
  OPTIONS   ((key, label_key, (value, ...)), ...) setup choices after the players;
            settings[key] holds the chosen value (the first value is the default)
  new(settings, seed)   -> state. settings: {"players": [names], key: value, ...}.
                           The state is plain dicts/lists/ints/strings (JSON-able) and is
                           fully determined by (settings, seed, actions so far), so saving,
                           resuming and undo replay the action log. Randomness: core.rng
                           seeded from `seed`, its state kept in the game state.
  prompt(state)         -> core.prompts.Prompt for the next input, or None when over.
                           Kinds (core/prompts.py): choice, number, confirm, vote, multi
                           (bitmask), fields (list of ints), text, show (large tiles for
                           the table, may light the LEDs), secret (each listed player
                           answers a private chain after a hand-over; ballot = YES/NO)
  apply(state, action)  mutates state; raises ValueError(translated reason) on an
                           illegal action and then leaves the state untouched
  sealed(action)        -> True when the action recorded secret answers (a ballot, the
                           jokers seen, predictions) or revealed them: undo never steps
                           back across it, and works normally between such actions
  describe(state, action) -> the action in words ("Bo passed, +1"), told from the state
                           right after it was applied; undo, redo and the last-action line
                           use it, never raw action tokens
  brief(state, action)  -> the same in one row of 21 characters ("Bo: passed +1"), drawn on
                           the next turn screen (core.i18n.row cuts the names to fit)
  table(state)          -> (header, rows): the score table, lists of short strings
  result(state)         -> [(place, player, text)] final ranking, best first; shared
                           places repeat the number
  summary(state)        -> short text for "Resume 23 (3 players, round 2)?"

Optional:
  WHEN                  {key: fn(settings) -> bool}: an option asked only when the
                        settings so far need it (the joker mix only when the box deals
                        the jokers; a pool size only with 4-5 players)
  overrides(state)      -> [(label, prompt)]: the game menu's entries for what only the
                        table knows (a law's effect, a slip in the ledger); each prompt
                        chain ends in an action apply() takes, confirmed on the way, so it
                        is saved, undone and shown as the last action like any other
  views(state)          -> [(title, header, rows)]: read-only tables the game menu offers
                           beside the score table (laws on the table, the mat, the row)
  progress(state, record) -> a new progress record (core.progress: a flat dict kept
                           across games, e.g. a solo campaign) with this finished game
                           counted; record is {} before the first game. The box calls it
                           once per finished game, before the game's save can go, so a
                           power cut neither loses nor double-counts a result
  closing(state)        -> small lines added under the final ranking (a solo level's
                           sum and what it carries forward)
  ending(state)         -> a Show prompt: what the table reads as the last round ends,
                           before the ranking (23's "Round 2 over", as round 1's); OK
                           closes it, core.play puts the last action on it
  alike(state, action)  -> [state, ...] for a sealed action just applied to state: the
                           states each of its outcomes leaves, in a fixed order, state
                           itself among them (the same object), the others stand-ins of
                           the same shape (What the Rule?!'s guess: RIGHT, then WRONG).
                           core.prepare draws the prompt of every one while the action's
                           confirm is read, the same work whatever the secret
  opening()             -> the prompt a new game opens on, when it depends neither on
                           the settings nor on a player (DRWS's mat): core.prepare draws it
                           while the players are set up

A game module holds its rules and its labels, nothing about the device: what the next screen
needs is prepared by core.prepare from this contract, and the Tablebox firmware keeps the
code in flash. A module that grows is split by meaning (What the Rule?!: its rule language,
its words, its points, its entries, its guess editor, its tables), with no import circle;
tests/test_tactics.py says what a game module must not do and where that need goes.
Modules are imported when a game is chosen (load()).
MicroPython's sort is not stable: a ranking sorts by a key that orders every player
(e.g. (-points, seat)), or two runtimes rank a tie differently.
"""

from core import i18n
from core.rng import Rng

# (id, module name or None while not built, title, min players, max players), menu order.
GAMES = (
    ("g23", "g23", "23", 2, 4),
    ("democrazy", "democrazy", "Democrazy", 4, 10),
    ("wtr", "wtr", "What the Rule?!", 1, 10),
    ("mmag", "mmag", "Man muss auch g\u00f6nnen", 1, 4),
    ("drws", "drws", "Das Regeln Wir Schon!", 3, 5),
)


def options(table, settings, error):
    """The values of a game's OPTIONS table in settings, in its order: each defaults to
    its first value; any value the table does not list raises ValueError(error)."""
    out = []
    for key, _, values in table:
        v = settings.get(key, values[0])
        if v not in values:
            raise ValueError(error)
        out.append(v)
    return out


def integer(x, lo, hi, key):
    """x when it is an int (True and False are not) within lo..hi, a bound None meaning
    none; else ValueError with the text of `key` (core.i18n), looked up only then."""
    if type(x) is not int or (lo is not None and x < lo) or (hi is not None and x > hi):
        raise ValueError(i18n.t(key))
    return x


def dispatch(actions, s, a, game_id):
    """Apply action a to state s by a game's table of handlers: actions maps (phase, word)
    to (size, handler) or (size, handler, when). size: the words the action has, an int,
    (base, per player) or None (the handler counts them); when(s): what the state must
    also hold (What the Rule?!: the master the box is). A list that is no action is
    refused with "<game_id>.e.format", an action the table does not take now with
    "<game_id>.e.now"; the handler checks the rest before it changes anything."""
    if not isinstance(a, list) or not a:
        raise ValueError(i18n.t(game_id + ".e.format"))
    try:
        entry = actions.get((s["phase"], a[0]))
    except TypeError:  # a list is no word
        entry = None
    if entry is not None:
        size = entry[0]
        if type(size) is tuple:
            size = size[0] + size[1] * s["n"]
        if (size is None or len(a) == size) and (len(entry) < 3 or entry[2](s)):
            entry[1](s, a)
            return
    raise ValueError(i18n.t(game_id + ".e.now"))


def starter(s, x, key):
    """Seat x of the state's s["n"] players, or for -1 one the box draws from the state's
    random stream (s["rng"], core.rng); ValueError(text of key) for anything else."""
    seat = integer(x, -1, s["n"] - 1, key)
    if seat < 0:
        r = Rng(s["rng"])
        seat = r.below(s["n"])
        s["rng"] = r.state
    return seat


def seats(game_id, n):
    """n players is a table the game can be played at (its range in GAMES)."""
    g = info(game_id)
    return g[3] <= n <= g[4]


def info(game_id):
    for g in GAMES:
        if g[0] == game_id:
            return g
    raise ValueError("unknown game " + str(game_id))


def load(game_id):
    """Import the game's module on first use and register its words."""
    mod = info(game_id)[1]
    if mod is None:
        raise ValueError("game not built yet: " + game_id)
    game = __import__("core.games." + mod, None, None, (mod,))  # the module itself, not core
    i18n.use(game_id)
    return game
