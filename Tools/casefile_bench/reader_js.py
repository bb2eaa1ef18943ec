"""The scripts `reader-bench.py` runs in the page: an observer of paints and Event Timing entries
injected before the page's own document is parsed, the helpers that find what to tap and put it
in view, and the layout facts read after one load. Benchmark instrumentation only: the pages
themselves have no script."""

# Injected before the page's own document is parsed (benchmark instrumentation only).
OBSERVER_JS = r"""
(() => {
  const rb = window.__readerBench = {paint: [], lcp: [], events: [], errors: []};
  const observe = (type, options, record) => {
    try {
      new PerformanceObserver(list => list.getEntries().forEach(record))
        .observe(Object.assign({type, buffered: true}, options));
    } catch (error) { rb.errors.push(type + ': ' + error); }
  };
  observe('paint', {}, e => rb.paint.push({name: e.name, startTime: e.startTime}));
  observe('largest-contentful-paint', {}, e => rb.lcp.push({
    startTime: e.startTime, size: e.size, element: e.element ? e.element.tagName : null}));
  const timing = e => rb.events.push({
    name: e.name, entryType: e.entryType, interactionId: e.interactionId || 0,
    startTime: e.startTime, duration: e.duration,
    processingStart: e.processingStart, processingEnd: e.processingEnd});
  observe('event', {durationThreshold: 16}, timing);
  observe('first-input', {}, timing);
})();
"""

# Defined after load (so it costs the load nothing): finds what to tap, puts it in view.
HELPERS_JS = r"""
(() => {
  const rb = window.__readerBench;
  const vv = () => window.visualViewport || {offsetLeft: 0, offsetTop: 0, scale: 1};
  rb.frames = n => new Promise(resolve => {
    const step = () => (n-- <= 0 ? resolve(true) : requestAnimationFrame(step));
    step();
  });
  rb.box = el => {
    const r = el.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height,
            top: r.top, bottom: r.bottom};
  };
  rb.shown = el => {
    const b = rb.box(el);
    return b.w > 0 && b.h > 0 &&
      (!el.checkVisibility || el.checkVisibility({visibilityProperty: true}));
  };
  // In the viewport, and the element (or its label's control) is what a tap there would hit.
  rb.inView = el => {
    const b = rb.box(el);
    if (!(b.w > 0 && b.h > 0)) return false;
    if (b.x < 0 || b.y < 0 || b.x >= document.documentElement.clientWidth || b.y >= innerHeight)
      return false;
    const hit = document.elementFromPoint(b.x, b.y);
    return !!hit && (el.contains(hit) || (el.control !== undefined && hit === el.control));
  };
  rb.describe = el => {
    const b = rb.box(el), v = vv();
    const hit = document.elementFromPoint(b.x, b.y);
    return {x: (b.x - v.offsetLeft) * v.scale, y: (b.y - v.offsetTop) * v.scale,
            w: b.w, h: b.h, inView: rb.inView(el), scrollY: window.scrollY,
            tag: el.tagName.toLowerCase(),
            hit: hit ? hit.tagName.toLowerCase() + (hit.className ? '.' + hit.className : '') : null,
            text: (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40)};
  };
  rb.aim = async el => {
    rb.target = el;
    let scrolled = false;
    if (!rb.inView(el)) { el.scrollIntoView({block: 'center'}); scrolled = true; }
    await rb.frames(2);
    return Object.assign(rb.describe(el), {scrolled});
  };
  rb.findRow = async () => {
    const links = document.querySelectorAll('[data-table] a[data-select]');
    if (!links.length) return null;
    let el = null;
    for (const a of links) {
      if (a.getBoundingClientRect().top > innerHeight) break;
      if (rb.inView(a)) { el = a; break; }
    }
    if (!el) {
      for (const a of links) if (rb.shown(a)) { el = a; break; }
    }
    el = el || links[0];
    const d = await rb.aim(el);
    const url = new URL(el.href, location.href);
    return Object.assign(d, {href: el.getAttribute('href'), hash: url.hash,
                             samePage: url.pathname === location.pathname});
  };
  rb.chips = () => document.querySelectorAll('label.cf-chip');
  rb.findChip = async () => {
    for (const chip of rb.chips()) {
      if (rb.shown(chip)) {
        const d = await rb.aim(chip);
        const input = chip.control || chip.querySelector('input');
        return Object.assign(d, {checkedBefore: !!(input && input.checked)});
      }
    }
    return null;
  };
  rb.findToggle = async () => {
    const first = rb.chips()[0];
    if (!first) return null;
    let toggle = null;
    const details = first.closest('details');
    if (details) toggle = details.querySelector(':scope > summary');
    if (!toggle) {
      for (const t of document.querySelectorAll('[data-filter-toggle], summary')) {
        const d = t.closest('details');
        const seen = rb.shown(t) || Array.from(t.labels || []).some(rb.shown);
        if (seen && (t.matches('[data-filter-toggle]') || (d && d.querySelector('.cf-chip')))) {
          toggle = t; break;
        }
      }
    }
    if (!toggle) return null;
    // A visually hidden checkbox is worked through its label: tap a label that shows.
    if (toggle.labels && toggle.labels.length) {
      toggle = Array.from(toggle.labels).find(rb.shown) || toggle;
    }
    rb.toggle = toggle;
    return await rb.aim(toggle);
  };
  rb.chipChecked = () => {
    const c = rb.target, input = c && (c.control || c.querySelector('input'));
    return !!(input && input.checked);
  };
  rb.chipsShown = () => Array.from(rb.chips()).some(rb.shown);
  rb.interaction = mark => rb.events.filter(e => e.interactionId > 0 && e.startTime >= mark);
  return true;
})()
"""

FACTS_JS = r"""
(() => {
  const de = document.documentElement, width = de.clientWidth, height = window.innerHeight;
  let top = null;
  for (const tr of document.querySelectorAll('[data-table] tbody tr')) {
    const r = tr.getBoundingClientRect();
    if (r.height > 0) { top = r.top; break; }
  }
  let past = 0, cells = 0;
  for (const cell of document.querySelectorAll('[data-table] td, [data-table] th')) {
    cells++;
    if (cell.getBoundingClientRect().right > width + 0.5) past++;
  }
  return {elements: document.getElementsByTagName('*').length, clientWidth: width,
          viewportHeight: height, firstRowTop: top,
          firstRowTopPercent: top === null ? null : 100 * top / height,
          cells, cellsPastEdge: past, scrollWidth: de.scrollWidth,
          scrollsSideways: de.scrollWidth > width};
})()
"""
