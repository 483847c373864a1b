"""Smoke tests of the bench (tools/bench/) on tiny inputs, no timing asserts, so the
benchmark code cannot silently rot between `./dev bench` runs. The emulator runs
themselves are tests/test_pico_emu.py's."""

import json
import os

import pytest

from core import i18n
from firmware.ssd1306 import SSD1306
from host_sim import fakes
from host_sim.script import Runner
from tests.mpwasm import mp_available
from tools.bench import heap, pico, presses, report, sessions, soak, wasm, wire, wtr
from tools.bench.markdown import md_table, put_section
from tools.bench.mp import harness
from tools.bench.mp import speed as mp_speed

pytestmark = pytest.mark.bench  # a slow tier: ./dev test --all (tests/conftest.py)


def test_counting_i2c_one_page_change_and_full_frame():
    i2c = harness.CountingI2C()
    d = SSD1306(i2c)
    frame = bytearray(1024)
    m = i2c.mark()
    d.show(frame, 0x01)  # the first frame after init goes whole, then display-on
    assert i2c.since(m) == (3, 7 + 1 + 1024 + 2)
    m = i2c.mark()
    d.show(frame, 0xFF)
    w, p = i2c.since(m)
    assert (w, p) == (2, 7 + 1 + 1024)
    assert w + p == wire.FRAME_WIRE + 8
    frame[3 * 128 + 5] = 0xFF
    m = i2c.mark()
    d.show(frame, 1 << 3)
    w, p = i2c.since(m)
    assert w + p == wire.PAGE_PUSH == 138
    m = i2c.mark()
    d.show(frame, (1 << 2) | (1 << 6))  # two runs: two window commands
    w, p = i2c.since(m)
    assert w + p == wire.TARGET_TWO_PAGES


def test_i2c_ms_matches_design_figures():
    assert wire.i2c_ms(1, 1025) == pytest.approx(23.1, abs=0.1)  # DESIGN.md: ~23 ms
    assert wire.i2c_ms(0, 0) == 0


def test_md_table():
    t = md_table(("a", "bb"), [("x", 1), ("yyyy", 22)])
    lines = t.splitlines()
    assert lines[0].startswith("| a") and lines[1].startswith("|:")
    assert len(lines) == 4 and len({len(x) for x in lines}) == 1
    with pytest.raises(ValueError):
        md_table(("a", "b"), [("only one",)])
    assert md_table(("a",), [("x | y",)]).splitlines()[-1] == "| x \\| y |"


def test_build_tree_empties_only_the_text_tables(tmp_path):
    wasm.build_tree(str(tmp_path / "full"), mpy=False)
    wasm.build_tree(str(tmp_path / "bare"), mpy=False, no_text=True)
    for name in ("ui_en", "g23_de"):
        bare = (tmp_path / "bare" / "core" / "lang" / (name + ".txt")).read_text()
        full = (tmp_path / "full" / "core" / "lang" / (name + ".txt")).read_text()
        assert bare.startswith("# ") and bare.count("\n") == 1 and full.startswith(bare)
        assert full.count("\n") > 10
    assert (tmp_path / "bare" / "core" / "app.py").read_text() == (tmp_path / "full" / "core" / "app.py").read_text()
    assert (tmp_path / "full" / "tools" / "bench" / "mp" / "harness.py").is_file()


def test_import_plan_loads_what_the_box_loads():
    g = [x for x in sessions.built_games() if x[0] == "g23"][0]
    plan, at_boot, at_game = heap.import_plan(g)
    imported = [arg for kind, arg in plan if kind == "import"]
    assert len(imported) == len(set(imported))
    assert not [m for m in imported + sorted(at_game) if m.startswith("core.lang")]  # files, not modules
    assert {"core.app", "core.home", "core.i18n"} <= at_boot
    assert at_boot - at_game == {"core.home"}  # parked during the turns (App.park_home)
    assert "core.play" in at_game and "core.play" not in at_boot
    assert "core.ballot" not in at_game  # 23 has no vote: ballot comes after the harness
    # 23 asks with Choice/Number/Confirm (their screens are in core.play); the other
    # kinds, their screens and the playout table never load for it
    assert not {"core.secret", "core.tiles", "core.textentry", "core.playout"} & at_game
    i_boot, i_game = plan.index(("boot", None)), plan.index(("game", ["g23", g[4]]))
    assert plan.index(("import", "core.app")) < i_boot < plan.index(("import", "core.play")) < i_game
    for m in ("core.secret", "core.ballot", "core.tiles"):
        assert plan.index(("import", m)) > plan.index(("import", heap.HARNESS[-1]))
    assert plan.index(("import", "core.secret")) < plan.index(("import", "core.ballot"))
    tp = heap.table_plan("de")
    assert ("table", ["ui", "de"]) in tp and ("table", ["g23", "de"]) in tp


def test_summaries():
    plan = [("import", "core"), ("boot", None), ("import", "core.play"), ("game", ["g23", 4]), ("qstr", None)]
    plan += [("import", m) for m in heap.HARNESS] + [("import", "core.ballot")]
    cum = [100, 300, 400, 600, 600, 700, 800, 900, 1000]
    s = heap.summary({"plan": plan, "cum": cum, "qstr": 50})
    assert s == {"boot": 300, "core": 400, "game": 200, "total": 600, "harness": 300, "qstr": 50}
    tp = [("import", "core.i18n"), ("table", ["ui", "en"]), ("table", ["g23", "en"])]
    assert heap.tables_summary({"plan": tp, "delta": [10, 20, 30]}) == {"ui": 20, "g23": 30, "all": 50}


def test_start_game_puts_the_first_prompt_on_screen():
    app, i2c = harness.make_app()
    app.step(0, 0)
    home = app.top()
    session = harness.start_game(app, "g23", 3)
    assert session.settings["players"] == ["P1", "P2", "P3"]
    assert len(app.stack) == 2 and app.top() is not home
    m = i2c.mark()
    app.step(10, 0)
    assert i2c.since(m)[1] > 0  # the prompt was rendered and pushed


def test_loaded_modules_from_a_fresh_interpreter():
    at_boot, at_game = heap.loaded_modules("g23", 2)
    assert "core.app" in at_boot and "core.games.g23" in at_game - at_boot


def test_import_order_puts_dependencies_first():
    sources = {
        "core": "",
        "core.a": "from core import b\nfrom core.c import X\n",
        "core.b": "import core.c\n",
        "core.c": "X = 1\ndef f():\n    from core import a\n",  # lazy import: not a dependency
    }
    order = heap.import_order(sources)
    assert sorted(order) == sorted(sources)
    assert order.index("core.c") < order.index("core.b") < order.index("core.a")
    assert order[0] == "core"


def test_classify_home_menu_moves_and_screen_change():
    app, i2c = harness.make_app(fakes.MemStorage())
    r = Runner(app)
    before = wire.snapshot(app)
    assert r.do("DOWN") is None
    assert wire.classify(before, app) == "cursor move"
    before = wire.snapshot(app)
    assert r.do("OK") is None
    assert wire.classify(before, app) == "screen change"


def test_vote_script_runs():
    i18n.use("ui")
    i18n.set_lang("en")
    sessions.check_cpython({"title": "vote", "lines": sessions.vote_script(3, 1)})
    assert sessions.is_press("hold BACK 1000") and not sessions.is_press("wait 500")
    assert not sessions.is_press('expect "x"') and not sessions.is_press("# c")
    # line 0 is the script's title, not an action
    assert sessions.where(["# title", "# a", "OK", "DOWN"], 3) == "line 4 `DOWN`, in `a`"
    assert sessions.where(["# title", "OK"], 1) == "line 2 `OK`"


def test_timers():
    app, i2c = harness.make_app()
    assert mp_speed.time_render(app, 2, 2) >= 0
    r = Runner(app)
    steps = mp_speed.time_steps(r, 1, "DOWN")
    assert len(steps) == 2  # one PRESS each way
    out = []
    assert list(mp_speed.timing_task([(["DOWN"], None, None, None, False)], lambda i: None, 2, 1, out)) == [True]
    assert out[0]["screen"] == "HomeMenu" and out[0]["wire_per_press"] > 0


@pytest.mark.skipif(not mp_available(), reason="MicroPython WebAssembly port not installed")
def test_programs_under_micropython(tmp_path):
    tree = str(tmp_path / "tree")
    wasm.build_tree(tree, mpy=False)
    res = heap.run(tree, str(tmp_path), ["# menu", "DOWN", "UP", 'expect "23"'])
    assert res["err"] is None and res["at"] in (-1, 1, 2) and res["samples"] > 2 * 12
    assert sorted(res["lines"]) == [0, 2, 3] and all(v > 0 for v in res["lines"].values())  # booted + two steps
    assert res["stdout"].count("GC: total") == 2  # micropython.mem_info() at the start and at the end
    # the text tables, loaded as core.i18n keeps them
    e = heap.import_run(tree, str(tmp_path), heap.table_plan("nl"))
    t = heap.tables_summary(e)
    assert t["ui"] > 6 * 90 and t["g23"] > 6 * 60  # an index of 6 bytes a key, at least
    assert e["qstr"] is not None
    res = wasm.run("speed", tree, str(tmp_path), {"reps": 2, "pairs": 1, "targets": [[["DOWN"], None, None, None, False]]})
    assert res["results"][0]["screen"] == "HomeMenu" and "MicroPython" in res["version"]


# --- the emulated Pico's figures, from made-up runs ---------------------------------------


def _press(n, name, kind, ms, nbytes=266, edge="press"):
    return {"n": n, "name": name, "edge": edge, "kind": kind, "ms": ms, "first_ms": ms - 5, "bytes": nbytes,
            "screen": "Screen"}


def _run(presses, mismatches=(), mem=()):
    summary = {"emulated_s": 12.0, "mismatches": list(mismatches), "mem": list(mem), "lines_checked": 4}
    return {"lines": ["# title", "DOWN", "YES", "OK"], "summary": summary, "presses": presses, "ref_ok": True,
            "played": [2, 3, 4]}


def _pico():
    fast = [_press(2, "DOWN", "cursor move", 12.0), _press(3, "YES", "vote YES", 25.0, 1034),
            _press(5, "NO", "vote NO", 24.0, 1034), _press(4, "OK", "OK new screen", 60.0, 1034, "release")]
    swapped = [dict(p, name="NO", kind="vote NO", ms=p["ms"] + 2) if p["name"] == "YES" else
               dict(p, name="YES", kind="vote YES") if p["name"] == "NO" else p for p in fast]
    mem = [{"n": 0, "label": "bare REPL after boot", "free": 240000}, {"n": 0, "label": "first frame", "free": 200000},
           {"n": 2, "label": "DOWN", "free": 190000}, {"n": 3, "label": "YES", "free": 195000}]
    return {
        "scripts": [{"label": "Secret vote", "path": pico.VOTE_SCRIPT, "missing": None},
                    {"label": "23", "path": "tests/scripts/g23_4players.txt", "missing": None}],
        "clocks": {"400 kHz": {"missing": None, "board": None, "runs": {"Secret vote": _run(fast), "23": _run(fast[:1]),
                                                                       pico.SWAPPED["label"]: _run(swapped)},
                               "boot": {"boot_ms": 280.0, "txns": 7, "bytes": 2102, "bus_ms": 47.4}},
                   "1 MHz": {"missing": "no boards/pico_1mhz.py"}},
        "heap": {"Secret vote": _run(fast, mem=mem)},
    }


def test_pico_targets_and_section_from_made_up_runs():
    p = _pico()
    rows = {r[0]: r for r in pico.target_rows(p)}
    assert len(pico.target_header()) == len(next(iter(rows.values())))
    assert rows["cursor move: median / max"][2:4] == ("12.0 / 12.0 ms (n 2)", "PASS")
    assert rows["cursor move + scroll: median / max"][2] == "no such press"
    assert rows["YES/NO vote: median / max"][3] == "PASS"
    identical = [r for k, r in rows.items() if k.startswith("YES/NO vote: identical")][0]
    assert identical[2:4] == ("2 votes: same bytes, times 2.00 ms apart at most", "MISS")
    assert [r for k, r in rows.items() if k.startswith("OK to a new screen")][0][3] == "MISS"  # 60 ms
    assert rows["boot: reset to the home menu on the panel"][2:4] == ("280.0 ms", "PASS")
    assert rows["heap peak, stock firmware, .mpy on littlefs: Secret vote"][2:4] == ("48.8 KiB", "PASS")
    assert rows["heap peak, stock firmware, .mpy on littlefs: 23"][2].startswith("not measured")
    p["scripts"].append({"label": "Democrazy", "path": "tests/scripts/democrazy_4players.txt", "missing": None})
    p["clocks"]["400 kHz"]["runs"]["Democrazy"] = _run([_press(2, "DOWN", "cursor move", 40.0)])
    done = {r[0]: r for r in pico.target_rows(p, pico.DONE_WHEN)}  # issue 10's two scripts only
    assert done["cursor move: median / max"][2:4] == ("12.0 / 12.0 ms (n 2)", "PASS")
    assert not [k for k in done if k.endswith("Democrazy")]
    every = {r[0]: r for r in pico.target_rows(p)}
    assert every["cursor move: median / max"][2:4] == ("12.0 / 40.0 ms (n 3)", "MISS")
    assert "heap peak, stock firmware, .mpy on littlefs: Democrazy" in every
    assert all(r[4].startswith("not measured: no boards/pico_1mhz.py") or r[4] == "same build" for r in rows.values())
    text = "\n".join(pico.section(p))
    assert "Button to photon, I2C at 1 MHz: not measured: no boards/pico_1mhz.py." in text
    assert any("Secret vote" in line and "vote YES" in line for line in text.splitlines())
    assert any("48.8 KiB" in line and "line 2 `DOWN`" in line for line in text.splitlines())  # the heap peak
    h = pico.heap_figures(p["heap"]["Secret vote"])
    assert (h["bare"], h["start"], h["peak"]) == (240000, 40000, 50000)


def test_soak_figures_and_section_from_a_made_up_run():
    presses = [_press(2, "DOWN", "cursor move", 12.0)] * 5 + [_press(4, "OK", "OK new screen", 1010.0, edge="release")]
    presses += [_press(3, "OK", "OK new screen", 61.0, edge="release")] + [_press(2, "DOWN", "cursor move", 14.0)] * 3
    mem = [{"n": 0, "label": "bare REPL after boot", "free": 240000, "max_free": 239000},
           {"n": 0, "label": "first frame", "free": 200000, "max_free": 150000},
           {"n": 2, "label": "DOWN", "free": 110000, "max_free": 90000},
           {"n": 3, "label": "YES", "free": 150000, "max_free": 30000}]
    f = soak.figures(_run(presses, mem=mem))
    assert (f["bare"], f["peak"], f["block"]) == (240000, 130000, 30000)
    assert f["peak_at"] == "line 2 `DOWN`" and f["block_at"] == "line 3 `YES`"
    assert [p["ms"] for p in f["later"]] == [1010.0]  # a hand-over arming later: not its time
    assert len(f["start"]) == len(f["end"]) == 1 and f["end"][0]["ms"] == 14.0
    rows = {r[0]: r for r in soak.checks(f, boot_ms=290.0)}
    assert rows["heap peak"][2:] == ("127.0 KiB", "MISS")  # above half of 240,000 B
    assert rows["largest free block after a collection, smallest"][2:] == ("29.3 KiB", "MISS")
    assert rows["OK to a new screen, max"][3] == "MISS" and rows["OK to a new screen, max"][2].startswith("61.0 ms")
    assert rows["cursor move / value change, max"][2:] == ("14.0 ms (start 12.0, end 14.0; line 2, Screen)", "PASS")
    assert rows["boot: reset to the home menu"][3] == "PASS" and rows["frames against the host simulator"][3] == "PASS"
    text = "\n".join(soak.section([({"label": "23: two games", "commit": "abc1234", "date": "2026-11-25",
                                     "boot": {"boot_ms": 290.0}}, _run(presses, mem=mem))]))
    assert text.startswith(soak.STOCK.heading) and "| 23: two games | abc1234 |" in text.replace("  ", " ")
    assert "Not timed" in text and "1 presses, first byte after 1005.0 ms" in text


def test_the_frozen_firmwares_soak_has_its_own_limits_and_section():
    mem = [{"n": 0, "label": "bare REPL after boot", "free": 240000, "max_free": 239000},
           {"n": 2, "label": "DOWN", "free": 240000 - 60000, "max_free": 100000}]
    presses = [_press(2, "DOWN", "cursor move", 12.0)]
    f = soak.figures(_run(presses, mem=mem))
    stock = {r[0]: r for r in soak.checks(f)}
    frozen = {r[0]: r for r in soak.checks(f, fw=soak.FROZEN)}
    assert stock["heap peak"][1:] == ("<= 117.2 KiB (half the bare REPL's free heap)", "58.6 KiB", "PASS")
    assert frozen["heap peak"][1] == "<= 64.0 KiB (a quarter of the free heap: room for the phones' server)"
    assert frozen["largest free block after a collection, smallest"][1:] == (">= 96.0 KiB", "97.7 KiB", "PASS")
    mem[1] = dict(mem[1], free=240000 - 70000, max_free=90000)
    f = soak.figures(_run(presses, mem=mem))
    frozen = {r[0]: r for r in soak.checks(f, fw=soak.FROZEN)}
    assert frozen["heap peak"][3] == frozen["largest free block after a collection, smallest"][3] == "MISS"
    assert soak.checks(f)[0][3] == "PASS"  # within the stock firmware's half
    text = "\n".join(soak.section([({"label": "23: two games", "commit": "abc1234", "date": "2026-11-28"},
                                     _run(presses, mem=mem))], fw=soak.FROZEN))
    assert text.startswith(soak.FROZEN.heading) and "| <= 64.0 KiB |" in text and "soak-frozen" in text


def test_a_soak_of_some_games_keeps_the_others_rows_from_the_section(tmp_path):
    presses = [_press(2, "DOWN", "cursor move", 12.0), _press(3, "OK", "OK new screen", 41.0, edge="release")]
    mem = [{"n": 0, "label": "bare REPL after boot", "free": 240000, "max_free": 239000},
           {"n": 2, "label": "DOWN", "free": 150000, "max_free": 90000}]
    label = dict((g[0], g[1]) for g in soak.GAMES)
    meta = lambda gid, commit: {"id": gid, "label": label[gid], "commit": commit, "date": "2026-11-25"}
    path = str(tmp_path / "B.md")
    with open(path, "w") as f:
        f.write("# B\n\n## Other\n\nkept\n")
    soak.replace_section(path, [(meta("g23", "aaa1111"), _run(presses, mem=mem)), (meta("wtr", "aaa1111"), _run(presses, mem=mem))])
    soak.replace_section(path, [(meta("wtr", "bbb2222"), _run(presses, mem=mem))])  # wtr again, 23 not
    with open(path) as f:
        text = f.read()
    assert "## Other\n\nkept" in text and text.count(soak.STOCK.heading) == 1
    rows = [x for x in text.split("\n") if x.startswith("| 23: two games") or x.startswith("| What the Rule")]
    assert len(rows) == 2 and "aaa1111" in rows[0] and "bbb2222" in rows[1]  # in the games' order
    assert text.count("### 23: two games") == 1 and "Measured on aaa1111" in text and "Measured on bbb2222" in text
    assert "Not run again" in text and "on the commit they name): 23: two games, 4 players." in text
    soak.replace_section(path, [])  # nothing found: both kept as they were
    with open(path) as f:
        assert [x for x in f.read().split("\n") if x.startswith("| 23: two games") or x.startswith("| What")] == rows


def _fake_soak(monkeypatch, tmp_path, scripts, fail=()):
    """soak.run's emulator parts replaced: each run writes its folder's summary.json."""
    monkeypatch.setattr(soak.STOCK, "out", str(tmp_path / "soak"))
    monkeypatch.setattr(soak.pico, "snapshot", lambda dst: os.makedirs(dst))
    monkeypatch.setattr(soak.pico, "warm_cache", lambda: None)

    def write(folder, ids=soak.IDS):
        os.makedirs(folder, exist_ok=True)
        out = {}
        for gid in ids:
            out[gid] = os.path.join(folder, gid + ".txt")
            with open(out[gid], "w") as f:
                f.write(scripts[gid])
        return out

    def measure(project, script, out, heap=False, uf2=None):
        if (os.path.basename(script)[:-4], heap) in fail:
            raise SystemExit("the emulator failed")
        os.makedirs(out)
        with open(os.path.join(out, "summary.json"), "w") as f:
            f.write("{}")

    booted = []
    monkeypatch.setattr(soak, "write_scripts", write)
    monkeypatch.setattr(soak.pico, "run_measure", measure)
    monkeypatch.setattr(soak, "boot", lambda project, out, uf2: booted.append(project) or {"boot_ms": 290.0})
    return booted


def test_the_soak_keeps_what_finished_and_names_the_commit_of_each_run(monkeypatch, tmp_path):
    scripts = {"vote": "OK\n", "g23": "OK\nOK\n"}
    booted = _fake_soak(monkeypatch, tmp_path, scripts)
    soak.run(("vote", "g23"), str(tmp_path / "tmp"), "aaa1111", jobs=2)
    assert soak._meta("g23", soak.STOCK.out)["commit"] == soak._meta("g23", soak.STOCK.out)["times_commit"] == "aaa1111"
    assert soak._meta("vote", soak.STOCK.out)["boot"] == {"boot_ms": 290.0} and len(booted) == 1  # one build, one boot
    assert os.path.isdir(booted[0])  # a copy that ran
    # one game run again: the other's runs and soak.json stay as they were
    soak.run(("g23",), str(tmp_path / "tmp2"), "bbb2222")
    assert soak._meta("g23", soak.STOCK.out)["commit"] == "bbb2222" and soak._meta("vote", soak.STOCK.out)["commit"] == "aaa1111"
    assert os.path.isfile(os.path.join(soak.STOCK.out, "vote", soak.TIMES, "summary.json"))
    # a failed run: the others are kept and labelled, the failed one's commit is not claimed
    _fake_soak(monkeypatch, tmp_path, scripts, fail={("g23", False)})
    with pytest.raises(SystemExit, match="g23 times"):
        soak.run(("vote", "g23"), str(tmp_path / "tmp4"), "ddd4444")
    assert soak._meta("vote", soak.STOCK.out)["times_commit"] == "ddd4444" and soak._meta("g23", soak.STOCK.out)["commit"] == "ddd4444"
    assert "times_commit" not in soak._meta("g23", soak.STOCK.out)


def test_heap_reads_the_programs_lines_and_qstr_pools():
    out = "L 0 40\nqstr pool: n_pool=1, n_qstr=2, n_str_data_bytes=3, n_total_bytes=416\nL 2 1000\nnoise\nL 3 1200\n"
    res = heap.parse({"stdout": out + "{\"err\": null}"})
    assert res["lines"] == {0: 40, 2: 1000, 3: 1200} and res["qstr"] == [416]


def test_soak_scripts_are_made_from_the_code_and_play_through():
    s = soak.scripts(("g23", "vote"))  # each played on CPython inside scripts()
    assert s["g23"].count('expect "%s"' % i18n.t("game.final")) == 2  # two whole games of 23
    assert s["vote"][0] == "# Secret vote, 10 voters"
    assert set(soak.IDS) == {"vote", "g23", "mmag", "democrazy", "drws", "wtr"}


def test_pico_vote_identical_compares_each_vote_with_its_swapped_twin():
    plain = _run([_press(2, "YES", "vote YES", 20.0, 542), _press(3, "NO", "vote NO", 24.0, 542),
                  _press(4, "OK", "OK new screen", 40.0)])
    swapped = _run([_press(2, "NO", "vote NO", 20.4, 542), _press(3, "YES", "vote YES", 24.0, 542),
                    _press(4, "OK", "OK new screen", 45.0)])
    assert pico.vote_identical(plain, swapped) == ("2 votes: same bytes, times 0.40 ms apart at most", True)
    swapped["presses"][1]["bytes"] = 266
    assert not pico.vote_identical(plain, swapped)[1]
    swapped["presses"].pop(1)
    assert pico.vote_identical(plain, swapped) == ("the vote presses of the two runs do not pair up", False)
    assert pico.swap_votes('YES\nexpect "NO 1"\nNOTE\n') == 'NO\nexpect "YES 1"\nNOTE\n'


def test_pico_not_measured_says_why():
    p = {"missing": "node is not on PATH"}
    assert "Not measured: node is not on PATH." in "\n".join(pico.section(p))
    rows = pico.target_rows(p)
    assert rows[0][2] == "not measured: node is not on PATH"
    assert "not measured: node is not on PATH" in "\n".join(report.targets({
        "pico": p, "wtr": p, "mem": [{"id": "g23", "variant": "mpy", "peak": 1, "title": "23"}],
        "imp": {(g[0], t): {"plan": [("boot", None), ("game", [g[0], 4]), ("import", heap.HARNESS[-1])],
                            "cum": [1, 2, 3], "qstr": 0} for g in sessions.built_games() for t in ("mpy", "mpy-notext")},
        "kinds": {}, "romfs": {}}))


def test_pico_snapshot_can_pick_another_board(tmp_path):
    dst = tmp_path / "p"
    pico.snapshot(str(dst), board="pico_1mhz")
    ns = {}
    exec((dst / "firmware" / "config.py").read_text(), ns)
    assert ns["BOARD"] == "pico_1mhz"
    assert (dst / "tests" / "scripts" / "secret_vote.txt").is_file() and (dst / ".venv").is_symlink()
    assert not list(dst.rglob("__pycache__"))


@pytest.mark.skipif(not os.path.isfile(os.path.join(pico.PICO_EMU, "analyze.py")), reason="no ../shared/pico-emu")
def test_pico_load_run_names_the_kinds(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("DOWN\nYES\n")
    ref = [{"n": 0, "text": ["Menu", "> a", "b"]}, {"n": 1, "text": ["Menu", "a", "> b"]},
           {"n": 2, "text": ["Vote", "Vote recorded."]}]
    edges = [{"n": 1, "name": "DOWN", "kind": "press", "txns": 2, "bytes": 266, "first_txn_ms": 9.0, "last_byte_ms": 15.0},
             {"n": 1, "name": "DOWN", "kind": "release", "txns": 0, "bytes": 0, "first_txn_ms": None, "last_byte_ms": None},
             {"n": 2, "name": "YES", "kind": "press", "txns": 2, "bytes": 1034, "first_txn_ms": 9.0, "last_byte_ms": 32.0}]
    for name, data in (("ref.json", ref), ("presses.json", edges), ("summary.json", {"board": {}, "mismatches": []})):
        (tmp_path / name).write_text(json.dumps(data))
    r = pico.load_run(str(tmp_path), str(script))
    assert [p["kind"] for p in r["presses"]] == ["cursor move", "vote YES"]
    assert r["played"] == [1, 2] and r["ref_ok"] and "board" not in r["summary"]


# --- What the Rule?! on the emulated Pico: the table of calls, and figures from made-up runs


def test_wtr_cases_run_on_cpython_as_the_table_says():
    """Each case of the table runs (tools/bench/mp/run_calls.run, as pico.time_calls runs it
    on CPython): the rules are written as wtr_rule writes them, a rewritten rule means
    the same, the different pair differs, and every fits case judges 73 rows."""
    from core.games import wtr_rule as W
    from tools.bench.mp.run_calls import run

    ns = {}
    exec(wtr.SETUP, ns)
    for _, deep, walk, long in wtr.LEVELS:
        assert [W.text(W.parse(t)) for t in (deep, walk, long)] == [deep, walk, long]
    labels = [c[1] for c in wtr.CASES]
    assert len(set(labels)) == len(labels)
    for kind, label, setup, call, over in wtr.CASES:
        out = run(ns, setup, call, over)
        assert len(out["result"]) == (73 if kind == "fits" else 1) and out["us"] == [0] * len(out["result"])
        if kind == "pair":
            assert out["result"] == [not label.startswith(("different", "rulebook: `shape in"))], label
        if kind == "parse":
            assert W.text(out["result"][0]) == label.split("`")[1]


@pytest.mark.skipif(not mp_available(), reason="MicroPython WebAssembly port not installed")
def test_calls_program_under_micropython(tmp_path):
    from core.games import wtr_rule as W

    tree = str(tmp_path / "tree")
    wasm.build_tree(tree, mpy=False)
    data = {"setup": wtr.SETUP, "cases": [
        ["alternate", "r = W.parse('colour != last.colour')", "W.fits(r, x, 5)", "ROWS"],
        ["set", "t = 'shape in {circle, triangle}'", "W.parse(t)", None],
        ["same", "a, b = W.parse('colour != last.colour'), W.parse('not colour = last.colour')", "W.equivalent(a, b)", None],
        ["raises", "", "W.parse('colour (')", None]]}
    res = wasm.run("run_calls", tree, str(tmp_path), data)
    lines = [json.loads(x) for x in res["stdout"].splitlines() if x.startswith("{")]
    assert res["done"] and res["free"] > 0
    assert len(lines[0]["us"]) == len(lines[0]["result"]) == 73 and lines[0]["label"] == "alternate"
    assert lines[1]["result"] == [json.loads(json.dumps(W.parse("shape in {circle, triangle}")))]
    assert lines[2]["result"] == [True] and lines[3]["error"].startswith("ValueError")


def _wtr(fits_ms=2.6, equiv_ms=363.0, error=True):
    cases = []
    for kind, label, _, _, _ in wtr.CASES:
        if kind == "fits":
            us = [900] + [1200] * 70 + [fits_ms * 1000, 1100]
            cases.append({"label": label, "us": us, "result": [True] * 73, "expected": [True] * 73})
        else:
            us = equiv_ms * 1000 if label.startswith("hard, rewritten") else 10900
            cases.append({"label": label, "us": [us], "result": [True], "expected": [True]})
    if error:
        cases[1] = {"label": cases[1]["label"], "error": "RuntimeError: maximum recursion depth exceeded"}
    return {"cases": cases, "free": 220352, "stack": 1100, "emulated_s": 3.9}


def test_wtr_targets_and_section_from_made_up_runs():
    rows = wtr.target_rows(_wtr(error=False))
    assert [r[-1] for r in rows] == ["PASS", "PASS", "PASS"]  # fits, equivalent, judge
    assert rows[1][2] == "363.0 ms (hard, rewritten)" and rows[0][2] == "2.60 ms (easy (most nodes))"
    assert [r[-1] for r in wtr.target_rows(_wtr(fits_ms=31, equiv_ms=1000.5, error=False))] == ["MISS", "MISS", "PASS"]
    w = _wtr()
    assert wtr.target_rows(w)[0][-1] == "MISS"  # a rule the judge could not evaluate
    pair = [x for x in w["cases"] if x["label"].startswith("different")][0]
    pair["expected"] = [False]  # a wrong answer fails the target however fast
    assert wtr.target_rows(w)[1][-1] == "MISS"
    text = "\n".join(wtr.section(w))
    assert text.startswith("## What the Rule?! judge and equivalence on the emulated Pico")
    assert "RuntimeError: maximum recursion depth exceeded" in text and "363.0 ms" in text
    assert "| row ending in card 70 |" in text.replace("  ", " ") and "NO: CPython says False" in text
    assert "Worst case found: equivalent 363.0 ms for hard, rewritten" in text


def test_wtr_not_measured_says_why(monkeypatch):
    w = {"missing": "node is not on PATH"}
    assert "Not measured: node is not on PATH." in "\n".join(wtr.section(w))
    assert all(r[2] == "not measured: node is not on PATH" for r in wtr.target_rows(w))
    monkeypatch.setattr(wtr.pico, "missing", lambda: "no ../shared/pico-emu/measure beside the project")
    assert wtr.measure("/tmp") == {"missing": "no ../shared/pico-emu/measure beside the project"}


def test_a_section_replaces_its_own_part_only(tmp_path):
    rows = [("3 players (90 turns)", [9, 10, 11, 9], 10, [1, 1, 1, 1]), ("a script (3 turns)", [18, 20, 22], None, [2, 3, 4]),
            ("one guess", [9], None, [0])]
    new = presses.section(presses.HEADINGS[0], rows)
    assert new[0] == "## Presses per turn: Man muss auch gönnen" and "| 9.8 |" in "\n".join(new).replace("  ", " ")
    flat = " ".join("\n".join(new).split())  # the columns' padding aside
    assert "PASS (mean <= 10)" in flat and "| 9 | | | 0 |" in flat
    assert "| 3.0 (max 4) |" in flat and "| 1 | PASS" in flat  # the waits
    md = tmp_path / "B.md"
    md.write_text("# Benchmarks\n\n## Random playouts (CPython)\n\nrows\n")
    put_section(str(md), new, "Counted on abc1234.")
    first = md.read_text()
    assert first.startswith("# Benchmarks\n\n## Random playouts (CPython)\n\nrows\n\n## Presses per turn")
    assert "\n\nCounted on abc1234.\n\nCounted from the keys" in first
    md.write_text(first.replace("## Presses per turn", "## Other\n\nkept\n\n## Presses per turn") + "old tail\n")
    put_section(str(md), new, "Counted on def5678.")
    again = md.read_text()
    assert "kept" in again and "old tail" not in again and "def5678" in again and "abc1234" not in again


def test_the_counters_group_a_sessions_presses():
    records = [(1, ["roll"], "show", ["wait 1000", "OK"]), (2, ["reroll", "7"], "multi", ["UP", "UP", "OK"]),
               (3, ["done", "0"], "multi", ["OK"]), (4, ["roll"], "show", ["wait 1000", "OK"]),
               (5, ["passive"], "show", ["OK"]), (6, ["roll"], "fields", ["UP", "OK"]), (7, ["score"], "x", ["OK"])]
    assert presses.turns("roll", ("score",))(records) == [5, 2, 2]
    assert presses.turns("roll", ("score",), "done")(records) == [7, 2]  # a roll right after done: passive
    assert presses.screens(("roll",), "fields")(records) == [2]
    assert presses.actions(("roll",))(records) == [1, 1, 2] and presses.actions(("reroll",), size=2)(records) == [3]
    assert presses.turns("roll", ("score",))(records, presses.waits) == [1, 1, 0]  # waits, turn by turn
    ballot = [(1, ["ballot", "Y", "N"], "secret", ["OK", "wait 1000", "OK", "YES", "OK", "wait 1000", "OK", "NO", "OK"])]
    assert presses.voters("ballot")(ballot) == [3, 3] and presses.voters("ballot")(ballot, presses.waits) == [1, 1]


def test_every_games_presses_meet_their_issues_counts():
    """Presses are counted, not timed (tools.bench.presses, its BENCHMARKS.md sections):
    What the Rule?!'s card at most 4.5 on average, a 10-card hand 45, the two common guesses
    10 each (issue 29); a voter of the voting games 3 to 5 (issue 31)."""
    i18n.use("ui")
    i18n.set_lang("en")
    rows = {label.split(" (")[0]: xs for label, xs, _, _ in presses.measure("## Presses: What the Rule?! card entry and guesses")}
    cards = rows["a card in random rounds, hands' cards included"]
    assert len(cards) > 1000 and sum(cards) / len(cards) <= 4.5 and max(cards) <= 7  # count 3 away, shape, fill, colour, OK
    hands = rows["a revealed hand of 10 cards"]
    assert len(hands) > 50 and sum(hands) / len(hands) <= 45
    assert rows["a card in the scripts"] and max(rows["a card in the scripts"]) <= 7
    # from "Guess the rule?": other colour, even count and not square (issue 29: <= 10); "(circle or
    # triangle) and white" (issue 51: <= 10 from the editor's first page, one press after "Guess the rule?")
    assert [xs for k, xs in rows.items() if k.startswith("guess")] == [[8], [10], [11], [30]]
    rows = {label.split(" (")[0]: xs for label, xs, _, _ in presses.measure("## Presses per ballot and turn: the voting games")}
    assert set(rows["Democrazy: one voter"]) == {3} and set(rows["Democrazy: a default turn"]) == {21}
    assert 3 <= min(rows["Das Regeln Wir Schon!: one voter"]) <= max(rows["Das Regeln Wir Schon!: one voter"]) <= 5
    # issue 52: 23's play on the same rank in 4, a new 3-letter name in 12, no waits in either
    rows = {label.split(" (")[0]: (xs, ws) for label, xs, _, ws in presses.measure("## Presses per turn: 23")}
    assert rows["play one card on the same rank, no bonus"] == ([4], [0])
    assert all(set(ws) == {0} for _, ws in rows.values())  # 23 has no secret and no draw: no guard
    rows = {label: (xs, ws) for label, xs, _, ws in presses.measure("## Presses: a player's name")}
    assert rows['a new name "Ann"'][0][0] <= 12 and rows['a new name "Bo"'][0][0] <= 12


def test_web_section_says_what_it_measured_against_issue_32():
    from tools.bench import web

    r = {"latency": {"touch": [4.0, 30.0, 6.0], "mouse": [2.0, 2.0, 3.0], "key": [1.0, 2.0, 2.0]},
         "ok_release": [10.0, 12.0], "cold": [300.0, 420.0, 310.0], "browser_first": 450.0, "warm": [200.0, 250.0],
         "bytes": 700 * 1024, "requests": 19, "load": 1.5, "cpus": 2,
         "files": {"app.bin": 100, "main.js": 900, "main.js.gz": 300}}
    text = "\n".join(web.section(r))
    assert "| touch-down (D-pad) to panel: median / max" in text and "6.0 / 30.0 ms |  20 ms | PASS |" in text
    assert "310.0 / 420.0 ms | 400 ms | PASS" in text  # the median is what counts
    assert "700.0 KB, 19 | 600 KB | MISS" in text
    assert "| main.js |   900 |  300 |" in text and "| total   |  1000 |  400 |" in text
    assert web.section({"missing": "no chromium"})[2] == "Not measured: no chromium."


def test_the_soak_tells_a_vote_a_value_stepped_and_a_new_screen_apart():
    """YES and NO by what they do: votes in a voter's private chain (the Secret vote),
    a field stepped in place (What the Rule?!'s card: fill and colour), another screen
    opened (What the Rule?!'s "not" in the guess editor, Gönnen's "none")."""
    def kinds(name):
        with open(os.path.join(os.path.dirname(__file__), "scripts", name)) as f:
            return soak.yes_no(f.read().splitlines())

    vote = kinds("secret_vote.txt")
    assert vote and set(vote.values()) == {"vote YES", "vote NO"}
    wtr = kinds("wtr_table.txt")
    with open(os.path.join(os.path.dirname(__file__), "scripts", "wtr_table.txt")) as f:
        lines = f.read().splitlines()
    negated = lines.index("NO", lines.index("# guess colour != last.colour and (not first or not shape = circle)")) + 1  # "not" in the guess editor
    assert wtr[negated] == soak.NEW_SCREEN and set(wtr.values()) == {"value change", soak.NEW_SCREEN}
    assert set(kinds("mmag_3players.txt").values()) == {soak.NEW_SCREEN}
    presses = [_press(3, "YES", "vote YES", 45.0)]  # line 3 of _run's script: YES on the home menu
    mem = [{"n": 0, "label": "bare REPL after boot", "free": 240000, "max_free": 239000},
           {"n": 3, "label": "YES", "free": 150000, "max_free": 90000}]
    rows = {r[0]: r for r in soak.checks(soak.figures(_run(presses, mem=mem)))}
    assert rows["cursor move / value change, max"][2].startswith("45.0 ms") and "YES/NO vote, max" not in rows
    assert "LEFT/RIGHT page turn, max" not in rows  # none in the run: no row
    presses = [_press(2, "DOWN", "D-pad other", 33.3)]  # a page turned (its title changed)
    rows = {r[0]: r for r in soak.checks(soak.figures(_run(presses, mem=mem)))}
    assert rows["LEFT/RIGHT page turn, max"][1:] == ("30 ms", "33.3 ms (start 33.3, end 33.3; line 2, Screen)", "MISS")


def test_a_soak_block_names_the_commit_its_presses_were_timed_on_when_another():
    assert soak._timed_on({"commit": "aaa1111", "times_commit": "bbb2222"}) == " on bbb2222"
    assert soak._timed_on({"commit": "aaa1111", "times_commit": "aaa1111"}) == ""
    assert soak._timed_on({"commit": "aaa1111"}) == ""
