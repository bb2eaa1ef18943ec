"""The release binary and the synthetic cases the benchmarks measure."""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MAKE_CASE = REPO / "Scripts" / "make-case.py"


def release_binary(product="casefile", log=None):
    """`swift build -c release --product PRODUCT` in the repository; the binary's path. Its
    output goes to the file `log` (or nowhere); on a failure it is printed (on stderr) and the
    run stops."""
    with open(log or os.devnull, "wb") as out:
        result = subprocess.run(["swift", "build", "-c", "release", "--product", product],
                                cwd=REPO, stdout=out, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        if log:
            with open(log, encoding="utf-8", errors="replace") as f:
                sys.stderr.write(f.read())
        raise SystemExit(1)
    return REPO / ".build" / "release" / product


def make_case(out, *args, timeout=900):
    """Scripts/make-case.py OUT ARGS…: the same arguments give the same bytes."""
    subprocess.run([sys.executable, str(MAKE_CASE), str(out), *args],
                   check=True, stdout=subprocess.DEVNULL, timeout=timeout)


def cached_case(stem, args, log=lambda message: None):
    """A case made with `args`, kept in the temp folder as STEM-<hash of make-case.py> and
    reused from there while make-case.py is unchanged; written under another name first, so that
    a run stopped halfway leaves no case behind."""
    digest = hashlib.sha256(MAKE_CASE.read_bytes()).hexdigest()[:10]
    path = os.path.join(tempfile.gettempdir(), f"{stem}-{digest}")
    if os.path.isfile(os.path.join(path, "site.yaml")):
        log(f"case: reusing {path}")
        return path
    partial = path + f".partial-{os.getpid()}"
    log(f"case: writing {path} (make-case.py {' '.join(args)})")
    try:
        make_case(partial, *args)
        os.replace(partial, path)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return path
