"""The games the box knows, and the contract every game module keeps.

A game module (core/games/<id>.py) is a pure state machine (OpenSpiel / boardgame.io
style); it holds rules and labels, never button handling:

  ID, MIN_PLAYERS, MAX_PLAYERS
  words     in core/lang/<id>_en.py, _de.py, _nl.py (TEXT = {key: string}, keys
            prefixed "<id>."); load() registers them with core.i18n. "<id>.help" is
            shown by the game menu's "How the box rules": what the box does and its
            rulings where the rulebook is silent (paragraphs split by newlines)
  OPTIONS   ((key, label_key, (value, ...)), ...) setup choices after the players;
            settings[key] holds the chosen value (the first value is the default)
  new(settings, seed)   -> state. settings: {"players": [names], key: value, ...}.
                           The state is plain dicts/lists/ints/strings (JSON-able) and is
                           fully determined by (settings, seed, actions so far), so saving,
                           resuming and undo replay the action log.
  prompt(state)         -> core.prompts.Prompt for the next input, or None when over
  apply(state, action)  mutates state; raises ValueError(translated reason) on an
                           illegal action and then leaves the state untouched
  table(state)          -> (header, rows): the score table, lists of short strings
  result(state)         -> [(place, player, text)] final ranking, best first; shared
                           places repeat the number
  summary(state)        -> short text for "Resume 23 (3 players, round 2)?"
  secret(state)         -> True while an unrevealed secret (vote, joker, prediction)
                           is pending; undo never steps back into or across it

Modules are imported lazily (load()), one at a time, to keep the heap small.
"""

import sys

# (id, module name or None while not built, title, min players, max players), menu order.
GAMES = (
    ("g23", "g23", "23", 2, 4),
    ("democrazy", None, "Democrazy", 4, 10),
    ("wtr", None, "What the Rule?!", 2, 10),
    ("mmag", None, "Man muss auch g\u00f6nnen", 1, 4),
    ("drws", None, "Das Regeln Wir Schon!", 3, 5),
)


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
    name = "core.games." + mod
    if name not in sys.modules:
        __import__(name)
    from core import i18n

    i18n.use(game_id)
    return sys.modules[name]
