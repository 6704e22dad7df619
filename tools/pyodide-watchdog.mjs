// Watches a start from the interpreter snapshot (pyodide-game.mjs) from a thread of its
// own. A damaged snapshot can leave the page's thread looping in the interpreter for
// good, where no timer of the page's runs again; this worker's still does. The page
// sends where the snapshot lies and how long a start may take, whether it is hidden
// (a hidden tab's time is not counted: the browser holds back its timers and frames),
// and ends this worker once the table is playable. If that has not come in time, the snapshot is
// deleted (a stuck tab's reload, or any other tab, then starts the normal way) and the
// page, if it still answers, is told so ("abandoned") and loads again. The snapshot is
// made again once; a second time out notes this build's as failed.
let asked = null;
let remaining = 0;
let since = 0;
let timer = null;
let abandoned = false;

function count() {
  if (timer !== null) return;
  since = Date.now();
  // A start whose time ran out just as its tab was hidden is abandoned once shown again.
  timer = setTimeout(abandon, Math.max(0, remaining));
}

function pause() {
  if (timer === null) return;
  clearTimeout(timer);
  timer = null;
  remaining -= Date.now() - since;
}

async function abandon() {
  if (abandoned) return; // a tab hidden and shown while the cache is written arms the timer again
  abandoned = true;
  try {
    const cache = await caches.open(asked.cache);
    const again = await cache.match(asked.timedOut);
    await Promise.all([cache.delete(asked.snapshot), cache.put(again ? asked.failed : asked.timedOut, new Response(""))]);
  } catch (error) {
    // Storage that fails here fails the page's next start from the snapshot too, which
    // then drops it itself.
  }
  self.postMessage("abandoned");
  self.close();
}

self.onmessage = (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return;
  if (typeof message.ms === "number" && asked === null) {
    asked = message;
    remaining = message.ms;
  }
  if (asked === null) return;
  if (message.hidden) pause();
  else count();
};
