#!/usr/bin/env python3
"""Times `fairy perft` commands in interleaved rounds and prints medians.

Time on a shared machine drifts from minute to minute, so the commands are
run in turn, round after round, rather than one after the other: a slow
spell then slows every command alike. Each run's time is perft's own (the
"Time:" line `fairy perft` prints), without start-up and table building.
The first command is the reference that the others' nodes/s are compared
with, as in the README's targets table.

    python3 tools/timed_perft.py --rounds 5 --fairy target/release/fairy \\
        "chess 6" "grand 5" "examples/variants/chess16.toml 5" "shogi 5"

Each command is the arguments after `fairy perft`, quoted as for a shell
(a FEN goes in its own quotes); `--threads 1` is added unless a command
sets its threads.
"""

import argparse
import re
import shlex
import statistics
import subprocess
import sys


def run_once(fairy, arguments):
    """Runs one perft and returns (nodes, seconds) as it printed them."""
    output = subprocess.run(
        [fairy, "perft", *arguments], capture_output=True, text=True, check=True
    ).stdout
    nodes = re.search(r"Nodes searched: (\d+)", output)
    time = re.search(r"Time: ([0-9.]+) s", output)
    if not nodes or not time:
        sys.exit(f"no node count or time in the output of {arguments}:\n{output}")
    return int(nodes.group(1)), float(time.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commands", nargs="+", help="arguments after `fairy perft`")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--fairy", default="target/release/fairy")
    options = parser.parse_args()

    commands = []
    for command in options.commands:
        arguments = shlex.split(command)
        if "--threads" not in arguments:
            arguments += ["--threads", "1"]
        commands.append(arguments)

    times = [[] for _ in commands]
    nodes = [None for _ in commands]
    for _ in range(options.rounds):
        for index, arguments in enumerate(commands):
            counted, seconds = run_once(options.fairy, arguments)
            if nodes[index] not in (None, counted):
                sys.exit(f"{arguments} counted {nodes[index]} nodes, then {counted}")
            nodes[index] = counted
            times[index].append(seconds)

    reference = None
    for command, counted, measured in zip(options.commands, nodes, times):
        median = statistics.median(measured)
        rate = counted / median if median > 0 else float("inf")
        reference = reference or rate
        print(
            f"{command:<45} {counted:>13,} nodes  {median:8.3f} s  "
            f"{rate / 1e6:7.1f} M nodes/s  {reference / rate:5.2f}x the first's time per node"
        )


if __name__ == "__main__":
    main()
