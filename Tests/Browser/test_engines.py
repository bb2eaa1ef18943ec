"""Each engine still supports what engines.CAPABILITIES says it does, and everything the pages
cannot do without.

The table decides which path a test expects an engine to take (the blurred material or the
opaque fill, the dim following the sheet or its detent); this test fails when an engine update
changes an answer, so that the table, and what the tests expect, are brought up to date.
"""

from engines import CAPABILITIES, EVERY_ENGINE

# Answers about a scratch table appended to about:blank: no page under test is involved.
PROBE_JS = """
const table = document.createElement('table');
table.innerHTML = '<tbody><tr style="position: relative"><td>cell</td></tr></tbody>';
document.body.append(table);
const positionedRows = getComputedStyle(table.querySelector('tr')).position === 'relative';
table.remove();
const blur = 'blur(1px)';
return {
  'backdrop-filter': CSS.supports('backdrop-filter', blur) || CSS.supports('-webkit-backdrop-filter', blur),
  'scroll-timeline': CSS.supports('animation-timeline', 'scroll()'),
  'positioned rows': positionedRows,
  ':has()': CSS.supports('selector(:has(a))'),
  ':target': CSS.supports('selector(:target)'),
  'overflow: clip': CSS.supports('overflow', 'clip'),
  'scroll-snap': CSS.supports('scroll-snap-type', 'y mandatory'),
};
"""

# Selection (:target, :has()), the rows' select overlays (overflow: clip) and the sheet's detents
# (scroll snapping) have no fallback: every engine must have them.
REQUIRED = (":has()", ":target", "overflow: clip", "scroll-snap")


@EVERY_ENGINE
def test_engine_supports_what_capabilities_declare(wide, engine):
    got = wide.execute_script(PROBE_JS)
    missing = [name for name in REQUIRED if not got[name]]
    assert not missing, f"{engine} lacks what the pages need: {missing}"
    declared = CAPABILITIES[engine]
    assert {name: got[name] for name in declared} == declared, (
        f"{engine} now answers {got}: update engines.CAPABILITIES")
