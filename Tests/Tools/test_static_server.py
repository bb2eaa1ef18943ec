"""Tools/casefile_bench/static_server.py: gzip when asked for, the bytes as they are otherwise,
and nothing outside the site's folder."""
import gzip
import sys
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench.static_server import SiteServer, accepts_gzip  # noqa: E402


def test_which_requests_accept_gzip():
    assert accepts_gzip("gzip, deflate, br")
    assert accepts_gzip("br;q=1.0, *;q=0.5")
    assert not accepts_gzip("gzip;q=0")
    assert not accepts_gzip("br")
    assert not accepts_gzip(None)


def get(url, encoding=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_the_site_is_served_gzipped_or_not_and_only_the_site(tmp_path):
    parent = tmp_path
    (parent / "site" / "suspects").mkdir(parents=True)
    page = "<!doctype html><title>Suspects</title>" + "<p>Fabrizio the fish</p>" * 200
    (parent / "site" / "suspects" / "index.html").write_text(page)
    (parent / "site" / "404.html").write_text("<p>Not here</p>")
    (parent / "secret.txt").write_text("outside")
    (parent / "site" / "link.txt").symlink_to(parent / "secret.txt")   # a way out of the site
    server = SiteServer(parent / "site")
    try:
        status, headers, body = get(server.url("suspects/"), "gzip")
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert headers["Content-Type"] == "text/html; charset=utf-8"
        assert gzip.decompress(body).decode() == page and len(body) < len(page) / 10
        status, headers, body = get(server.url("suspects/index.html"))
        assert status == 200 and headers["Content-Encoding"] is None and body.decode() == page
        status, _, body = get(f"http://127.0.0.1:{server.port}/../secret.txt")
        assert status == 404 and body.decode() == "<p>Not here</p>"
        status, _, body = get(server.url("link.txt"))
        assert status == 404 and body.decode() == "<p>Not here</p>"
    finally:
        server.stop()
