// Watches a start from the interpreter snapshot (pyodide-game.mjs) from a thread of its
// own. A damaged snapshot can leave the page's thread looping in the interpreter for
// good, where no timer of the page's runs again; this worker's still does. The page
// sends where the snapshot lies and how long a start may take, then "playable" once
// the table is; if that has not come in time, the snapshot is deleted and this build's
// noted as failed (a stuck tab's reload, or any other tab, then starts the normal way),
// and the page, if it still answers, is told so ("abandoned") and loads again.
let timer = null;

self.onmessage = (event) => {
  const asked = event.data;
  if (asked === "playable") {
    clearTimeout(timer);
    self.close();
    return;
  }
  if (!asked || typeof asked.ms !== "number" || timer !== null) return;
  timer = setTimeout(async () => {
    try {
      const cache = await caches.open(asked.cache);
      await Promise.all([cache.delete(asked.snapshot), cache.put(asked.failed, new Response(""))]);
    } catch (error) {
      // Storage that fails here fails the page's next start from the snapshot too, which
      // then drops it itself.
    }
    self.postMessage("abandoned");
    self.close();
  }, asked.ms);
};
