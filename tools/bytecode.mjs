// Compiles the game's modules to byte code (see tools/bytecode.py): runs
// tools/bytecode_zip.py in the Pyodide that npm ships, under Node (tools/pyodide-build.mjs).
//
// Usage: node tools/bytecode.mjs PYODIDE_DIR SOURCES_JSON OUT_ZIP
import { readFileSync, writeFileSync } from "node:fs";
import { buildFunction } from "./pyodide-build.mjs";

const [pyodideDir, sourcesJson, out] = process.argv.slice(2);
const build = await buildFunction(pyodideDir, "bytecode_zip.py");
const proxy = build(readFileSync(sourcesJson, "utf8"));
writeFileSync(out, proxy.toJs());
proxy.destroy();
