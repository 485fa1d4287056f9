#!/usr/bin/env python3
"""Drives `fairy uci` with python-chess, a real UCI client.

It plays whole games, engine against itself, in chess (and Chess960) and
in some of the variants python-chess knows (its own rules check every move and the end of
each game), and asks for an analysis, reading the `info` lines. Needs
`pip install chess` and `cargo build --release -p fairy-cli`; outside
`cargo test`.

    python3 tools/uci_python.py [--plies N] [--movetime MS]
"""

import argparse
import os
import sys

import chess
import chess.engine
import chess.variant

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def play(engine, board, plies, movetime):
    """Plays up to `plies` engine moves from `board`; returns the board."""
    for _ in range(plies):
        if board.is_game_over():
            break
        result = engine.play(board, chess.engine.Limit(time=movetime / 1000))
        if result.move is None or result.move not in board.legal_moves:
            sys.exit("%s: fairy played %s, not a legal move in %s" % (board.uci_variant, result.move, board.fen()))
        board.push(result.move)
    return board


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fairy", default=os.path.join(ROOT, "target", "release", "fairy"))
    parser.add_argument("--plies", type=int, default=300, help="the longest game, in plies")
    parser.add_argument("--movetime", type=int, default=20, help="milliseconds a move")
    args = parser.parse_args()
    if not os.path.exists(args.fairy):
        sys.exit("no fairy binary at %s: cargo build --release -p fairy-cli" % args.fairy)

    engine = chess.engine.SimpleEngine.popen_uci([args.fairy, "uci"], cwd=ROOT)
    try:
        if engine.id.get("name", "").split()[0] != "fairy":
            sys.exit("unexpected engine name %r" % engine.id.get("name"))
        variants = engine.options["UCI_Variant"].var
        # Two Chess960 starts: python-chess turns UCI_Chess960 on and
        # writes castling as the king taking its rook.
        for board in (chess.Board(), chess.variant.AtomicBoard(), chess.variant.ThreeCheckBoard(),
                      chess.variant.AntichessBoard(), chess.variant.RacingKingsBoard(),
                      chess.Board.from_chess960_pos(284), chess.Board.from_chess960_pos(0)):
            if board.uci_variant not in variants:
                sys.exit("UCI_Variant does not offer %s" % board.uci_variant)
            # python-chess sets UCI_Variant from the board, and checks
            # every move by its own rules.
            board = play(engine, board, args.plies, args.movetime)
            outcome = board.outcome(claim_draw=True)
            replay, castlings = board.root(), 0
            for move in board.move_stack:
                castlings += replay.is_castling(move)
                replay.push(move)
            name = "chess960" if board.chess960 else board.uci_variant
            print("%-12s %3d plies  %d castlings  %s" % (name, len(board.move_stack), castlings,
                                                         outcome.result() if outcome else "unfinished"))
        info = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
        if info.get("depth") != 4 or "score" not in info or not info.get("pv"):
            sys.exit("the analysis lacks depth, score or pv: %r" % info)
        print("analysis: depth %d, score %s, pv %s" % (info["depth"], info["score"].white(),
                                                        " ".join(m.uci() for m in info["pv"])))
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
