"""tools/pyodide-unzip.mjs, run by Node: it unpacks game.zip as Python's zipfile does, and
refuses what it cannot unpack without writing anything."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from tools import pyfiles

ROOT = Path(__file__).resolve().parent.parent
UNZIP = ROOT / "tools" / "pyodide-unzip.mjs"
# A file system with what unzipInto uses of Emscripten's: the files it writes, by path.
RUNNER = """
import { readFileSync } from "node:fs";
import { unzipInto, UnsupportedZip } from "%s";
const written = {};
const FS = {
  cwd: () => "/home/pyodide",
  mkdirTree: (path) => { written[path + "/"] = ""; },
  writeFile: (path, data) => { written[path] = Buffer.from(data).toString("base64"); },
};
try {
  await unzipInto(FS, readFileSync(process.argv[2]), process.argv[3]);
  console.log(JSON.stringify({ written }));
} catch (error) {
  console.log(JSON.stringify({ refused: error instanceof UnsupportedZip, message: error.message, written }));
}
"""

pytestmark = pytest.mark.vendored  # game.zip is compiled by the vendored runtime


def unzip(tmp_path: Path, archive: bytes, folder: str) -> dict[str, object]:
    script = tmp_path / "run.mjs"
    script.write_text(RUNNER % UNZIP.as_uri(), encoding="utf-8")
    (tmp_path / "archive.zip").write_bytes(archive)
    run = subprocess.run(
        ["node", str(script), str(tmp_path / "archive.zip"), folder], capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(run.stdout)
    return result


def files_of(result: dict[str, object]) -> dict[str, bytes]:
    written = result["written"]
    assert isinstance(written, dict)
    return {path: base64.b64decode(data) for path, data in written.items() if not path.endswith("/")}


def test_game_zip_unpacks_as_zipfile_does(tmp_path: Path) -> None:
    archive = pyfiles.archive()
    with zipfile.ZipFile(io.BytesIO(archive)) as expected:
        wanted = {f"/home/pyodide/{name}": expected.read(name) for name in expected.namelist()}
    assert len(wanted) > 50
    assert files_of(unzip(tmp_path, archive, "./")) == wanted


def test_stored_entries_and_an_absolute_folder(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a/b.txt", "stored")
        archive.writestr("c.txt", "squeezed " * 50, compress_type=zipfile.ZIP_DEFLATED)
    assert files_of(unzip(tmp_path, buffer.getvalue(), "/tmp/x/")) == {
        "/tmp/x/a/b.txt": b"stored",
        "/tmp/x/c.txt": b"squeezed " * 50,
    }


@pytest.mark.parametrize(
    ("name", "compression"),
    [("../outside.txt", zipfile.ZIP_STORED), ("/etc/passwd", zipfile.ZIP_STORED), ("ok.txt", zipfile.ZIP_BZIP2)],
)
def test_what_it_cannot_unpack_is_refused_before_anything_is_written(
    tmp_path: Path, name: str, compression: int
) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("first.txt", "fine")
        info = zipfile.ZipInfo("placeholder")
        info.filename = name  # ZipInfo would strip the leading slash and the dots
        archive.writestr(info, "data", compress_type=compression)
    result = unzip(tmp_path, buffer.getvalue(), "./")
    assert result["refused"] is True, result
    assert name.lstrip("/") in str(result["message"]) or "compression" in str(result["message"])
    assert result["written"] == {}


def test_a_file_that_is_not_a_zip_is_refused(tmp_path: Path) -> None:
    result = unzip(tmp_path, b"not a zip at all, only words" * 3, "./")
    assert result["refused"] is True
    assert "not a zip" in str(result["message"])
