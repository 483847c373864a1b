// Tablebox in a web page: the device loop (firmware/main.py) with the page as hardware.
//
// Loads the official MicroPython WebAssembly port, writes the core and web/box.py from
// app.json into its filesystem, builds the App (web/box.py start) and calls
// app.step(now_ms, mask) every STEP_MS: time from performance.now() masked to 2**30 like
// the Pico's ticks_ms, the seed from crypto.getRandomValues (or ?seed=N, for tests like
// firmware/config.SEED). The core does the rest: debounce, long press, saves.
//
// Buttons: the elements with data-button (touch, mouse, pen) and the keys of the terminal
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
const TICKS_MASK = 2 ** 30 - 1;
const ON = [230, 240, 255, 255]; // a lit pixel (host_sim/png.py's colour); unlit is black
const OFF = [0, 0, 0, 255];

const canvas = document.getElementById("panel");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(128, 64);
const note = document.getElementById("note");
const buttons = [...document.querySelectorAll("[data-button]")];
const lamps = [...document.querySelectorAll("[data-led]")].sort((a, b) => a.dataset.led - b.dataset.led);

// ---- input: what is held now, plus what went down since the last step (a tap shorter
// than a step still reaches the core)
const pointers = new Map(); // pointerId -> bit
const keys = new Map(); // KeyboardEvent.code -> bit
let tapped = 0;

function mask() {
    let mask = tapped;
    for (const bit of pointers.values()) mask |= bit;
    for (const bit of keys.values()) mask |= bit;
    return mask;
}

for (const el of buttons) {
    const bit = BITS[el.dataset.button];
    el.addEventListener("pointerdown", (e) => {
        e.preventDefault(); // no focus, no text selection: nothing stays on the button
        el.setPointerCapture(e.pointerId);
        pointers.set(e.pointerId, bit);
        tapped |= bit;
    });
    for (const type of ["pointerup", "pointercancel"]) el.addEventListener(type, (e) => pointers.delete(e.pointerId));
}
addEventListener("keydown", (e) => {
    const name = KEYS.get(e.key) || KEYS.get(e.key.toLowerCase());
    if (!name || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    if (!keys.has(e.code)) tapped |= BITS[name]; // auto-repeat keeps it held, no new tap
    keys.set(e.code, BITS[name]);
});
addEventListener("keyup", (e) => keys.delete(e.code));
addEventListener("blur", () => keys.clear()); // a key released elsewhere must not stay held
addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a long press

let shownMask = -1;
function showHeld(mask) {
    if (mask === shownMask) return;
    shownMask = mask;
    for (const el of buttons) el.classList.toggle("held", (mask & BITS[el.dataset.button]) !== 0);
}

// ---- the panel and the LEDs, called from web/box.py
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
    },
    power(on) {
        canvas.style.visibility = on ? "" : "hidden"; // the panel keeps its pixels, dark
    },
    contrast(level) {
        canvas.style.filter = `brightness(${(0.5 + (0.5 * level) / 255).toFixed(3)})`;
    },
    leds(...levels) {
        levels.forEach((level, i) => lamps[i].style.setProperty("--led", (level / 255).toFixed(3)));
    },
};

// On a dense screen the panel fills the width; where a panel pixel is only a few device
// pixels wide, uneven widths would show, so there it gets a whole number of them.
function fit() {
    const dpr = devicePixelRatio || 1;
    const scale = Math.max(1, Math.floor((canvas.parentElement.clientWidth * dpr) / 128));
    canvas.style.width = dpr < 2 ? `${(scale * 128) / dpr}px` : "";
}
addEventListener("resize", fit);
fit();

// ---- the loop
function run(app, gc) {
    let frames = app.frames;
    let settle = false;
    const timer = setInterval(() => {
        const down = mask();
        tapped = 0;
        showHeld(down);
        try {
            app.step(Math.floor(performance.now()) & TICKS_MASK, down);
            // As on the device: collect garbage on the step after a frame, while the table
            // reads it, so a press takes the same time whatever the heap held (YES or NO).
            if (app.frames !== frames) {
                frames = app.frames;
                settle = true;
            } else if (settle) {
                settle = false;
                gc.collect();
            }
        } catch (e) {
            clearInterval(timer);
            stopped(e);
        }
    }, STEP_MS);
}

function stopped(e) {
    console.error("Tablebox stopped:", e.type || e.name); // the type only: a message may tell state
    note.textContent = "The box stopped. Reload the page: the game resumes from its last save.";
    note.hidden = false;
}

function seed() {
    const fixed = new URLSearchParams(location.search).get("seed");
    if (fixed !== null) return Number(fixed) | 0;
    return crypto.getRandomValues(new Int32Array(1))[0]; // the core takes the low 32 bits
}

async function boot() {
    const quiet = () => {}; // MicroPython's output never reaches the console
    const [mp, files] = await Promise.all([
        loadMicroPython({ heapsize: 2 << 20, pystack: 8192, linebuffer: false, stdout: quiet, stderr: quiet }),
        fetch("app.json").then((r) => r.json()),
    ]);
    for (const path of Object.keys(files)) {
        const parts = path.split("/");
        for (let i = 1; i < parts.length; i++) {
            const dir = "/" + parts.slice(0, i).join("/");
            if (!mp.FS.analyzePath(dir).exists) mp.FS.mkdir(dir);
        }
        const data = files[path]; // a .bin file comes in base64 (tools/web.py)
        mp.FS.writeFile("/" + path, path.endsWith(".bin") ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : data);
    }
    mp.pyimport("sys").path.insert(0, "/");
    const app = mp.pyimport("web.box").start(page, localStorage, seed());
    note.hidden = true;
    run(app, mp.pyimport("gc"));
}

if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
boot().catch(stopped);
