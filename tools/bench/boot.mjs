#!/usr/bin/env node
// Boot time on the emulated Pico (tools/bench/pico.py): from reset to the end of the last
// I2C byte after which the panel is on and shows the home menu frame.
//
//   node tools/bench/boot.mjs CACHE UF2 FS_IMG BOARD_PY REF_JSON [MAX_MS]
//
// CACHE: the pico-emu cache that `measure` fills (rig.mjs and rp2040js); FS_IMG: the
// littlefs image of a `measure` run (with /main.py); REF_JSON: that run's ref.json (entry 0
// is the host simulator's boot frame). Prints one JSON line: {"boot_ms", "txns", "bytes",
// "bus_ms"}: the time, the panel transactions and bytes up to then, and how long the bus
// was busy with them. boot_ms is null when the home menu did not show within MAX_MS
// (default 4000) of emulated time.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [cache, uf2, fsImage, boardPy, refJson, maxMs = "4000"] = process.argv.slice(2);
if (!refJson) {
    process.stderr.write("usage: node tools/bench/boot.mjs CACHE UF2 FS_IMG BOARD_PY REF_JSON [MAX_MS]\n");
    process.exit(2);
}
const { makeRig, parseBoard, ramHex } = await import(pathToFileURL(path.join(cache, "rig.mjs")).href);
const want = JSON.parse(fs.readFileSync(refJson, "utf8"))[0].buf;
const { p, oled } = makeRig({ uf2, fsImage, board: parseBoard(boardPy), timing: true });
let home = null;
oled.onTxn = (t) => {
    if (home === null && oled.on && ramHex(oled) === want) home = oled.txns_log.length;
};
p.run(+maxMs, () => home !== null);
const txns = home === null ? [] : oled.txns_log.slice(0, home);
console.log(JSON.stringify({
    boot_ms: home === null ? null : txns.at(-1).t1 / 1e6,
    txns: txns.length,
    bytes: txns.reduce((s, x) => s + x.bytes, 0),
    bus_ms: txns.reduce((s, x) => s + (x.t1 - x.t0), 0) / 1e6,
}));
