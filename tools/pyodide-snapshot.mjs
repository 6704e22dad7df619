// Makes the interpreter snapshot that pyodide-game.mjs starts from on later visits.
// Runs in a worker, so the page stays responsive: starts Pyodide on the game's
// standard library, imports every module in it, saves the memory into Cache Storage
// and drops the snapshots of older builds.
import { FAILED_KEY, SNAPSHOTS, SNAPSHOT_KEY, THIS_BUILD, loadRuntime } from "./pyodide-game.mjs";

const IMPORT_ALL = `
import importlib, sys, zipfile
for name in zipfile.ZipFile("/lib/python%d%d.zip" % sys.version_info[:2]).namelist():
    module = name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
    try:
        importlib.import_module(module)
    except Exception:
        pass  # a module that cannot start here is imported later, as usual
`;

try {
  const pyodide = await loadRuntime({ _makeSnapshot: true });
  pyodide.runPython(IMPORT_ALL);
  const snapshot = pyodide.makeMemorySnapshot();
  const cache = await caches.open(SNAPSHOTS);
  for (const request of await cache.keys()) {
    if (!request.url.endsWith(THIS_BUILD)) await cache.delete(request);  // older builds' snapshots and marks
  }
  await cache.put(SNAPSHOT_KEY, new Response(snapshot));
  postMessage({ done: true });
} catch (error) {
  // Not again for this build: the next visits start the normal way.
  await caches.open(SNAPSHOTS).then((cache) => cache.put(FAILED_KEY, new Response(""))).catch(() => {});
  postMessage({ error: String(error) });
}
