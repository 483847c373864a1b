// Tablebox in a web page: the device loop (firmware/main.py) with the page as hardware.
//
// Loads the official MicroPython WebAssembly port, unpacks the box's files from app.bin
// (compiled core, text tables; tools/web.py) into its filesystem, builds the box
// (web/box.py start) and calls box.step(now_ms, mask) every STEP_MS and in every input
// event: time from performance.now() masked to 2**30 like the Pico's ticks_ms, the seed
// from crypto.getRandomValues (or ?seed=N, for tests like firmware/config.SEED). The core
// does the rest: debounce, long press, saves.
//
// Buttons: the elements with data-button (touch, mouse, pen; click, and Enter or Space on
// the focused one, for a keyboard or a screen reader) and the keys of the terminal
// simulator (arrows, Enter = OK, Backspace/Esc = BACK, y/n = YES/NO; o and b too).
// Holding one is holding the button: the core makes a long press of it.
//
// Secrecy: every button goes through the same code; the only thing that tells YES from
// NO is its bit in the mask handed to the core, which shows both the same frames and LEDs.
// Nothing is logged but the type of an error that stops the box (never frames or state).

import { loadMicroPython } from "./micropython.mjs";

const BITS = { UP: 1, DOWN: 2, LEFT: 4, RIGHT: 8, OK: 16, BACK: 32, YES: 64, NO: 128 };
const KEYS = new Map(Object.entries({
    ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
    Enter: "OK", o: "OK", Backspace: "BACK", Escape: "BACK", b: "BACK", y: "YES", n: "NO",
}));
const STEP_MS = 10;
const DEBOUNCE_MS = 20; // core/buttons.py: a button's edges closer than this are chatter
const TICKS_MASK = 2 ** 30 - 1;
const ON = [230, 240, 255, 255]; // a lit pixel (host_sim/png.py's colour); unlit is black
const OFF = [0, 0, 0, 255];
const PLAYING = 1; // web/box.py Box.state(): a game or the vote runs
const HOLD = 2; // a long BACK leaves to the home menu
// The page's own words, in the box's language (its settings)
const WORDS = {
    en: { hold: "Hold BACK for the menu", asleep: "The screen sleeps: tap any button to wake it" },
    de: { hold: "BACK halten: zum Menü", asleep: "Der Bildschirm schläft: tippe auf eine Taste" },
    nl: { hold: "BACK vasthouden: naar het menu", asleep: "Het scherm slaapt: tik op een knop" },
};

const root = document.querySelector(".box");
const canvas = document.getElementById("panel");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(128, 64);
const note = document.getElementById("note");
const hint = document.getElementById("hint");
const asleep = document.getElementById("asleep");
const lines = document.getElementById("lines");
const buttons = [...document.querySelectorAll("[data-button]")];
const lamps = [...document.querySelectorAll("[data-led]")].sort((a, b) => a.dataset.led - b.dataset.led);

// ---- input. Who holds which button (pointers, keys) gives the level each button should
// have; every change of it is queued as an edge and the core gets the edges in order, one
// a step, each at least DEBOUNCE_MS after the last one of that button (the core would
// take a quicker one for contact chatter): a tap of any length, a click, or events that
// a busy browser delivers in a bunch all reach the core whole. A step runs in the input
// event itself, so the panel answers at once: Chromium holds timers back for up to
// 100 ms after a touch; while a button is held or an edge waits, animation frames step.
const pointers = new Map(); // pointerId -> bit
const keys = new Map(); // KeyboardEvent.code -> bit
const queue = []; // [bit, down] not yet handed to the core
const lastEdge = new Map(); // bit -> when its last edge reached the core
let wanted = 0; // the level every button has once the queue is through
let level = 0; // what the core is given

function sync() {
    let want = 0;
    for (const bit of pointers.values()) want |= bit;
    for (const bit of keys.values()) want |= bit;
    for (let bit = 1; bit < 256; bit <<= 1) if ((want ^ wanted) & bit) queue.push([bit, (want & bit) !== 0]);
    wanted = want;
    step();
    animate();
}

function tap(bit) {
    if (wanted & bit) return; // held already: a click adds nothing
    queue.push([bit, true], [bit, false]);
    step();
    animate();
}

function nextEdge(now) {
    if (!queue.length) return;
    const [bit, down] = queue[0];
    if (now - (lastEdge.get(bit) ?? -Infinity) < DEBOUNCE_MS) return;
    queue.shift();
    lastEdge.set(bit, now);
    level = down ? level | bit : level & ~bit;
}

let animating = false;
function animate() {
    if (animating || !(level || queue.length)) return;
    animating = true;
    requestAnimationFrame(function frame() {
        step();
        if (level || queue.length) requestAnimationFrame(frame);
        else animating = false;
    });
}

for (const el of buttons) {
    const bit = BITS[el.dataset.button];
    el.addEventListener("pointerdown", (e) => {
        if (e.pointerType === "mouse" && e.button !== 0) return;
        e.preventDefault(); // no focus, no text selection: nothing stays on the button
        el.setPointerCapture(e.pointerId);
        pointers.set(e.pointerId, bit);
        sync();
    });
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
        el.addEventListener(type, (e) => { if (pointers.delete(e.pointerId)) sync(); });
    }
    // A click no pointer made (detail 0): a screen reader's activation, element.click().
    el.addEventListener("click", (e) => { if (e.detail === 0) tap(bit); });
}
addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const own = e.target.closest?.("[data-button]");
    const name = own && (e.key === "Enter" || e.key === " ") ? own.dataset.button // the focused button
        : KEYS.get(e.key) || KEYS.get(e.key.toLowerCase());
    if (!name) return;
    e.preventDefault(); // and no click from Enter or Space: the key is the press
    if (keys.has(e.code)) return; // auto-repeat: still held
    keys.set(e.code, BITS[name]);
    sync();
});
addEventListener("keyup", (e) => {
    if (!keys.delete(e.code)) return;
    e.preventDefault();
    sync();
});
function letGo() { // a key or touch released elsewhere must not stay held
    keys.clear();
    pointers.clear();
    sync();
}
addEventListener("blur", letGo);
addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a long press

let shownMask = -1;
function showHeld(mask) {
    if (mask === shownMask) return;
    shownMask = mask;
    for (const el of buttons) el.classList.toggle("held", (mask & BITS[el.dataset.button]) !== 0);
}

// ---- awake while a game or the vote runs: the Screen Wake Lock, released on the home
// menu and while the page is hidden (the browser drops it then; it is asked again after)
let playing = false;
let lock = null; // a WakeLockSentinel, or a promise of one
let refused = false; // asked in vain (no permission, power saving): not again until shown anew
function keepAwake() {
    const want = playing && document.visibilityState === "visible" && "wakeLock" in navigator && !refused;
    if (want && !lock) {
        lock = navigator.wakeLock.request("screen").then((sentinel) => {
            sentinel.addEventListener("release", () => { if (lock === sentinel) lock = null; });
            lock = sentinel;
            keepAwake(); // let it go if it is no longer wanted
            return sentinel;
        }, () => { // the page plays on without it
            lock = null;
            refused = true;
        });
    } else if (!want && lock && !(lock instanceof Promise)) {
        const sentinel = lock;
        lock = null;
        sentinel.release();
    }
}
document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") letGo();
    refused = false;
    keepAwake();
});

// ---- the panel and the LEDs, called from web/box.py
let words = WORDS.en;
let first = true;
const page = {
    show(hex, pages) {
        const px = image.data;
        let top = 8;
        let bottom = -1;
        for (let p = 0; p < 8; p++) {
            if (!(pages & (1 << p))) continue;
            top = Math.min(top, p);
            bottom = p;
            for (let x = 0; x < 128; x++) {
                const byte = parseInt(hex.substr((p * 128 + x) * 2, 2), 16);
                for (let b = 0; b < 8; b++) px.set(byte & (1 << b) ? ON : OFF, ((p * 8 + b) * 128 + x) * 4);
            }
        }
        // one put per frame: the canvas never holds half of one
        if (bottom >= 0) ctx.putImageData(image, 0, 0, 0, top * 8, 128, (bottom - top + 1) * 8);
        if (first) {
            first = false;
            performance.mark("tablebox-first-frame");
        }
    },
    screen(text, state) {
        // The screen's text for a screen reader; a selected row (core.frame: "> ") says so.
        const said = text.split("\n").map((s) => (s.startsWith("> ") ? s.slice(2) + " (selected)" : s));
        const lang = box.lang();
        words = WORDS[lang] || WORDS.en;
        if (lines.lang !== lang) lines.lang = document.documentElement.lang = lang;
        if (lines.textContent !== said.join("")) lines.replaceChildren(...said.map((s) => {
            const p = document.createElement("p");
            p.textContent = s;
            return p;
        }));
        hint.textContent = words.hold;
        asleep.textContent = words.asleep;
        root.classList.toggle("can-hold", (state & HOLD) !== 0);
        playing = (state & PLAYING) !== 0;
        keepAwake();
    },
    power(on) {
        canvas.style.visibility = on ? "" : "hidden"; // the panel keeps its pixels, dark
        asleep.hidden = on;
        if (!on) lines.replaceChildren(Object.assign(document.createElement("p"), { textContent: words.asleep }));
    },
    contrast(level) {
        // The page's panel is at full brightness from the box's default level (128) up;
        // the lower settings dim it as on the box (a phone has its own brightness too).
        const b = Math.min(1, 0.5 + (0.5 * level) / 128);
        canvas.style.filter = b < 1 ? `brightness(${b.toFixed(3)})` : "";
    },
    leds(...levels) {
        levels.forEach((level, i) => {
            lamps[i].style.setProperty("--led", (level / 255).toFixed(3));
            lamps[i].classList.toggle("lit", level >= 128);
        });
    },
};

// ---- layout: portrait (panel, D-pad, the vote buttons under it) or landscape (panel on
// the left, D-pad and vote buttons on the right), never scrolling. The panel gets what the
// buttons leave, in whole device pixels per panel pixel unless that wastes much.
function layout() {
    const cs = getComputedStyle(root);
    const px = (v) => parseFloat(cs.getPropertyValue(v)) || 0;
    const W = root.clientWidth - px("padding-left") - px("padding-right");
    const H = root.clientHeight - px("padding-top") - px("padding-bottom");
    const land = W > H;
    const g = Math.round(Math.min(16, Math.max(8, Math.min(W, H) * 0.025)));
    const v = Math.round(Math.min(120, Math.max(56, H * 0.12)));
    const text = 24 + (matchMedia("(hover: hover) and (pointer: fine)").matches ? 36 : 0); // the hint, the keys
    let p;
    if (land) p = Math.min(380, H - v - g, W * 0.45);
    else p = Math.min(380, W, Math.max(140, H - v - 2 * g - text - W / 2));
    root.classList.toggle("landscape", land);
    root.classList.toggle("portrait", !land);
    root.style.setProperty("--g", g + "px");
    root.style.setProperty("--p", Math.floor(p) + "px");
    root.style.setProperty("--v", v + "px");
    fit();
}

function fit() {
    const glass = canvas.parentElement;
    const area = glass.parentElement; // .screen: the panel and the lines under it
    let h = area.clientHeight - (glass.offsetHeight - canvas.offsetHeight);
    for (const el of area.children) if (el !== glass) h -= el.offsetHeight;
    const w = area.clientWidth;
    const dpr = devicePixelRatio || 1;
    const s = Math.min((w * dpr) / 128, (h * dpr) / 64); // device pixels per panel pixel
    const whole = Math.floor(s) >= 0.85 * s ? Math.floor(s) : s;
    canvas.style.width = (whole * 128) / dpr + "px";
    canvas.style.height = (whole * 64) / dpr + "px";
}
addEventListener("resize", layout);
layout();

// ---- the loop
let box = null;
let gc = null;
let frames = 0;
let settle = false;
let steps = 0;
let stopped = false;

function step() {
    if (!box || stopped) return;
    const ms = Math.floor(performance.now());
    nextEdge(ms);
    showHeld(level);
    try {
        box.step(ms & TICKS_MASK, level);
        steps++;
        // As on the device: collect garbage on the step after a frame, while the table
        // reads it, so a press takes the same time whatever the heap held (YES or NO).
        if (box.frames !== frames) {
            frames = box.frames;
            settle = true;
        } else if (settle) {
            settle = false;
            gc.collect();
        }
    } catch (e) {
        stop(e);
    }
}

function stop(e) {
    stopped = true;
    console.error("Tablebox stopped:", e.type || e.name); // the type only: a message may tell state
    note.textContent = "The box stopped. Reload the page: the game resumes from its last save.";
    note.hidden = false;
}

// For the browser tests and the benchmark: how far the page is, nothing of the game.
window.tablebox = { get steps() { return steps; }, get pending() { return queue.length; } };

function seed() {
    const fixed = new URLSearchParams(location.search).get("seed");
    if (fixed !== null) return Number(fixed) | 0;
    return crypto.getRandomValues(new Int32Array(1))[0]; // the core takes the low 32 bits
}

// app.bin: gzip of [2-byte name length, name, 4-byte data length, data]... (tools/web.py)
async function unpack(response) {
    const raw = new DataView(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    const out = [];
    const text = new TextDecoder();
    for (let i = 0; i < raw.byteLength;) {
        const n = raw.getUint16(i, true);
        const name = text.decode(new Uint8Array(raw.buffer, i + 2, n));
        const size = raw.getUint32(i + 2 + n, true);
        i += 6 + n;
        out.push([name, new Uint8Array(raw.buffer, i, size)]);
        i += size;
    }
    return out;
}

async function boot() {
    const quiet = () => {}; // MicroPython's output never reaches the console
    const [mp, files] = await Promise.all([
        loadMicroPython({ heapsize: 2 << 20, pystack: 8192, linebuffer: false, stdout: quiet, stderr: quiet }),
        fetch("app.bin").then(unpack),
    ]);
    performance.mark("tablebox-loaded"); // the port running, the files unpacked (tools/bench/web.py)
    for (const [path, data] of files) {
        const parts = path.split("/");
        for (let i = 1; i < parts.length; i++) {
            const dir = "/" + parts.slice(0, i).join("/");
            if (!mp.FS.analyzePath(dir).exists) mp.FS.mkdir(dir);
        }
        mp.FS.writeFile("/" + path, data);
    }
    mp.pyimport("sys").path.insert(0, "/");
    box = mp.pyimport("web.box").start(page, localStorage, seed());
    gc = mp.pyimport("gc");
    root.style.setProperty("--long", box.long_ms + "ms");
    step();
    note.hidden = true;
    setInterval(step, STEP_MS);
}

if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
boot().catch(stop);
