// Builds the game's standard library (see tools/stdlib.py): runs tools/stdlib_zip.py in
// the Pyodide that npm ships, under Node (tools/pyodide-build.mjs).
//
// Usage: node tools/stdlib.mjs PYODIDE_DIR WANTED_JSON STAMP OUT_ZIP
import { readFileSync, writeFileSync } from "node:fs";
import { buildFunction } from "./pyodide-build.mjs";

const [pyodideDir, wantedJson, stamp, out] = process.argv.slice(2);
const build = await buildFunction(pyodideDir, "stdlib_zip.py");
const proxy = build(JSON.parse(readFileSync(wantedJson, "utf8")), stamp);
writeFileSync(out, proxy.toJs());
proxy.destroy();
