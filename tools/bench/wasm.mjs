#!/usr/bin/env node
// Run a program under the MicroPython WebAssembly port (from tests/mp/node_modules), with
// garbage collections that really happen (tools/bench/wasm.py calls it).
//
//   node tools/bench/wasm.mjs <repo_root> <program.py> [TREE_DIR]...
//
// Every TREE_DIR's contents are copied to the wasm filesystem root (TREE/core -> /core,
// TREE/tools -> /tools, ...), "/" goes first on sys.path, and the program runs.
//
// Why not tests/mp/run.mjs: in this port gc.collect() inside Python code only marks a
// collection as pending; it runs when control is back at the top level (no C stack roots
// in linear memory), i.e. after mp.runPython() returns. So a program that wants to measure
// the live heap defines two functions that this driver calls from the top level in turn:
//   bench_step()   do the next piece of work, return True (more to come) or False (done)
//   bench_after()  runs after the pending collection: read gc.mem_alloc()
// until bench_step() returns False; then bench_done() if the program defines it.
//
// MP_HEAP sets the initial GC heap (default 4m; the port grows it when full).
// MP_HEAP_FIXED=1: the heap stays MP_HEAP, as on a microcontroller. The port grows its heap
// by malloc()ing a new area (at least the size of the heap so far) when an allocation
// fails; here the WebAssembly memory may no longer grow once the port is loaded and the C
// heap is used up (a reserve of RESERVE bytes left for the driver's own runPython()
// buffers), so such an allocation raises MemoryError. NB: this port never collects in the
// middle of Python code, only when control is back here: a program that wants the
// microcontroller's behaviour returns here often (bench_step).

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [root, scriptPath, ...trees] = process.argv.slice(2);
if (!root || !scriptPath) {
    process.stderr.write("usage: node tools/bench/wasm.mjs <repo_root> <program.py> [TREE_DIR]...\n");
    process.exit(2);
}
const pkg = path.join(root, "tests", "mp", "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
if (!fs.existsSync(pkg)) {
    process.stderr.write(`wasm.mjs: no MicroPython WebAssembly port at ${pkg}; run ./dev setup\n`);
    process.exit(2);
}

const chunks = { out: [], err: [] };
const sink = (key, fd) => (bytes) => {
    chunks[key].push(Buffer.from(bytes));
    if (chunks[key].length > 4096) flush(key, fd);
};
function flush(key, fd) {
    const b = Buffer.concat(chunks[key]);
    chunks[key] = [];
    let off = 0;
    while (off < b.length) off += fs.writeSync(fd, b, off, b.length - off);
}

const heap = (() => {
    const m = /^(\d+)([kKmM]?)$/.exec(process.env.MP_HEAP || "4m");
    if (!m) return 4 << 20;
    return parseInt(m[1], 10) * { "": 1, k: 1024, K: 1024, m: 1 << 20, M: 1 << 20 }[m[2]];
})();

if (process.env.MP_HEAP_FIXED === "1") {
    // emscripten says so on stderr each time the memory may not grow (below); its err()
    // is bound to console.error when the port loads
    const say = console.error;
    console.error = (...a) => (/^(growMemory|Failed to grow the heap)/.test(String(a[0])) ? undefined : say(...a));
}
const mod = await import(pathToFileURL(pkg).href);
const load = mod.loadMicroPython || globalThis.loadMicroPython;
const mp = await load({
    heapsize: heap,
    pystack: 8192,
    linebuffer: false,
    stdout: sink("out", 1),
    stderr: sink("err", 2),
});

if (process.env.MP_HEAP_FIXED === "1") {
    const RESERVE = 4 << 10;

    WebAssembly.Memory.prototype.grow = function () {
        throw new RangeError("MP_HEAP_FIXED: the WebAssembly memory may not grow");
    };
    const held = [];
    for (let size = 1 << 24; size >= 16; size >>= 1) {
        for (let a = mp._module._malloc(size); a; a = mp._module._malloc(size)) held.push([a, size]);
    }
    let back = 0;  // give back the smallest blocks first, up to RESERVE
    for (let i = held.length - 1; i >= 0 && back < RESERVE; i--) {
        mp._module._free(held[i][0]);
        back += held[i][1];
    }
    if (held.length === 0 || back >= 1 << 24) {
        process.stderr.write("wasm.mjs: MP_HEAP_FIXED: could not take the C heap\n");
        process.exit(2);
    }
}

function mkdirs(dir) {
    let cur = "";
    for (const part of dir.split("/").filter(Boolean)) {
        cur += "/" + part;
        try {
            mp.FS.mkdir(cur);
        } catch (e) {
            /* exists */
        }
    }
}
function copyTree(src, dst) {
    mkdirs(dst);
    for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
        if (ent.name === "__pycache__" || ent.name.startsWith(".")) continue;
        const s = path.join(src, ent.name);
        const d = (dst === "/" ? "" : dst) + "/" + ent.name;
        if (ent.isDirectory()) copyTree(s, d);
        else if (ent.isFile()) mp.FS.writeFile(d, fs.readFileSync(s));
    }
}
for (const t of trees) copyTree(path.resolve(t), "/");
mp.FS.writeFile("/__bench__.py", fs.readFileSync(scriptPath));

let code = 0;
try {
    mp.runPython(
        "import sys\nif '/' in sys.path:\n    sys.path.remove('/')\nsys.path.insert(0, '/')\n" +
            "exec(compile(open('/__bench__.py').read(), " + JSON.stringify(path.basename(scriptPath)) + ", 'exec'))\n",
    );
    // runPython() returns nothing; results come back through globals.
    mp.runPython("_bench_has = ('bench_step' in globals(), 'bench_done' in globals())");
    const [hasStep, hasDone] = [...mp.globals.get("_bench_has")];
    mp.runPython("del _bench_has");
    if (hasStep) {
        for (;;) {
            mp.runPython("_bench_more = bench_step()");
            if (mp.globals.get("_bench_more") !== true) break;
            mp.runPython("bench_after()");
        }
    }
    if (hasDone) mp.runPython("bench_done()");
} catch (e) {
    if (e && e.name === "PythonError") {
        chunks.err.push(Buffer.from(String(e.message).replace(/\n?$/, "\n")));
        code = 1;
    } else {
        flush("out", 1);
        flush("err", 2);
        throw e;
    }
}
flush("out", 1);
flush("err", 2);
process.exitCode = code;
