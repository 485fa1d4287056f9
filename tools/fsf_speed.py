#!/usr/bin/env python3
"""Times fairy's perft against Fairy-Stockfish's and prints the README's table.

Each row is run by both programs in turn, round after round, so that a slow
spell on a shared machine slows both alike. A time is the whole process's
(start-up, and reading a definition from the gallery, included), the median
over the rounds. Node counts are compared: a row whose counts differ is
reported on standard error.

Fairy-Stockfish is not installed by this project. Build it from its
repository (https://github.com/fairy-stockfish/Fairy-Stockfish) in `src/`:

    make -j2 build ARCH=x86-64-modern                    # boards up to 8x8
    make -j2 build ARCH=x86-64-modern largeboards=yes    # in a second copy

then, after `cargo build --release`:

    python3 tools/fsf_speed.py --fsf PATH/stockfish --fsf-large PATH/stockfish

`--rows chess,grand` runs only the rows whose command holds one of the words.
"""

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# (fairy's perft arguments, Fairy-Stockfish's variant or None, its board
# build ("small" or "large"), its position command, depth). Rows without a
# variant are fairy's own: the seed variants, built in and read from the
# gallery.
ROWS = [
    (["chess", "6"], "chess", "small", "startpos", 6),
    (["chess", "5", "--fen", KIWIPETE], "chess", "small", "fen " + KIWIPETE, 5),
    (["gnu", "7"], None, None, None, None),
    (["examples/variants/gnu.toml", "7"], None, None, None, None),
    (["chennis", "7"], None, None, None, None),
    (["examples/variants/chennis.toml", "7"], None, None, None, None),
    (["cgnp", "5"], None, None, None, None),
    (["examples/variants/capablanca.toml", "5"], "capablanca", "large", "startpos", 5),
    (["examples/variants/makruk.toml", "6"], "makruk", "small", "startpos", 6),
    (["examples/variants/atomic.toml", "6"], "atomic", "small", "startpos", 6),
    (["examples/variants/antichess.toml", "6"], "antichess", "small", "startpos", 6),
    (["examples/variants/3check.toml", "6"], "3check", "small", "startpos", 6),
    (["examples/variants/racingkings.toml", "5"], "racingkings", "small", "startpos", 5),
    (["examples/variants/racingkings.toml", "6"], "racingkings", "small", "startpos", 6),
    (["crazyhouse", "6"], "crazyhouse", "small", "startpos", 6),
    (["placement", "5"], "placement", "small", "startpos", 5),
    (["shogi", "5"], "shogi", "large", "startpos", 5),
    (["minishogi", "6"], "minishogi", "large", "startpos", 6),
    (["xiangqi", "5"], "xiangqi", "large", "startpos", 5),
    (["janggi", "5"], "janggi", "large", "startpos", 5),
    (["grand", "5"], "grand", "large", "startpos", 5),
]


def label(fairy_args):
    """The table's first column: the command, with a FEN left out."""
    if "--fen" in fairy_args:
        return f"`perft {' '.join(fairy_args[: fairy_args.index('--fen') + 1])}` (Kiwipete)"
    return f"`perft {' '.join(fairy_args)}`"


def nodes_in(output):
    """The last node count a perft printed, or None."""
    counts = re.findall(r"Nodes searched: (\d+)", output)
    return int(counts[-1]) if counts else None


def timed(command, **run):
    """Runs a command; returns (seconds, standard output)."""
    start = time.perf_counter()
    output = subprocess.run(command, capture_output=True, text=True, check=True, **run).stdout
    return time.perf_counter() - start, output


def rate(nodes, seconds):
    """Nodes per second in millions, as the table writes them."""
    millions = nodes / seconds / 1e6
    return f"{millions:.1f} M" if millions < 10 else f"{millions:.0f} M"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fairy", default="target/release/fairy", help="fairy's binary (default: %(default)s)")
    parser.add_argument("--fsf", required=True, help="Fairy-Stockfish built for boards up to 8x8")
    parser.add_argument("--fsf-large", required=True, help="Fairy-Stockfish built with largeboards=yes")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each row (default: %(default)s)")
    parser.add_argument("--rows", help="only the rows whose command holds one of these comma-separated words")
    options = parser.parse_args()

    root = Path(__file__).resolve().parent.parent
    builds = {"small": options.fsf, "large": options.fsf_large}
    rows = ROWS
    if options.rows:
        words = options.rows.split(",")
        rows = [row for row in ROWS if any(word in " ".join(row[0]) for word in words)]

    fairy_times = {label(row[0]): [] for row in rows}
    fsf_times = {label(row[0]): [] for row in rows}
    nodes = {}
    for _ in range(options.rounds):
        for fairy_args, variant, build, position, depth in rows:
            name = label(fairy_args)
            seconds, output = timed([options.fairy, "perft", *fairy_args, "--threads", "1"], cwd=root)
            fairy_times[name].append(seconds)
            nodes[name] = nodes_in(output)
            if variant is None:
                continue
            commands = (
                f"uci\nsetoption name UCI_Variant value {variant}\n"
                f"position {position}\ngo perft {depth}\nquit\n"
            )
            seconds, output = timed([builds[build]], input=commands)
            fsf_times[name].append(seconds)
            if nodes_in(output) != nodes[name]:
                print(f"{name}: fairy counts {nodes[name]}, Fairy-Stockfish {nodes_in(output)}", file=sys.stderr)

    print("| command | nodes | time | nodes/s | Fairy-Stockfish | speed-up |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for fairy_args, *_ in rows:
        name = label(fairy_args)
        count = nodes[name]
        fairy = statistics.median(fairy_times[name])
        row = f"| {name} | {count:,} | {fairy:.2f} s | {rate(count, fairy)} |"
        if fsf_times[name]:
            fsf = statistics.median(fsf_times[name])
            row += f" {fsf:.2f} s ({rate(count, fsf)}) | {fsf / fairy:.1f}x |"
        else:
            row += "  |  |"
        print(row)


if __name__ == "__main__":
    main()
