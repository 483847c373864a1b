"""What App.step promises beyond screens: a press is answered on the panel before its
step is written to flash (after()), idle work runs only in the moments after the box
answered a press (warm()), a D-pad release draws nothing (the D-pad acts on press and repeat), and with
native loops the display is told which columns of each page changed."""

from core import buttons as B
from core.app import WARM_MS, App
from core.ui import Screen
from host_sim import fakes
from host_sim.script import Runner


class Logged(fakes.MemStorage):
    def __init__(self, log):
        fakes.MemStorage.__init__(self)
        self.log = log

    def put(self, name, data):
        self.log.append("put " + name)
        fakes.MemStorage.put(self, name, data)


def box():
    log = []
    display = fakes.Display()
    show = display.show
    display.show = lambda buf, pages: (log.append("show"), show(buf, pages))
    app = App(display, fakes.Leds(), Logged(log), 1)
    return app, log, Runner(app, 1000)


def test_a_23_step_is_on_the_panel_before_it_is_saved():
    app, log, run = box()
    for line in ("OK", "UP", "UP", "OK", "OK", "OK", "OK"):  # 23, four players, options, setup
        run.do(line)
    assert app.frame.lines[0] == "Who holds the 1?"
    del log[:]
    run.do("OK")  # P1 holds the 1: the step is saved
    puts = [i for i, e in enumerate(log) if e.startswith("put g23")]
    assert puts and log.index("show") < puts[0]


def test_after_runs_once_after_the_push_of_its_step():
    app, log, run = box()

    class Acts(Screen):
        def on_event(self, kind, button):
            if kind == B.RELEASE and button == B.OK:
                self.title = "done"
                app.after(lambda: log.append("after"))

        def draw(self, f):
            f.text(self.title or "waiting", 0, 8)

    app.push(Acts())
    run.hold(0, 60)
    del log[:]
    run.do("OK")
    assert log == ["show", "after"]
    run.do("UP")
    assert log.count("after") == 1


def test_warm_work_runs_right_after_a_press_is_answered_never_later_in_the_quiet():
    app, log, run = box()
    run.hold(0, 1000)  # the boot and any input are long past
    calls = []
    app.warm(lambda: calls.append(1), lambda: calls.append(2))
    run.hold(0, 500)
    assert calls == []  # later in a quiet spell a press may come any moment
    run.hold(B.DOWN, 60)
    assert calls == []  # nothing while a button is held (its release waits)
    app.step(run.now + 10, 0)  # the release, answered
    assert calls == []
    app.step(run.now + 20, 0)  # the next step, right after it: the first item
    assert calls == [1]
    app.step(run.now + 30, 0)
    assert calls == [1, 2]  # one item a step while the moment lasts


def test_warm_work_runs_after_an_answer_that_took_long():
    app, log, run = box()
    run.hold(0, 1000)
    calls = []
    app.warm(lambda: calls.append(1))
    t = run.now
    app.step(t + 10, B.BACK)  # pressed
    for now in range(t + 20, t + 110, 10):
        app.step(now, B.BACK)  # held
    app.step(t + 110, 0)  # released: a step that draws and saves for 150 ms, so the
    assert calls == []
    app.step(t + 260, 0)  # next one comes that late; the moment opens there
    assert calls == [1]


def test_warm_work_left_when_the_moment_passes_waits_for_the_next_press():
    app, log, run = box()
    calls = []
    app.warm(lambda: calls.append(0), lambda: calls.append(1))
    run.do("DOWN")  # press and release; the first item runs right after the release
    assert calls == [0, 1]  # the second too, still within WARM_MS
    run.hold(0, WARM_MS)  # the moment after the release has passed
    app.warm(lambda: calls.append(2))
    run.hold(0, 1000)
    assert calls == [0, 1]
    run.do("UP")
    assert calls == [0, 1, 2]


def test_a_dpad_press_draws_its_release_does_not():
    app, log, run = box()
    drawn = []
    draw = app.top().draw
    app.top().draw = lambda f: (drawn.append(1), draw(f))
    run.hold(B.DOWN, 60)
    assert len(drawn) == 1 and app.frame.lines[2].startswith("> ")
    run.hold(0, 60)
    assert len(drawn) == 1


def test_with_native_loops_the_display_gets_the_changed_columns_of_each_page():
    from core import frame
    from test_frame import Blit

    pushes = []
    display = fakes.Display()
    show = display.show

    def spy(buf, pages, spans=None):
        pushes.append((pages, None if spans is None else bytes(spans)))
        show(buf, pages)

    display.show = spy
    try:
        app = App(display, fakes.Leds(), fakes.MemStorage(), 1, native=Blit())
        run = Runner(app, 1000)
        assert pushes[0] == (0xFF, None)  # the first frame: whole
        before = bytes(app.shown)
        run.do("DOWN")  # the cursor moves from one row to the next
        pages, spans = pushes[-1]
        assert spans is not None and bin(pages).count("1") == 2  # the two rows' pages
        for p in range(8):
            old, new = before[p * 128 : p * 128 + 128], bytes(app.shown[p * 128 : p * 128 + 128])
            diff = [x for x in range(128) if old[x] != new[x]]
            assert bool(pages >> p & 1) == bool(diff)
            if diff:
                assert (spans[2 * p], spans[2 * p + 1]) == (diff[0], diff[-1])
        assert bytes(display.buf) == bytes(app.shown)
    finally:
        frame.accelerate(None)


def test_native_loops_from_a_function_load_when_the_box_is_first_idle():
    from core import frame
    from test_frame import Blit

    blit = Blit()
    loads = []
    try:
        app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1, native=lambda: loads.append(1) or blit)
        assert loads == [] and frame._native is None  # the boot frame: portable code
        app.step(0, 0)  # the boot frame
        assert loads == []
        for now in range(10, 200, 10):  # a button held from the start: not idle
            app.step(now, B.DOWN)
        assert loads == []
        app.step(200, 0)  # the release, answered: a new frame
        app.step(210, 0)  # idle
        assert loads == [1] and frame._native is blit and app._native is blit
        app.step(2000, 0)
        assert loads == [1]  # once
    finally:
        frame.accelerate(None)
