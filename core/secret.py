"""Secret input: each listed player, after a hand-over, answers a private chain of
prompts that nobody else sees (a Secret prompt; a YES/NO Ballot is one case of it).

SecretFlow(app, names, prompt, on_done, on_cancel).start() runs: hand-over to the first voter,
their chain (any prompt kinds, opened by the same screens as everywhere, BACK stepping
back inside it and from its first screen to the hand-over), then a "recorded" screen,
then the hand-over to the next voter. on_done(answers) gets one answer per voter, in
voter order, once everyone has answered. Where the secret says its answers in words
(Secret.said), the recorded screen repeats the one given to its voter, who may answer
again with BACK until they pass the box on (nothing is cast that they did not see).
What the guarantees rest on:

- the recorded screen is the same whatever was answered but for that repeated answer,
  on its own page (Recorded.SAID_PAGE), which is always sent and whose texts were all
  built when the chain opened (prepare()), and the pages pushed for it do not depend on
  the answer: after a Vote (whose screen looks the same whatever is then pressed) the
  answer's page and the pages that differ from the vote screen; after a private number
  that is its voter's whole chain (whose picker wraps, so only its value's pages show
  the answer) those pages whole and the others that differ; after any other prompt (a
  cursor shows its answer; a number after another answer) every page; LEDs, pages,
  steps and every pixel outside the answer's page, from the recording press to the next
  hand-over, are therefore identical for every answer;
- a voter's chain is ask(i): it never sees the earlier voters' answers;
- the presses do not tell the answer: a private list or number starts on a random entry
  and wraps around (arrange(), drawn from the flow's seed, so a script replays), so from
  the first frame to the recorded screen every answer takes presses of the same
  distribution; a list whose answers are yes and no takes them on the YES and NO buttons;
- the next voter's private screen opens only by a deliberate OK on their hand-over
  (core.ui.HandOver): a stray double press of the voter before opens nothing;
- answers live only in this object until the last voter has answered: nothing is saved,
  shown or counted before; leaving or cancelling drops them (and says so first);
- while it runs, app.secret is set: dialogs answer OK and BACK only, never YES or NO;
- a voter whose seat a phone holds (app.seats, core.seats) answers the same chain on the
  phone, all of them at once (core.phones reads chain() and hands their answers to
  give()); the box goes round the others in voter order, then waits for the phones,
  saying how many are in, never whose; a chain goes to a phone when its first prompt is
  one a phone answers (core.seats.KINDS), and every later one must be too;
- on the Vote screen, YES and NO pressed together record nothing and ask again, with the
  same screens whichever was first: a vote acts on the first edge (at once), and the
  other vote button going down within BOTH_MS takes it back (App asks both()).
"""

from core import buttons as B
from core import ticks_diff
from core.rng import Rng
from core.i18n import t
from core.prompts import Prompt, is_prompt, open_prompt
from core.ui import Confirm, HandOver, Menu, NumberPicker, Screen, title_bar

VOTE_BUTTONS = B.YES | B.NO
BOTH_MS = 80  # YES and NO going down within this of each other are "both": no vote


class Vote(Prompt):
    kind = "vote"
    screen = ("core.secret", "vote")


class Secret(Prompt):
    """said(i) -> [(answer, words)]: every answer voter i may give, in words ("4 tiles on
    YES"); the recorded screen repeats the one given to its voter (None: it says only
    that it is recorded)."""

    kind = "secret"
    screen = ("core.secret", "secret")
    recorded = ("secret.recorded", "secret.hidden", "secret.hidden2")  # the "recorded" screen

    def __init__(self, title, voters, ask, then, said=None, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.voters = voters
        self.ask = ask
        self.said = said


    def first(self, i):
        """The first prompt of voter i's chain; the secret's own context lines, when it
        has no lines of its own ("YES or NO, then tiles": every voter reads them)."""
        q = self.ask(i)
        if not q.lines:
            q.lines = self.lines
        return q


class Ballot(Secret):
    recorded = ("vote.recorded", "vote.hidden", "vote.hidden2")

    def __init__(self, title, voters, then, **kw):
        Secret.__init__(self, title, voters, lambda i: Vote(title, _same), then, _yes_no, **kw)


def _yes_no(i):
    return [(True, t("vote.yes")), (False, t("vote.no"))]


def _same(v):
    return v


def left_of(p, n):
    """The seats in the order the box goes round from the left of seat p, p last."""
    return [(p + 1 + k) % n for k in range(n)]


def by_seat(voters, answers, n, absent=None):
    """A secret's answers (in voters' order) put in seat order; `absent` for a seat that
    did not answer."""
    out = [absent] * n
    for k in range(len(voters)):
        out[voters[k]] = answers[k]
    return out


def chain_seed(game_seed, step):
    """The seed of a secret's random starts: the game's seed and the step it is asked
    at (how many actions came before), so a replayed game starts its lists the same."""
    return (game_seed + 0x9E3779B9 * (step + 1)) & 0xFFFFFFFF


def arrange(q, seed, voter, depth):
    """Start a private list or number (the prompt at `depth` in voter's chain) on a
    random entry, and let a number wrap around like a list: then the presses that give
    any answer have the same distribution, and nobody learns it by counting them."""
    if q.kind == "choice":
        n = len(q.options)
    elif q.kind == "number":
        n = q.hi - q.lo + 1
        q.wrap = True
    else:
        return
    r = Rng(seed ^ (voter << 8 | depth) * 0x2545F491)
    r.next32()
    k = r.below(n)
    q.initial = k if q.kind == "choice" else q.lo + k


def secret(ctx, p, root):
    """Opener of a Secret prompt on a Play. Cancelled from a root prompt, the box shows
    the game menu over a fresh first hand-over; from inside a move, the question before."""

    def cancel():
        if root:
            ctx.show()
            ctx.menu()

    s = ctx.session
    seed = chain_seed(s.seed, len(s.log))
    SecretFlow(ctx.app, ctx.names(), p, lambda answers: ctx.answered(p, answers), cancel, seed).start()


def vote(ctx, p, root):
    ctx.app.push(VoteScreen(ctx, p))


class VoteScreen(Screen):
    leds = "both"  # both buttons lit: the LEDs never depend on the vote

    def __init__(self, ctx, p):
        Screen.__init__(self)
        self.ctx = ctx
        self.p = p
        self.title = p.title
        self.both = False

    def on_event(self, kind, button):
        if kind == B.PRESS and button & VOTE_BUTTONS:
            if self.app.buttons.down(VOTE_BUTTONS) == VOTE_BUTTONS:
                self.both = True  # the same whichever came first
            else:
                self.ctx.answered(self.p, button == B.YES)
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        name = getattr(self.ctx, "voter", None)
        f.center(t("vote.now", name) if name else (self.p.lines[0] if self.p.lines else ""), 16)
        f.center(t("vote.press"), 32)
        if self.both:
            f.center(t("vote.one"), 48)
        elif name and self.p.lines:
            f.center(self.p.lines[0], 48)
        if isinstance(self.ctx, SecretFlow):  # again: a redraw may have pushed them out
            self.ctx.prepare(f)


class Recorded(Screen):
    """What the voter gave, to the voter alone before they pass the box on: where the
    secret says its answers (Secret.said), the answer in words on page 3 (SAID_PAGE, the
    only page that depends on it) for SAID_MS, and BACK to change it. Then the answer
    goes from the screen, whatever it was: a box left on this screen, or put to sleep
    and woken by the next player, does not show it."""

    SAID_PAGE = 0x08  # y 24-31
    SAID_MS = 4000

    def __init__(self, flow):
        Screen.__init__(self)
        self.flow = flow
        self.title = flow.p.title
        self.since = None  # when it was first drawn
        self.said = True  # the answer is on screen

    def tick(self, now):
        if self.since is None:
            self.since = now
        elif self.said and ticks_diff(now, self.since) >= self.SAID_MS:
            self.said = False
            self.flow.app.refresh(self.SAID_PAGE)  # sent whatever the answer was
            return True
        return False

    def on_event(self, kind, button):
        if kind == B.RELEASE and button == B.OK:
            self.flow.next_voter()
        elif kind == B.RELEASE and button == B.BACK and self.flow.p.said:
            self.flow.change()
        # Nothing else acts (YES and NO: a vote pressed twice casts nothing more).

    def draw(self, f):
        words = self.flow.p.recorded
        said = self.flow.said() if self.said else None
        title_bar(f, self.title)
        f.center(t(words[0]), 16)
        if said is not None:
            f.center(said, 24)
        f.center(t(words[1]), 32)
        f.center(t(words[2]), 40)
        if self.flow.p.said:
            f.center(t("secret.change"), 48)
        f.center(t(self.flow.onward()), 56)


class SecretFlow:
    secret = True  # screens opened by this context: YES/NO never answer a dialog

    def __init__(self, app, names, p, on_done, on_cancel, seed=0):
        self.app = app
        self.seed = seed  # of the random starts (arrange)
        self.all_names = names
        self.p = p
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.answers = []  # of the voters on the buttons, in their order (order)
        self.order = []  # the voters (indices into p.voters) on the buttons
        self.remote = {}  # voter index -> [prompt, step, answer or None, past its first prompt]: a phone's chain
        self.round = 0  # of the phones' chains (core.seats: one count for every secret), see give()
        self.base = 0  # stack index of the hand-over / recorded screen
        self.voter = None
        self.at = 0
        self._vote = None  # (when, stack, answers given) at the last vote, for both()
        self._said = None  # the voter's answers in words (Secret.said), made as their chain opens

    def names(self):
        return self.all_names

    def start(self):
        self.answers = []
        seats = self.app.seats
        self.remote = {}
        self.order = []
        if seats:  # only then: a box that serves no phones never loads their code
            from core.seats import offer
        for k in range(len(self.p.voters)):
            q = self.p.first(k) if seats and seats.on_phone(self.p.voters[k]) else None
            if q is not None and offer(q) is not None:
                self.remote[k] = [q, 0, None, False]
            else:
                self.order.append(k)
        if seats:  # counted across secrets: a phone's answer to an earlier one is never taken
            seats.round += 1
            self.round = seats.round
        self.app.secret = self
        self.app.push(self._handover() if self.order else Waiting(self))
        self.base = len(self.app.stack) - 1

    def _handover(self):
        self.at = self.order[len(self.answers)]  # who answers now: voters[at]
        self.voter = self.names()[self.p.voters[self.at]]
        return HandOver(self.voter, self._begin, on_back=self._back, title=self.p.title)

    def _begin(self):
        i = self.at
        self._said = self.p.said(i) if self.p.said else None
        q = self.p.first(i)
        arrange(q, self.seed, i, 0)
        open_prompt(self, q)
        self.prepare(self.app.frame)

    def prepare(self, f):
        """Build the recorded screen's texts now, so that the press that records an
        answer draws only cached ones: it sends a whole frame after most prompts, and a
        vote must take at most 30 ms on the Pico (Democrazy's took 30-34). The answers in
        words are made once, as the chain opens: the press that records one only finds it."""
        f.prepare([t(w) for w in self.p.recorded] + [t("secret.change"), t(self.onward())]
                  + [x[1] for x in self._said or ()])

    def answered(self, q, value):
        if q.kind == "vote" or q.kind == "number" and q.votes:  # cast on a lit button: both() may take it back
            self._vote = (self.app.now, self.app.stack[:], len(self.answers))
        nxt = q.answer(value)
        if is_prompt(nxt):
            # its depth in the chain: the screens above the hand-over (base) so far
            arrange(nxt, self.seed, self.at, len(self.app.stack) - self.base - 1)
            open_prompt(self, nxt)
        else:
            # a number the chain's only screen (nothing on it told by an earlier answer),
            # digits only (a unit with an accent would reach the pages around the value's)
            alone = q.kind == "number" and len(self.app.stack) == self.base + 2 and not q.unit
            self.answers.append(nxt)
            app = self.app
            app.cut(self.base + 1)
            app.replace(Recorded(self))
            if alone:  # arranged: it wraps, so only its value's pages show the answer
                app.refresh(NumberPicker.VALUE_PAGES | Recorded.SAID_PAGE)
            elif q.kind != "vote":
                app.refresh()
            else:  # the vote screen looks the same whatever is pressed; the answer's page
                app.refresh(Recorded.SAID_PAGE)

    def both(self, now):
        """The other vote button went down just after a vote: take the vote back and show
        the vote screen again, saying "Press only one!". True when it did."""
        v = self._vote
        app = self.app
        if v is None or ticks_diff(now, v[0]) > BOTH_MS or app.buttons.down(VOTE_BUTTONS) != VOTE_BUTTONS:
            return False
        self._vote = None
        del self.answers[v[2] :]
        app.stack[:] = v[1]
        app.top().both = True
        app.cut(len(v[1]))  # the restored stack as it is; held buttons ignored
        app.refresh()  # the screen after the vote showed it: send every page
        return True

    def said(self):
        """The words of the answer just given (Secret.said), or None."""
        if self._said is None or not self.answers:
            return None
        given = self.answers[-1]
        for answer, words in self._said:
            if answer == given:
                return words
        return None

    def change(self):
        """BACK on the recorded screen: the voter answers again, from the start of their
        chain; below it their hand-over, as before they answered."""
        self._vote = None
        del self.answers[-1]
        self.app.replace(self._handover())
        self._begin()

    def onward(self):
        """What OK on the recorded screen does: pass the box on, or (the last voter) end
        the secret; the same whatever was answered."""
        return "vote.next" if len(self.answers) < len(self.order) else "vote.last"

    def next_voter(self):
        self._vote = None
        if len(self.answers) < len(self.order):
            self.app.replace(self._handover())
        elif self.waiting():
            self.app.replace(Waiting(self))
        else:
            answers = [None] * len(self.p.voters)
            for k in range(len(self.order)):
                answers[self.order[k]] = self.answers[k]
            for k in self.remote:
                answers[k] = self.remote[k][2]
            self.answers = []
            self.remote = {}
            self.app.secret = None
            self.on_done(answers)

    # --- the voters on phones (core.phones asks, on behalf of a seat's phone)

    def waiting(self):
        """How many phones have not answered yet."""
        return len([r for r in self.remote.values() if r[2] is None])

    def chain(self, seat):
        """(voter index, its remote entry) of the phone that holds seat, or (None, None)."""
        for k in self.remote:
            if self.p.voters[k] == seat:
                return k, self.remote[k]
        return None, None

    def give(self, seat, rnd, step, text):
        """A phone's answer `text` to step `step` of its chain in round `rnd`: True when
        it was taken (an answer to an earlier step or round, or one not valid, is not).
        "b" is BACK: from a later prompt of the chain to its first, and from an answer
        given to the chain again where the box lets a voter change theirs (Secret.said)
        until all are in."""
        from core.seats import offer, take

        k, r = self.chain(seat)
        if r is None or rnd != self.round or step != r[1]:
            return False
        if text == "b":
            if not (r[3] if r[2] is None else self.p.said):
                return False
            r[:] = [self.p.first(k), step + 1, None, False]
            return True
        if r[2] is not None:
            return False
        try:
            nxt = r[0].answer(take(r[0], text))
        except ValueError:
            return False
        if is_prompt(nxt) and offer(nxt) is None:
            return False  # a step the phone cannot answer: the chain never has one (offer at start)
        r[1] += 1
        if is_prompt(nxt):
            r[0] = nxt
            r[3] = True
        else:
            r[2] = nxt  # the waiting screen counts it (tick)
        return True

    def to_buttons(self, k):
        """Voter k's phone is gone (the menu of the waiting screen, and its confirm, the
        same for every voter): they answer on the buttons, after the others; what the
        phone had given is dropped."""
        del self.remote[k]
        self.order.append(k)
        self.app.seats.to_buttons(self.p.voters[k])
        self.app.cut(self.base + 1)  # the waiting screen's place
        self.app.replace(self._handover())

    def _back(self):
        if self.answers or [r for r in self.remote.values() if r[1] or r[2] is not None]:  # a phone's answers too
            self.app.push(Confirm(self.p.title, [t("vote.cancel"), t("ui.answers_lost")], self.cancel, votes=False))
        else:
            self.cancel()  # nothing given yet: nothing to lose

    def cancel(self):
        self.answers = []
        self.app.secret = None
        self.app.cut(self.base)
        self.on_cancel()


class Waiting(Screen):
    """The box after its last button voter, while phones answer: how many are in, never
    whose; the secret ends once all are. OK: a list of every voter on a phone, to move one
    whose phone is gone to the buttons (they answer on the box then); BACK: cancel the
    secret, as on a hand-over."""

    def __init__(self, flow):
        Screen.__init__(self)
        self.flow = flow
        self.title = flow.p.title
        self.on_back = flow._back
        self.n = len(flow.remote)
        self.left = flow.waiting()

    def tick(self, now):
        left = self.flow.waiting()
        if left == self.left:
            return False
        self.left = left
        if not left and self.flow.app.top() is self:
            self.flow.next_voter()
        return True

    def on_event(self, kind, button):
        if kind == B.RELEASE and button == B.OK:
            flow = self.flow
            ks = sorted(flow.remote, key=lambda k: flow.p.voters[k])  # in seat order: a public list
            names = [flow.names()[flow.p.voters[k]] for k in ks]
            flow.app.push(Menu(t("phones.move"), names, lambda i: flow.app.push(
                Confirm(t("phones.move"), [t("phones.move_q", names[i])], lambda: flow.to_buttons(ks[i])))))
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        f.center(t("phones.wait"), 16)
        f.center(t("phones.in", self.n - self.left, self.n), 32)
        f.center(t("phones.ok"), 56)
