// The interpreter module the page names in pyscript.toml: Pyodide as npm ships it,
// started with the game's own standard library (tools/stdlib.py builds it: only the
// modules the game imports, compiled to byte code, so no boot compiles them again),
// and on a return visit from a memory snapshot of the started interpreter.
//
// PyScript imports this module, reads `version` and calls `loadPyodide` with a few
// options of its own; it has no setting for the standard library's URL, so this
// wrapper adds it. tools/vendor.py copies it next to pyodide.mjs (PyScript takes the
// runtime's folder, indexURL, from the interpreter module's URL) and fills in BUILD.
//
// The snapshot (Pyodide's private _loadSnapshot / makeMemorySnapshot) holds Python
// after start-up with the standard library imported. It is made on the player's own
// machine, in a worker (pyodide-snapshot.mjs), on the second visit after the page is
// playable (a one-time visitor never pays for it), and kept in Cache Storage under a
// key naming the runtime's version and the standard library's hash, since a snapshot
// only fits the exact build it came from. Any failure to use it falls back to the
// normal start and drops the snapshot.
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

export { version };

export const BUILD = "__BUILD__";
export const stdLibURL = new URL("./python_stdlib_game.zip", import.meta.url).href;
export const SNAPSHOTS = "pyodide-snapshots";
export const THIS_BUILD = `${version}-${BUILD}`;
export const SNAPSHOT_KEY = new URL(`./snapshot-${THIS_BUILD}`, import.meta.url).href;
export const FAILED_KEY = new URL(`./failed-${THIS_BUILD}`, import.meta.url).href;
const VISITED_KEY = new URL(`./visited-${THIS_BUILD}`, import.meta.url).href;
const SNAPSHOT_DELAY_MS = 3000; // after the page is playable: its first moments belong to the player

async function storedSnapshot() {
  try {
    if (!globalThis.caches) return null;
    const cache = await caches.open(SNAPSHOTS);
    const hit = await cache.match(SNAPSHOT_KEY);
    if (hit) return new Uint8Array(await hit.arrayBuffer());
    if (typeof document !== "undefined" && !(await cache.match(FAILED_KEY))) {
      if (await cache.match(VISITED_KEY)) whenPlayable(makeSnapshot);
      else await cache.put(VISITED_KEY, new Response(""));
    }
  } catch (error) {
    console.warn("No interpreter snapshot:", error);
  }
  return null;
}

export async function loadPyodide(options = {}) {
  // In the page, a waiting new version of the game may take over first (static/boot.js):
  // Python starts only on the version the page keeps.
  await globalThis.solitaireBoot?.updateChecked;
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      const pyodide = await loadRuntime({ stdLibURL, ...options, _loadSnapshot: snapshot });
      // The snapshot holds the random generator's state: without a new seed every
      // restored start would deal the same "random" games.
      pyodide.runPython("import random; random.seed()");
      performance.mark("pyodide-snapshot-restored");
      return pyodide;
    } catch (error) {
      console.warn("The interpreter snapshot did not load; starting afresh:", error);
      caches.open(SNAPSHOTS)
        .then((cache) => Promise.all([cache.delete(SNAPSHOT_KEY), cache.put(FAILED_KEY, new Response(""))]))
        .catch(() => {});
    }
  }
  return loadRuntime({ stdLibURL, ...options });
}

function whenPlayable(callback) {
  // The mark says a snapshot is on its way (a first visit never makes one).
  const start = () => { performance.mark("pyodide-snapshot-scheduled"); setTimeout(callback, SNAPSHOT_DELAY_MS); };
  if (document.body?.dataset.ready === "true") return start();
  const observer = new MutationObserver(() => {
    if (document.body?.dataset.ready !== "true") return;
    observer.disconnect();
    start();
  });
  observer.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
}

function makeSnapshot() {
  const worker = new Worker(new URL("./pyodide-snapshot.mjs", import.meta.url), { type: "module" });
  worker.onmessage = worker.onerror = (event) => {
    if (event.data?.error || event.message) console.warn("No interpreter snapshot:", event.data?.error || event.message);
    worker.terminate();
  };
}
