// Service worker: pre-caches the whole game at install so that it plays offline.
// tools/site.py fills in VERSION (a hash of every file), PRECACHE (every file of the
// site) and DIGESTS (the SHA-256 of each file's bytes).
//
// No byte twice: what is already on the device is not downloaded again. A first visit's
// page keeps a copy of each file it downloads itself (the runtime and the game's archive,
// static/boot.js) in the cache PAGE_COPIES; an update finds the files that did not change
// in the version it replaces. The pre-cache takes such a copy when its bytes have this
// version's digest, and fetches only the rest.
//
// Updates are predictable: a new version installs its own cache beside the old one
// and then waits. Every open page keeps the version it started with, files included
// (a solver worker started later must not run new code under an old page). The page
// announces "A new version is ready" and switches when the player asks, or when the page
// is loaded again (a reload, a new visit), in both cases only when no other tab of the
// game is open; else on the first visit after every tab was closed.
//
// Offline readiness is checked, not assumed: the cache can lose its files after the
// install (the player or the browser clears site data, an eviction under storage
// pressure), and an install can fail (a storage quota too small). The worker checks its
// cache when it starts, when it becomes active and whenever a page asks
// ("check-offline"), fetches again what is missing, and answers the page with what is
// true: "offline-ready", "offline-quota" or "offline-incomplete" (static/boot.js says so).
"use strict";

const VERSION = "__VERSION__";
const SCOPE = self.registration.scope;
// This deployment's caches only: another copy of the game on the same origin (another
// path) has caches of its own, which are none of this worker's business.
const PREFIX = "solitaire:" + new URL(SCOPE).pathname + ":";
const CACHE = PREFIX + VERSION;
const PRECACHE = __PRECACHE__;
const DIGESTS = __DIGESTS__;
const PAGE = new URL("./", SCOPE).href;
// The runtime's big files are published twice, NAME.br and NAME.gz: this worker keeps
// only those its browser's pages download, chosen as static/boot.js chooses (brotli
// where DecompressionStream decodes it), so that offline play holds each file once.
function compressedFormat() {
  try {
    new DecompressionStream("brotli");
    return "br";
  } catch {
    return "gz";
  }
}
const FORMAT = compressedFormat();
const OTHER = FORMAT === "br" ? ".gz" : ".br";
const TWINS = new Set(PRECACHE.filter((url) => url.endsWith(".br")).map((url) => url.slice(0, -3)));
const URLS = PRECACHE.filter((url) => !(url.endsWith(OTHER) && TWINS.has(url.slice(0, -3))))
  .map((url) => new URL(url, SCOPE).href);
const OWN = new Set(URLS);
const DIGEST_OF = new Map(PRECACHE.map((url) => [new URL(url, SCOPE).href, DIGESTS[url]]));
// Where a first visit's page keeps what it downloaded (static/boot.js names it the same
// way, from the page's folder, which is this worker's scope); deleted once the
// install has taken what it needs.
const PAGE_COPIES = PREFIX + "page";

// Every way the cache gets its files (the install, and a refill of what went missing).
// Rejects when a file could not be had or kept (QuotaExceededError on a full quota).
async function fill(cache, urls) {
  // One file at a time: a phone holds one copy's bytes at most.
  const sources = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  const fetched = [];
  for (const url of urls) {
    const copy = await heldCopy(url, sources);
    if (copy) await cache.put(url, copy);
    else fetched.push(url);
  }
  // "no-cache" revalidates every file with the server, so a new version never
  // caches a stale copy from the HTTP cache, yet unchanged files cost a 304 only.
  if (fetched.length) await cache.addAll(fetched.map((url) => new Request(url, { cache: "no-cache" })));
}

// A copy of this version's file already on the device (the page's download, an older
// version's cache), keyed by its exact URL and kept only if its bytes have this version's
// digest: a page of another version, or a copy damaged in storage, never feeds the cache.
async function heldCopy(url, sources) {
  const expected = DIGEST_OF.get(url);
  if (!expected) return null;
  for (const name of sources) {
    const hit = await (await caches.open(name)).match(url);
    if (!hit || !hit.ok) continue;
    const bytes = await hit.arrayBuffer().catch(() => null);
    if (bytes && (await sha256(bytes)) === expected) {
      return new Response(bytes, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
    }
  }
  return null;
}

async function sha256(bytes) {
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// This version's files that the cache does not hold.
function missing(cache) {
  return cache.keys().then((requests) => {
    const held = new Set(requests.map((request) => withoutQuery(request.url)));
    return URLS.filter((url) => !held.has(url));
  });
}

// What a page is told when the files could not be kept.
function failure(error) {
  return error && error.name === "QuotaExceededError" ? "offline-quota" : "offline-incomplete";
}

// A refill fetches files from the server, which may already publish another version:
// its files must never go into this version's cache (an offline start would mix the
// two). The server's sw.js names the version it publishes.
function serverPublishesThisVersion() {
  return fetch(new Request(self.location.href, { cache: "no-cache" }))
    .then((response) => (response.ok ? response.text() : ""))
    .then((text) => text.includes("const VERSION = " + JSON.stringify(VERSION) + ";"));
}

// Checks the cache and fetches again what it lacks: resolves to what offline play is
// now ("offline-ready", "offline-quota", "offline-incomplete"), never rejects. One
// check at a time: a page's question during a refill waits for the same answer.
let checking = null;
function checkCache() {
  if (!checking) {
    checking = caches.open(CACHE)  // recreated, empty, if it was deleted
      .then((cache) => missing(cache).then((urls) => {
        if (urls.length === 0) return "offline-ready";
        return serverPublishesThisVersion().then((same) => {
          // A newer version on the server installs beside this one with a cache of its
          // own (the browser's update check); until then offline play is not whole.
          if (!same) return "offline-incomplete";
          return fill(cache, urls)
            .then(() => missing(cache))
            .then((left) => (left.length === 0 ? "offline-ready" : "offline-incomplete"))
            .catch(failure)
            .then((state) => tell(state));
        });
      }))
      .catch(failure)
      .then((state) => {
        checking = null;
        return state;
      });
  }
  return checking;
}

// After a refill every open page of the game hears how it went, whoever started it.
function tell(state) {
  return gameWindows()
    .then((windows) => windows.forEach((client) => client.postMessage(state)))
    .then(() => state, () => state);
}

// The game's windows, controlled or not (a first visit's page is not controlled yet).
function gameWindows() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then((windows) => windows.filter((client) => client.url.startsWith(SCOPE)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // What an earlier, interrupted install of this version kept is this version's.
      .then((cache) => missing(cache).then((urls) => fill(cache, urls)))
      // The page's copies served their purpose, whatever the outcome.
      .then(() => caches.delete(PAGE_COPIES), (error) => caches.delete(PAGE_COPIES).then(() => {
        throw error;
      }, () => {
        throw error;
      }))
      .catch((error) => {
        // The install fails and this version is dropped: an update's failure leaves the
        // active version (and its offline play) as it was, but a first install's leaves
        // none, so the pages are told why offline play is not available.
        const told = self.registration.active ? Promise.resolve() : tell(failure(error));
        return told.then(() => {
          throw error;
        });
      })
  );
});

self.addEventListener("activate", (event) => {
  const activated = caches.keys()
    .then((names) => Promise.all(
      names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))
    ))
    .then(() => self.clients.claim());
  event.waitUntil(activated);
  // After activation, not within it: fetches wait for an activating worker, and a
  // refill must not hold up the page that is loading. A cache that went missing while
  // this version waited is refilled here; the page asks too once it is playable.
  activated.then(checkCache, () => undefined);
});

// A worker starts again for the first event after it was stopped: a page's request, a
// message. Its cache is checked then, unless that event is a page loading (a navigation),
// which asks once it is playable: a refill never competes with a start of the game.
let started = false;
function startCheck(event) {
  if (started) return;
  started = true;
  if (event.request && event.request.mode === "navigate") return;
  event.waitUntil(checkCache());
}

// A page asks to switch to the waiting version. Only the one open tab of the game may:
// a switch under another open tab would hand that tab's later requests the new files.
// "activate-update": the player pressed Reload (answered "close-other-tabs" when another
// tab is open); "activate-if-alone": a page that is starting, before its Python does, so
// that a plain reload of the only tab opens the new version (answered "update-deferred").
self.addEventListener("message", (event) => {
  // A page asks whether offline play is ready (static/boot.js, once it is playable and
  // whenever it is shown again), posted to the active worker: the answer is true now.
  if (event.data === "check-offline") {
    started = true;
    event.waitUntil(checkCache().then((state) => event.source.postMessage(state)));
    return;
  }
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
  startCheck(event);
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
