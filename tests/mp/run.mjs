#!/usr/bin/env node
// Run a Python script under real MicroPython (the official WebAssembly port from npm),
// with the repo's core/ package importable.
//
//   node tests/mp/run.mjs [--path DIR]... <repo_root> [script.py | -]
//
// The script is read from the file, or from stdin when it is "-" or missing.
// Every .py file (and data file, .txt and .bin) under <repo_root>/core/ is copied into the wasm filesystem at /core/...,
// keeping paths. Each --path DIR (repeatable; relative to <repo_root> unless absolute) is
// copied too: a directory inside the repo keeps its repo-relative path (--path host_sim
// -> /host_sim/...), one outside the repo lands at /<basename>/. "/" is put first on
// sys.path, so `import core.rng` works.
//
// MicroPython's stdout goes to node's stdout as raw bytes; its stderr to node's stderr.
// If the script raises, the MicroPython traceback goes to stderr and the exit code is 1
// (SystemExit(n) exits with n). Exit code 2 is a usage or setup error.
//
// Environment: MP_HEAP  GC heap size in bytes, or with a k/m suffix (default 4m).
//              MP_PYSTACK  Python stack size in words (default 8192).

import fs from "node:fs";
import path from "node:path";

const PKG = "@micropython/micropython-webassembly-pyscript";

function usage(msg) {
    if (msg) process.stderr.write(`run.mjs: ${msg}\n`);
    process.stderr.write("usage: node tests/mp/run.mjs [--path DIR]... <repo_root> [script.py | -]\n");
    process.exit(2);
}

function parseSize(text, fallback) {
    if (text === undefined || text === "") return fallback;
    const m = /^(\d+)([kKmM]?)$/.exec(text.trim());
    if (!m) usage(`bad size: ${text}`);
    const mult = { "": 1, k: 1024, K: 1024, m: 1 << 20, M: 1 << 20 }[m[2]];
    return parseInt(m[1], 10) * mult;
}

// ---- arguments
const extra = [];
const positional = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--path") {
        if (i + 1 >= argv.length) usage("--path needs a directory");
        extra.push(argv[++i]);
    } else if (a.startsWith("--path=")) {
        extra.push(a.slice(7));
    } else if (a === "-h" || a === "--help") {
        usage();
    } else {
        positional.push(a);
    }
}
if (positional.length < 1 || positional.length > 2) usage();
const root = path.resolve(positional[0]);
const scriptArg = positional[1];
if (!fs.existsSync(path.join(root, "core"))) usage(`no core/ under ${root}`);

let source;
let scriptName;
if (scriptArg === undefined || scriptArg === "-") {
    source = fs.readFileSync(0, "utf8");
    scriptName = "<stdin>";
} else {
    source = fs.readFileSync(scriptArg, "utf8");
    scriptName = scriptArg;
}

const heapsize = parseSize(process.env.MP_HEAP, 4 << 20);
const pystack = parseSize(process.env.MP_PYSTACK, 8192);

// ---- output: MicroPython hands over one byte at a time; buffer and write synchronously,
// so nothing is lost when the process exits.
function makeSink(fd) {
    let buf = Buffer.alloc(1 << 16);
    let n = 0;
    const flush = () => {
        if (n) {
            let off = 0;
            while (off < n) off += fs.writeSync(fd, buf, off, n - off);
            n = 0;
        }
    };
    const write = (bytes) => {
        for (const b of bytes) {
            if (n === buf.length) flush();
            buf[n++] = b;
        }
    };
    return { write, flush };
}
const out = makeSink(1);
const err = makeSink(2);

// ---- load the port
let loadMicroPython;
try {
    const mod = await import(PKG);
    loadMicroPython = mod.loadMicroPython || globalThis.loadMicroPython;
} catch (e) {
    process.stderr.write(`run.mjs: cannot load ${PKG} (${e.message}); run ./dev setup\n`);
    process.exit(2);
}
const mp = await loadMicroPython({
    heapsize,
    pystack,
    linebuffer: false,
    stdout: (bytes) => out.write(bytes),
    stderr: (bytes) => err.write(bytes),
});

// ---- filesystem
function mkdirs(FS, dir) {
    let cur = "";
    for (const part of dir.split("/").filter(Boolean)) {
        cur += "/" + part;
        try {
            FS.mkdir(cur);
        } catch (e) {
            /* exists */
        }
    }
}

function copyTree(FS, srcDir, dstDir, onlyPy) {
    mkdirs(FS, dstDir);
    for (const ent of fs.readdirSync(srcDir, { withFileTypes: true })) {
        if (ent.name === "__pycache__" || ent.name === "node_modules" || ent.name.startsWith(".")) continue;
        const src = path.join(srcDir, ent.name);
        const dst = dstDir + "/" + ent.name;
        if (ent.isDirectory()) {
            copyTree(FS, src, dst, onlyPy);
        } else if (ent.isFile() && (!onlyPy || /\.(py|txt|bin)$/.test(ent.name))) {
            FS.writeFile(dst, fs.readFileSync(src));
        }
    }
}

copyTree(mp.FS, path.join(root, "core"), "/core", true);
for (const dir of extra) {
    const abs = path.resolve(root, dir);
    if (!fs.statSync(abs, { throwIfNoEntry: false })?.isDirectory()) usage(`--path ${dir}: not a directory`);
    const rel = path.relative(root, abs);
    const inside = rel && !rel.startsWith("..") && !path.isAbsolute(rel);
    const dst = "/" + (inside ? rel.split(path.sep).join("/") : path.basename(abs));
    copyTree(mp.FS, abs, dst, false);
}
mp.FS.writeFile("/__main__.py", source);
try {
    mp.FS.chdir("/");
} catch (e) {
    /* already there */
}

// ---- run. The script is compiled under its own file name so tracebacks point at it.
const boot = `
import sys
if "/" in sys.path:
    sys.path.remove("/")
sys.path.insert(0, "/")
with open("/__main__.py") as _f:
    _src = _f.read()
_code = compile(_src, ${JSON.stringify(scriptName)}, "exec")
del _f, _src
exec(_code, {"__name__": "__main__"})
`;

let code = 0;
try {
    mp.runPython(boot);
} catch (e) {
    if (e && e.name === "PythonError") {
        if (e.type === "SystemExit") {
            const m = /SystemExit:?\s*(\S*)/.exec(e.message || "");
            const arg = m ? m[1] : "";
            code = arg === "" || arg === "None" ? 0 : /^-?\d+$/.test(arg) ? parseInt(arg, 10) & 255 : 1;
            if (code && arg && !/^-?\d+$/.test(arg)) err.write(Buffer.from(arg + "\n"));
        } else {
            err.write(Buffer.from(String(e.message).replace(/\n?$/, "\n")));
            code = 1;
        }
    } else {
        out.flush();
        err.flush();
        throw e;
    }
}
out.flush();
err.flush();
process.exitCode = code;
