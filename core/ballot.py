"""The Secret vote tool on the home menu: a YES/NO ballot of 2-10 voters, the big
reveal, optionally who voted what (then it is called an open vote everywhere, and every
voter is told before voting that names are shown), and "vote again". The revealed result
is kept like a game's (core.results): a power cut after the reveal loses nothing, and the
home menu's "Last results" shows it until the next vote.

The ballot itself is core.secret's SecretFlow over a prompts.Ballot, the same one that
games use; this module only adds the tool's reveal.
"""

from core.i18n import t
from core.secret import Ballot, SecretFlow
from core.ui import BigResult, Menu


def tally(votes):
    yes = 0
    for v in votes:
        if v:
            yes += 1
    return yes, len(votes) - yes


def start_tool(app, names):
    """The Secret vote tool: ballot, big reveal, optional per-player list, vote again."""

    def done(votes):
        yes, no = tally(votes)
        verdict = t("vote.major_yes") if yes > no else t("vote.major_no") if no > yes else t("vote.tie")
        big = [t("vote.yes_n", yes), t("vote.no_n", no)]
        app.replace(BigResult(t("vote.result"), big, [verdict], lambda: after(votes)))
        app.after(lambda: keep(big + [verdict] + who(votes)))

    def who(votes):
        if not app.settings["reveal"]:
            return []
        return ["{}: {}".format(names[i], t("vote.yes") if votes[i] else t("vote.no")) for i in range(len(names))]

    def keep(lines):
        from core import release, results

        results.store(app.storage, "vote", lines)
        release("core.results")

    def after(votes):
        items = [t("vote.again"), t("vote.home")]
        items += who(votes)
        app.replace(Menu(t("vote.result"), items, lambda i: again() if i == 0 else app.home() if i == 1 else None, on_back=app.home))

    def again():
        app.home()
        flow.start()

    if app.settings["reveal"]:  # names shown at the end: an open vote, and it says so
        ballot = Ballot(t("vote.open_title"), list(range(len(names))), None, lines=[t("vote.open_note")])
        ballot.recorded = ("vote.recorded", "vote.open_hidden", "vote.open_hidden2")
    else:
        ballot = Ballot(t("vote.title"), list(range(len(names))), None)
    flow = SecretFlow(app, names, ballot, done, app.home)
    flow.start()
