#!/usr/bin/env node
// Run MicroPython code on the emulated Pico (tools/bench/pico.py run_code): boot the stock firmware
// with a littlefs image that has no /main.py, so it stops at the REPL, then run CODE in the
// raw REPL (pico-emu's emu.mjs: Pico.boot, Pico.exec).
//
//   node tools/bench/pico_exec.mjs CACHE UF2 FS_IMG CODE [MAX_MS]
//
// CACHE: the pico-emu cache that `measure` fills (emu.mjs and rp2040js); MAX_MS: the most
// emulated time the code may take (default 600000). Prints one JSON line: {"stdout",
// "stderr" (MicroPython's traceback, if any), "emulated_s" (from reset to the end),
// "wall_s"}.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [cache, uf2, fsImage, code, maxMs = "600000"] = process.argv.slice(2);
if (!code) {
    process.stderr.write("usage: node tools/bench/pico_exec.mjs CACHE UF2 FS_IMG CODE [MAX_MS]\n");
    process.exit(2);
}
const { Pico } = await import(pathToFileURL(path.join(cache, "emu.mjs")).href);
const t0 = Date.now();
const p = new Pico({ uf2, fsImage });
p.boot();
const r = p.exec(code, +maxMs);
console.log(JSON.stringify({
    stdout: r.stdout,
    stderr: r.stderr,
    emulated_s: p.nanos / 1e9,
    wall_s: (Date.now() - t0) / 1e3,
}));
