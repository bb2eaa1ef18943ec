"""The editor of `casefile serve` against a page of another origin, in a real browser.

A page served from another loopback port (a plain http.server started here) holds a form that
posts itself on load to the preview's edit address, as a page a person happened to open would.
Chromium sends it with that page's Origin, and the preview refuses it whatever secret it carries
(a made-up one, or even this run's): the case's file keeps its bytes. The preview's own form,
submitted in the same browser, saves: the refusal is the guard's, not a form that never writes.
"""

import functools
import html
import http.server
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import BINARY, REPO, QuietHandler


@pytest.fixture
def preview():
    """`casefile serve` (editing on, loopback) over a copy of the sample: (port, case folder)."""
    root = Path(tempfile.mkdtemp(prefix="casefile-editor-guard-"))
    content = root / "Content"
    shutil.copytree(REPO / "Content", content)
    (root / "tmp").mkdir()
    process = subprocess.Popen(
        [str(BINARY), "serve", "--content", str(content), "--port", "0", "--no-watch"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "TMPDIR": str(root / "tmp")})
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        process.kill()
        pytest.fail(f"casefile serve did not start: {line} {process.stderr.read()}")
    yield int(match.group(1)), content
    process.terminate()
    process.wait(timeout=20)
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def elsewhere():
    """Another site on loopback: `put(html)` serves it at http://127.0.0.1:OTHER/page.html."""
    root = Path(tempfile.mkdtemp(prefix="casefile-elsewhere-"))
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def put(text):
        (root / "page.html").write_text(text, encoding="utf-8")
        return f"http://127.0.0.1:{server.server_address[1]}/page.html"

    yield put
    server.shutdown()
    server.server_close()
    shutil.rmtree(root, ignore_errors=True)


def _hidden(port, name):
    """A hidden field of the fish's edit form, as the preview serves it."""
    page = urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html?edit=animals/fish").read().decode()
    return re.search(r'<input type="hidden" name="%s" value="([^"]*)">' % name, page).group(1)


def _wait(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.05)
    return predicate()


@pytest.mark.parametrize("secret", ["made-up", "this run's"])
def test_a_page_of_another_port_cannot_save(wide, preview, elsewhere, secret):
    port, content = preview
    before = (content / "animals.yaml").read_bytes()
    value = "0" * 64 if secret == "made-up" else _hidden(port, "_secret")
    fields = {"_secret": value, "_version": _hidden(port, "_version"), "id": "fish", "name": "Mallory",
              "species": "Fish", "pawSize": "small", "suspicionLevel": "0.3", "_action": "save"}
    inputs = "".join(f'<input type="hidden" name="{k}" value="{html.escape(v)}">' for k, v in fields.items())
    page = elsewhere(
        '<!doctype html><html><head><meta charset="utf-8"><title>Cute kittens</title></head>'
        '<body onload="document.forms[0].submit()">'
        f'<form method="post" action="http://127.0.0.1:{port}/index.html?edit=animals/fish">{inputs}</form>'
        '</body></html>')
    wide.get(page)
    # The form went: the browser now shows the preview's answer.
    assert _wait(lambda: wide.current_url.startswith(f"http://127.0.0.1:{port}/")), wide.current_url
    answer = wide.find_element(By.TAG_NAME, "body").text
    assert "Only pages from" in answer and "Nothing was written" in answer, answer
    assert (content / "animals.yaml").read_bytes() == before


def test_the_previews_own_form_saves(wide, preview):
    port, content = preview
    before = (content / "animals.yaml").read_bytes()
    wide.get(f"http://127.0.0.1:{port}/index.html?edit=animals/fish#fish_large")
    name = wide.find_element(By.CSS_SELECTOR, "form[data-edit-form] input[name=name]")
    wide.execute_script("arguments[0].value = 'Fred Fin'", name)
    save = wide.find_element(By.CSS_SELECTOR, "form[data-edit-form] button[data-save]")
    wide.execute_script("arguments[0].form.requestSubmit(arguments[0])", save)
    assert _wait(lambda: "saved=" in wide.current_url), wide.current_url
    after = (content / "animals.yaml").read_bytes()
    assert after == before.replace(b"name: Fabrizio", b"name: Fred Fin", 1)
