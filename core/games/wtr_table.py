"""What the Rule?!'s tables for the game menu and its actions in words (core.games.wtr's
describe, views and table).
"""

from core.games.wtr_rule import parse
from core.games.wtr_score import points
from core.games.wtr_words import label, said
from core.i18n import t
from core.ui import wrap


def describe(s, a):
    w = a[0]
    note = s["note"]
    if w == "start":
        return t("wtr.d.start" if s["box"] else "wtr.d.master", s["players"][s["first"]])
    if w == "hints":
        return t("wtr.d.hints")
    if w == "next":
        return t("wtr.d.over") if s["phase"] == "over" else t("wtr.round_n", s["round"])
    if note is None:
        return t("wtr.d.pass")
    kind, who, arg = note[:3]
    name = s["players"][who]
    if kind in ("fit", "miss", "placed"):
        return t("wtr.d." + kind, name, label(arg)) if arg is not None else t("wtr.d.{}_h".format(kind), name)
    if kind in ("hint_attr", "hint_card", "hint_near"):
        return t("wtr.d.hint")
    return t("wtr.d." + kind, name)


def views(s):
    out = [(t("wtr.v.round"), [t("wtr.h.what"), t("wtr.h.value")], _round_rows(s))]
    if s["box"] and s["phase"] != "start":
        out.append((t("wtr.v.row"), [t("wtr.h.pos"), t("wtr.h.card"), t("wtr.h.misses")], row_rows(s)))
        if s["wrong"]:
            out.append((t("wtr.v.wrong"), [t("wtr.h.guess")], _wrong_rows(s["wrong"])))
    return out


def _wrong_rows(wrong):
    """The wrong guesses in words, numbered, a long one wrapped under its number (the
    play-test could not tell where one ended)."""
    rows = []
    for k in range(len(wrong)):
        number = "{}. ".format(k + 1)
        lines = wrap(said(parse(wrong[k])), 21 - len(number))
        for i in range(len(lines)):
            rows.append([(number if i == 0 else " " * len(number)) + lines[i]])
    return rows


def row_rows(s):
    """The correct row, one card per line, with the misses laid under each place (one a
    line, so a long column of misses never runs off the screen)."""
    rows = []
    m = s["misses"]
    for pos in range(len(s["row"]) + 1):
        miss = [label(m[k + 1]) for k in range(0, len(m), 2) if m[k] == pos]
        if pos < len(s["row"]) or miss:
            card = label(s["row"][pos]) if pos < len(s["row"]) else "-"
            rows.append([str(pos + 1), card, miss[0] if miss else ""])
            rows += [["", "", x] for x in miss[1:]]
    return rows


def _round_rows(s):
    if s["phase"] == "start":
        return [[t("wtr.h.round"), "1/{}".format(s["rounds"])]]
    yes, no = t("wtr.yes"), t("wtr.no")
    rows = [[t("wtr.h.round"), "{}/{}".format(s["round"], s["rounds"])]]
    if not s["box"]:
        rows.append([t("wtr.h.master"), s["players"][s["master"]]])
    rows += [[t("wtr.h.pile"), str(s["pile"])], [t("wtr.h.laid"), str(s["laid"])], [t("wtr.h.hints"), yes if s["hints"] else no]]
    return rows


def table(s):
    rows = []
    playing = s["phase"] in ("turn", "guess")
    for i in range(s["n"]):
        mark = "*" if playing and i == s["active"] else ""
        hand = "-" if not playing or i == s["master"] else str(s["hands"][i])
        rows.append([mark + s["players"][i], hand, str(s["scores"][i] if points(s) else s["guessed"][i])])
    return [t("wtr.h.name"), t("wtr.h.hand"), t("wtr.h.points" if points(s) else "wtr.h.guessed")], rows
