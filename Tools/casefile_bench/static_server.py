"""A site folder served on 127.0.0.1 (port 0, loopback only) in a thread of its own, with
`Content-Encoding: gzip` (level 6) when the request accepts it, as a real static host would; the
compressed bytes are cached so that compression is not what is measured.
"""
import gzip
import http.server
import mimetypes
import os
import posixpath
import threading
import urllib.parse

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".xml": "application/atom+xml", ".atom": "application/atom+xml",
    ".json": "application/json", ".csv": "text/csv; charset=utf-8",
    ".txt": "text/plain; charset=utf-8", ".svg": "image/svg+xml", ".js": "text/javascript",
    ".webmanifest": "application/manifest+json", ".ico": "image/x-icon", ".png": "image/png",
    ".yaml": "application/yaml", ".md": "text/markdown; charset=utf-8",
}
COMPRESSIBLE = ("text/", "application/atom+xml", "application/json", "image/svg+xml",
                "application/manifest+json", "application/yaml")


def content_type(path):
    ext = os.path.splitext(path)[1].lower()
    return CONTENT_TYPES.get(ext) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def accepts_gzip(header):
    for part in (header or "").split(","):
        fields = [f.strip() for f in part.split(";")]
        if fields[0].lower() in ("gzip", "*"):
            q = next((f[2:] for f in fields[1:] if f.startswith("q=")), "1")
            try:
                return float(q) > 0
            except ValueError:
                return True
    return False


class SiteServer:
    """Serves one site folder on 127.0.0.1 in a thread of its own."""

    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.gzipped = {}
        self.lock = threading.Lock()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_HEAD(self):
                self.respond(head=True)

            def do_GET(self):
                self.respond(head=False)

            def respond(self, head):
                path = server.resolve(self.path)
                status = 200
                if path is None:
                    status, path = 404, server.resolve("/404.html")
                if path is None:
                    body, kind = b"not found\n", "text/plain; charset=utf-8"
                else:
                    with open(path, "rb") as f:
                        body = f.read()
                    kind = content_type(path)
                encoding = None
                if kind.startswith(COMPRESSIBLE) and accepts_gzip(self.headers.get("Accept-Encoding")):
                    body, encoding = server.gzip(path, body), "gzip"
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Vary", "Accept-Encoding")
                if encoding:
                    self.send_header("Content-Encoding", encoding)
                self.end_headers()
                if not head:
                    self.wfile.write(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def url(self, rel):
        return f"http://127.0.0.1:{self.port}/{urllib.parse.quote(rel)}"

    def resolve(self, request_path):
        path = urllib.parse.unquote(urllib.parse.urlsplit(request_path).path)
        path = posixpath.normpath("/" + path).lstrip("/")
        full = os.path.realpath(os.path.join(self.root, path))
        if full != self.root and not full.startswith(self.root + os.sep):
            return None
        if os.path.isdir(full):
            full = os.path.join(full, "index.html")
        return full if os.path.isfile(full) else None

    def gzip(self, path, body):
        key = (path, len(body), hash(body))
        with self.lock:
            cached = self.gzipped.get(key)
        if cached is None:
            cached = gzip.compress(body, compresslevel=6, mtime=0)
            with self.lock:
                self.gzipped[key] = cached
        return cached

