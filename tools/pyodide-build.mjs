// What the two builds of the page's byte code share (tools/stdlib.mjs, the standard
// library; tools/bytecode.mjs, the game's own modules): the Pyodide that npm ships,
// started under Node without column ranges in the byte code it compiles
// (PYTHONNODEBUGRANGES), with tools/byte_code.py importable as tools.byte_code, runs a
// build script and hands back the script's `build` function.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export async function buildFunction(pyodideDir, scriptName) {
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: pyodideDir + "/",
    env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
    stdout: () => {},
    stderr: (line) => console.error(line),
  });
  pyodide.FS.mkdirTree("/build/tools");
  pyodide.FS.writeFile("/build/tools/__init__.py", "");
  pyodide.FS.writeFile("/build/tools/byte_code.py", readFileSync(new URL("./byte_code.py", import.meta.url)));
  pyodide.runPython("import sys; sys.path.insert(0, '/build')");
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(readFileSync(new URL(`./${scriptName}`, import.meta.url), "utf8"), { globals: namespace });
  return namespace.get("build");
}
