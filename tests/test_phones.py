"""Phones as private ballots (issue 53): the simulator's App with the phones' server
(core.phones) on 127.0.0.1, phones played by HTTP clients in threads while the test steps
the box (its Runner steps the server after every step of the App, as the device's loop
and host_sim --phones do).

A Secret vote with some seats on phones and the rest on the buttons ends as the same
vote all on the buttons; what a phone can read and do is its own seat's only."""

import http.client
import json
import threading
import time

import pytest

from host_sim.__main__ import phone_server
from host_sim.autoplay import game_script, random_game  # here: its core modules stay one copy (conftest.core_kept)

SECRET_VOTE = 5  # DOWNs from the first row of the home menu


def with_phones(make_box):
    box = make_box()
    server = phone_server(box.app, "127.0.0.1", 0, "127.0.0.1")
    box.app.phones = server
    box.runner.on_step = lambda r: server.step(r.now)
    box.server = server
    return box


def send(box, *requests):
    """Send each (method, path, body) at once from its own thread; step the box until all
    are answered. Returns [(status, bytes)] in the same order. A connection the server
    had no room for (the listen queue is the Pico W's: 2) is made again, as the page does."""
    out = [None] * len(requests)

    def go(k, method, path, body):
        headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
        for tries in range(6):  # as the page: a connection the box had no room for, again (a poll, an answer)
            c = http_client(box)
            try:
                c.request(method, path, body, headers)
                r = c.getresponse()
                out[k] = (r.status, r.read())
                return
            except (ConnectionError, http.client.RemoteDisconnected):
                time.sleep(0.3)
            finally:
                c.close()

    threads = [threading.Thread(target=go, args=(k,) + tuple(q)) for k, q in enumerate(requests)]
    for th in threads:
        th.start()
    t0 = time.time()
    while any(th.is_alive() for th in threads):
        box.do("wait 10")
        assert box.server.opened <= 4  # the listening socket and at most three clients
        time.sleep(0.01)  # the box's clock no faster than the phones': a request is never timed out by a pump (TIMEOUT_MS)
        assert time.time() - t0 < 20, "the server did not answer"
    return out


def http_client(box):
    return http.client.HTTPConnection("127.0.0.1", box.server.port, timeout=10)


def state(box, token, client):
    status, body = send(box, ("GET", "/a/%s?c=%s" % (token, client), None))[0]
    assert status == 200
    return json.loads(body)


def answer(box, token, client, st, value):
    body = "c=%s&r=%d&s=%d&v=%s" % (client, st["round"], st["step"], value)
    return send(box, ("POST", "/a/" + token, body))[0]


def to_names(box, voters):
    box.do(*(["DOWN"] * SECRET_VOTE), "OK")
    box.to(voters).do("OK")
    assert box.lines()[0] == "Names"


def pair(box, voters):
    """Phones… on the list of names: one pass of the box, each seat's link behind its
    hand-over. Returns the tokens, read from the panel."""
    box.do("DOWN", "OK")  # from Start to "Phones…"
    tokens = []
    for i in range(voters):
        assert box.lines()[0] == "Your phone" and "P%d" % (i + 1) in box.lines()
        box.do("OK")  # early: the hand-over guards the link
        assert box.lines()[0] == "Your phone" and "Open on your phone:" not in box.lines()
        box.do("wait 1000", "OK")
        lines = box.lines()
        assert lines[1] == "P%d" % (i + 1) and lines[-1] == "OK: next"
        link = "".join(lines[2:-1])
        assert link.startswith(box.server.base + "/s/")
        tokens.append(link.rsplit("/", 1)[1])
        box.do("OK")
    assert box.lines()[0] == "Names"
    return tokens


def paired(make_box, voters, phones):
    """A box with phones on the Secret vote's list of names, every seat paired and the
    seats `phones` taken by a phone (client "cK" for seat K). Returns (box, tokens)."""
    box = with_phones(make_box)
    to_names(box, voters)
    tokens = pair(box, voters)
    for i in phones:
        assert state(box, tokens[i], "c%d" % i)["state"] == "wait"
    return box, tokens


def vote_on_buttons(box, votes):
    """Each button voter: the hand-over, their vote, pass it on."""
    for v in votes:
        box.do("wait 1000", "OK", "YES" if v else "NO", "OK")


def test_a_secret_vote_with_phones_ends_as_the_same_vote_on_the_buttons(make_box):
    from core import results  # here: core.results is released and imported again by the box

    votes = [True, False, True, True, False]
    plain = make_box()
    to_names(plain, 5)
    plain.do("OK")  # Start
    vote_on_buttons(plain, votes)
    expected = plain.lines()
    assert expected[0] == "Result"

    phones = [0, 1, 3]  # seats on phones; 2 and 4 on the buttons
    box, tokens = paired(make_box, 5, phones)
    box.do("UP", "OK")  # Start
    assert box.lines()[1:3] == ["Pass the box to", "P3"]  # the first button voter
    asked = [state(box, tokens[i], "c%d" % i) for i in phones]
    assert [a["state"] for a in asked] == ["ask"] * 3 and asked[0]["q"]["kind"] == "vote"
    assert asked[0]["name"] == "P1" and asked[0]["q"]["options"] == ["YES", "NO"]
    # all phones at once, while the box goes round its button voters
    sent = send(box, *[("POST", "/a/" + tokens[i], "c=c%d&r=%d&s=0&v=%d" % (i, a["round"], votes[i]))
                       for i, a in zip(phones, asked)])
    assert len({s for s in sent}) == 1  # the same response whatever was answered
    assert [state(box, tokens[i], "c%d" % i)["state"] for i in phones] == ["sent"] * 3
    vote_on_buttons(box, [votes[2], votes[4]])
    assert box.lines() == expected
    assert results.load(box.storage, "vote") == results.load(plain.storage, "vote")
    assert state(box, tokens[0], "c0")["state"] == "wait"


def test_the_box_waits_for_the_phones_and_says_how_many_are_in_never_whose(make_box):
    box, tokens = paired(make_box, 3, (0, 1))
    box.do("UP", "OK")
    vote_on_buttons(box, [False])  # P3, the only one on the buttons
    assert box.lines()[1:3] == ["Waiting for phones", "Phones: 0/2 in"]
    st = state(box, tokens[1], "c1")
    answer(box, tokens[1], "c1", st, "1")
    box.do("wait 20")
    assert box.lines()[1:3] == ["Waiting for phones", "Phones: 1/2 in"]
    assert not any(n in " ".join(box.lines()) for n in ("P1", "P2"))
    st = state(box, tokens[0], "c0")
    answer(box, tokens[0], "c0", st, "0")
    box.do("wait 20")
    assert box.lines()[0] == "Result" and "YES 1" in box.lines() and "NO 2" in box.lines()


def test_a_phone_that_is_gone_moves_its_seat_to_the_buttons(make_box):
    box, tokens = paired(make_box, 2, (0,))  # a phone that goes dead
    box.do("UP", "OK")
    vote_on_buttons(box, [True])  # P2
    assert box.lines()[2] == "Phones: 0/1 in"
    box.do("OK")  # the voters on phones, to move one
    assert box.lines() == ["To the buttons:", "> P1"]
    box.do("OK")
    assert box.lines()[0] == "To the buttons:" and "P1 answers on the box;" in " ".join(box.lines())
    box.do("OK")
    assert box.lines()[1:3] == ["Pass the box to", "P1"]
    vote_on_buttons(box, [True])
    assert box.lines()[0] == "Result" and "YES 2" in box.lines()
    # the link ends: the phone that had it cannot take the seat back; "Phones…" pairs it again
    assert send(box, ("GET", "/a/%s?c=c0" % tokens[0], None))[0][0] == 404
    assert box.app.seats.tokens[0] != tokens[0]


def test_every_path_needs_a_seats_token_and_a_seat_is_one_phones(make_box):
    box = with_phones(make_box)
    to_names(box, 3)
    tokens = pair(box, 3)
    for path in ("/", "/s/", "/s/0000000000000000", "/a/" + tokens[0][:-1] + "x", "/x/" + tokens[0]):
        assert send(box, ("GET", path, None))[0][0] == 404
    status, page = send(box, ("GET", "/s/" + tokens[0], None))[0]
    assert status == 200 and page.startswith(b"<!doctype html>") and len(page) <= 8192
    assert state(box, tokens[0], "first")["state"] == "wait"
    assert state(box, tokens[0], "second")["state"] == "taken"  # until the table moves the seat
    box.do("UP", "OK")
    st = state(box, tokens[0], "first")
    assert st["state"] == "ask"
    stranger = state(box, tokens[0], "second")
    assert stranger["state"] == "taken" and "q" not in stranger
    # an answer from the second phone, or for another round or step, is not taken
    for body in ("c=second&r=%d&s=0&v=1" % st["round"], "c=first&r=%d&s=0&v=1" % (st["round"] - 1),
                 "c=first&r=%d&s=1&v=1" % st["round"], "c=first&r=%d&s=0&v=7" % st["round"]):
        assert send(box, ("POST", "/a/" + tokens[0], body))[0] == answer(box, tokens[0], "first", dict(st, step=5), "1")
        assert state(box, tokens[0], "first")["state"] == "ask"
    answer(box, tokens[0], "first", st, "1")
    assert state(box, tokens[0], "first")["state"] == "sent"


def test_a_reloaded_page_resumes_its_seat(make_box):
    box, tokens = paired(make_box, 2, (0,))
    box.do("UP", "OK")
    first = state(box, tokens[0], "c0")
    again = state(box, tokens[0], "c0")  # the page again: the client id is kept by the phone
    assert first == again and first["state"] == "ask"


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_phone_speaks_the_boxs_language(make_box, lang):
    box = with_phones(make_box)
    box.app.set_setting("lang", lang)
    box.do(*(["DOWN"] * SECRET_VOTE), "OK")
    box.to(2).do("OK", "DOWN", "OK", "wait 1000", "OK")
    link = "".join(box.lines()[2:-1])
    st = state(box, link.rsplit("/", 1)[1], "x")
    assert st["lang"] == lang and st["words"][0] in ("Warten auf den Tisch", "Wachten op de tafel")


def phone_text(d, rng):
    """A random answer a phone page can send to the prompt it was offered (core.seats)."""
    if d["kind"] in ("show", "confirm"):
        return "1"
    if d["kind"] == "vote":
        return rng.choice("01")
    if d["kind"] == "choice":
        return str(rng.randrange(len(d["options"])))
    v = str(rng.randint(d["lo"], d["hi"]))
    return rng.choice("yn") + v if d["votes"] else v


@pytest.mark.parametrize("game_id,players", [("democrazy", 10), ("democrazy", 5), ("drws", 4), ("drws", 3)])
def test_every_private_chain_of_the_voting_games_can_be_answered_on_a_phone(game_id, players):
    """Each secret of random games (ballots with jokers, tile ballots, predictions, custom
    cards' notes): every step of every voter's chain is offered to a phone, and the
    answers phones send make a move the game takes."""
    import copy
    import random

    from core import games
    from core.playout import playout
    from core.prompts import is_prompt
    from core.rng import Rng
    from core.seats import offer, take

    game = games.load(game_id)
    rng = random.Random(7)
    secrets = taken = 0
    for k in range(60):  # a random Democrazy often draws Fin early: until enough ballots were seen
        if secrets >= 12:
            break
        settings = {"players": ["P%d" % (i + 1) for i in range(players)]}
        for key, _, values in game.OPTIONS:
            settings[key] = values[k % len(values)]
        paths = []
        actions = playout(game, game.new(settings, k), Rng(k), paths)[0]
        replay = game.new(settings, k)
        for action, path in zip(actions, paths):
            q = game.prompt(replay)  # the move's prompts again, on the state they asked of
            for _, value in path:
                if q.kind != "secret":
                    q = q.answer(value)
                    continue
                secrets += 1
                answers = []
                for i in range(len(q.voters)):
                    p = q.first(i)
                    while is_prompt(p):
                        d = offer(p)
                        assert d is not None, (game_id, p.kind, p.title)
                        p = p.answer(take(p, phone_text(d, rng)))
                    answers.append(p)
                move = q.answer(answers)
                if not is_prompt(move):  # the secret ends the move: the game takes it
                    game.apply(copy.deepcopy(replay), move)
                    taken += 1
                q = q.answer(value)
            game.apply(replay, action)
    assert secrets >= 8 and taken >= 2  # a ballot's answers lead on to its reveal (Democrazy)


def play_with_phones(box, lines, phones, answer_all):
    """Script lines of host_sim.autoplay.game_script(..., phones=): keys to the box, and
    its comment lines to the phones: "# link K" reads seat K's link off the panel (the
    phones in `phones` open it there and then: answer_all(None, {seat: token})), and
    "# phones [[seat, [answer, ...], [kind, ...]], ...]" has the phones send those
    answers, step by step, all at once: answer_all(chains, tokens), which returns once
    every one is in."""
    tokens = {}
    for line in lines:
        if line.startswith("# link "):
            k = int(line[7:])
            tokens[k] = "".join(box.lines()[2:-1]).rsplit("/", 1)[1]
            if k in phones:
                answer_all(None, {k: tokens[k]})
        elif line.startswith("# phones "):
            flow = box.app.secret
            answer_all(json.loads(line[9:]), tokens)
            box.do("wait 20")  # the waiting screen sees the last one in
            assert box.app.secret is not flow, box.lines()
        else:
            box.do(line)


def http_phones(box):
    """answer_all for play_with_phones: phones as HTTP clients, each step's requests of
    every phone sent at once (send())."""

    def answer_all(chains, tokens):
        if chains is None:  # the phone opens its link: it holds the seat
            for k in tokens:
                assert state(box, tokens[k], "c%d" % k)["state"] == "wait"
            return
        flow = box.app.secret
        todo = [(seat, list(texts)) for seat, texts, _ in chains]
        while todo:
            got = send(box, *[("GET", "/a/%s?c=c%d" % (tokens[seat], seat), None) for seat, _ in todo])
            asked = [json.loads(body) for _, body in got]
            assert all(st["state"] == "ask" for st in asked), asked
            send(box, *[("POST", "/a/" + tokens[seat], "c=c%d&r=%d&s=%d&v=%s" % (seat, st["round"], st["step"], texts.pop(0)))
                        for (seat, texts), st in zip(todo, asked)])
            todo = [(seat, texts) for seat, texts in todo if texts]
        for seat, _, _ in chains:
            st = state(box, tokens[seat], "c%d" % seat)["state"]
            assert st == "sent" or box.app.secret is not flow  # (the last one in ends it)

    return answer_all


class Pages:
    """answer_all for play_with_phones with the phone page itself: a headless Chromium page
    a seat (tools.webshot), tapped as a player taps it, every phone in its own thread while
    the box is stepped (pump)."""

    def __init__(self, box):
        self.box = box
        self.drivers = {}
        self.errors = []
        self.took = []  # seconds from a chain's last tap to its "sent" screen

    def pump(self, threads, limit=120):
        t0 = time.time()
        while any(th.is_alive() for th in threads):
            self.box.do("wait 10")
            assert self.box.server.opened <= 4
            time.sleep(0.01)
            assert time.time() - t0 < limit, "timed out"
        assert not self.errors, self.errors

    def run(self, jobs):
        def go(job):
            try:
                job()
            except Exception as e:  # reported by the pumping thread
                self.errors.append(repr(e))

        threads = [threading.Thread(target=go, args=(job,)) for job in jobs]
        for th in threads:
            th.start()
        self.pump(threads)

    def __call__(self, chains, tokens):
        if chains is None:
            self.run([lambda k=k: self.open(k, tokens[k]) for k in tokens])
        else:
            self.run([lambda c=c: self.answer(*c) for c in chains])

    def open(self, k, token):
        from tools import webshot

        try:
            d = webshot.browser(390, 844)
        except webshot.Unavailable as e:
            self.errors.append("skip: %s" % e)
            return
        self.drivers[k] = d
        d.get(self.box.server.base + "/s/" + token)
        self.until(d, lambda: d.find_element(By().ID, "msg").text)  # "Waiting for the table": the seat is held

    @staticmethod
    def until(d, ready, limit=30):
        t0 = time.time()
        while not ready():
            assert time.time() - t0 < limit, d.find_element(By().TAG_NAME, "body").text
            time.sleep(0.03)

    def buttons(self, d):
        return d.find_elements(By().CSS_SELECTOR, "#ui button")

    def tap(self, d, text):
        for b in self.buttons(d):
            if b.text == text:
                b.click()
                return
        raise AssertionError("no button " + text)

    def answer(self, seat, texts, kinds):
        d = self.drivers[seat]
        for text, kind in zip(texts, kinds):
            self.until(d, lambda: self.buttons(d))  # the prompt
            time.sleep(0.5)  # read (a tap within 400 ms of new buttons is not taken)
            if kind == "show" and len(self.buttons(d)) == 1 and not d.find_elements(By().ID, "num"):
                self.buttons(d)[0].click()  # "Tap to see" what was dealt
                time.sleep(0.5)
            at = 0
            if kind == "number":
                side, value = (text[0], int(text[1:])) if text[0] in "yn" else (None, int(text))
                num = d.find_element(By().ID, "num")
                while int(num.text.split()[0]) != value:
                    gap = value - int(num.text.split()[0])
                    self.tap(d, ("+10" if gap >= 10 else "+") if gap > 0 else ("\u221210" if gap <= -10 else "\u2212"))
                at = {"y": -2, "n": -1, None: -1}[side]  # YES and NO below the stepper, else Send
            elif kind == "vote":
                at = {"1": 0, "0": 1}[text]
            elif kind == "choice":
                at = int(text)
            button = [b for b in self.buttons(d) if b.text != "Back"][at]  # (BACK, below the answers, past a chain's first)
            t0 = time.time()  # from the tap that sends
            button.click()
            self.until(d, lambda: d.find_element(By().ID, "msg").text == "\u2026" or not self.buttons(d)
                       or self.buttons(d)[0].id != button.id, 5)  # taken: the page sends it
            self.until(d, lambda: d.find_element(By().ID, "msg").text != "…")  # taken: the next screen
        self.until(d, lambda: not self.buttons(d) or "Change" in self.buttons(d)[-1].text or self.box.app.secret is None)
        self.took.append(time.time() - t0)

    def close(self):
        for d in self.drivers.values():
            d.quit()


def By():
    from selenium.webdriver.common.by import By

    return By


@pytest.mark.parametrize("game_id,players,seed,options,phones", [
    ("democrazy", 10, 16, {"jokers": "box"}, range(8)),  # six ballots, the box deals the jokers
    ("democrazy", 10, 28, {"jokers": "own"}, (0, 2, 3, 5, 6, 7, 8, 9)),  # each brings their own
    ("drws", 4, 5, None, (0, 2, 3)),  # five rounds
])
def test_a_whole_game_with_phones_ends_as_the_same_game_on_the_buttons(make_box, game_id, players, seed, options, phones):
    """Issue 53: Democrazy with 10 players (ballots with jokers dealt and played) and
    Das Regeln Wir Schon! with 4 (tile ballots, predictions), from the home menu to the
    final ranking: the phone seats answer every private chain on a phone, the others on
    the buttons; the same screens between secrets, ranking and saved result as a
    game all on the buttons."""
    from core import results

    settings, actions, paths = random_game(game_id, players, seed, options)
    plain = make_box()
    plain.do(*game_script(game_id, settings, actions, paths))
    script = game_script(game_id, settings, actions, paths, phones=set(phones))
    asked = [json.loads(line[9:]) for line in script if line.startswith("# phones ")]
    chains = [texts for secret in asked for _, texts, _ in secret]
    assert len(asked) >= 6 and all(asked)
    if game_id == "democrazy":  # jokers cast from phones: a list's entry past YES and NO, confirmed
        assert [c for c in chains if c[0] not in ("0", "1") and c[1:] == ["1"]]
    else:  # tiles with the lit buttons' side, and numbers without (predictions, ...)
        assert [c for c in chains if c[0][0] in "yn"] and [c for c in chains if c[0].isdigit() and int(c[0]) > 4]
    box = with_phones(make_box)
    play_with_phones(box, script, set(phones), http_phones(box))
    assert box.lines() == plain.lines()
    assert results.load(box.storage, game_id) == results.load(plain.storage, game_id)


def test_a_seats_qr_code_on_the_panel_decodes_to_its_link(make_box, tmp_path):
    """The panel's frame as a PNG, read by a real decoder (zbar, Debian's zbar-tools):
    the longest link a LAN address makes, at 2 px a module beside the typed link."""
    import shutil
    import subprocess

    from host_sim import png

    if not shutil.which("zbarimg"):
        pytest.skip("no zbarimg (Debian's zbar-tools; ./dev test --all installs it as root)")
    box = with_phones(make_box)
    box.server.base = "http://255.255.255.255:65535"
    to_names(box, 2)
    box.do("DOWN", "OK", "wait 1000", "OK")
    link = "".join(box.lines()[2:-1])
    assert len(link) == 47
    path = str(tmp_path / "link.png")
    png.write(path, box.app.display.buf)
    out = subprocess.run(["zbarimg", "-q", "--raw", path], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == link


@pytest.mark.browser
def test_eight_phones_in_headless_chromium_vote_at_once_beside_two_on_the_buttons(make_box):
    """Issue 53's table: a 10-voter Secret vote, seats 1-8 on the phone page in eight
    headless Chromium pages tapping at once, seats 9-10 on the buttons: the same result
    screen and saved result as all on the buttons, each tap in within 2 s."""
    from core import results
    from selenium.webdriver.common.by import By
    from tools import webshot

    votes = [True, False, True, True, False, False, True, False, True, True]
    plain = make_box()
    to_names(plain, 10)
    plain.do("OK")
    vote_on_buttons(plain, votes)
    box, tokens = with_phones(make_box), None
    to_names(box, 10)
    tokens = pair(box, 10)
    drivers, errors, took = [None] * 8, [], [None] * 8

    def pump(done, limit=60):
        t0 = time.time()
        while not done():
            box.do("wait 10")
            assert box.server.opened <= 4
            time.sleep(0.01)
            assert not errors, errors
            assert time.time() - t0 < limit, "timed out"

    def run(k, job):
        try:
            job(k)
        except Exception as e:  # reported by the pumping thread
            errors.append("%d: %r" % (k, e))

    def in_threads(job):
        threads = [threading.Thread(target=run, args=(k, job)) for k in range(8)]
        for th in threads:
            th.start()
        pump(lambda: not any(th.is_alive() for th in threads))

    def open_page(k):
        try:
            drivers[k] = webshot.browser(390, 844)
        except webshot.Unavailable as e:
            errors.append("skip: %s" % e)
            return
        drivers[k].get(box.server.base + "/s/" + tokens[k])

    def tap(k):
        d = drivers[k]
        while not d.find_elements(By.CSS_SELECTOR, "button.y"):
            time.sleep(0.05)
        time.sleep(0.5)  # the prompt read (a tap within 400 ms of new buttons is not taken)
        t0 = time.time()
        d.find_element(By.CSS_SELECTOR, "button.y" if votes[k] else "button.n").click()
        while "Vote recorded." not in d.find_element(By.ID, "msg").text:  # the box's recorded screen's words
            time.sleep(0.02)
        took[k] = time.time() - t0

    try:
        try:
            in_threads(open_page)
        except AssertionError:
            if errors and errors[0].startswith("skip: "):
                pytest.skip(errors[0][6:])
            raise
        pump(lambda: box.app.seats.phones() == 8)  # each page took its seat
        box.do("UP", "OK")  # Start: seats 9 and 10 on the buttons
        in_threads(tap)
        vote_on_buttons(box, votes[8:])
        assert box.lines() == plain.lines() and box.lines()[0] == "Result"
        assert results.load(box.storage, "vote") == results.load(plain.storage, "vote")
        assert max(took) <= 2.0, took
    finally:
        for d in drivers:
            if d is not None:
                d.quit()


def test_a_ninth_phone_is_told_to_use_the_buttons(make_box):
    box, tokens = paired(make_box, 10, range(8))
    st = state(box, tokens[8], "c8")
    assert st["state"] == "full" and "q" not in st
    assert "the most the box takes" in st["words"][7]
    box.do("UP", "OK")  # seats 9 and 10 vote on the box
    assert box.lines()[1:3] == ["Pass the box to", "P9"]


def test_unpairing_in_settings_ends_every_link(make_box):
    box, tokens = paired(make_box, 2, (0,))
    box.do("BACK", "BACK")  # the names, the count: the home menu
    assert box.lines()[0] == "Tablebox"
    box.do("DOWN", "OK")  # Settings: its last row, only while phones are paired
    assert box.lines()[-1] == "Unpair phones"
    box.do("UP", "OK")
    assert box.lines()[0] == "Unpair phones"
    box.do("OK")
    assert box.lines()[0] == "Settings" and "Unpair phones" not in box.lines()
    assert send(box, ("GET", "/a/%s?c=c0" % tokens[0], None))[0][0] == 404


UNIX_SIDE = """
import json, os, time
from core.app import App
from core.phones import Api
from firmware.dns import Dns
from firmware.phoneserver import Server
from host_sim import fakes
from host_sim.script import Runner

app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
with open("core/phone.html", "rb") as f:
    server = Server(Api(app, f.read()), "127.0.0.1", {port}, os.urandom)
dns = Dns("192.168.4.1", "127.0.0.1", {dns_port})
app.phones = server


def step(r):
    server.step(r.now)
    dns.step()


runner = Runner(app)
runner.on_step = step

def do(*lines):
    for line in lines:
        err = runner.do(line)
        if err:
            raise Exception(err)

def until(done):
    t0 = time.time()
    while not done():
        do("wait 10")
        time.sleep_ms(10)
        if time.time() - t0 > 60:
            raise Exception("timed out")

do("DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "OK", "UP", "OK", "DOWN", "OK")
tokens = []
for i in range(3):
    do("wait 1000", "OK")
    tokens.append("".join(runner.lines()[2:-1]).split("/")[-1])
    do("OK")
print(json.dumps(tokens))
until(lambda: app.seats.phones() == 2)
do("UP", "OK", "wait 1000", "OK", "NO", "OK")
until(lambda: runner.lines()[0] == "Result")
print(json.dumps(runner.lines()))
"""


@pytest.mark.micropython
def test_the_server_runs_unchanged_under_micropythons_unix_port(make_box):
    """The same App, protocol and sockets under real MicroPython (the unix port, built
    from ../shared/micropython): two phones answer over HTTP, the third voter on the
    buttons; the result is the simulator's. The Pico W's DNS (firmware/dns.py) answers
    a resolver there too."""
    import os
    import socket
    import subprocess

    import adafruit_miniqr

    from tests.mpunix import REPO, unix_micropython

    binary = unix_micropython()
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    dns_port = s.getsockname()[1]
    s.close()
    env = dict(os.environ, MICROPYPATH=":".join([REPO, os.path.dirname(adafruit_miniqr.__file__)]))
    proc = subprocess.Popen([binary, "-c", UNIX_SIDE.format(port=port, dns_port=dns_port)], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        tokens = json.loads(proc.stdout.readline() or "null")
        assert tokens, proc.stderr.read()

        def ask(method, path, body=None):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request(method, path, body, {"Content-Type": "application/x-www-form-urlencoded"} if body else {})
            r = c.getresponse()
            return r.status, r.read()

        import dns.message
        import dns.query

        got = dns.query.udp(dns.message.make_query("connectivitycheck.gstatic.com", "A"), "127.0.0.1", port=dns_port, timeout=10)
        assert [r.address for r in got.answer[0]] == ["192.168.4.1"]  # firmware/dns.py under MicroPython too
        with open(os.path.join(REPO, "core", "phone.html"), "rb") as f:
            assert ask("GET", "/s/" + tokens[0]) == (200, f.read())  # the page the phones open
        for i in (0, 1):
            assert json.loads(ask("GET", "/a/%s?c=u%d" % (tokens[i], i))[1])["state"] == "wait"
        for i in (0, 1):
            while True:
                st = json.loads(ask("GET", "/a/%s?c=u%d" % (tokens[i], i))[1])
                if st["state"] == "ask":
                    break
                time.sleep(0.05)
            assert ask("POST", "/a/" + tokens[i], "c=u%d&r=%d&s=%d&v=1" % (i, st["round"], st["step"])) == (200, b'{"ok":1}')
        out, err = proc.communicate(timeout=90)
    finally:
        proc.kill()
    there = json.loads(out.strip().splitlines()[-1])
    plain = make_box()
    to_names(plain, 3)
    plain.do("OK")
    vote_on_buttons(plain, [True, True, False])
    assert there == plain.lines() and there[0] == "Result", there


def test_an_answer_to_an_earlier_vote_is_not_taken_in_the_next(make_box):
    """Rounds count across secrets: a phone's answer sent again after 'Vote again' (a
    retry, a stale page) is not taken as its answer to the new vote."""
    box, tokens = paired(make_box, 2, (0,))
    box.do("UP", "OK")
    first = state(box, tokens[0], "c0")
    answer(box, tokens[0], "c0", first, "1")
    vote_on_buttons(box, [False])
    assert box.lines()[0] == "Result"
    box.do("OK", "OK")  # the result read: "Vote again"
    again = state(box, tokens[0], "c0")
    assert again["state"] == "ask" and again["round"] > first["round"]
    answer(box, tokens[0], "c0", first, "1")  # the old round's answer again
    assert state(box, tokens[0], "c0")["state"] == "ask"



def test_a_seat_whose_player_changed_lets_the_phone_before_go(make_box):
    """A review: Ann's phone held seat 1; the next table put Bob there, and Ann's phone
    was asked Bob's prompts."""
    box, tokens = paired(make_box, 3, (0, 1))
    box.app.seats.seat_names(["P1", "Bob", "P3"], [False, True, False])
    assert send(box, ("GET", "/a/%s?c=c1" % tokens[1], None))[0][0] == 404
    assert state(box, tokens[0], "c0")["state"] == "wait"  # the same player: the same link
    box.app.seats.seat_names(["Ann"])  # a table of one: every seat's player changed
    assert box.app.seats.phones() == 0 and send(box, ("GET", "/a/%s?c=c0" % tokens[0], None))[0][0] == 404


def test_a_seat_without_a_name_keeps_its_phone_when_the_language_changes(make_box):
    """A play-test: "P1" is "S1" in German; a table that turned the language after
    pairing found every phone let go at its next vote."""
    box, tokens = paired(make_box, 2, (0,))
    box.do("BACK", "BACK")  # the home menu
    box.app.set_setting("lang", "de")
    box.do("OK")  # the Secret vote, still highlighted
    box.to(2).do("OK", "OK")  # the count, Start: S1 on the phone, S2 on the buttons
    assert box.lines()[1:3] == ["Gib die Box an", "S2"]
    assert state(box, tokens[0], "c0")["state"] == "ask"


def test_no_request_stops_or_holds_the_boxs_loop(make_box):
    """A review: a Content-Length of 'abc' raised out of the server into the loop (no
    token needed), and a phone that stopped reading held the loop a second a reply."""
    import socket

    box, tokens = paired(make_box, 2, (0,))
    raw = [b"POST /a/%s HTTP/1.0\r\nContent-Length: abc\r\n\r\n" % tokens[0].encode(),
           b"GET / HTTP/1.0\r\nContent-Length: 1e3\r\n\r\n", b"\xff\xfe / HTTP/1.0\r\n\r\n",
           b"GET /a/%s?c=%%ff HTTP/1.0\r\n\r\n" % tokens[1].encode(), b"x" * 5000]
    for data in raw:
        c = socket.create_connection(("127.0.0.1", box.server.port))
        c.sendall(data)
        for _ in range(20):
            box.do("wait 10")
        c.close()
    stuck = []  # phones that ask for the page and never read it
    for _ in range(3):
        c = socket.create_connection(("127.0.0.1", box.server.port))
        c.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        c.sendall(b"GET /s/%s HTTP/1.0\r\n\r\n" % tokens[0].encode())
        stuck.append(c)
    longest = 0
    for _ in range(150):
        t0 = time.time()
        box.do("wait 10")
        longest = max(longest, time.time() - t0)
    assert longest < 0.2 and box.app.last_error is None
    assert state(box, tokens[0], "c0")["state"] == "wait"  # the stuck ones were let go
    for c in stuck:
        c.close()


def test_back_on_the_wait_asks_first_when_a_phone_has_answered(make_box):
    box, tokens = paired(make_box, 2, (0,))
    box.do("UP", "OK")
    answer(box, tokens[0], "c0", state(box, tokens[0], "c0"), "1")
    box.do("wait 1000", "BACK")  # P2's hand-over: a phone's answer would be lost
    assert box.lines()[1] == "Cancel the vote?"


def test_a_phone_may_change_its_answer_until_all_are_in_as_on_the_box(make_box):
    """The box's recorded screen lets a voter change their answer (BACK) before the box
    goes on; a phone offers the same until the reveal, and BACK on a first prompt is
    nothing to go back to."""
    box, tokens = paired(make_box, 2, (0,))
    box.do("UP", "OK")
    st = state(box, tokens[0], "c0")
    assert st["back"] is False
    answer(box, tokens[0], "c0", st, "b")
    assert state(box, tokens[0], "c0") == st  # not taken
    answer(box, tokens[0], "c0", st, "1")
    sent = state(box, tokens[0], "c0")
    assert sent["state"] == "sent" and sent["back"] is True and sent["words"][9] == "Change my answer"
    answer(box, tokens[0], "c0", sent, "b")
    again = state(box, tokens[0], "c0")
    assert again["state"] == "ask" and again["step"] == sent["step"] + 1
    answer(box, tokens[0], "c0", again, "0")
    vote_on_buttons(box, [False])
    assert "NO 2" in box.lines()


def test_the_list_of_voters_to_move_is_in_seat_order_whoever_votes_first(make_box):
    """A play-test: Democrazy's ballot goes round from the left of the proposer, and the
    list to move a voter to the buttons came in that order: a player counting rows from
    the top moved the wrong one (and dropped their answer)."""
    from core.secret import Ballot, SecretFlow

    box, tokens = paired(make_box, 3, (0, 1, 2))
    ballot = Ballot("Law?", [2, 0, 1], lambda answers: answers)
    SecretFlow(box.app, ["P1", "P2", "P3"], ballot, lambda answers: None, lambda: None).start()
    box.do("wait 20", "OK")  # all three on phones: the waiting screen, OK: the list
    assert box.lines() == ["To the buttons:", "> P1", "P2", "P3"]


def test_settings_say_unpair_in_the_language_they_turn_to(make_box):
    box, tokens = paired(make_box, 2, (0,))
    box.do("BACK", "BACK", "DOWN", "OK")  # Settings; its first row: the language
    box.do("OK")
    assert box.lines()[-1] == "Handys abmelden"


@pytest.mark.browser
@pytest.mark.parametrize("game_id,players,seed,options,phones", [
    ("democrazy", 10, 16, {"jokers": "box"}, range(8)),
    ("drws", 4, 5, None, (0, 2, 3)),
])
def test_a_whole_game_on_phone_pages_ends_as_the_same_game_on_the_buttons(make_box, game_id, players, seed, options, phones):
    """Issue 53's Done-when with the page itself: a 10-player Democrazy (jokers dealt,
    shown after a tap, cast and confirmed) with seats 1-8 on eight headless Chromium
    pages, and a 4-player Das Regeln Wir Schon! (tiles on a stepper with the lit
    buttons' sides, predictions) with three; every private chain answered on the pages
    at once; the same final screens and saved result as the game all on the buttons,
    each phone's answer in within 2 s of its last tap."""
    from core import results

    settings, actions, paths = random_game(game_id, players, seed, options)
    plain = make_box()
    plain.do(*game_script(game_id, settings, actions, paths))
    box = with_phones(make_box)
    pages = Pages(box)
    try:
        try:
            play_with_phones(box, game_script(game_id, settings, actions, paths, phones=set(phones)), set(phones), pages)
        except AssertionError:
            if pages.errors and pages.errors[0].startswith("skip: "):
                pytest.skip(pages.errors[0][6:])
            raise
        assert box.lines() == plain.lines()
        assert results.load(box.storage, game_id) == results.load(plain.storage, game_id)
        assert max(pages.took) <= 2.0, max(pages.took)
    finally:
        pages.close()


def test_a_sent_answer_reads_as_the_boxs_recorded_screen(make_box):
    """A play-test: after the joker's OK the phone said "Answer sent", where the box says
    "Joker seen."; the words are the secret's, the same for every voter."""
    box, tokens = paired(make_box, 2, (0,))
    box.do("UP", "OK")
    answer(box, tokens[0], "c0", state(box, tokens[0], "c0"), "0")
    assert state(box, tokens[0], "c0")["said"] == ["Vote recorded.", "Nobody sees it until", "everyone has voted."]


@pytest.mark.browser
def test_a_page_whose_link_ended_says_so(make_box):
    """A play-test: a seat moved to the buttons left its phone showing the prompt, and a
    tap there hung on "…"."""
    box, tokens = paired(make_box, 2, ())
    pages = Pages(box)
    try:
        pages(None, {0: tokens[0]})
        box.do("UP", "OK", "wait 1000", "OK", "YES", "OK")  # P2 on the buttons; P1's page asks
        pages.run([lambda: pages.until(pages.drivers[0], lambda: pages.buttons(pages.drivers[0]))])
        box.do("OK", "OK", "OK")  # the waiting screen's list: P1 to the buttons
        d = pages.drivers[0]
        pages.run([lambda: pages.until(d, lambda: "This link has ended" in d.find_element(By().ID, "msg").text)])
        assert not pages.buttons(d)
    except AssertionError:
        if pages.errors and pages.errors[0].startswith("skip: "):
            pytest.skip(pages.errors[0][6:])
        raise
    finally:
        pages.close()


@pytest.mark.micropython
def test_the_phones_heap_on_micropython_with_the_picos_heap(tmp_path):
    """Issue 53's budget, under the WebAssembly port with the Pico's GC heap fixed
    (tests/test_long_games_heap.py's), the box's .mpy files: 8 phones holding seats, the
    page in the server's reply and the seats' state take at most 16 KiB beside the App;
    five Secret votes with 8 phones and 1,648 state requests end where they began (no
    heap a request). Figures: BENCHMARKS.md, Phones (tools/bench/mp/run_phones.py)."""
    from tests.mpwasm import require
    from tools.bench import phones

    require()
    out = phones.measure(str(tmp_path))
    assert out["result"] == ["Result", "YES 5", "NO 5", "Tie"]  # 4 phones and P9 YES, 4 and P10 NO
    assert 0 < out["paired"] <= phones.BUDGET, out
    assert out["idle_growth"] < 512 and max(out["votes"][1:]) <= out["votes"][0], out
