#!/usr/bin/env node
// node tools/bench/wasm.mjs <repo_root> <program.py> [TREE_DIR]...: the program under the
// MicroPython WebAssembly port (tests/mp/node_modules), every TREE_DIR's contents at "/",
// first on sys.path (tools/bench/wasm.py calls it). In this port gc.collect() inside Python
// only marks a collection pending; it runs once control is back here. So a program that
// measures the live heap defines bench_step() (the next piece of work; True: more to come)
// and bench_after() if it reads the heap (runs after the collection), called in turn until
// bench_step() returns False; then bench_done() if defined.
//
// MP_HEAP: the GC heap in bytes (default 4 MB; the port grows it when full). MP_HEAP_FIXED=1:
// the heap stays MP_HEAP, as on a microcontroller: the WebAssembly memory may not grow and
// the C heap is taken but for RESERVE bytes (runPython()'s buffers), since the port grows
// its heap by malloc()ing; an allocation that does not fit raises MemoryError.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [root, program, ...trees] = process.argv.slice(2);
const fixed = process.env.MP_HEAP_FIXED === "1";
const out = { stdout: [], stderr: [] };  // MicroPython hands over one byte at a time
const write = () => ["stdout", "stderr"].forEach((k) => process[k].write(Buffer.from(out[k])));

if (fixed) {  // emscripten's err(), console.error as the port loads, says so each time the memory may not grow
    const say = console.error;
    console.error = (...a) => (/^(growMemory|Failed to grow the heap)/.test(String(a[0])) ? undefined : say(...a));
}
const pkg = path.join(root, "tests/mp/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs");
const { loadMicroPython } = await import(pathToFileURL(pkg).href);
const mp = await loadMicroPython({
    heapsize: Number(process.env.MP_HEAP) || 4 << 20, pystack: 8192, linebuffer: false,
    stdout: (b) => out.stdout.push(...b), stderr: (b) => out.stderr.push(...b),
});
if (fixed) {
    const RESERVE = 4 << 10;
    WebAssembly.Memory.prototype.grow = () => {
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
    if (held.length === 0 || back >= 1 << 24) throw new Error("MP_HEAP_FIXED: could not take the C heap");
}

function copyTree(src, dst) {
    mp.FS.mkdirTree(dst);
    for (const e of fs.readdirSync(src, { withFileTypes: true })) {
        if (e.name === "__pycache__" || e.name.startsWith(".")) continue;
        const d = path.posix.join(dst, e.name);
        if (e.isDirectory()) copyTree(path.join(src, e.name), d);
        else if (e.isFile()) mp.FS.writeFile(d, fs.readFileSync(path.join(src, e.name)));
    }
}
for (const t of trees) copyTree(path.resolve(t), "/");
mp.FS.writeFile("/__bench__.py", fs.readFileSync(program));

// runPython() returns nothing: answers come back through globals (a bool needs no proxy)
const has = (name) => (mp.runPython(`_bench_has = '${name}' in globals()`), mp.globals.get("_bench_has") === true);
try {
    mp.runPython("import sys\nif '/' in sys.path:\n    sys.path.remove('/')\nsys.path.insert(0, '/')\n" +
        `exec(compile(open('/__bench__.py').read(), ${JSON.stringify(path.basename(program))}, 'exec'))\n`);
    if (has("bench_step")) {
        const after = has("bench_after");
        for (;;) {
            mp.runPython("_bench_more = bench_step()");
            if (mp.globals.get("_bench_more") !== true) break;
            if (after) mp.runPython("bench_after()");
        }
    }
    if (has("bench_done")) mp.runPython("bench_done()");
} catch (e) {
    if (e?.name !== "PythonError") {
        write();
        throw e;
    }
    out.stderr.push(...Buffer.from(String(e.message).replace(/\n?$/, "\n")));
    process.exitCode = 1;
}
write();
