// Compiles the game's modules to byte code (see tools/bytecode.py): starts the Pyodide
// that npm ships, under Node, without the column tables of tracebacks' carets
// (PYTHONNODEBUGRANGES: a third of the byte code's size), and runs
// tools/bytecode_zip.py in it.
//
// Usage: node tools/bytecode.mjs PYODIDE_DIR SOURCES_JSON OUT_ZIP
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sourcesJson, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
// tools/byte_code.py, the compiler both builds share, importable as tools.byte_code.
pyodide.FS.mkdirTree("/build/tools");
pyodide.FS.writeFile("/build/tools/__init__.py", "");
pyodide.FS.writeFile("/build/tools/byte_code.py", readFileSync(new URL("./byte_code.py", import.meta.url)));
pyodide.runPython("import sys; sys.path.insert(0, '/build')");
const script = readFileSync(new URL("./bytecode_zip.py", import.meta.url), "utf8");
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(script, { globals: namespace });
const proxy = namespace.get("build")(readFileSync(sourcesJson, "utf8"));
writeFileSync(out, proxy.toJs());
proxy.destroy();
