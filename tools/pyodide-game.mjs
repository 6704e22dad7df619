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
// machine, in a worker (pyodide-snapshot.mjs), after the page is playable: on the
// second visit (a one-time visitor never pays for it), or already on the first when
// Python's start took longer than SLOW_START_MS on this visit. In WebKit (every iPhone
// browser) that start takes seconds, which the snapshot takes away from the second
// visit on instead of the third. Its worker starts a second interpreter, which takes a
// processor from the player's first moves on a 2-core phone, so it starts at a quiet
// moment (whenQuiet): QUIET_MS without a press or a key once the table is playable (and,
// on a first visit, the offline copy settled), or at once when the page is hidden. A
// visit that ends before the worker is done loses it (a page's worker dies with it): the
// next visit makes it. It is kept in Cache Storage under a key naming the
// runtime's version and the standard library's hash, since a snapshot only fits the
// exact build it came from. Any failure to use it falls back to the normal start and
// drops the snapshot:
// - its bytes are checked against the SHA-256 its worker stored beside them before the
//   interpreter's memory is overwritten with them: a damaged snapshot (a flipped byte
//   can kill Python later, raise MemoryError or loop for ever) is dropped before it runs,
//   and made again once the page is playable;
// - a start from it that fails on the way (the loading screen's error) drops it and loads
//   the page again, which starts the normal way;
// - a start from it that has not made the table playable within SNAPSHOT_WATCH_MS (counted
//   while the page is shown) drops it from a worker (pyodide-watchdog.mjs), whose timer
//   runs even when the page's own thread is stuck in the interpreter: the page, if it
//   still answers, loads again, and a stuck tab's reload, or any other tab, starts the
//   normal way. The snapshot is made again once; a second time out fails the build's.
// A failure of the connection (a download that stalls or fails) is not the snapshot's.
//
// The big files travel compressed whatever the host does (a plain static server sends
// them raw: 16 MB instead of 5): the runtime's (tools/vendor.py), its standard library and
// the game's archive (tools/pyfiles.py), both zips of uncompressed members, so compressed
// whole. The site holds NAME.gz and NAME.br in their place (tools/packing.py), and the page
// downloads the one its browser decodes (brotli where it can). This module hands Pyodide
// and PyScript the decompressed files (DecompressionStream), through its own fetch of them:
// the WebAssembly as a Response of type application/wasm, so that it still compiles while
// it downloads; pyodide.asm.mjs as the factory Pyodide takes as its createPyodideModule
// option (a module cannot be imported from bytes under the page's Content-Security-Policy,
// which allows no blob: scripts, so its text is run as a function; 'unsafe-eval' is in the
// policy anyway). In the page the loading screen (static/boot.js) has started these
// downloads before any module ran, and counts their bytes; a worker downloads its own.
import { loadPyodide as loadPlainRuntime, version } from "./pyodide.mjs";
import { UnsupportedZip, unzipInto } from "./pyodide-unzip.mjs";

export { version };

export const BUILD = "__BUILD__";
export const stdLibURL = new URL("./python_stdlib_game.zip", import.meta.url).href;
export const SNAPSHOTS = "pyodide-snapshots";
export const THIS_BUILD = `${version}-${BUILD}`;
export const SNAPSHOT_KEY = new URL(`./snapshot-${THIS_BUILD}`, import.meta.url).href;
export const FAILED_KEY = new URL(`./failed-${THIS_BUILD}`, import.meta.url).href;
// A start from this build's snapshot timed out once (pyodide-watchdog.mjs): a second time,
// the build's snapshot is failed, not made again.
const TIMED_OUT_KEY = new URL(`./timed-out-${THIS_BUILD}`, import.meta.url).href;
const VISITED_KEY = new URL(`./visited-${THIS_BUILD}`, import.meta.url).href;
// The making waits for the player to leave the table alone this long (no pointerdown, no
// keydown; the table's first moment counts as a press): a player's first moves come a second
// or two apart, and one who reads the table for 2 s more is done for a while. Shorter, it
// would compete with the moves; longer, a visit that ends early would more often end before
// it is made (WebKit, from the playable table to the snapshot stored, before this wait: 6.6 s
// on a quiet machine, 19-26 s at load average 14-17, most of it the worker's own start).
// Then, where the browser has it, it waits for an idle moment too (requestIdleCallback; not
// in WebKit), IDLE_WAIT_MS at most.
// A test sets window.solitaireBootOptions.snapshotQuietMs (read at every check, so even once
// the page is playable) to give its own presses, slower than a player's on a busy machine, room.
const QUIET_MS = 2000;
const IDLE_WAIT_MS = 1000;
// Python's start (from the WebAssembly instantiated to the interpreter ready) above which
// a first visit makes the snapshot too: measured at 0.2-0.65 s in Chromium and Firefox (0.9 s on a
// busy machine), 1.0-4 s in WebKit. A test sets window.solitaireBootOptions.slowStartMs to decide.
const SLOW_START_MS = 800;
// A start from the snapshot reaches the playable table in 0.5-2 s on this machine (4-8 s on
// a phone with a 4x slower processor): far past that, it is stuck. A test sets
// window.solitaireBootOptions.snapshotWatchMs to find out sooner.
const SNAPSHOT_WATCH_MS = 60000;
// The SHA-256 of the snapshot's bytes, in the cache entry beside them.
export const SNAPSHOT_DIGEST = "X-Snapshot-Digest";

const HERE = new URL("./", import.meta.url).href;
// The site's folder: this module is in static/vendor/pyodide/.
const SITE = new URL("../../../", import.meta.url).href;
// The compressed files by their URL (what Pyodide, PyScript and the game ask for), with their type.
const COMPRESSED = {
  [`${HERE}pyodide.asm.wasm`]: "application/wasm",
  [`${HERE}pyodide.asm.mjs`]: "text/javascript",
  [`${HERE}pyodide-lock.json`]: "application/json",
  [stdLibURL]: "application/zip",
  [`${SITE}game.zip`]: "application/zip"
};
// And the translation catalogs, locale/<language>/LC_MESSAGES/game.mo (ui/dom/catalogs.py
// fetches one at a time; static/boot.js downloads the page's first).
const LOCALE = `${SITE}locale/`;
function compressedType(url) {
  if (Object.hasOwn(COMPRESSED, url)) return COMPRESSED[url];
  return url.startsWith(LOCALE) && url.endsWith("/LC_MESSAGES/game.mo") ? "application/octet-stream" : null;
}
const WASM = `${HERE}pyodide.asm.wasm`;
// In the page, static/boot.js's fetch (it answers PyScript's first requests), else the browser's.
const plainFetch = globalThis.fetch;

// A download the loading screen started for this URL (taken once), else a fetch of our own.
function download(url) {
  return globalThis.solitaireBoot?.download?.(url) ?? plainFetch(url);
}

// NAME.br where this browser decodes brotli, else NAME.gz: the loading screen chose
// (static/boot.js, window.solitaireBoot.format); a worker, which has no screen, chooses
// the same way.
function brotliDecoded() {
  try {
    new DecompressionStream("brotli");
    return true;
  } catch {
    return false;
  }
}
export const FORMAT = globalThis.solitaireBoot?.format ?? (brotliDecoded() ? "br" : "gz");
const DECODER = { br: "brotli", gz: "gzip" };
const ENCODING = { br: /\bbr\b/i, gz: /gzip/i };

// The decompressed file, as a Response whose body streams (the WebAssembly) or is read
// whole already (the others: a decoding that fails then fails here, where the .gz takes over).
async function decompressedAs(format, file, streamed) {
  const url = `${file}.${format}`;
  const response = await download(url);
  if (!response.ok) throw new Error(`Could not load ${url}: ${response.status} ${response.statusText}`);
  // A host that labels .gz files "Content-Encoding: gzip" (.br ones "br") has had the
  // browser decompress them already.
  const decoded = ENCODING[format].test(response.headers.get("Content-Encoding") || "");
  const body = decoded ? response.body : response.body.pipeThrough(new DecompressionStream(DECODER[format]));
  const headers = { "Content-Type": compressedType(file) };
  return new Response(streamed ? body : await new Response(body).arrayBuffer(), { headers });
}

// A .br that could not be had or decoded (a host without it, a decoder that fails
// mid-stream) is fetched as .gz instead: the visit goes on, marked for the tests.
function gzipInstead(file, error) {
  const name = file.slice(file.lastIndexOf("/") + 1);
  console.warn(`${name}.br failed, ${name}.gz instead:`, error?.message ?? error);
  performance.mark("solitaire-gzip-fallback", { detail: name });
  return decompressedAs("gz", file, false);
}

async function decompressed(file) {
  if (FORMAT !== "br") return decompressedAs(FORMAT, file, file === WASM);
  try {
    return await decompressedAs("br", file, false);
  } catch (error) {
    return gzipInstead(file, error);
  }
}

// Every fetch of this scope (Pyodide's of the runtime, PyScript's of game.zip) goes
// through here: the compressed files come decompressed, and a file the loading screen is
// already downloading is not asked for a second time.
globalThis.fetch = function fetchRuntime(input, init) {
  const url = new URL(input instanceof Request ? input.url : input, globalThis.location.href).href;
  // Compiled already (compiledRuntime): Pyodide's own request of it is answered with nothing.
  if (url === WASM && compiled) return Promise.resolve(new Response(null, { headers: { "Content-Type": COMPRESSED[url] } }));
  if (compressedType(url)) return decompressed(url);
  return globalThis.solitaireBoot?.download?.(url) ?? plainFetch(input, init);
};

const EXPORT = "export default _createPyodideModule;";

// pyodide.asm.mjs is one function and its export: run as the body of a function, with
// import.meta.url (which only a module has) passed in, it gives the same factory.
let factory = null;
function pyodideModuleFactory() {
  factory ??= makeFactory().catch((error) => {
    factory = null;
    throw error;
  });
  return factory;
}

async function makeFactory() {
  const url = HERE + "pyodide.asm.mjs";
  const text = await (await decompressed(url)).text();
  const at = text.lastIndexOf(EXPORT);
  if (at < 0) throw new Error(`${url} does not end as expected: is this the runtime the game was built for?`);
  const body = (text.slice(0, at) + "return _createPyodideModule;" + text.slice(at + EXPORT.length))
    .replaceAll("import.meta.url", "moduleURL");
  return new Function("moduleURL", `${body}\n//# sourceURL=${url}`)(url);
}

// The runtime's WebAssembly, compiled while it downloads and before Pyodide asks for it:
// a return visit first reads its 30 MB snapshot (Pyodide takes the snapshot before it
// instantiates anything), and WebKit takes about as long again to compile; started
// together, the two overlap. Pyodide instantiates the module with its own imports through
// WebAssembly.instantiateStreaming, which takes the compiled module instead, once.
let compiled = null;
function compiledRuntime() {
  if (!compiled) {
    compiled = FORMAT === "br"
      ? WebAssembly.compileStreaming(decompressedAs("br", WASM, true))
        .catch((error) => gzipInstead(WASM, error).then((response) => WebAssembly.compileStreaming(response)))
      : WebAssembly.compileStreaming(decompressed(WASM));
    compiled.catch(() => {}); // waited for, and its failure reported, when Pyodide instantiates it
  }
  return compiled;
}

const instantiateStreaming = WebAssembly.instantiateStreaming;
function instantiateCompiled(module) {
  WebAssembly.instantiateStreaming = async (_response, imports) => {
    WebAssembly.instantiateStreaming = instantiateStreaming;
    const ready = await module;
    // Every file is here: the loading screen draws what it now says before the start
    // holds the page's thread for seconds (static/boot.js; a worker has no screen).
    await globalThis.solitaireBoot?.painted?.();
    return { module: ready, instance: await WebAssembly.instantiate(ready, imports) };
  };
}

// The moment the WebAssembly is instantiated: Emscripten runs its preRun callbacks right
// after, and Python's start follows them.
function markedFactory(makeModule) {
  return (settings) => {
    const later = settings.preRun ? [settings.preRun].flat() : [];
    settings.preRun = [() => performance.mark("pyodide-wasm-ready"), ...later];
    return makeModule(settings);
  };
}

// PyScript unpacks game.zip through pyodide.unpackArchive: a zip is unpacked by
// pyodide-unzip.mjs instead (it says why), any other archive as Pyodide does. After a
// start from a snapshot, the snapshot's game modules are checked against the archive.
function unpackingInJavaScript(pyodide) {
  const unpackArchive = pyodide.unpackArchive.bind(pyodide);
  const unpack = (buffer, format, options) => unzipInto(pyodide.FS, buffer, options.extractDir ?? ".").catch((error) => {
    if (!(error instanceof UnsupportedZip)) throw error;
    console.warn("Unpacked by Pyodide instead:", error.message);
    return unpackArchive(buffer, format, options);
  });
  pyodide.unpackArchive = (buffer, format, options = {}) => {
    if (format !== "zip") return unpackArchive(buffer, format, options);
    return unpack(buffer, format, options).then(() => restoredGame && checkRestoredGame(pyodide, buffer));
  };
  return pyodide;
}

// The snapshot also holds the game's modules that touch no page object (engine/ and
// ui/model/, imported by pyodide-snapshot.mjs), so that a start from it imports only the
// rest. They fit only the game.zip they came from, named by its SHA-256 in the cache
// entry's GAME_DIGEST header: another game.zip (a new version of the game, same runtime)
// has them forgotten, imported afresh from its files, and the snapshot made again.
export const GAME_DIGEST = "X-Game-Digest";
let restoredGame = null; // the digest of the game.zip whose modules the restored snapshot holds
// The restored game modules (those from /home/pyodide/), counted; forgotten too when
// FORGET is True. First the snapshot's file finders are told that they listed the
// worker's folders, not this page's (not importlib.invalidate_caches(): it imports
// importlib.metadata, which the game lacks).
const GAME_MODULES = `
import sys
from importlib.machinery import FileFinder
for _finder in sys.path_importer_cache.values():
    if isinstance(_finder, FileFinder):
        _finder.invalidate_caches()
_game = [name for name, module in sys.modules.items()
         if str(getattr(module, "__file__", None)).startswith("/home/pyodide/")]
if FORGET:
    for _name in _game:
        del sys.modules[_name]
len(_game)
`;

// The SHA-256 of some bytes, in hex: game.zip's, a snapshot's.
export async function digest(buffer) {
  const hash = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function checkRestoredGame(pyodide, buffer) {
  const expected = restoredGame;
  restoredGame = null;
  const kept = (await digest(buffer).catch(() => "")) === expected;
  const modules = pyodide.runPython(GAME_MODULES.replace("FORGET", kept ? "False" : "True"));
  if (kept) {
    performance.mark("pyodide-snapshot-game-kept", { detail: { modules } });
    return;
  }
  performance.mark("pyodide-snapshot-game-stale");
  caches.open(SNAPSHOTS).then((cache) => cache.delete(SNAPSHOT_KEY)).catch(() => {}).then(planSnapshot);
}

// loadPyodide as npm ships it, on the game's standard library and compressed files.
// The measure "pyodide-python-start" is Python's start on this load.
export async function loadRuntime(options = {}) {
  const module = compiledRuntime();
  const createPyodideModule = markedFactory(await pyodideModuleFactory());
  instantiateCompiled(module);
  const pyodide = unpackingInJavaScript(await loadPlainRuntime({ stdLibURL, createPyodideModule, ...options }));
  if (performance.getEntriesByName("pyodide-wasm-ready").length) {
    performance.measure("pyodide-python-start", "pyodide-wasm-ready");
  }
  return pyodide;
}

function pythonStartMs() {
  const measures = performance.getEntriesByName("pyodide-python-start");
  return measures.length ? measures[measures.length - 1].duration : 0;
}

// The stored snapshot, if any; else whether this page may make one once it is playable:
// "now" on a second visit, "if slow" on a first (decided when Python has started).
async function storedSnapshot() {
  try {
    if (!globalThis.caches) return { snapshot: null, make: "no" };
    const cache = await caches.open(SNAPSHOTS);
    const hit = await cache.match(SNAPSHOT_KEY);
    if (hit) {
      const snapshot = new Uint8Array(await hit.arrayBuffer());
      performance.mark("pyodide-snapshot-read"); // read from Cache Storage: bench.network times it
      // Checked while the runtime's WebAssembly compiles (compiledRuntime), before it is used.
      const expected = hit.headers.get(SNAPSHOT_DIGEST);
      const intact = expected && (await digest(snapshot)) === expected;
      performance.measure("pyodide-snapshot-check", "pyodide-snapshot-read"); // its cost: bench.network
      if (intact) {
        return { snapshot, game: hit.headers.get(GAME_DIGEST) || "none", make: "no" };
      }
      // Damaged in storage (or made before snapshots carried their digest): dropped, and made
      // again from this start, which is the normal one.
      console.warn("The interpreter snapshot is damaged: it is dropped and made again.");
      await cache.delete(SNAPSHOT_KEY);
      performance.mark("pyodide-snapshot-dropped", { detail: "damaged" });
    }
    if (typeof document !== "undefined" && !(await cache.match(FAILED_KEY))) {
      if (await cache.match(VISITED_KEY)) return { snapshot: null, make: "now" };
      await cache.put(VISITED_KEY, new Response(""));
      return { snapshot: null, make: "if slow" };
    }
  } catch (error) {
    console.warn("No interpreter snapshot:", error);
  }
  return { snapshot: null, make: "no" };
}

function quietMs() {
  const asked = globalThis.solitaireBootOptions?.snapshotQuietMs;
  return typeof asked === "number" ? asked : QUIET_MS;
}

function slowStartMs() {
  const asked = globalThis.solitaireBootOptions?.slowStartMs;
  return typeof asked === "number" ? asked : SLOW_START_MS;
}

export async function loadPyodide(options = {}) {
  // In the page, a waiting new version of the game may take over first (static/boot.js):
  // Python starts only on the version the page keeps.
  await globalThis.solitaireBoot?.updateChecked;
  // Both are needed whichever way Python starts: they get ready while the snapshot is read.
  compiledRuntime();
  pyodideModuleFactory().catch(() => {}); // a failure is met again, and reported, below
  const { snapshot, game, make } = await storedSnapshot();
  if (snapshot) {
    // A worker's start (the solver's) has no table to wait for: its failures reach the page.
    const watch = typeof document === "undefined" ? { stop() {} } : watchSnapshotStart();
    try {
      restoredGame = game;
      const pyodide = await loadRuntime({ ...options, _loadSnapshot: snapshot });
      // The snapshot holds the random generator's state: without a new seed every
      // restored start would deal the same "random" games.
      // Called, not run as source: compiling even one line is slow this early in WebKit.
      const random = pyodide.pyimport("random");
      random.seed();
      random.destroy();
      performance.mark("pyodide-snapshot-restored");
      return pyodide;
    } catch (error) {
      restoredGame = null;
      watch.stop();
      console.warn("The interpreter snapshot did not load; starting afresh:", error);
      dropSnapshot().then(() => performance.mark("pyodide-snapshot-dropped", { detail: "failed" }));
    }
  }
  const pyodide = await loadRuntime(options);
  if (make === "now" || (make === "if slow" && pythonStartMs() > slowStartMs())) planSnapshot();
  return pyodide;
}

// Deletes the snapshot and notes this build's as failed (not made again): true once the
// cache no longer holds it.
async function dropSnapshot() {
  try {
    const cache = await caches.open(SNAPSHOTS);
    await Promise.all([cache.delete(SNAPSHOT_KEY), cache.put(FAILED_KEY, new Response(""))]);
    return !(await cache.match(SNAPSHOT_KEY));
  } catch (error) {
    return false;
  }
}

// Watches a start from the snapshot until the table is playable (<body data-ready="true">).
// A start that fails after the interpreter was restored (the loading screen's error:
// data-ready="error") has the snapshot dropped and the page loaded again, the normal way.
// A start that never gets there, the page's thread perhaps stuck in the interpreter for
// good, is abandoned by pyodide-watchdog.mjs, a worker whose timer that thread cannot stop.
function watchSnapshotStart() {
  const asked = globalThis.solitaireBootOptions?.snapshotWatchMs;
  const bound = typeof asked === "number" ? asked : SNAPSHOT_WATCH_MS;
  let watchdog = null;
  try {
    watchdog = new Worker(new URL("./pyodide-watchdog.mjs", import.meta.url), { type: "module" });
    watchdog.postMessage({
      cache: SNAPSHOTS, snapshot: SNAPSHOT_KEY, failed: FAILED_KEY, timedOut: TIMED_OUT_KEY, ms: bound,
      hidden: document.hidden
    });
  } catch (error) {
    console.warn("No watch over the start from the snapshot:", error);
  }
  let over = false;
  const observer = new MutationObserver(() => check());
  // A hidden tab may start slowly (its timers and frames held back): its time is not counted.
  const shown = () => watchdog?.postMessage({ hidden: document.hidden });
  document.addEventListener("visibilitychange", shown);
  const stop = () => {
    over = true;
    observer.disconnect();
    document.removeEventListener("visibilitychange", shown);
    watchdog?.terminate();
  };
  const startAgain = (reason) => {
    stop();
    performance.mark("pyodide-snapshot-abandoned", { detail: reason });
    console.warn(`The start from the interpreter snapshot ${reason}: it is dropped and the game starts afresh.`);
    // Loaded again only once the snapshot is surely gone, so that this can never loop.
    dropSnapshot().then((dropped) => dropped && location.reload());
  };
  function check() {
    const state = document.body?.dataset.ready;
    if (over || !state) return;
    if (state === "true" || document.body.dataset.failure === "network") stop();
    else if (state === "error") startAgain("failed");
  }
  if (watchdog) {
    watchdog.onmessage = (event) => {
      if (over || event.data !== "abandoned") return;
      stop();
      performance.mark("pyodide-snapshot-abandoned", { detail: "timed out" });
      console.warn("The start from the interpreter snapshot timed out: the game starts afresh.");
      location.reload(); // the worker has dropped the snapshot
    };
  }
  observer.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
  check();
  return { stop };
}

// The snapshot is planned: made at the first quiet moment once the table is playable. The
// mark says so at once, before the table is (a harness that looks when the page is playable
// knows to wait for it: it used to come a frame or more after the table was drawn).
function planSnapshot() {
  performance.mark("pyodide-snapshot-scheduled");
  whenPlayable(() => whenQuiet(makeSnapshot));
}

function whenPlayable(callback) {
  if (document.body?.dataset.ready === "true") return callback();
  const observer = new MutationObserver(() => {
    if (document.body?.dataset.ready !== "true") return;
    observer.disconnect();
    callback();
  });
  observer.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
}

// Calls back at a quiet moment, once: QUIET_MS after the last press or key (counted from
// now, the table's first moment), then at the browser's next idle moment if it tells of
// them (requestIdleCallback; WebKit does not: at once). A page that goes hidden (another
// app or tab, the phone locked) is played by nobody: the callback comes at once, early
// enough to be done before a hidden page is frozen or closed, as often as can be.
// On a first visit the offline copy comes first (static/boot.js: offlineSettled, 60 s at
// most; in WebKit 1 s after the playable table here, 2-5 s at load average 14-17, so mostly
// within the quiet wait): the worker then loads the runtime from it, not from the network a
// second time, and the pre-cache has the connection to itself. The mark
// "pyodide-snapshot-started" says when and why ("quiet" or "hidden"), and since which press.
function whenQuiet(callback) {
  let last = performance.now();
  let timer = 0;
  let over = false;
  const options = { capture: true, passive: true };
  const pressed = () => {
    last = performance.now();
  };
  const settled = Promise.resolve(globalThis.solitaireBoot?.offlineSettled);
  // Still hidden once the offline copy has settled: a player back on the page waits for quiet.
  const hidden = () =>
    document.visibilityState === "hidden" &&
    settled.then(() => document.visibilityState === "hidden" && start("hidden"));
  const start = (why) => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    removeEventListener("pointerdown", pressed, options);
    removeEventListener("keydown", pressed, options);
    document.removeEventListener("visibilitychange", hidden);
    performance.mark("pyodide-snapshot-started", { detail: { why, quietSince: last, quietMs: quietMs() } });
    callback();
  };
  const idle = globalThis.requestIdleCallback ?? ((then) => setTimeout(then, 0));
  const check = () => {
    if (over) return;
    const left = last + quietMs() - performance.now();
    if (left > 0) timer = setTimeout(check, left);
    else idle(() => (performance.now() - last >= quietMs() ? start("quiet") : check()), { timeout: IDLE_WAIT_MS });
  };
  addEventListener("pointerdown", pressed, options);
  addEventListener("keydown", pressed, options);
  document.addEventListener("visibilitychange", hidden);
  hidden();
  settled.then(check);
}

function makeSnapshot() {
  // The worker's name is the game.zip it imports the game's modules from (pyscript.toml's).
  const game = new URL("./game.zip", document.baseURI).href;
  const worker = new Worker(new URL("./pyodide-snapshot.mjs", import.meta.url), { type: "module", name: game });
  worker.onmessage = worker.onerror = (event) => {
    const failure = event.data?.error || event.message;
    if (failure) console.warn("No interpreter snapshot:", failure);
    // The worker has written the snapshot (or its failure) into the cache: the page says so.
    performance.mark(failure ? "pyodide-snapshot-failed" : "pyodide-snapshot-made");
    worker.terminate();
  };
}
