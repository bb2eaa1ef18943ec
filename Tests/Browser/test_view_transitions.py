"""Page changes that keep the eye: cross-document view transitions between the pages, in every
engine, at 1280x800, 820x1180 and 390x844.

The stylesheet opts every same-site navigation into a view transition (`@view-transition {
navigation: auto }`) unless the reader prefers reduced motion, and names the table, the toolbar
and (in the wide column only) the inspector so that they morph into their counterparts on the
next page. An engine without view transitions (engines.CAPABILITIES says which) loads the page
as before: the test then checks that nothing else changed.
"""

import functools
import http.server
import threading

import pytest

from conftest import load
from engines import EVERY_ENGINE, emulate_media

pytestmark = EVERY_ENGINE


class Served:
    """The sample site over HTTP on loopback: a file:// page may not read its own stylesheet's
    rules (an opaque origin), and view transitions are for same-origin navigations."""

    def __init__(self, root):
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
        handler.log_message = lambda *args: None
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, page="index.html"):
        return f"http://127.0.0.1:{self.server.server_address[1]}/{page}"


@pytest.fixture(scope="module")
def served(site):
    s = Served(site.root)
    yield s
    s.server.shutdown()

NAMES_JS = """
const name = s => { const e = document.querySelector(s); return e ? getComputedStyle(e).viewTransitionName || null : null; };
const rules = [];
const walk = list => { for (const r of list) {
  if (r.constructor.name === 'CSSViewTransitionRule') rules.push(r.navigation);
  else if (r.cssRules && (!r.media || matchMedia(r.media.mediaText).matches)) walk(r.cssRules);
} };
for (const sheet of document.styleSheets) { try { walk(sheet.cssRules); } catch (e) {} }
return {supported: CSS.supports('view-transition-name', 'x'), table: name('.cf-table-scroll'),
        toolbar: name('.cf-toolbar'), inspector: name('.cf-inspector'),
        ruleKnown: typeof CSSViewTransitionRule !== 'undefined', navigation: rules};
"""


@pytest.mark.parametrize("viewport", ["wide", "middle", "narrow"])
def test_pages_name_what_morphs_and_opt_into_transitions(request, engine, served, viewport):
    driver = request.getfixturevalue(viewport)
    for page in ("index.html", "bulletins/index.html", "fruits/index.html"):
        load(driver, served, page)
        n = driver.execute_script(NAMES_JS)
        if not n["supported"]:
            assert n["table"] is None, n  # nothing to check beyond the page loading
            continue
        assert n["table"] == "cf-table" and n["toolbar"] == "cf-toolbar", (page, n)
        # The column morphs; the sheet does not (a name would stop its material blurring the page).
        assert n["inspector"] == ("none" if viewport == "narrow" else "cf-inspector"), (page, n)
        if n["ruleKnown"]:
            assert n["navigation"] == ["auto"], (page, n)


def test_no_transition_under_reduced_motion(wide, engine, served):
    emulate_media(wide, reduced_motion=True)
    load(wide, served, "index.html")
    n = wide.execute_script(NAMES_JS)
    if n["ruleKnown"]:
        assert n["navigation"] == [], n
    else:
        pytest.skip(f"{engine} has no CSSViewTransitionRule to read")
