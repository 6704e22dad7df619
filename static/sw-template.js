// Service worker: pre-caches the whole game at install so that it plays offline.
// tools/site.py fills in VERSION (a hash of every file) and PRECACHE (every file of
// the site); a new version therefore installs a new cache and drops the old one.
"use strict";

const VERSION = "__VERSION__";
const CACHE = "solitaire-" + VERSION;
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // "no-cache" revalidates every file with the server, so a new version never
      // caches a stale copy from the HTTP cache, yet unchanged files cost a 304 only.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("solitaire-") && name !== CACHE).map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => {
        if (hit) return hit;
        if (request.mode === "navigate") {
          return cache.match("./").then((page) => page || fetch(request));
        }
        return fetch(request);
      })
    )
  );
});
