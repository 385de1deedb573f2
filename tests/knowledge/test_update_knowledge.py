# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/update-knowledge.py against PyPI answers recorded under tests/data/pypi (no network),
and its wheel METADATA reader against a local HTTP server that answers range requests."""
import contextlib
import copy
import http.server
import importlib.util
import io
import json
import os
import tempfile
import threading
import unittest
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "tests" / "data" / "pypi"
SHIPPED = ROOT / "resources" / "knowledge" / "releases.json"

spec = importlib.util.spec_from_file_location("update_knowledge", ROOT / "tools" / "update-knowledge.py")
uk = importlib.util.module_from_spec(spec)
spec.loader.exec_module(uk)


def recorded_metadata(file):
    """metadata() for derive(): the recorded METADATA of the 2.15.0 Linux wheel, nothing for others."""
    if file["filename"].startswith("torch-2.15.0-"):
        return (RECORDED / "torch-2.15.0-METADATA").read_text()
    return None


class Derive(unittest.TestCase):
    def setUp(self):
        self.answers = uk.load_answers(RECORDED, timeout=1)
        self.derived = uk.derive(self.answers, recorded_metadata)

    def test_release_dates_patches_and_wheels(self):
        self.assertEqual(list(self.derived), ["2.13", "2.14", "2.15"])
        r = self.derived["2.15"]
        self.assertEqual(r["released"], "2026-10-28")
        self.assertEqual(r["latest"], "2.15.0")  # the rc without files is no release
        self.assertEqual(r["wheels"]["python"], ["3.11", "3.12", "3.13", "3.14", "3.14t", "3.15", "3.15t"])
        self.assertEqual(r["wheels"]["platforms"], ["linux-aarch64", "linux-x86_64", "macos-arm64", "windows-x86_64"])
        self.assertEqual(r["pypiCuda"], "cu132")
        # 2.14.2 is yanked: 2.14.1 is the newest patch.
        self.assertEqual(self.derived["2.14"]["latest"], "2.14.1")
        self.assertEqual(self.derived["2.14"]["released"], "2026-09-02")
        self.assertNotIn("pypiCuda", self.derived["2.14"])  # no METADATA recorded for it

    def test_companions_published_the_same_day(self):
        self.assertEqual(self.derived["2.14"]["torchvision"], "0.29.0")
        self.assertEqual(self.derived["2.15"]["torchvision"], "0.29.2")
        self.assertTrue(self.derived["2.15"]["torchvisionForwardCompatible"])  # requires torch>=2.14.0
        self.assertEqual(self.derived["2.15"]["torchaudio"], "2.11.1")
        self.assertNotIn("torchaudio", self.derived["2.14"])  # none was published with 2.14

    def test_tags(self):
        self.assertEqual(uk.python_of("cp313", "cp313t"), "3.13t")
        self.assertEqual(uk.python_of("cp310", "none"), "3.10")
        self.assertIsNone(uk.python_of("py3", "none"))
        self.assertEqual(uk.platform_of("manylinux_2_28_aarch64"), "linux-aarch64")
        self.assertEqual(uk.platform_of("manylinux1_x86_64"), "linux-x86_64")
        self.assertEqual(uk.platform_of("win_amd64"), "windows-x86_64")
        self.assertEqual(uk.platform_of("win_arm64"), "windows-arm64")
        self.assertEqual(uk.platform_of("macosx_11_0_arm64"), "macos-arm64")
        self.assertEqual(uk.pypi_cuda("Requires-Dist: nvidia-cuda-runtime-cu12 (==12.1.105) ; platform_system"), "cu121")
        self.assertIsNone(uk.pypi_cuda("Requires-Dist: filelock"))


class Merge(unittest.TestCase):
    def setUp(self):
        self.shipped = json.loads(SHIPPED.read_text())
        self.derived = uk.derive(uk.load_answers(RECORDED, timeout=1), recorded_metadata)

    def test_a_release_the_file_does_not_know_gets_an_unconfirmed_entry(self):
        doc = copy.deepcopy(self.shipped)
        doc["releases"] = [r for r in doc["releases"] if r["torch"] != "2.15"]
        merged, review = uk.merge(doc, self.derived, "https://pypi.org/pypi/torch/json")
        new = next(r for r in merged["releases"] if r["torch"] == "2.15")
        self.assertEqual(new["python"], {"min": "3.11", "max": "3.15", "experimental": ["3.14t", "3.15t"]})
        self.assertEqual(new["unconfirmed"], ["cuda", "rocm"])
        self.assertEqual(new["cuda"], next(r for r in doc["releases"] if r["torch"] == "2.14")["cuda"])
        self.assertEqual(new["torchvision"], "0.29")
        self.assertEqual(merged["releases"][-1]["torch"], "2.15")
        self.assertTrue(any(point.startswith("2.15: new release") for point in review), review)

    def test_the_shipped_file_is_up_to_date_with_the_recording(self):
        merged, review = uk.merge(self.shipped, self.derived, "https://pypi.org/pypi/torch/json")
        for series in ("2.13", "2.14", "2.15"):
            before = next(r for r in self.shipped["releases"] if r["torch"] == series)
            after = next(r for r in merged["releases"] if r["torch"] == series)
            self.assertEqual(before, after, series)
        self.assertEqual(review, [])

    def test_a_disagreement_is_reported_not_overwritten(self):
        doc = copy.deepcopy(self.shipped)
        entry = next(r for r in doc["releases"] if r["torch"] == "2.15")
        entry["python"]["max"] = "3.14"
        merged, review = uk.merge(doc, self.derived, "https://pypi.org/pypi/torch/json")
        self.assertEqual(next(r for r in merged["releases"] if r["torch"] == "2.15")["python"]["max"], "3.14")
        self.assertTrue(any("2.15: PyPI has wheels for Python" in point for point in review), review)

    def test_dump_keeps_the_data(self):
        self.assertEqual(json.loads(uk.dump(self.shipped)), self.shipped)


class Command(unittest.TestCase):
    def run_main(self, *args):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = uk.main(list(args))
        return code, out.getvalue(), err.getvalue()

    def test_shows_a_diff_and_writes_only_when_asked(self):
        with tempfile.TemporaryDirectory() as tmp:
            target = Path(tmp) / "releases.json"
            doc = json.loads(SHIPPED.read_text())
            next(r for r in doc["releases"] if r["torch"] == "2.14")["latest"] = "2.14.0"
            target.write_text(uk.dump(doc) + "\n")
            before = target.read_text()
            code, out, _ = self.run_main("--from", str(RECORDED), "--file", str(target), "--date", "2026-12-01")
            self.assertEqual(code, 0)
            removed = [line for line in out.splitlines() if line.startswith("-") and '"latest": "2.14.0"' in line]
            added = [line for line in out.splitlines() if line.startswith("+") and '"latest": "2.14.1"' in line]
            self.assertEqual((len(removed), len(added)), (1, 1), out)
            self.assertEqual(target.read_text(), before)
            code, _, err = self.run_main("--from", str(RECORDED), "--file", str(target), "--date", "2026-12-01",
                                         "--write")
            self.assertEqual(code, 0)
            self.assertIn("wrote", err)
            self.assertEqual(next(r for r in json.loads(target.read_text())["releases"]
                                  if r["torch"] == "2.14")["latest"], "2.14.1")

    def test_a_malformed_answer_is_an_error(self):
        with tempfile.TemporaryDirectory() as tmp:
            for name in uk.PACKAGES:
                (Path(tmp) / f"{name}.json").write_text('{"info": {}, "releases": []}')
            code, _, err = self.run_main("--from", tmp, "--file", str(SHIPPED))
            self.assertEqual(code, 2)
            self.assertIn("no 'releases' object", err)
            (Path(tmp) / "torch.json").write_text("<html>")
            code, _, err = self.run_main("--from", tmp, "--file", str(SHIPPED))
            self.assertEqual(code, 2)
            self.assertIn("error:", err)


class RangeHandler(http.server.BaseHTTPRequestHandler):
    """Serves one file, honouring "Range: bytes=a-b", and counts the bytes it sent."""
    body = b""
    sent = 0

    def do_GET(self):
        first, last = 0, len(self.body) - 1
        wanted = self.headers.get("Range")
        if wanted:
            a, b = wanted.split("=", 1)[1].split("-")
            first, last = int(a), int(b)
        chunk = self.body[first:last + 1]
        self.send_response(206 if wanted else 200)
        self.send_header("Content-Length", str(len(chunk)))
        self.end_headers()
        self.wfile.write(chunk)
        type(self).sent += len(chunk)

    def log_message(self, *args):
        pass


class WheelMetadata(unittest.TestCase):
    def test_reads_the_metadata_without_the_whole_wheel(self):
        wheel = io.BytesIO()
        with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as z:
            z.writestr("torch/lib/libtorch_cuda.so", os.urandom(8 * 1024 * 1024))
            z.writestr("torch-9.9.0.dist-info/METADATA", "Name: torch\nRequires-Dist: cuda-toolkit[cudart]==13.4.1\n")
        RangeHandler.body, RangeHandler.sent = wheel.getvalue(), 0
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RangeHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            url = f"http://127.0.0.1:{server.server_port}/torch-9.9.0-cp312-cp312-manylinux_2_28_x86_64.whl"
            text = uk.wheel_metadata(url, len(RangeHandler.body), timeout=5)
        finally:
            server.shutdown()
            server.server_close()
        self.assertEqual(uk.pypi_cuda(text), "cu134")
        self.assertLess(RangeHandler.sent, len(RangeHandler.body) // 10)


class IndexHandler(http.server.BaseHTTPRequestHandler):
    """A simple index (PEP 691 JSON pages) and its wheels, from a dict of path -> bytes; counts wheel reads."""
    files = {}
    wheel_reads = 0

    def do_GET(self):
        body = self.files.get(self.path)
        if body is None:
            self.send_error(404)
            return
        first, last = 0, len(body) - 1
        if self.headers.get("Range"):
            a, b = self.headers["Range"].split("=", 1)[1].split("-")
            first, last = int(a), int(b)
        if self.path.endswith(".whl"):
            type(self).wheel_reads += 1
        chunk = body[first:last + 1]
        self.send_response(206 if self.headers.get("Range") else 200)
        self.send_header("Content-Length", str(len(chunk)))
        self.end_headers()
        self.wfile.write(chunk)

    def log_message(self, *args):
        pass


def wheel_bytes(name, version, requires, extra=()):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as z:
        z.writestr(f"{name}/__init__.py", "")
        for file in extra:
            z.writestr(file, "")
        z.writestr(f"{name}-{version}.dist-info/METADATA",
                   f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                   + "".join(f"Requires-Dist: {r}\n" for r in requires))
    return data.getvalue()


class Companions(unittest.TestCase):
    """--companions against a local index of a made-up package: the torch each release requires."""

    def setUp(self):
        releases = [("1.0.0", ["torch (==2.14.0)"], "2026-09-03"),
                    ("1.0.0.post1", ["numpy", "torch==2.14.1 ; platform_system != 'Darwin'"], "2026-09-20"),
                    ("1.1.0", ["torch<2.16,>=2.15"], "2026-10-29"),
                    ("1.2.0", ["torchvision"], "2026-11-02"),
                    ("0.9.0", ["torch==0.4.1"], "2018-08-01"),  # before torch 1.0: left out
                    ("1.3.0rc1", ["torch==2.16.0"], "2026-11-20")]  # a pre-release: left out
        files, entries = {}, []
        for version, requires, day in releases:
            for platform in ("win_amd64", "manylinux_2_28_x86_64"):
                name = f"quill_kernels-{version}-py3-none-{platform}.whl"
                # 1.0.0 also installs a module of its own at the top, and vendored libraries beside it.
                extra = ([f"_quill_ops.cpython-312-{platform}.so", "quill_kernels.libs/libgomp.so.1",
                          f"quill_kernels-{version}.data/scripts/quill"] if version == "1.0.0" else [])
                files[f"/files/{name}"] = wheel_bytes("quill_kernels", version, requires, extra)
                entries.append({"filename": name, "url": f"../../files/{name}", "size": len(files[f"/files/{name}"]),
                                "upload-time": f"{day}T10:00:00Z", "yanked": False, "hashes": {}})
        entries.append({"filename": "quill_kernels-1.1.0.tar.gz", "url": "../../files/x.tar.gz", "size": 1,
                        "upload-time": "2026-10-29T10:00:00Z", "yanked": False, "hashes": {}})
        files["/simple/quill-kernels/"] = json.dumps({"meta": {"api-version": "1.1"}, "name": "quill-kernels",
                                                      "files": entries}).encode()
        IndexHandler.files, IndexHandler.wheel_reads = files, 0
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), IndexHandler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.index = f"http://127.0.0.1:{self.server.server_port}/simple/"

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def generate(self, document):
        answers = {"quill-kernels": uk.simple_answer(self.index, "Quill_Kernels", timeout=5)}
        return uk.update_companions(document, answers, uk.file_contents(timeout=5), self.index)

    def test_each_release_gets_the_torch_its_metadata_requires(self):
        doc, review = self.generate({"schema": 1, "kind": "companions", "packages": []})
        package = doc["packages"][0]
        self.assertEqual(package["name"], "quill-kernels")
        self.assertEqual(package["sources"], [self.index + "quill-kernels/"])
        self.assertEqual([(r["version"], r["torch"], r["uploaded"]) for r in package["releases"]],
                         [("1.0.0", "==2.14.0", "2026-09-03"), ("1.0.0.post1", "==2.14.1", "2026-09-20"),
                          ("1.1.0", ">=2.15,<2.16", "2026-10-29"), ("1.2.0", None, "2026-11-02")])
        self.assertEqual(review, ["quill-kernels 1.2.0: its wheel does not require torch"])
        self.assertEqual([r["modules"] for r in package["releases"]],
                         [["_quill_ops", "quill_kernels"]] + [["quill_kernels"]] * 3)

    def test_a_known_release_without_its_modules_is_read_again(self):
        first, _ = self.generate({"schema": 1, "kind": "companions", "packages": []})
        del first["packages"][0]["releases"][0]["modules"]
        reads = IndexHandler.wheel_reads
        second, _ = self.generate(first)
        self.assertEqual(second["packages"][0]["releases"][0]["modules"], ["_quill_ops", "quill_kernels"])
        self.assertGreater(IndexHandler.wheel_reads, reads)

    def test_releases_already_known_are_not_read_again(self):
        first, _ = self.generate({"schema": 1, "kind": "companions", "packages": []})
        reads = IndexHandler.wheel_reads
        second, review = self.generate(first)
        self.assertEqual(second, first)
        self.assertEqual(IndexHandler.wheel_reads, reads)
        self.assertEqual(review, [])  # what was reviewed once is not raised again

    def test_the_command_shows_a_diff_and_writes_only_when_asked(self):
        with tempfile.TemporaryDirectory() as tmp:
            target = Path(tmp) / "companions.json"
            target.write_text(uk.dump({"schema": 1, "kind": "companions", "date": "2026-01-01", "packages": []}) + "\n")
            args = ["--companions", "--index", self.index, "--file", str(target), "--date", "2026-12-07"]
            uk.COMPANION_PACKAGES, saved = ("quill_kernels",), uk.COMPANION_PACKAGES
            try:
                code, out, _ = Command.run_main(self, *args)
                self.assertEqual(code, 0)
                self.assertIn('+        {"version": "1.1.0", "torch": ">=2.15,<2.16", "uploaded": "2026-10-29", '
                              '"modules": ["quill_kernels"]}', out)
                self.assertNotIn("1.1.0", target.read_text())
                code, _, err = Command.run_main(self, *args, "--write")
            finally:
                uk.COMPANION_PACKAGES = saved
            self.assertEqual(code, 0, err)
            written = json.loads(target.read_text())
            self.assertEqual(written["date"], "2026-12-07")
            self.assertEqual(len(written["packages"][0]["releases"]), 4)

    def test_the_shipped_table_validates_and_knows_the_default_packages(self):
        shipped = json.loads((ROOT / "resources" / "knowledge" / "companions.json").read_text())
        self.assertEqual(sorted(p["name"] for p in shipped["packages"]),
                         sorted(uk.normalized(n) for n in uk.COMPANION_PACKAGES))
        self.assertEqual(json.loads(uk.dump(shipped)), shipped)


if __name__ == "__main__":
    unittest.main()
