// Unpacks a zip archive into Pyodide's file system with the browser's own inflater.
//
// PyScript unpacks game.zip (pyscript.toml: "./game.zip" = "./*") through Pyodide's
// unpackArchive, which runs Python's zipfile and shutil in the page's WebAssembly: about
// 0.1 s in Chromium and 0.3 s in WebKit, where a start from the memory snapshot runs that
// code before the engine has compiled it. Here the archive's central directory is read in
// JavaScript, each entry taken as stored (tools/pyfiles.py stores them: the site compresses
// the whole archive) or inflated by DecompressionStream ("deflate-raw"), then written with
// FS.writeFile: the same files, in a few milliseconds.
//
// Only what tools/pyfiles.py writes is needed (no zip64, no encryption); anything else is
// refused with an error naming the entry, and pyodide-game.mjs then leaves the archive to
// Pyodide's own unpacking.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const names = new TextDecoder();

export class UnsupportedZip extends Error {}

// The archive's entries: { name, method, data (the bytes as stored) }.
function zipEntries(buffer) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== END_OF_DIRECTORY) end -= 1;
  if (end < 0) throw new UnsupportedZip("not a zip archive: no end of its directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = [];
  for (let index = 0; index < count; index += 1) {
    if (view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new UnsupportedZip(`entry ${index}: a broken directory`);
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    if ((flags & 1) || (method !== STORED && method !== DEFLATED) || size === 0xffffffff) {
      throw new UnsupportedZip(`${name}: compression ${method}, flags ${flags}`);
    }
    if (name.startsWith("/") || name.split("/").includes("..")) throw new UnsupportedZip(`${name}: outside the folder`);
    if (view.getUint32(local, true) !== LOCAL_HEADER) throw new UnsupportedZip(`${name}: a broken header`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({ name, method, data: bytes.subarray(start, start + size) });
  }
  return entries;
}

async function contents({ method, data }) {
  if (method === STORED) return data;
  const inflated = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

// Writes every entry of the zip in `buffer` under the folder `extractDir`.
export async function unzipInto(FS, buffer, extractDir) {
  const entries = zipEntries(buffer);
  const files = await Promise.all(entries.map(contents));
  // Absolute, as FS.mkdirTree needs: PyScript names the folder "./" (the current one).
  const folder = (extractDir.startsWith("/") ? extractDir : `${FS.cwd()}/${extractDir}`)
    .replace(/\/\.(?=\/|$)/g, "").replace(/\/+$/, "");
  entries.forEach(({ name }, index) => {
    const path = `${folder}/${name}`;
    if (name.endsWith("/")) {
      FS.mkdirTree(path);
      return;
    }
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, files[index]);
  });
}
