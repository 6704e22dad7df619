// The interpreter module the page names in pyscript.toml: Pyodide as npm ships it,
// started with the game's own standard library (tools/stdlib.py builds it: only the
// modules the game imports, compiled to byte code, so no boot compiles them again).
//
// PyScript imports this module, reads `version` and calls `loadPyodide` with a few
// options of its own; it has no setting for the standard library's URL, so this
// wrapper adds it. tools/vendor.py copies it next to pyodide.mjs: PyScript takes
// the runtime's folder (indexURL) from the interpreter module's URL.
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

export { version };

export const stdLibURL = new URL("./python_stdlib_game.zip", import.meta.url).href;

export function loadPyodide(options = {}) {
  return loadRuntime({ stdLibURL, ...options });
}
