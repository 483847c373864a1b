"""Smoke tests of tools/bench.py and tools/bench_mp.py on tiny inputs (no timing asserts),
so the benchmark code cannot silently rot between `./dev bench` runs."""

import pytest

from core import i18n
from firmware.ssd1306 import SSD1306
from host_sim import fakes
from host_sim.script import Runner
from tests.mpwasm import mp_available
from tools import bench
from tools import bench_mp as bm


def test_counting_i2c_one_page_change_and_full_frame():
    i2c = bm.CountingI2C()
    d = SSD1306(i2c)
    frame = bytearray(1024)
    m = i2c.mark()
    d.show(frame, 0xFF)
    w, p = i2c.since(m)
    assert (w, p) == (2, 7 + 1 + 1024)
    assert w + p == bench.FRAME_WIRE + 8
    frame[3 * 128 + 5] = 0xFF
    m = i2c.mark()
    d.show(frame, 1 << 3)
    w, p = i2c.since(m)
    assert w + p == bench.PAGE_PUSH == 138
    m = i2c.mark()
    d.show(frame, (1 << 2) | (1 << 6))  # two runs: two window commands
    w, p = i2c.since(m)
    assert w + p == bench.TARGET_TWO_PAGES


def test_i2c_ms_matches_design_figures():
    assert bm.i2c_ms(1, 1025) == pytest.approx(23.1, abs=0.1)  # DESIGN.md: ~23 ms
    assert bm.i2c_ms(0, 0) == 0


def test_md_table():
    t = bench.md_table(("a", "bb"), [("x", 1), ("yyyy", 22)])
    lines = t.splitlines()
    assert lines[0].startswith("| a") and lines[1].startswith("|:")
    assert len(lines) == 4 and len({len(x) for x in lines}) == 1
    with pytest.raises(ValueError):
        bench.md_table(("a", "b"), [("only one",)])


def test_strip_text():
    src = 'X = 1\nTEXT = {\n    "en": {"k": "v"},\n    "de": {"k": "w"},\n}\nY = 2\n'
    env = {}
    exec(bench.strip_text(src, ("en",)), env)
    assert env["TEXT"] == {"en": {"k": "v"}} and env["X"] == 1 and env["Y"] == 2
    env = {}
    exec(bench.strip_text(src, ()), env)
    assert env["TEXT"] == {}
    assert bench.strip_text("A = 1\n", ()) == "A = 1\n"
    with open(strings.__file__, encoding="utf-8") as f:
        env = {}
        exec(bench.strip_text(f.read(), ("en",)), env)
    assert set(env["TEXT"]) == {"en"}


def test_import_order_puts_dependencies_first():
    sources = {
        "core": "",
        "core.a": "from core import b\nfrom core.c import X\n",
        "core.b": "import core.c\n",
        "core.c": "X = 1\ndef f():\n    from core import a\n",  # lazy import: not a dependency
    }
    order = bench.import_order(sources)
    assert sorted(order) == sorted(sources)
    assert order.index("core.c") < order.index("core.b") < order.index("core.a")
    assert order[0] == "core"


def test_classify_home_menu_moves_and_screen_change():
    app, i2c = bm.make_app(fakes.MemStorage())
    r = Runner(app)
    before = bench.snapshot(app)
    assert r.do("DOWN") is None
    assert bench.classify(before, app) == "cursor move"
    before = bench.snapshot(app)
    assert r.do("OK") is None
    assert bench.classify(before, app) == "screen change"


def test_vote_script_runs():
    i18n.extend(strings.TEXT)
    i18n.set_lang("en")
    bench.check_cpython({"title": "vote", "lines": bench.vote_script(3, 1)})
    assert bench.is_press("hold BACK 1000") and not bench.is_press("wait 500")
    assert not bench.is_press('expect "x"') and not bench.is_press("# c")


def test_recorder_stepper_and_timers(monkeypatch):
    heap = [1000]

    class FakeGc:
        def mem_alloc(self):
            return heap[0]

        def collect(self):
            pass

    monkeypatch.setattr(bm, "gc", FakeGc())
    rec = bm.Recorder(4)

    def task():
        yield
        heap[0] = 1500
        yield

    step = bm.stepper(task())
    while step():
        rec.after()
    assert rec.result()["values"] == [500]

    app, i2c = bm.make_app()
    assert bm.time_render(app, 2, 2) >= 0
    r = Runner(app)
    steps = bm.time_steps(r, 1, "DOWN")
    assert len(steps) == 2  # one PRESS each way
    out = []
    for _ in bm.timing_task([(["DOWN"], None, None, None, False)], lambda i: None, 2, 1, out):
        pass
    assert out[0]["screen"] == "Menu" and out[0]["wire_per_press"] > 0


@pytest.mark.skipif(not mp_available(), reason="MicroPython WebAssembly port not installed")
def test_memory_run_under_micropython(tmp_path):
    tree = str(tmp_path / "tree")
    bench.build_tree(tree, mpy=False)
    res = bench.run_mp(tree, bench.MEMORY_SCRIPT, str(tmp_path), ["DOWN", "UP", 'expect "23"'])
    assert res["err"] is None
    assert len(res["values"]) == 3  # booted + two button steps
    assert all(v > 0 for v in res["values"])
