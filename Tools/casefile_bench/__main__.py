"""The shared pieces for the shell scripts: `PYTHONPATH=Tools python3 -m casefile_bench …`

    build-release [--product casefile] [--log FILE]   build it; print the binary's path (relative)
    median --column N FILE                            the median of that column of FILE's lines
    median --values V…                                the median of the values
    store SOURCE DEST --time FILE                     write SOURCE's files again under DEST (new),
                                                      timed as /usr/bin/time -f '%e %U %S %M' would
                                                      (the writing alone; no peak RSS: 0)
    target NAME VALUE                                 a target (build-vs-floor, peak-100k, …; the
                                                      names are TARGETS below), and whether VALUE
                                                      holds it ("n/a": not measured)

A median is printed as awk prints a number (whole, else %.6g), for the scripts' printf.
"""
import argparse
import os
import sys

from . import build, rounds, store, targets

TARGETS = {"build-vs-floor": targets.BUILD_VS_FLOOR, "build-ceiling": targets.BUILD_CEILING,
           "jobs1-vs-floor": targets.ONE_CORE_VS_FLOOR, "scale-100k": targets.SCALE_100K,
           "peak-100k": targets.PEAK_100K, "publish": targets.PUBLISH,
           "republish": targets.REPUBLISH, "publish-100k": targets.PUBLISH_100K,
           "phone-select": targets.PHONE_SELECT, "phone-chip": targets.PHONE_CHIP,
           "desktop-click": targets.DESKTOP_CLICK}


def column(path, index):
    with open(path, encoding="utf-8") as f:
        return [float(line.split()[index - 1]) for line in f if line.strip()]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="casefile_bench", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    built = commands.add_parser("build-release", help="swift build -c release --product P")
    built.add_argument("--product", default="casefile")
    built.add_argument("--log", help="the build's output (printed when it fails)")
    middle = commands.add_parser("median", help="a median")
    middle.add_argument("--column", type=int, help="which column (from 1) of FILE")
    middle.add_argument("--values", nargs="+", type=float)
    middle.add_argument("file", nargs="?")
    stored = commands.add_parser("store", help="write a built site's files again; time the writing")
    stored.add_argument("source")
    stored.add_argument("destination")
    stored.add_argument("--time", required=True, help="where to write 'wall user system 0'")
    target = commands.add_parser("target", help="a target and whether a value holds it")
    target.add_argument("name", choices=sorted(TARGETS))
    target.add_argument("value", help='the measured figure ("n/a": none)')
    args = parser.parse_args(argv)
    if args.command == "build-release":
        print(os.path.relpath(build.release_binary(args.product, args.log)))
    elif args.command == "median":
        if args.values:
            values = args.values
        elif args.column and args.file:
            values = column(args.file, args.column)
        else:
            parser.error("median needs --values V… or --column N FILE")
        value = rounds.median(values)
        if value is None:
            sys.exit("median: no values")
        print(rounds.awk_number(value))
    elif args.command == "store":
        wall, user, system, count, size = store.store(args.source, args.destination)
        with open(args.time, "w", encoding="utf-8") as f:
            f.write(f"{wall:.2f} {user:.2f} {system:.2f} 0\n")
        print(f"{count} files, {size / 1e6:.0f} MB written again")
    else:
        try:
            value = float(args.value)
        except ValueError:
            value = None
        print(targets.verdict(TARGETS[args.name], value))


if __name__ == "__main__":
    main()
