// Makes the interpreter snapshot that pyodide-game.mjs starts from on later visits.
// Runs in a worker, so the page stays responsive: starts Pyodide on the game's
// standard library, imports every module in it, then the game's modules that touch no
// page object (engine/ and ui/model/, from the game.zip the worker is named after),
// saves the memory into Cache Storage with that game.zip's digest, and drops the
// snapshots of older builds.
import { FAILED_KEY, GAME_DIGEST, SNAPSHOTS, SNAPSHOT_KEY, THIS_BUILD, gameDigest, loadRuntime } from "./pyodide-game.mjs";
import { zipEntries } from "./pyodide-unzip.mjs";

const IMPORT_ALL = `
import importlib, sys, zipfile
for name in zipfile.ZipFile("/lib/python%d%d.zip" % sys.version_info[:2]).namelist():
    module = name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
    try:
        importlib.import_module(module)
    except Exception:
        pass  # a module that cannot start here is imported later, as usual
`;

// The game's modules that touch no page object; a module whose import fails here is
// imported by the page as usual.
const PURE = /^(engine\/.*|ui\/model\/.*|ui\/__init__)\.pyc$/;
const IMPORT_GAME = `
import importlib, json
for name in json.loads(NAMES):
    try:
        importlib.import_module(name)
    except Exception:
        pass
`;

function pureModules(game) {
  return zipEntries(game).map(({ name }) => name).filter((name) => PURE.test(name)).sort()
    .map((name) => name.slice(0, -".pyc".length).replace(/\/__init__$/, "").replaceAll("/", "."));
}

try {
  const pyodide = await loadRuntime({ _makeSnapshot: true });
  pyodide.runPython(IMPORT_ALL);
  const response = await fetch(self.name);
  if (!response.ok) throw new Error(`Could not load ${self.name}: ${response.status}`);
  const game = await response.arrayBuffer();
  await pyodide.unpackArchive(game, "zip", { extractDir: "/home/pyodide" });
  // The names as a Python string literal (JSON's is one): no JavaScript object in Python.
  pyodide.runPython(IMPORT_GAME.replace("NAMES", JSON.stringify(JSON.stringify(pureModules(game)))));
  const snapshot = pyodide.makeMemorySnapshot();
  const cache = await caches.open(SNAPSHOTS);
  for (const request of await cache.keys()) {
    if (!request.url.endsWith(THIS_BUILD)) await cache.delete(request);  // older builds' snapshots and marks
  }
  await cache.put(SNAPSHOT_KEY, new Response(snapshot, { headers: { [GAME_DIGEST]: await gameDigest(game) } }));
  postMessage({ done: true });
} catch (error) {
  // Not again for this build: the next visits start the normal way.
  await caches.open(SNAPSHOTS).then((cache) => cache.put(FAILED_KEY, new Response(""))).catch(() => {});
  postMessage({ error: String(error) });
}
