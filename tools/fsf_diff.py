#!/usr/bin/env python3
"""Differential testing of fairy against Fairy-Stockfish (FSF).

FSF's Python binding pyffish (`pip install pyffish`) gives FSF's own rules:
its legal move list, its FEN, its start positions. A game ended by an
immediate rule (a flag reached, a king exploded) has no legal moves there,
so perft by recursion over `legal_moves` is FSF's perft.

For each variant (an FSF name with a definition file, by default
`examples/variants/<name>.toml`) the tool compares:

1. the start position (FEN) and perft from it, to a depth whose tree FSF
   can walk in Python within a node budget;
2. random games (seeded, moves chosen among FSF's legal moves): at every
   position the legal move sets and the FEN, read both ways (FSF's FEN
   read by fairy gives the same position; fairy's FEN read by FSF gives the
   same moves);
3. perft at sampled positions of those games;
4. for one board of a two-board game (bughouse, supply), random games
   where pieces join the hands now and then, as the partner's captures on
   the other board would put them there, compared as in 2 and 3.

A variant in chess960 mode (its FEN names castling rooks by file, as
`fischerandom` and `caparandom` do, or any variant that castles with
`--chess960`) is checked the same way from numbered shuffled starts too (`--starts`, fewer games each): fairy's start number
N (`fairy show FILE --start N`), read by FSF. For chess the numbering is
checked against python-chess's `Board.from_chess960_pos` when installed
(for chess's own back rank).

On a perft mismatch it descends to a position whose move sets differ and
prints the difference. fairy is driven through its command line
(`fairy perft FILE DEPTH --divide --positions FILE`), all positions of a
variant in one run.

Usage:
    python3 tools/fsf_diff.py chess legan          # these variants
    python3 tools/fsf_diff.py --all                # every gallery file FSF knows
    python3 tools/fsf_diff.py --all --games 4 --plies 60 --seed 7
    python3 tools/fsf_diff.py --chess960 atomic    # in chess960 mode (FSF's UCI_Chess960)
    python3 tools/fsf_diff.py --ini FILE --all     # every variant of an FSF ini file
                                                   # (loaded by both; those fairy
                                                   # cannot play are listed, with why)

Exit status: 0 when everything agrees, 1 on a difference, 2 on bad usage.
This is not part of `cargo test`; CI runs a bounded sample of it.
"""

import argparse
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.exit("pyffish is not installed: pip install pyffish")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# With --chess960: both sides castle in chess960 mode (FSF's UCI_Chess960,
# fairy's --chess960). Set before the worker processes are forked.
CHESS960 = False


def legal_moves(variant, fen, moves):
    return sf.legal_moves(variant, fen, moves, CHESS960)


def get_fen(variant, fen, moves):
    return sf.get_fen(variant, fen, moves, CHESS960)


def game_result(variant, fen, moves):
    return sf.game_result(variant, fen, moves, CHESS960)


def chess960_flag():
    return ["--chess960"] if CHESS960 else []
GALLERY = os.path.join(ROOT, "examples", "variants")


class Fairy:
    """fairy's view of positions, through its command line."""

    def __init__(self, binary, definition):
        self.binary = binary
        self.definition = definition

    def divide(self, positions, depth):
        """For each (fen, moves) position: fairy's FEN after the moves and
        {move: count} at `depth`, or an error message instead."""
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            for fen, moves in positions:
                line = "fen " + fen
                if moves:
                    line += " moves " + " ".join(moves)
                handle.write(line + "\n")
            path = handle.name
        try:
            run = subprocess.run(
                [self.binary, "perft", self.definition, str(depth), "--divide", "--positions", path]
                + chess960_flag(),
                capture_output=True,
                text=True,
            )
        finally:
            os.unlink(path)
        results = []
        current = None
        for line in run.stdout.splitlines():
            if line.startswith("position "):
                text = line.split(": ", 1)[1]
                if text.startswith("error: "):
                    current = {"error": text[len("error: "):]}
                else:
                    current = {"fen": text, "moves": {}}
                results.append(current)
            elif line.startswith("Game over: ") and current is not None:
                current["outcome"] = line.split()[2]
            elif line.startswith("Nodes searched") or line.startswith("Time:"):
                continue
            elif current is not None and "moves" in current and ": " in line:
                move, count = line.split(": ")
                current["moves"][move] = int(count)
        if len(results) < len(positions):
            error = run.stderr.strip() or "exit status %d" % run.returncode
            results += [{"error": error}] * (len(positions) - len(results))
        return results


def fsf_perft(variant, fen, moves, depth, budget):
    """FSF's perft by recursion; `budget` is a one-element list counting
    down the legal_moves calls allowed (None when spent)."""
    legal = legal_moves(variant, fen, moves)
    budget[0] -= 1
    if budget[0] < 0:
        return None
    if depth == 1:
        return len(legal)
    total = 0
    for move in legal:
        count = fsf_perft(variant, fen, moves + [move], depth - 1, budget)
        if count is None:
            return None
        total += count
    return total


def fsf_divide(variant, fen, moves, depth):
    return {m: fsf_perft(variant, fen, moves + [m], depth - 1, [10**9]) if depth > 1 else 1
            for m in legal_moves(variant, fen, moves)}


class Report:
    def __init__(self, name, lines):
        self.name = name
        self.failures = []
        self.notes = []
        # fairy's own start position (FEN), once asked for.
        self.fairy_start = None
        self.lines = lines

    def fail(self, text):
        self.failures.append(text)
        if len(self.failures) <= 8:
            self.lines.append("  MISMATCH %s: %s" % (self.name, text))
        elif len(self.failures) == 9:
            self.lines.append("  (further mismatches of %s are counted, not shown)" % self.name)

    def note(self, text):
        self.notes.append(text)


def describe_difference(ours, theirs):
    ours, theirs = set(ours), set(theirs)
    parts = []
    if ours - theirs:
        parts.append("only fairy: " + " ".join(sorted(ours - theirs)))
    if theirs - ours:
        parts.append("only FSF: " + " ".join(sorted(theirs - ours)))
    return "; ".join(parts)


def descend(variant, fairy, fen, moves, depth, report):
    """Follows a perft difference down to a position whose move sets differ."""
    while depth >= 1:
        ours = fairy.divide([(fen, moves)], depth)[0]
        if "error" in ours:
            report.fail("fairy refused %s moves %s: %s" % (fen, " ".join(moves), ours["error"]))
            return
        theirs = fsf_divide(variant, fen, moves, depth)
        if set(ours["moves"]) != set(theirs):
            report.fail("at %s (fen %s moves %s): %s" % (
                ours["fen"], fen, " ".join(moves), describe_difference(ours["moves"], theirs)))
            return
        wrong = [m for m in theirs if theirs[m] != ours["moves"][m]]
        if not wrong:
            report.fail("perft differs only in total at %s moves %s" % (fen, " ".join(moves)))
            return
        moves = moves + [wrong[0]]
        depth -= 1
    report.fail("perft differs but no move-set difference found below %s" % fen)


def check_variant(name, definition, fairy_binary, args, lines, start=None, games=None):
    """Checks a variant from its start, or from the FEN `start` (a chess960
    start) with `games` random games."""
    report = Report(name, lines)
    fairy = Fairy(fairy_binary, definition)
    games = args.games if games is None else games
    own_start = start is None
    if own_start:
        # The start position as FSF writes it once read: FSF's configured
        # start FENs may leave out fields, or carry castling rights its
        # rules ignore.
        start = get_fen(name, sf.start_fen(name), [])

    # 1. The start position and perft from it.
    first = fairy.divide([(start, [])], 1)[0]
    if "error" in first:
        report.fail("fairy refuses the start position %s: %s" % (start, first["error"]))
        return report
    # The two start positions must be the same position, however written
    # (FSF's own start FENs leave out empty fields: `w 0 1`).
    ours_start = run_start_fen(fairy_binary, definition) if own_start else first["fen"]
    report.fairy_start = ours_start
    if ours_start != first["fen"]:
        report.fail("start position: fairy's is %s, FSF's %s reads as %s" % (ours_start, start, first["fen"]))
    depth = 1
    budget_nodes = args.start_budget
    measured = None
    while depth <= args.max_depth:
        budget = [budget_nodes]
        count = fsf_perft(name, start, [], depth, budget)
        if count is None:
            break
        measured = (depth, count)
        depth += 1
    if measured:
        depth, theirs = measured
        ours = sum(fairy.divide([(start, [])], depth)[0]["moves"].values()) if depth > 0 else 1
        if ours != theirs:
            report.fail("start perft %d: fairy %d, FSF %d" % (depth, ours, theirs))
            descend(name, fairy, start, [], depth, report)
        else:
            report.note("start perft %d = %d" % (depth, ours))

    # 2. Random games.
    positions = []
    for game in range(games):
        rng = random.Random("%s/%s/%d/%d" % (name, "" if own_start else start, args.seed, game))
        moves = []
        for _ in range(args.plies):
            positions.append((start, list(moves)))
            legal = legal_moves(name, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        else:
            positions.append((start, list(moves)))
    compare_positions(name, fairy, positions, "%d games" % games, report, args)

    # 4. On one board of a two-board game (bughouse), hands fed as a
    # partner would feed them.
    if own_start and sf.two_boards(name):
        positions = partner_fed_games(name, start, games, args)
        compare_positions(name, fairy, positions, "%d games with hands fed by a partner" % games, report, args)
    return report


def quietly(function, *arguments):
    """Calls `function` with FSF's own messages (written to the process's
    standard output and error, as `validate_fen` explains a refusal) left
    unprinted."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
        os.dup2(null.fileno(), 2)
        try:
            return function(*arguments)
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)


def partner_fed_games(name, start, games, args):
    """Random games on one board of a two-board variant, where before a
    move a third of the time a piece of a kind on the start board (of
    either colour, if FSF accepts it in hand) joins a hand, as the
    partner's captures on the other board would put it there. Each
    position is a FEN with no moves after it."""
    board = start.split()[0].split("[")[0]
    letters = sorted(set(c for c in board if c.isalpha()))
    positions = []
    for game in range(games):
        rng = random.Random("%s/fed/%d/%d" % (name, args.seed, game))
        fen = start
        for _ in range(args.plies):
            if rng.random() < 1 / 3:
                fields = fen.split(" ", 1)
                fed = fields[0].replace("]", rng.choice(letters) + "]", 1) + " " + fields[1]
                if quietly(sf.validate_fen, fed, name) == sf.FEN_OK:
                    fen = get_fen(name, fed, [])
            positions.append((fen, []))
            legal = legal_moves(name, fen, [])
            if not legal:
                break
            fen = get_fen(name, fen, [rng.choice(legal)])
    return positions


def compare_positions(name, fairy, positions, games, report, args):
    """Compares the move sets, FENs and results at `positions` (pairs of a
    FEN and the moves played from it) from `games`; then perft at a sample
    of them."""
    results = fairy.divide(positions, 1)
    checked = equivalent = ended = 0
    sampled = []
    for index, (fen, moves) in enumerate(positions):
        if index >= len(results):
            break
        ours = results[index]
        if "error" in ours:
            report.fail("fairy refused %s moves %s: %s" % (fen, " ".join(moves), ours["error"]))
            break
        theirs = legal_moves(name, fen, moves)
        if set(ours["moves"]) != set(theirs):
            report.fail("%s moves %s (fairy FEN %s): %s" % (
                fen, " ".join(moves), ours["fen"], describe_difference(ours["moves"], theirs)))
            continue
        checked += 1
        if not theirs:
            # The game is over: the same result (FSF scores it for the side
            # to move).
            value = game_result(name, fen, moves)
            white_to_move = get_fen(name, fen, moves).split()[1] == "w"
            if value == 0:
                expected = "1/2-1/2"
            else:
                expected = "1-0" if (value > 0) == white_to_move else "0-1"
            if ours.get("outcome") != expected:
                report.fail("%s moves %s: the game is over, fairy scores %s, FSF %s"
                            % (fen, " ".join(moves), ours.get("outcome"), expected))
                continue
            ended += 1
        fsf_fen = get_fen(name, fen, moves)
        if ours["fen"] != fsf_fen:
            # Written differently: each side must read the other's FEN as
            # the same position.
            if set(legal_moves(name, ours["fen"], [])) != set(theirs):
                report.fail("FSF reads fairy's FEN %s as another position (FSF writes %s)" % (ours["fen"], fsf_fen))
                continue
            back = fairy.divide([(fsf_fen, [])], 1)[0]
            if "error" in back:
                report.fail("fairy refuses FSF's FEN %s: %s" % (fsf_fen, back["error"]))
                continue
            if back["fen"] != ours["fen"] or set(back["moves"]) != set(theirs):
                report.fail("fairy reads FSF's FEN %s as %s, not %s" % (fsf_fen, back["fen"], ours["fen"]))
                continue
            equivalent += 1
            if len(report.notes) < 40:
                report.note("FEN written differently: fairy %s, FSF %s" % (ours["fen"], fsf_fen))
        if theirs and index % args.sample_every == 0:
            sampled.append((fen, moves))
    report.note("%d positions from %s: move sets and FEN agree (%d FENs written differently but read alike);"
                " %d games ended, with the same result" % (checked, games, equivalent, ended))

    # Then perft at sampled positions.
    if args.perft_depth > 1 and sampled:
        ours = fairy.divide(sampled, args.perft_depth)
        agreed = 0
        for (fen, moves), result in zip(sampled, ours):
            if "error" in result:
                report.fail("fairy refused %s moves %s: %s" % (fen, " ".join(moves), result["error"]))
                continue
            budget = [args.sample_budget]
            # From a FEN: pyffish replays a move list at every call, and
            # the game's list is long. The last two moves are replayed, for
            # the rules that remember them (two passes in a row end a game).
            kept = moves[-2:]
            theirs = fsf_perft(name, get_fen(name, fen, moves[:len(moves) - len(kept)]), kept,
                               args.perft_depth, budget)
            if theirs is None:
                continue
            total = sum(result["moves"].values())
            if total != theirs:
                report.fail("perft %d at %s moves %s: fairy %d, FSF %d" % (
                    args.perft_depth, fen, " ".join(moves), total, theirs))
                descend(name, fairy, fen, moves, args.perft_depth, report)
            else:
                agreed += 1
        report.note("perft %d agrees at %d sampled positions" % (args.perft_depth, agreed))


def run_start_fen(binary, definition):
    run = subprocess.run([binary, "perft", definition, "0", "--positions", "/dev/stdin"] + chess960_flag(),
                         input="startpos\n", capture_output=True, text=True)
    for line in run.stdout.splitlines():
        if line.startswith("position 1: "):
            return line.split(": ", 1)[1]
    return "(fairy failed: %s)" % run.stderr.strip()


def chess960_starts(binary, definition, fen):
    """How many numbered chess960 starts fairy has for a variant whose start
    FEN `fen` is written in chess960 mode (castling rooks named by file),
    or 0."""
    fields = fen.split()
    if len(fields) < 3 or not (set(fields[2]) - set("KQkq-")):
        return 0
    # File letters also name gates (seirawan's `KQBCDFGkqbcdfg`): a
    # definition file says whether it is in chess960 mode.
    if definition.endswith(".toml"):
        with open(definition) as text:
            if not re.search(r"^chess960\s*=\s*true", text.read(), re.M):
                return 0
    run = subprocess.run([binary, "show", definition, "--start", str(10**18)], capture_output=True, text=True)
    words = run.stderr.split()
    return int(words[-1]) + 1 if "numbered" in words else 0


def chess960_fen(binary, definition, number):
    run = subprocess.run([binary, "show", definition, "--start", str(number), "--ascii"],
                         capture_output=True, text=True)
    for line in run.stdout.splitlines():
        if line.startswith("FEN: "):
            return line[5:]
    return None


def check_chess960_starts(name, definition, start, args, lines):
    """The variant from `args.starts` numbered starts, if fairy writes its
    start FEN `start` in chess960 mode; returns the number of mismatches."""
    count = chess960_starts(args.fairy, definition, start or "")
    if not count or not args.starts:
        return 0
    try:
        import chess
    except ImportError:
        chess = None
    if chess is not None and count == 960:
        # python-chess numbers chess's own back rank only.
        classical = chess960_fen(args.fairy, definition, 518)
        if classical is None or classical.split()[0] != chess.Board.from_chess960_pos(518).board_fen():
            chess = None
    numbers = random.Random("%s/%d/starts" % (name, args.seed)).sample(range(count), min(args.starts, count))
    failures = 0
    for number in numbers:
        fen = chess960_fen(args.fairy, definition, number)
        if fen is None:
            lines.append("  MISMATCH %s: fairy has no start number %d" % (name, number))
            failures += 1
            continue
        if chess is not None and count == 960:
            expected = chess.Board.from_chess960_pos(number).board_fen()
            if fen.split()[0] != expected:
                lines.append("  MISMATCH %s: start %d is %s, python-chess's %s" % (name, number, fen, expected))
                failures += 1
        report = check_variant(name, definition, args.fairy, args, lines, start=fen, games=args.start_games)
        failures += len(report.failures)
        if not args.quiet:
            lines.append("  start %d (%s): %s" % (number, fen, "; ".join(report.notes[-2:])))
    lines.append("  %d chess960 starts of %d checked" % (len(numbers), count))
    return failures


def run_one(item):
    """Checks one variant, returning its name, what to print, and whether
    it differs: the unit of work of --jobs."""
    name, definition, args = item
    begun = time.time()
    lines = ["%s (%s)" % (name, os.path.relpath(definition, ROOT))]
    report = check_variant(name, definition, args.fairy, args, lines)
    if not args.quiet:
        lines += ["  " + note for note in report.notes]
    failures = len(report.failures) + check_chess960_starts(name, definition, report.fairy_start, args, lines)
    if failures:
        lines.append("  %d mismatches" % failures)
    lines.append("  (%.1f s)" % (time.time() - begun))
    return name, "\n".join(lines) + "\n", bool(failures)


def run_all(work, jobs):
    """The results of run_one for each item, in order, `jobs` at a time."""
    if jobs <= 1:
        yield from map(run_one, work)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(run_one, work)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", help="FSF variant names (gallery files of the same name)")
    parser.add_argument("--all", action="store_true", help="every gallery file named after an FSF variant")
    parser.add_argument("--file", help="the definition file (with one variant; default: the gallery's, or with --ini the ini file's)")
    parser.add_argument("--ini", help="a Fairy-Stockfish variants.ini file: its variants, read by both")
    parser.add_argument("--fairy", default=os.path.join(ROOT, "target", "release", "fairy"),
                        help="the fairy binary (default: target/release/fairy)")
    parser.add_argument("--games", type=int, default=10, help="random games per variant")
    parser.add_argument("--plies", type=int, default=80, help="the longest game, in plies")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    parser.add_argument("--sample-every", type=int, default=7, help="perft at every N-th position")
    parser.add_argument("--perft-depth", type=int, default=2, help="perft depth at sampled positions")
    parser.add_argument("--max-depth", type=int, default=5, help="deepest start perft")
    parser.add_argument("--chess960", action="store_true",
                        help="every variant in chess960 mode, from its own start and numbered starts")
    parser.add_argument("--starts", type=int, default=20,
                        help="numbered starts checked for a variant in chess960 mode")
    parser.add_argument("--start-games", type=int, default=2, help="random games from each numbered start")
    parser.add_argument("--quick", action="store_true",
                        help="a bounded sample for CI: 2 games of 40 plies, small perft budgets, 2 chess960 starts")
    parser.add_argument("--start-budget", type=int, default=3000,
                        help="most legal_moves calls for FSF's start perft (the depth follows)")
    parser.add_argument("--sample-budget", type=int, default=1000,
                        help="most legal_moves calls for FSF's perft at a sampled position")
    parser.add_argument("--quiet", action="store_true", help="only differences and the summary")
    parser.add_argument("--jobs", type=int, default=1, help="variants checked at once, in separate processes")
    args = parser.parse_args()
    global CHESS960
    CHESS960 = args.chess960
    if args.quick:
        args.games, args.plies, args.sample_every = 2, 40, 10
        args.start_budget, args.sample_budget = 150, 300
        args.starts, args.start_games = 2, 1

    if not os.path.exists(args.fairy):
        sys.exit("no fairy binary at %s: cargo build --release -p fairy-cli" % args.fairy)
    ini_names = []
    if args.ini:
        with open(args.ini) as handle:
            text = handle.read()
        sf.load_variant_config(text)
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("[") and line.endswith("]"):
                ini_names.append(line[1:-1].split(":")[0].strip())
    known = set(sf.variants())
    names = list(args.variants)
    if args.all:
        if args.ini:
            names += ini_names
        else:
            names += sorted(f[:-5] for f in os.listdir(GALLERY) if f.endswith(".toml") and f[:-5] in known)
    if not names:
        parser.error("name variants, or --all")
    failed = []
    skipped = []
    started = time.time()

    def definition(name):
        if args.file:
            return args.file
        if args.ini:
            return "%s:%s" % (args.ini, name)
        return os.path.join(GALLERY, name + ".toml")

    work = []
    for name in names:
        if name not in known:
            print("%s: not a Fairy-Stockfish variant" % name)
            failed.append(name)
        else:
            refusal = run_start_fen(args.fairy, definition(name)) if args.ini else ""
            if refusal.startswith("(fairy failed"):
                skipped.append("%s: %s" % (name, refusal))
            else:
                work.append((name, definition(name), args))
    if skipped:
        print("%d variants fairy cannot play yet:" % len(skipped))
        for line in skipped:
            print("  " + line)
    for name, output, differs in run_all(work, args.jobs):
        print(output, end="", flush=True)
        if differs:
            failed.append(name)
    print("%d variants checked in %.0f s, %d with differences%s" % (
        len(work), time.time() - started, len(failed), (": " + " ".join(failed)) if failed else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
