// Builds the game's standard library (see tools/stdlib.py): starts the Pyodide that
// npm ships, under Node, and runs tools/stdlib_zip.py in it.
//
// Usage: node tools/stdlib.mjs PYODIDE_DIR WANTED_JSON STAMP OUT_ZIP
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wantedJson, stamp, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
// No column ranges in the byte code it compiles (see stdlib_zip.py's byte_code).
const env = { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" };
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", env, stdout: () => {}, stderr: (line) => console.error(line) });
// tools/byte_code.py, the compiler both builds share, importable as tools.byte_code.
pyodide.FS.mkdirTree("/build/tools");
pyodide.FS.writeFile("/build/tools/__init__.py", "");
pyodide.FS.writeFile("/build/tools/byte_code.py", readFileSync(new URL("./byte_code.py", import.meta.url)));
pyodide.runPython("import sys; sys.path.insert(0, '/build')");
const script = readFileSync(new URL("./stdlib_zip.py", import.meta.url), "utf8");
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(script, { globals: namespace });
const build = namespace.get("build");
const proxy = build(JSON.parse(readFileSync(wantedJson, "utf8")), stamp);
writeFileSync(out, proxy.toJs());
proxy.destroy();
