// Service worker: pre-caches the whole game at install so that it plays offline.
// tools/site.py fills in VERSION (a hash of every file) and PRECACHE (every file of
// the site).
//
// Updates are predictable: a new version installs its own cache beside the old one
// and then waits. Every open page keeps the version it started with, files included
// (a solver worker started later must not run new code under an old page). The page
// announces "A new version is ready" and switches when the player asks, or when the page
// is loaded again (a reload, a new visit), in both cases only when no other tab of the
// game is open; else on the first visit after every tab was closed.
"use strict";

const VERSION = "__VERSION__";
const SCOPE = self.registration.scope;
// This deployment's caches only: another copy of the game on the same origin (another
// path) has caches of its own, which are none of this worker's business.
const PREFIX = "solitaire:" + new URL(SCOPE).pathname + ":";
const CACHE = PREFIX + VERSION;
const PRECACHE = __PRECACHE__;
const PAGE = new URL("./", SCOPE).href;
const OWN = new Set(PRECACHE.map((url) => new URL(url, SCOPE).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // "no-cache" revalidates every file with the server, so a new version never
      // caches a stale copy from the HTTP cache, yet unchanged files cost a 304 only.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" }))))
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

// A page asks to switch to the waiting version. Only the one open tab of the game may:
// a switch under another open tab would hand that tab's later requests the new files.
// "activate-update": the player pressed Reload (answered "close-other-tabs" when another
// tab is open); "activate-if-alone": a page that is starting, before its Python does, so
// that a plain reload of the only tab opens the new version (answered "update-deferred").
self.addEventListener("message", (event) => {
  // Posted to the waiting worker itself (registration.waiting), which alone can skip waiting.
  const asked = event.data;
  if (asked !== "activate-update" && asked !== "activate-if-alone") return;
  event.waitUntil(
    // A waiting worker controls no page yet: ask for every window, keep the game's.
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      if (windows.filter((client) => client.url.startsWith(SCOPE)).length <= 1) return self.skipWaiting();
      event.source.postMessage(asked === "activate-update" ? "close-other-tabs" : "update-deferred");
      return undefined;
    })
  );
});

function withoutQuery(url) {
  const parsed = new URL(url);
  parsed.search = "";
  parsed.hash = "";
  return parsed.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = withoutQuery(request.url);
  if (request.mode === "navigate") {
    // Only the game's own page; any other page under the same path is the server's.
    if (url !== PAGE && url !== PAGE + "index.html") return;
    event.respondWith(
      caches.open(CACHE)
        .then((cache) => cache.match("./"))
        .then((page) => page || fetch(request))
    );
    return;
  }
  if (!OWN.has(url)) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request))
  );
});
