// Makes the interpreter snapshot that pyodide-game.mjs starts from on later visits.
// Runs in a worker, so the page stays responsive: starts Pyodide on the game's
// standard library, imports every module in it, then the game's modules that touch no
// page object (engine/ and ui/model/, from the game.zip the worker is named after),
// saves the memory into Cache Storage with that game.zip's digest and its own, and drops the
// snapshots of older builds.
import {
  FAILED_KEY, GAME_DIGEST, SNAPSHOTS, SNAPSHOT_DIGEST, SNAPSHOT_KEY, THIS_BUILD, digest, loadRuntime
} from "./pyodide-game.mjs";

// Imports every module of a zip of byte code whose name matches a pattern; a module that
// cannot start here is imported later, as usual. The zip (a Python expression) and the
// pattern go in as Python text: no JavaScript object in Python.
const IMPORT_MODULES = `
import importlib, re, sys, zipfile
for _name in zipfile.ZipFile(ARCHIVE).namelist():
    if _name.endswith(".pyc") and re.match(PATTERN, _name):
        try:
            importlib.import_module(_name.removesuffix(".pyc").removesuffix("/__init__").replace("/", "."))
        except Exception:
            pass
`;
const STDLIB = '"/lib/python%d%d.zip" % sys.version_info[:2]';
const GAME = "/tmp/game.zip";
// The game's modules that touch no page object.
const PURE = "engine/|ui/model/|ui/__init__";

function importModules(pyodide, archive, pattern) {
  pyodide.runPython(IMPORT_MODULES.replace("ARCHIVE", archive).replace("PATTERN", JSON.stringify(pattern)));
}

try {
  const pyodide = await loadRuntime({ _makeSnapshot: true });
  importModules(pyodide, STDLIB, "");
  const response = await fetch(self.name);
  if (!response.ok) throw new Error(`Could not load ${self.name}: ${response.status}`);
  const game = await response.arrayBuffer();
  await pyodide.unpackArchive(game, "zip", { extractDir: "/home/pyodide" });
  pyodide.FS.writeFile(GAME, new Uint8Array(game));
  // The dataclasses' methods come compiled, as in the page (ui/dataclass_code.py).
  pyodide.runPython("from ui.dataclass_code import install; install()");
  importModules(pyodide, JSON.stringify(GAME), PURE);
  pyodide.FS.unlink(GAME);
  const snapshot = pyodide.makeMemorySnapshot();
  const cache = await caches.open(SNAPSHOTS);
  for (const request of await cache.keys()) {
    if (!request.url.endsWith(THIS_BUILD)) await cache.delete(request);  // older builds' snapshots and marks
  }
  // With the digest of its bytes, which a start checks before it trusts them (pyodide-game.mjs).
  const headers = { [GAME_DIGEST]: await digest(game), [SNAPSHOT_DIGEST]: await digest(snapshot) };
  await cache.put(SNAPSHOT_KEY, new Response(snapshot, { headers }));
  postMessage({ done: true });
} catch (error) {
  // Not again for this build: the next visits start the normal way.
  await caches.open(SNAPSHOTS).then((cache) => cache.put(FAILED_KEY, new Response(""))).catch(() => {});
  postMessage({ error: String(error) });
}
