//! Property tests over every built-in variant and the gallery files, on
//! positions reached by random legal play from the start.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
mod generic_reference;

use std::cmp::Ordering;
use std::sync::OnceLock;

use fairy_geometry::Word;
use fairy_movement::Color;
use fairy_position::{
    AnyVariant, CheckCounters, EndReason, GameResult, Goal, Legality, Position, Setup, SetupPiece, Variant,
    VariantVisitor,
};
use proptest::prelude::*;

/// The built-in variants and every gallery file, compiled once.
fn variants() -> &'static [AnyVariant] {
    static VARIANTS: OnceLock<Vec<AnyVariant>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut all: Vec<AnyVariant> = fairy_variants::NAMES
            .iter()
            .map(|name| AnyVariant::Small(fairy_variants::by_name(name).unwrap().clone()))
            .collect();
        // Every gallery file except those re-expressing a built-in variant,
        // so a file added to the gallery is covered without editing this list.
        let gallery = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants");
        let mut paths: Vec<_> = std::fs::read_dir(gallery)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|extension| extension == "toml"))
            .filter(|path| {
                let stem = path.file_stem().unwrap().to_str().unwrap();
                !fairy_variants::NAMES.contains(&stem)
            })
            .collect();
        paths.sort();
        for path in paths {
            all.push(fairy_variants::load(&path).unwrap());
        }
        all
    })
}

/// The positions of a game from the start in which each choice picks a
/// legal move (by index); it stops where the game ends.
fn game<'v, W: Word>(variant: &'v Variant<W>, choices: &[u8]) -> Vec<Position<'v, W>> {
    let mut positions = vec![variant.start_position()];
    for &choice in choices {
        let position = positions.last().unwrap();
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut next = position.clone();
        next.play_unchecked(moves[choice as usize % moves.len()]);
        positions.push(next);
    }
    positions
}

/// Runs a check on every position of a game, for any word size.
struct OnGame<'a, F> {
    choices: &'a [u8],
    check: F,
}

trait PositionCheck {
    fn check<W: Word>(&self, position: &Position<'_, W>, ply: usize);
}

impl<F: PositionCheck> VariantVisitor for OnGame<'_, F> {
    type Output = ();

    fn visit<W: Word>(self, variant: &Variant<W>) {
        for (ply, position) in game(variant, self.choices).iter().enumerate() {
            self.check.check(position, ply);
        }
    }
}

fn on_game(variant: usize, choices: &[u8], check: impl PositionCheck) {
    variants()[variant % variants().len()].visit(OnGame { choices, check });
}

struct FenRoundTrip;

impl PositionCheck for FenRoundTrip {
    fn check<W: Word>(&self, position: &Position<'_, W>, _: usize) {
        let again = Position::from_fen(position.variant(), &position.fen())
            .unwrap_or_else(|error| panic!("{} {}: {error}", position.variant().name(), position.fen()));
        assert_eq!(&again, position);
        assert_eq!(again.hash(), position.hash());
        assert_eq!(again.fen(), position.fen());
    }
}

struct HashAndCopyMake;

impl PositionCheck for HashAndCopyMake {
    fn check<W: Word>(&self, position: &Position<'_, W>, _: usize) {
        assert_eq!(position.hash(), position.compute_hash(), "{}", position.fen());
        let before = position.clone();
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            assert_eq!(
                child.hash(),
                child.compute_hash(),
                "{} after {}",
                position.fen(),
                position.uci(mv)
            );
            assert_ne!(child.hash(), position.hash());
        }
        // Copy-make leaves the position as it was, hash included.
        assert_eq!(&before, position);
        assert_eq!(before.hash(), position.hash());
    }
}

struct AgreesWithTheReference;

impl PositionCheck for AgreesWithTheReference {
    fn check<W: Word>(&self, position: &Position<'_, W>, ply: usize) {
        // The reference is slow: every third position.
        if ply % 3 != 0 {
            return;
        }
        let mut fast: Vec<String> = position
            .legal_moves()
            .iter()
            .map(|&m| position.uci(m).to_string())
            .collect();
        fast.sort();
        let slow = generic_reference::legal_moves(position);
        assert_eq!(fast, slow, "{} {}", position.variant().name(), position.fen());
        assert_eq!(fast.len() as u64, position.count_legal_moves());
    }
}

struct GameOverHasNoMoves;

impl PositionCheck for GameOverHasNoMoves {
    fn check<W: Word>(&self, position: &Position<'_, W>, _: usize) {
        let moves = position.legal_moves();
        let spec = position.variant().spec();
        match position.outcome() {
            None => assert!(!moves.is_empty(), "{}", position.fen()),
            Some(outcome) => {
                assert!(moves.is_empty(), "{}", position.fen());
                let us = position.turn();
                let odds = spec.goals.iter().find_map(|goal| match goal {
                    Goal::DrawOdds(side) => Some(*side),
                    _ => None,
                });
                // The winner by the variant's material counting, if it
                // counts and the counts differ.
                let counted = |position: &Position<'_, W>| {
                    spec.counting.as_ref().and_then(|counting| {
                        let count = |side: Color| -> u32 {
                            counting
                                .values
                                .iter()
                                .map(|(&letter, &value)| value * count_pieces(position, side, Some(letter)))
                                .sum()
                        };
                        let white = 2 * count(Color::White);
                        let black = 2 * count(Color::Black) + counting.black_bonus_halves;
                        match white.cmp(&black) {
                            Ordering::Greater => Some(Color::White),
                            Ordering::Less => Some(Color::Black),
                            Ordering::Equal => None,
                        }
                    })
                };
                let expected = |result: GameResult| {
                    match result {
                        GameResult::Win => Some(us),
                        GameResult::Draw => None,
                        GameResult::Loss => Some(us.other()),
                    }
                    .or(odds)
                };
                match outcome.reason {
                    // At once for the side that moved; after a reply,
                    // or standing unattacked, for the side to move, or
                    // drawn.
                    EndReason::Arrival => assert!(
                        outcome.winner == Some(us.other()).or(odds)
                            || spec.arrivals().any(|arrival| arrival.reply || arrival.safe),
                        "{}: {outcome:?}",
                        position.fen()
                    ),
                    EndReason::Checkmate => {
                        assert!(position.is_check());
                        assert_eq!(outcome.winner, expected(spec.checkmate_result()));
                    }
                    EndReason::Stalemate => {
                        assert!(!position.is_check());
                        let by_count = spec.goals.iter().any(|g| matches!(g, Goal::StalemateByPieceCount(_)));
                        let result = spec.stalemate_result();
                        let fewer = count_pieces(position, us, None).cmp(&count_pieces(position, us.other(), None));
                        let result = match (by_count, fewer) {
                            (false, _) | (true, Ordering::Less) => result,
                            (true, Ordering::Equal) => GameResult::Draw,
                            (true, Ordering::Greater) => result.reversed(),
                        };
                        // A drawn stalemate is scored by counting, if the
                        // variant counts.
                        let winner = match result {
                            GameResult::Draw => counted(position).or(odds),
                            _ => expected(result),
                        };
                        assert_eq!(outcome.winner, winner);
                    }
                    EndReason::Extinction => {
                        // Some extinction rule holds for a side, and gives
                        // this result.
                        let explained = spec.goals.iter().any(|goal| {
                            let Goal::Extinction(rule) = goal else { return false };
                            [us.other(), us].into_iter().any(|side| {
                                let reply = u32::from(rule.claim && side == us);
                                let extinct = rule.pieces.iter().any(|&letter| {
                                    let letter = (letter != '*').then_some(letter);
                                    count_pieces(position, side, letter) <= rule.at_most
                                        && count_pieces(position, side.other(), letter)
                                            >= rule.opponent_at_least + reply
                                });
                                let winner = match rule.result {
                                    GameResult::Win => Some(side),
                                    GameResult::Draw => None,
                                    GameResult::Loss => Some(side.other()),
                                };
                                extinct && outcome.winner == winner.or(odds)
                            })
                        });
                        assert!(explained, "{}: {outcome:?}", position.fen());
                    }
                    EndReason::CheckCount => {
                        assert_eq!(position.checks_remaining(us.other()), Some(0));
                        assert_eq!(outcome.winner, Some(us.other()));
                    }
                    EndReason::UnsoundMate => {
                        // A mate the variant's mate condition scores
                        // otherwise: a mate still.
                        assert!(position.is_check(), "{}", position.fen());
                        assert!(
                            spec.goals.iter().any(|goal| matches!(goal, Goal::MateCondition(_))),
                            "{}",
                            position.fen()
                        );
                    }
                    EndReason::Passes | EndReason::Bikjang => {
                        // Two passes in a row, or one that left the royal
                        // pieces facing (which the moves then found had to
                        // part): scored by counting, or drawn.
                        assert!(spec.passing.is_some() || spec.pass_on_stalemate, "{}", position.fen());
                        let needed = if outcome.reason == EndReason::Passes { 2 } else { 1 };
                        assert_eq!(position.passes(), needed, "{}", position.fen());
                        let winner = counted(position);
                        assert_eq!(outcome.winner, winner.or(odds), "{}", position.fen());
                    }
                    EndReason::FullBoard => {
                        assert!(spec.goals.contains(&Goal::FullBoard), "{}", position.fen());
                        assert!(!position.fen().split(' ').next().unwrap().contains(char::is_numeric));
                        assert_eq!(outcome.winner, counted(position).or(odds), "{}", position.fen());
                    }
                    EndReason::Repetition | EndReason::MoveRule => panic!("a position alone claims no draw"),
                    _ => panic!("an end this test does not know: {outcome:?}"),
                }
            }
        }
    }
}

/// The pieces of `side` on the board (of the kind lettered `letter`, or
/// all), counted from the FEN.
fn count_pieces<W: Word>(position: &Position<'_, W>, side: Color, letter: Option<char>) -> u32 {
    let fen = position.fen();
    let board = fen.split(' ').next().unwrap_or("");
    board
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .filter(|c| c.is_ascii_uppercase() == (side == Color::White))
        .filter(|c| letter.is_none_or(|l| c.to_ascii_uppercase() == l))
        .count() as u32
}

/// Perft that plays every leaf, for comparison with the bulk count.
fn full_perft<W: Word>(position: &Position<'_, W>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            full_perft(&child, depth - 1)
        })
        .sum()
}

struct BulkPerftCountsEveryLeaf;

impl PositionCheck for BulkPerftCountsEveryLeaf {
    fn check<W: Word>(&self, position: &Position<'_, W>, ply: usize) {
        if ply % 8 == 4 {
            // Three plies, or fewer where moves are many (walls placed by
            // moves multiply them), so that each leaf can be played.
            let depth = (1..=3)
                .rev()
                .find(|&depth| position.perft(depth) <= 100_000)
                .unwrap_or(1);
            assert_eq!(position.perft(depth), full_perft(position, depth), "{}", position.fen());
        }
    }
}

/// Whether every piece moves alike to its left and to its right: then
/// swapping the colours mirrors the game across the middle rank; otherwise
/// (Black's moves being White's turned half round) it turns the board.
fn left_right_symmetric<W: Word>(variant: &Variant<W>) -> bool {
    variant.spec().pieces.iter().all(|piece| {
        piece.movement.parts().iter().all(|part| {
            let offsets = part.offsets();
            offsets
                .iter()
                .all(|o| offsets.contains(&fairy_movement::Offset::new(-o.files, o.ranks)))
        })
    })
}

/// The position with the colours swapped and the board turned upside down
/// (mirrored, or turned half round for pieces that tell left from right).
fn mirrored<'v, W: Word>(position: &Position<'v, W>) -> Position<'v, W> {
    let setup = position.to_setup();
    let size = setup.size;
    let turn = |square: fairy_geometry::Square| {
        let mirrored = size.mirror(square);
        if left_right_symmetric(position.variant()) {
            mirrored
        } else {
            let (file, rank) = (size.file_of(mirrored), size.rank_of(mirrored));
            size.square_at(size.files() - 1 - file, rank).unwrap()
        }
    };
    let mut mirror = Setup::empty(size);
    for square in size.squares() {
        mirror.board[turn(square).index()] = setup.piece_at(square).map(|piece| SetupPiece {
            color: piece.color.other(),
            ..piece
        });
    }
    mirror.walls = setup.walls.iter().map(|&square| turn(square)).collect();
    mirror.walls.sort();
    mirror.promoted = setup.promoted.iter().map(|&square| turn(square)).collect();
    mirror.promoted.sort();
    mirror.hands = setup.hands.as_ref().map(|hands| {
        hands
            .iter()
            .map(|piece| SetupPiece {
                color: piece.color.other(),
                ..*piece
            })
            .collect()
    });
    mirror.turn = setup.turn.other();
    mirror.castling = setup
        .castling
        .iter()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    mirror.en_passant = setup.en_passant.iter().map(|&s| turn(s)).collect();
    mirror.halfmoves = setup.halfmoves;
    mirror.fullmoves = setup.fullmoves;
    mirror.checks = setup.checks.map(|checks| match checks {
        CheckCounters::Remaining([white, black]) => CheckCounters::Remaining([black, white]),
        CheckCounters::Given([white, black]) => CheckCounters::Given([black, white]),
    });
    Position::from_setup(position.variant(), &mirror).unwrap()
}

/// Whether the rules treat both sides alike, so that swapping the colours
/// keeps the game: not so where only one side wins by an arrival or the
/// sides promote to different kinds, nor for Chennis, whose net lies
/// between ranks 4 and 5 of 7, nor where the armies differ (horde: where a
/// piece may stand depends on where its side's start puts it), nor where
/// some squares are closed to walls.
fn same_rules_for_both<W: Word>(variant: &Variant<W>) -> bool {
    let spec = variant.spec();
    let start = variant.start_position();
    let size = variant.size();
    // Rank by rank, each side's pieces as the other's on the opposite rank.
    let army = |color: fairy_movement::Color, rank: u8| {
        let mut kinds: Vec<usize> = size
            .squares()
            .filter(|&square| size.rank_of(square) == rank)
            .filter_map(|square| start.piece_at(square))
            .filter(|piece| piece.color == color)
            .map(|piece| piece.kind.index())
            .collect();
        kinds.sort_unstable();
        kinds
    };
    let same_armies = (0..size.ranks()).all(|rank| {
        army(fairy_movement::Color::White, rank) == army(fairy_movement::Color::Black, size.ranks() - 1 - rank)
    });
    // Squares closed to walls are named as they are, not mirrored
    // (isolation's c1 and d8).
    let walls_alike = spec.walling.as_ref().is_none_or(|walling| walling.except.is_empty());
    walls_alike
        && spec.name != "chennis"
        && same_armies
        && spec.arrivals().all(|arrival| arrival.side.is_none())
        && spec
            .pieces
            .iter()
            .all(|piece| piece.promotion.as_ref().is_none_or(|p| p.black_choices.is_none()))
}

struct MirrorHasTheSamePerft;

impl PositionCheck for MirrorHasTheSamePerft {
    fn check<W: Word>(&self, position: &Position<'_, W>, ply: usize) {
        // The mirror is read from a setup: it has no passes behind it.
        if ply % 5 == 2 && position.passes() == 0 && same_rules_for_both(position.variant()) {
            let mirror = mirrored(position);
            assert_eq!(
                mirror.perft(2),
                position.perft(2),
                "{} / {}",
                position.fen(),
                mirror.fen()
            );
            assert_eq!(mirrored(&mirror), *position);
        }
    }
}

struct SanRoundTrip;

impl PositionCheck for SanRoundTrip {
    fn check<W: Word>(&self, position: &Position<'_, W>, ply: usize) {
        if ply % 2 != 0 {
            return;
        }
        for mv in position.legal_moves() {
            let san = position.san(mv);
            assert_eq!(position.parse_san(&san), Ok(mv), "{san} in {}", position.fen());
        }
    }
}

fn variant_index() -> impl Strategy<Value = usize> {
    0..variants().len()
}

fn choices() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..60)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn fen_written_then_read_gives_the_same_position_and_hash(variant in variant_index(), choices in choices()) {
        on_game(variant, &choices, FenRoundTrip);
    }

    #[test]
    fn the_incremental_hash_is_exact_and_copy_make_restores(variant in variant_index(), choices in choices()) {
        on_game(variant, &choices, HashAndCopyMake);
    }

    #[test]
    fn legal_moves_are_exactly_those_of_the_slow_reference(variant in variant_index(), choices in choices()) {
        on_game(variant, &choices, AgreesWithTheReference);
    }

    #[test]
    fn a_finished_game_has_no_moves_and_the_outcome_of_its_rules(variant in variant_index(), choices in choices()) {
        on_game(variant, &choices, GameOverHasNoMoves);
    }

    #[test]
    fn bulk_counted_perft_equals_perft_playing_every_leaf(variant in variant_index(), choices in choices()) {
        on_game(variant, &choices, BulkPerftCountsEveryLeaf);
    }

    #[test]
    fn san_written_then_read_gives_the_same_move(variant in variant_index(), choices in choices()) {
        on_game(variant, &choices, SanRoundTrip);
    }

    #[test]
    fn a_mirrored_position_has_the_same_perft(variant in variant_index(), choices in choices()) {
        on_game(variant, &choices, MirrorHasTheSamePerft);
    }
}

#[test]
fn the_variant_list_covers_the_built_ins_and_the_gallery() {
    let gallery = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants"))
        .unwrap()
        .filter(|entry| {
            let path = entry.as_ref().unwrap().path();
            let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
            path.extension().is_some_and(|e| e == "toml") && !fairy_variants::NAMES.contains(&stem.as_str())
        })
        .count();
    assert_eq!(variants().len(), fairy_variants::NAMES.len() + gallery);
    assert!(variants().iter().any(|v| matches!(v, AnyVariant::Medium(_))));
}

/// The legal moves of random games in `fast`, compared with those the
/// general strategy finds in `general` (the same rules compiled to play
/// and test every move).
fn compare_strategies<W: Word>(fast: &Variant<W>, general: &Variant<W>, seed: u64) -> usize {
    let mut random = common::Random(seed);
    let mut position = fast.start_position();
    // The same game, played move by move: the passes that led to a
    // position are not in its FEN.
    let mut other = general.start_position();
    let mut compared = 0;
    for _ in 0..40 {
        assert_eq!(
            common::moves(&position),
            common::moves(&other),
            "{} {}",
            fast.name(),
            position.fen()
        );
        assert_eq!(position.count_legal_moves(), other.count_legal_moves());
        compared += 1;
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let chosen = moves[random.below(moves.len())];
        other = other.play_uci(&position.uci(chosen).to_string()).unwrap();
        position.play_unchecked(chosen);
    }
    compared
}

#[test]
fn both_legality_strategies_give_the_same_moves_on_every_variant() {
    for variant in variants() {
        let general = AnyVariant::with_legality(variant.spec().clone(), Legality::MakeAndTest).unwrap();
        let compared: usize = (1..=3u64)
            .map(|seed| match (variant, &general) {
                (AnyVariant::Small(fast), AnyVariant::Small(general)) => compare_strategies(fast, general, seed),
                (AnyVariant::Medium(fast), AnyVariant::Medium(general)) => compare_strategies(fast, general, seed),
                (AnyVariant::Large(fast), AnyVariant::Large(general)) => compare_strategies(fast, general, seed),
                _ => unreachable!("one definition, one word size"),
            })
            .sum();
        assert!(compared > 3, "{}", variant.name());
    }
}
