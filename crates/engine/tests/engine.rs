//! The engine at work on hand-built positions of the built-in variants, and
//! in complete self-play games.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_engine::{Engine, Limits, Score, SearchInfo};
use fairy_geometry::Word;
use fairy_position::{EndReason, Game, Position, Variant};

/// Whether the side to move can force checkmate within `moves` of its own
/// moves, by brute force over every line: an oracle that does not share
/// the engine's search.
fn forces_mate<W: Word>(position: &Position<'_, W>, moves: u32) -> bool {
    moves > 0
        && position.legal_moves().into_iter().any(|mv| {
            let mut after = position.clone();
            after.play_unchecked(mv);
            let replies = after.legal_moves();
            if replies.is_empty() {
                return after.is_check();
            }
            replies.into_iter().all(|reply| {
                let mut next = after.clone();
                next.play_unchecked(reply);
                forces_mate(&next, moves - 1)
            })
        })
}

/// The position of `fen` in a built-in variant, and the engine's search of
/// it to `depth`.
fn search(variant: &'static Variant, fen: &str, depth: u32) -> (Position<'static>, SearchInfo) {
    let position = Position::from_fen(variant, fen).unwrap();
    let game = Game::new(position.clone());
    let result = Engine::new(variant).search(&game, Limits::depth(depth), |_| {});
    (position, result)
}

/// Searches `fen` and checks the engine's move really forces mate in two
/// (and that the position has no mate in one, so the test means what it
/// says). Returns that move.
fn assert_finds_mate_in_two(fen: &str) -> String {
    let (position, result) = search(fairy_variants::chess(), fen, 5);
    assert!(!forces_mate(&position, 1), "{fen} has a mate in one");
    assert!(forces_mate(&position, 2), "{fen} has no mate in two");
    assert_eq!(result.score, Score::Win(3), "{fen}");
    assert_eq!(result.score.to_string(), "win in 2");
    let best = result.best().unwrap();
    let mut after = position.clone();
    after.play_unchecked(best);
    // Every reply to the engine's move loses to a mate in one.
    assert!(
        after.legal_moves().into_iter().all(|reply| {
            let mut next = after.clone();
            next.play_unchecked(reply);
            forces_mate(&next, 1)
        }),
        "{fen}: {} does not force mate",
        position.uci(best)
    );
    position.uci(best).to_string()
}

#[test]
fn mate_in_two_with_a_rook_ladder() {
    // 1. Ra7 (or Rb7) Kg8 2. Rb8# (Ra8#).
    assert_finds_mate_in_two("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
}

#[test]
fn mate_in_two_by_smothering() {
    // 1. Qg8+ Rxg8 2. Nf7#.
    assert_finds_mate_in_two("5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1");
}

#[test]
fn mate_in_two_after_a_quiet_rook_sacrifice() {
    // Morphy: 1. Ra6 bxa6 2. b7#; 1... Bc7 (or any bishop move) 2. Rxa7#.
    assert_eq!(assert_finds_mate_in_two("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"), "a1a6");
}

#[test]
fn chennis_pawn_push_wins_the_race() {
    // White's pawn b5 needs two steps to rank 7, Black's pawn f3 two steps
    // to rank 1, and neither king can stop the other's pawn: White, to move,
    // wins the race.
    let (position, result) = search(fairy_variants::chennis(), "6k/7/1P5/7/5p1/7/3K3 w - - 0 1", 6);
    assert_eq!(position.uci(result.best().unwrap()).to_string(), "b5b6");
    assert_eq!(result.score, Score::Win(3));
    assert_eq!(result.pv.len(), 3);
    let mut line = position.clone();
    for &mv in &result.pv {
        line.play_unchecked(mv);
    }
    assert_eq!(line.outcome().map(|o| o.reason), Some(EndReason::Arrival));
}

#[test]
fn chennis_pawn_arrival_wins_at_once() {
    // The pawn on e6 steps to e7 and wins, though the queen could take a
    // rook and Black threatens to win with c2-c1 next.
    let (position, result) = search(fairy_variants::chennis(), "k6/4P2/7/3r3/3Q3/2p4/4K2 w - - 0 1", 4);
    assert_eq!(position.uci(result.best().unwrap()).to_string(), "e6e7");
    assert_eq!(result.score, Score::Win(1));
}

#[test]
fn gnu_knight_promotion_mates() {
    // Nb9-d10 promotes to a Gnu that checks the king on e8 with a knight's
    // leap; d7, e7, d9 and e9 are blocked by Black's own pawns, the Ferz on
    // c9 guards d8, and nothing of Black's reaches d10.
    let (position, result) = search(fairy_variants::gnu(), "5/1NFpp/4k/3pp/5/5/5/5/5/2K2 w - - 0 1", 4);
    assert_eq!(position.uci(result.best().unwrap()).to_string(), "b9d10g");
    assert_eq!(result.score, Score::Win(1));
    let mut after = position.clone();
    after.play_unchecked(result.best().unwrap());
    assert_eq!(after.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
}

/// Plays the engine against itself from the variant's start until the game
/// ends, checking every move it chooses is legal.
fn self_play<W: Word>(variant: &Variant<W>) -> (Game<'_, W>, usize) {
    let mut game = Game::new(variant.start_position());
    let mut engine = Engine::new(variant);
    let limits = Limits {
        depth: Some(3),
        nodes: Some(3_000),
        ..Limits::default()
    };
    let mut plies = 0;
    while game.outcome().is_none() {
        // Draws are claimed as soon as the rules allow.
        if game.claim_draw().is_some() {
            break;
        }
        let result = engine.search(&game, limits, |_| {});
        let mv = result.best().expect("a game that has not ended has a move");
        game.play(mv).expect("the engine plays legal moves");
        plies += 1;
    }
    (game, plies)
}

#[test]
fn self_play_reaches_a_result_in_every_built_in_variant() {
    for name in fairy_variants::NAMES {
        let variant = fairy_variants::by_name(name).unwrap();
        let (game, plies) = self_play(variant);
        let outcome = game.outcome().unwrap();
        println!("{name}: {outcome} after {plies} plies");
        assert_eq!(plies, game.moves().len());
        // The result is the one the rules give for the final position.
        let position = game.position();
        match outcome.reason {
            EndReason::Repetition => assert!(game.repetitions() >= 3),
            EndReason::MoveRule => assert!(position.halfmoves() >= 2 * variant.n_move_rule()),
            _ => assert_eq!(position.outcome(), Some(outcome)),
        }
        if outcome.reason == EndReason::Checkmate {
            assert!(position.is_check() && position.legal_moves().is_empty());
        }
    }
}

/// The final outcome is the one the rules give for the game's end.
fn assert_legal_end<W: Word>(game: &Game<'_, W>, name: &str) {
    let outcome = game
        .outcome()
        .unwrap_or_else(|| panic!("{name}: the game has not ended"));
    let position = game.position();
    match outcome.reason {
        EndReason::Repetition => assert!(game.repetitions() >= 3, "{name}"),
        EndReason::MoveRule => {
            assert!(position.halfmoves() >= 2 * position.variant().n_move_rule(), "{name}")
        }
        _ => assert_eq!(position.outcome(), Some(outcome), "{name}"),
    }
    assert!(
        position.legal_moves().is_empty() || position.outcome().is_none(),
        "{name}"
    );
}

/// Plays a whole game, engine against engine, in a variant of any word
/// size: its outcome and length.
struct WholeGame {
    name: &'static str,
}

impl fairy_position::VariantVisitor for WholeGame {
    type Output = String;

    fn visit<W: Word>(self, variant: &Variant<W>) -> String {
        let (game, plies) = self_play(variant);
        assert_legal_end(&game, self.name);
        format!("{}: {} after {plies} plies", self.name, game.outcome().unwrap())
    }
}

#[test]
fn self_play_reaches_a_legal_end_in_each_family_of_goals() {
    // One gallery variant per family: extinction and compulsory capture,
    // losing all pieces, explosions, check counting, races, no royal piece,
    // kings royal by count with duple check, a king held in check, mate
    // conditions, the bare king, several royal kinds, petrification,
    // pieces in hand and drops, a setting-up phase, shogi's promoted forms
    // and pawn-drop rule, pieces that turn over, a lion's safe arrival,
    // gating, sittuyin's setting up and promotion in place; hoppers,
    // palaces, the river and generals that may not face each other; walls
    // placed by moves (the duck, walls anywhere, walls left behind);
    // drops that enclose and flip, passing when stalemated, and the full
    // board scored by counting (reversi, ataxx); first moves from gates
    // (Kar Ouk).
    for name in [
        "antichess",
        "extinction",
        "atomic",
        "nocheckatomic",
        "3check",
        "racingkings",
        "horde",
        "spartan",
        "makpong",
        "shatar",
        "shatranj",
        "coregal",
        "kinglet",
        "petrified",
        "crazyhouse",
        "placement",
        "minishogi",
        "kyotoshogi",
        "dobutsu",
        "shogi",
        "seirawan",
        "sittuyin",
        "xiangqi",
        "minixiangqi",
        "grasshopper",
        "duck",
        "isolation7x7",
        "snailtrail",
        "joust",
        "flipello",
        "flipersi",
        "ataxx",
        "karouk",
    ] {
        let path = format!("{}/../../examples/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
        let variant = fairy_variants::load(&path).unwrap();
        println!("{}", variant.visit(WholeGame { name }));
    }
}

/// Plays `plies` engine moves (or to the end) in a variant of any word size.
struct ShortGame {
    plies: usize,
}

impl fairy_position::VariantVisitor for ShortGame {
    type Output = usize;

    fn visit<W: Word>(self, variant: &Variant<W>) -> usize {
        let mut game = Game::new(variant.start_position());
        let mut engine = Engine::new(variant);
        let limits = Limits {
            depth: Some(3),
            nodes: Some(2_000),
            ..Limits::default()
        };
        while game.moves().len() < self.plies && game.outcome().is_none() {
            let mv = engine.search(&game, limits, |_| {}).best().unwrap();
            game.play(mv).unwrap();
        }
        game.moves().len()
    }
}

#[test]
fn the_engine_plays_variants_defined_in_files() {
    let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants");
    let mut played = 0;
    for entry in std::fs::read_dir(directory).unwrap() {
        let path = entry.unwrap().path();
        let variant = fairy_variants::load(&path).unwrap();
        let plies = variant.visit(ShortGame { plies: 20 });
        assert!(plies > 0, "{}", path.display());
        played += 1;
    }
    assert!(played >= 11, "{played} gallery files");
}
