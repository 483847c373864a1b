"""Every text fits its screen, for every game, in English, German and Dutch (issue 15):
every script in tests/scripts played in each language with no text cut ("…"), and seeded
random games of every built game, with the longest names, whose every prompt, view, score
table and ranking fits the panel (conftest.random_game_fits). A game added to
core.games.GAMES is checked by the second test without a line here."""

import glob
import os

import pytest

from conftest import random_game_fits
from core import games, i18n
from core.rng import Rng

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = sorted(glob.glob(os.path.join(HERE, "scripts", "*.txt")))
LONG = ["Annabell", "Bartholo", "Cyprians", "Dorothea", "Eleonore", "Friedric", "Gottlieb", "Hildegar", "Isidorus", "Joachimm"]


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("path", SCRIPTS, ids=os.path.basename)
def test_no_text_of_a_script_is_cut(make_box, path, lang):
    with open(path) as f:
        lines = [x for x in f.read().splitlines() if x and not x.startswith("#")]
    make_box().play_uncut(lang, lines)


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("game_id", [g[0] for g in games.GAMES if g[1]])
def test_every_prompt_of_random_games_fits(game_id, lang):
    game = games.load(game_id)
    lo, hi = games.info(game_id)[3:5]
    i18n.set_lang(lang)
    rng = Rng(3)
    played = 0
    for k in range(8):
        settings = {"players": LONG[: lo + k % (hi - lo + 1)]}
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


def test_the_contact_sheets_show_each_scripts_screens(tmp_path):
    """tools/contact.py (docs/contact-<lang>.png): a row of distinct screens per script."""
    from tools import contact

    shots = contact.frames("secret_vote", "de")
    assert 3 <= len(shots) <= contact.PER_ROW and len(set(shots)) == len(shots)
    contact.sheet(str(tmp_path / "c.png"), [shots, shots[:2]])
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    i18n.set_lang("en")
