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


def test_build_tree_empties_only_the_text_tables(tmp_path):
    bench.build_tree(str(tmp_path / "full"), mpy=False)
    bench.build_tree(str(tmp_path / "bare"), mpy=False, no_text=True)
    for name in ("ui_en", "g23_de"):
        env = {}
        exec((tmp_path / "bare" / "core" / "lang" / (name + ".py")).read_text(), env)
        assert env["TEXT"] == {}
        env = {}
        exec((tmp_path / "full" / "core" / "lang" / (name + ".py")).read_text(), env)
        assert len(env["TEXT"]) > 10
    assert (tmp_path / "bare" / "core" / "lang" / "__init__.py").read_text() == (
        tmp_path / "full" / "core" / "lang" / "__init__.py").read_text()
    assert (tmp_path / "bare" / "core" / "app.py").read_text() == (tmp_path / "full" / "core" / "app.py").read_text()
    assert bench.is_table("core.lang.ui_en") and not bench.is_table("core.lang") and not bench.is_table("core.ui")


def test_import_plan_loads_what_the_box_loads():
    g = [x for x in bench.built_games() if x[0] == "g23"][0]
    plan, at_boot, at_game = bench.import_plan(g)
    imported = [arg for kind, arg in plan if kind == "import"]
    assert len(imported) == len(set(imported))
    # no text table is imported as a module: core.i18n loads them (their dicts only)
    assert not [m for m in imported + sorted(at_game) if bench.is_table(m)]
    assert {"core.app", "core.home", "core.i18n", "core.lang"} <= at_boot <= at_game
    assert "core.play" in at_game and "core.play" not in at_boot
    assert "core.ballot" not in at_game  # 23 has no vote: ballot comes after the harness
    # 23 asks with Choice/Number/Confirm (their screens are in core.play); the other
    # kinds, their screens and the playout table never load for it
    assert not {"core.secret", "core.tiles", "core.textentry", "core.playout"} & at_game
    i_boot, i_game = plan.index(("boot", None)), plan.index(("game", ["g23", g[4]]))
    assert plan.index(("import", "core.app")) < i_boot < plan.index(("import", "core.play")) < i_game
    for m in ("core.secret", "core.ballot", "core.tiles"):
        assert plan.index(("import", m)) > plan.index(("import", bench.HARNESS[-1]))
    assert plan.index(("import", "core.secret")) < plan.index(("import", "core.ballot"))
    tp = bench.table_plan("de")
    assert ("table", ["ui", "de"]) in tp and ("table", ["g23", "de"]) in tp


def test_summaries():
    plan = [("import", "core"), ("boot", None), ("import", "core.play"), ("game", ["g23", 4]), ("qstr", None)]
    plan += [("import", m) for m in bench.HARNESS] + [("import", "core.ballot")]
    cum = [100, 300, 400, 600, 600, 700, 800, 900, 1000]
    s = bench.import_summary({"plan": plan, "cum": cum, "qstr": 50})
    assert s == {"boot": 300, "core": 400, "game": 200, "total": 600, "harness": 300, "qstr": 50}
    tp = [("import", "core.i18n"), ("table", ["ui", "en"]), ("table", ["g23", "en"])]
    assert bench.tables_summary({"plan": tp, "delta": [10, 20, 30]}) == {"ui": 20, "g23": 30, "all": 50}


def test_rework_rows_compare_against_the_recorded_figures():
    plan = [("boot", None), ("game", ["g23", 4]), ("import", bench.HARNESS[-1])]
    before = {"home": 30 * bench.KIB, "first_prompt": 50 * bench.KIB, "peak": 60 * bench.KIB, "vote_peak": 40 * bench.KIB}
    imp = {("g23", "mpy"): {"plan": plan, "cum": [31 * bench.KIB, 54 * bench.KIB, 57 * bench.KIB], "qstr": 0}}
    mem = [{"id": "g23", "variant": "mpy", "peak": 65 * bench.KIB}, {"id": "vote", "variant": "mpy", "peak": 39 * bench.KIB},
           {"id": "g23", "variant": "py", "peak": 99 * bench.KIB}]
    now = bench.rework_figures(mem, imp)
    assert now == {"home": 31 * bench.KIB, "first_prompt": 54 * bench.KIB, "peak": 65 * bench.KIB, "vote_peak": 39 * bench.KIB}
    rows = bench.rework_rows(now, before)
    assert [r[-1] for r in rows] == ["", "", "PASS", "", ""]  # 20 -> 23 KiB: +3 KiB
    assert rows[2][1:4] == ("20.0 KiB", "23.0 KiB", "+3.0 KiB") and rows[4][3] == "-1.0 KiB"
    now["first_prompt"] += 2 * bench.KIB
    assert bench.rework_rows(now, before)[2][-1] == "MISS"
    assert set(bench.REWORK_BEFORE) == set(now)


def test_start_game_puts_the_first_prompt_on_screen():
    app, i2c = bm.make_app()
    app.step(0, 0)
    home = app.top()
    session = bm.start_game(app, "g23", 3)
    assert session.settings["players"] == ["P1", "P2", "P3"]
    assert len(app.stack) == 2 and app.top() is not home
    m = i2c.mark()
    app.step(10, 0)
    assert i2c.since(m)[1] > 0  # the prompt was rendered and pushed


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
    i18n.use("ui")
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
    # the text tables, loaded as core.i18n keeps them
    e = bench._import_run(tree, str(tmp_path), bench.table_plan("nl"))
    t = bench.tables_summary(e)
    assert t["ui"] > 1000 and t["g23"] > 1000 and e["qstr"] > 0
