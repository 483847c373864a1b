// Tablebox service worker: after the first visit the page loads and plays offline.
// tools/web.py writes BUILD: the site's files and a version made from their contents, so
// a new build installs a fresh cache and the old one is dropped when it takes over.
const BUILD = { version: "source", files: [] };
const CACHE = "tablebox-" + BUILD.version;

self.addEventListener("install", (e) => {
    e.waitUntil(caches.open(CACHE).then((c) => c.addAll(BUILD.files)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
    const old = (names) => names.filter((n) => n.startsWith("tablebox-") && n !== CACHE);
    e.waitUntil(
        caches.keys()
            .then((names) => Promise.all(old(names).map((n) => caches.delete(n))))
            .then(() => self.clients.claim()),
    );
});

// Cache first: the files of one build never change. ?seed=N and the like are the same page.
self.addEventListener("fetch", (e) => {
    if (e.request.method !== "GET") return;
    e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
