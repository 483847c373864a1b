"""The web page in headless Chromium on localhost (issue 32). measure() -> {"missing": why}
or {"latency": {how: [ms]} (a real touch, mouse or key event on the home menu's D-pad to
the frame it drew), "ok_release": [ms], "cold": [ms] (the first frame of a fresh origin:
nothing cached), "browser_first": ms (the browser's very first page), "warm": [ms] (a
reload, the service worker's copies), "bytes", "requests" (a first visit until the site
is precached, gzip accepted), "files": {name: bytes}, "load", "cpus"}.
"""

import os
import tempfile

from tools import web, webshot
from tools.bench.markdown import md_table, median, verdict

PRESSES = 10  # of each kind
LOADS = 5  # cold and warm
LIMIT_MS = 20  # issue 32: touch-down to panel change
BYTES = 600 * 1024  # issue 32: the first visit
FIRST_MS = 400  # issue 32: the cold first frame


def first_frame(driver):
    return webshot.wait_until(
        driver, "performance.getEntriesByName('tablebox-first-frame').map((e) => e.startTime)[0]", what="the first frame")


def measure(presses=PRESSES, loads=LOADS):
    try:
        driver = webshot.browser(*webshot.PHONE)
    except webshot.Unavailable as e:
        return {"missing": str(e)}
    r = {"latency": {}, "cold": [], "warm": [], "load": os.getloadavg()[0], "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="tablebox-webbench-") as tmp:
        site = web.build(os.path.join(tmp, "web"))
        r["files"] = {n: os.path.getsize(os.path.join(site, n)) for n in sorted(os.listdir(site))}
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": webshot.TIMES})
        driver.set_script_timeout(30)
        try:
            for n in range(loads + 1):  # the first load starts the browser's own machinery: not counted
                server = web.serve(site, 0)
                try:
                    driver.get("http://127.0.0.1:%d/?seed=1" % server.server_address[1])
                    webshot.wait_booted(driver)
                    cold = first_frame(driver)
                    driver.execute_async_script(webshot.SW_READY)
                    sent, requests = server.sent, server.requests
                    driver.refresh()
                    webshot.wait_booted(driver)
                    if not n:
                        r["browser_first"] = cold
                    else:
                        r["cold"].append(cold)
                        r["warm"].append(first_frame(driver))
                        r["bytes"], r["requests"] = sent, requests
                    if n < loads:
                        continue
                    for how in ("touch", "mouse", "key"):
                        r["latency"][how] = []
                        for name in ("DOWN", "UP") * presses:
                            r["latency"][how].append(webshot.latency(driver, how, name))
                            webshot.latency(driver, how, name, down=False)
                    r["ok_release"] = [webshot.ok_release(driver) for _ in range(presses)]
                finally:
                    server.shutdown()
                    server.server_close()
        finally:
            driver.quit()
    return r


def _ms(xs):
    return "%.1f / %.1f ms" % (median(xs), max(xs))


def section(r):
    L = ["## The web page (headless Chromium, localhost)", ""]
    if "missing" in r:
        return L + ["Not measured: %s." % r["missing"], ""]
    L += ["The page of `./dev web` in headless Chromium at 390x844 (2x), touch emulation on, served by tools/web.py on "
          "127.0.0.1. Press to panel: from the input event's timeStamp to the frame it drew, %d presses of each kind "
          "moving the home menu's cursor; OK acts on its release. Before issue 32 a touch took 101-105 ms and the "
          "first visit 943 KB in 20 requests. Load average at the start: %.1f on %d CPUs." % (
              len(r["latency"]["touch"]), r["load"], r["cpus"]), ""]
    rows = [("%s to panel: median / max" % label, _ms(r["latency"][how]), "%d ms" % LIMIT_MS,
             verdict(median(r["latency"][how]) <= LIMIT_MS))
            for how, label in (("touch", "touch-down (D-pad)"), ("mouse", "mouse button down (D-pad)"),
                               ("key", "key down (arrows)"))]
    rows += [
        ("touch-up on OK to a new screen (acts on release): median / max", _ms(r["ok_release"]), "", ""),
        ("first frame, cold (new origin, nothing cached): median / max of %d" % len(r["cold"]), _ms(r["cold"]),
         "%d ms" % FIRST_MS, verdict(median(r["cold"]) < FIRST_MS)),
        ("first frame, cold, the browser's first page since it started", "%.1f ms" % r["browser_first"], "", ""),
        ("first frame, warm (reload, service worker's copies): median / max of %d" % len(r["warm"]), _ms(r["warm"]),
         "", ""),
        ("bytes on the first visit (service worker's precache included), requests",
         "%.1f KB, %d" % (r["bytes"] / 1024, r["requests"]), "%d KB" % (BYTES // 1024), verdict(r["bytes"] <= BYTES))]
    L += [md_table(("what", "measured", "limit", ""), rows, "lrrl"), ""]
    files = r["files"]
    sent = [(n, files[n], files.get(n + ".gz", files[n])) for n in sorted(files) if not n.endswith(".gz")]
    total = ("total", sum(a for _, a, _ in sent), sum(b for _, _, b in sent))
    return L + ["The site's files, and what a browser that accepts gzip gets (app.bin: the core compiled by mpy-cross "
                "and the text tables, gzip'd inside):", "", md_table(("file", "bytes", "sent"), sent + [total]), ""]
