"""What Casefile's benchmarks share, and the Chromium that the benchmark and the browser suite
both start.

- build: the release binary (`swift build -c release`) and synthetic cases (Scripts/make-case.py).
- rounds: commands run alternately in rounds, each run's wall time, user + system CPU and peak
  RSS, and their medians.
- targets: the speed targets, and whether a measured figure holds each one.
- store: a built site's files written again, to time what storing them costs.
- tables: plain-text and Markdown tables.
- chromium: headless Chromium started with its DevTools port open (Scripts/reader-bench.py) and
  the binary and headless flag the browser suite's chromedriver starts it with
  (Tests/Browser/engines.py).
- devtools: a synchronous client of the Chrome DevTools Protocol over one WebSocket.
- trace: the style and layout work of a page, summed out of a DevTools trace.
- static_server: a site folder served on loopback with gzip, as a static host would.
- cleanup: what a run started or made, undone once at exit.
- reader_page, reader_js, reader_report: Scripts/reader-bench.py's own parts: one page's cold
  load, taps and layout facts under a phone's or a desktop's profile, the scripts it runs in the
  page, and its tables and verdicts (Scripts/tap-trace.py loads and taps through reader_page).

Scripts import it with Tools/ on sys.path; the shell scripts call `python3 -m casefile_bench`
with PYTHONPATH=Tools (see __main__.py).
"""
