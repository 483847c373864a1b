"""The secret ballot: one YES/NO per voter, collected so that nothing gives a vote away.

BallotFlow(app, title, names, on_done, on_cancel) runs: hand-over to voter 1, the vote
screen (both vote LEDs lit, YES and NO accepted on press), a "vote recorded" screen that
is the same whatever was pressed, then hand-over to the next voter. on_done(votes) gets a
list of bools in voter order once everyone has voted; nothing before that shows a vote or
a count. YES and NO run the same code path and produce the same frames, LEDs and number of
steps; only the list entry differs. BACK on a hand-over offers to cancel the whole ballot
(there is no stepping back into someone else's vote).
The Secret vote tool on the home menu (start_tool) and game Ballot prompts both use it.
"""

from core import buttons as B
from core.i18n import t
from core.ui import BigResult, Confirm, HandOver, Menu, Screen, title_bar


class VoteScreen(Screen):
    leds = (255, 255)  # both buttons lit: the LEDs never depend on the vote

    def __init__(self, flow, name):
        Screen.__init__(self)
        self.flow = flow
        self.title = flow.title
        self.name = name

    def on_event(self, kind, button):
        if kind == B.PRESS and (button == B.YES or button == B.NO):
            self.flow.cast(button == B.YES)
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        f.center(t("vote.now", self.name), 16)
        f.center(t("vote.press"), 32)


class Recorded(Screen):
    def __init__(self, flow):
        Screen.__init__(self)
        self.flow = flow
        self.title = flow.title

    def on_event(self, kind, button):
        if kind == B.RELEASE and button == B.OK:
            self.flow.next_voter()
        # BACK does nothing here: the vote is cast and must not be shown or changed.

    def draw(self, f):
        title_bar(f, self.title)
        f.center(t("vote.recorded"), 16)
        f.center(t("vote.hidden"), 32)
        f.center(t("vote.hidden2"), 40)
        f.center(t("vote.next"), 56)


class BallotFlow:
    def __init__(self, app, title, names, on_done, on_cancel):
        self.app = app
        self.title = title
        self.names = names
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.votes = []

    def start(self):
        self.votes = []
        self._handover(self.app.push)

    def _handover(self, show):
        name = self.names[len(self.votes)]
        show(HandOver(name, lambda: self.app.push(VoteScreen(self, name)), on_back=self._ask_cancel))

    def _ask_cancel(self):
        self.app.push(Confirm(self.title, [t("vote.cancel"), t("vote.cancel2")], self._cancel))

    def _cancel(self):
        self.votes = []
        self.on_cancel()

    def cast(self, yes):
        self.votes.append(yes)
        self.app.replace(Recorded(self))

    def next_voter(self):
        self.app.pop()  # the Recorded screen; the hand-over under it is replaced next
        if len(self.votes) < len(self.names):
            self._handover(self.app.replace)
        else:
            votes = self.votes
            self.votes = []
            self.on_done(votes)


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
        app.replace(BigResult(t("vote.result"), [t("vote.yes_n", yes), t("vote.no_n", no)], [verdict], lambda: after(votes)))

    def after(votes):
        items = [t("vote.again"), t("vote.home")]
        if app.settings["reveal"]:
            for i in range(len(names)):
                items.append("{}: {}".format(names[i], t("vote.yes") if votes[i] else t("vote.no")))
        app.replace(Menu(t("vote.result"), items, lambda i: again() if i == 0 else app.home() if i == 1 else None, on_back=app.home))

    def again():
        app.home()
        flow.start()

    flow = BallotFlow(app, t("vote.title"), names, done, app.home)
    flow.start()
