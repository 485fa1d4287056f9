//! Betza modifiers at work in positions, for both colours: pieces defined
//! from Betza strings, on a board empty but for what each test places.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::{Color, Movement};
use fairy_position::{PieceSpec, Position, Setup, SetupPiece, Variant, VariantSpec, Zone};

/// Kings, a blocker kind `O` that does not move, and `X` moving by `betza`
/// with initial squares on the second rank.
fn variant(betza: &str) -> Variant<u64> {
    let spec = VariantSpec::new(
        "betza",
        Geometry::new(BoardSize::new(8, 8).unwrap()),
        "k7/8/8/8/8/8/8/7K w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('O', "obstacle", Movement::default()))
    .piece(PieceSpec::new('X', "x", Movement::from_betza(betza).unwrap()).initial(Zone::ranks([2])));
    Variant::new(spec).unwrap()
}

/// The destinations of the piece on `from` with `pieces` placed
/// (`"Xd4 od5"`, upper case White; kings are added on a1 and h8... or
/// given).
fn destinations(variant: &Variant<u64>, pieces: &str, turn: Color, from: &str) -> Vec<String> {
    let size = variant.size();
    let mut setup = Setup::empty(size);
    let all = if pieces.contains('K') {
        pieces.to_string()
    } else {
        format!("{pieces} Kh1 ka8")
    };
    for token in all.split_whitespace() {
        let letter = token.chars().next().unwrap();
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let square = size.parse_square(&token[1..]).unwrap();
        setup.board[square.index()] = Some(SetupPiece::new(color, letter.to_ascii_uppercase()));
    }
    setup.turn = turn;
    let position = Position::from_setup(variant, &setup).unwrap();
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| position.uci(m).to_string())
        .filter(|m| m.starts_with(from))
        .map(|m| m[from.len()..].to_string())
        .collect();
    moves.sort();
    moves
}

#[test]
fn move_only_and_capture_only() {
    let moving = variant("mW");
    assert_eq!(destinations(&moving, "Xd4 od5", Color::White, "d4"), ["c4", "d3", "e4"]);
    assert_eq!(destinations(&moving, "xd5 Od4", Color::Black, "d5"), ["c5", "d6", "e5"]);
    let capturing = variant("cW");
    assert_eq!(destinations(&capturing, "Xd4 od5", Color::White, "d4"), ["d5"]);
    assert_eq!(destinations(&capturing, "xd5 Od4", Color::Black, "d5"), ["d4"]);
}

#[test]
fn forward_is_towards_the_opponent() {
    let lance = variant("fR");
    assert_eq!(destinations(&lance, "Xd6", Color::White, "d6"), ["d7", "d8"]);
    assert_eq!(destinations(&lance, "xd3", Color::Black, "d3"), ["d1", "d2"]);
    let shogi_knight = variant("fN");
    assert_eq!(destinations(&shogi_knight, "Xd4", Color::White, "d4"), ["c6", "e6"]);
    assert_eq!(destinations(&shogi_knight, "xd4", Color::Black, "d4"), ["c2", "e2"]);
}

#[test]
fn initial_moves_only_from_the_initial_squares() {
    let piece = variant("fmWifmW2");
    assert_eq!(destinations(&piece, "Xd2", Color::White, "d2"), ["d3", "d4"]);
    assert_eq!(destinations(&piece, "Xd3", Color::White, "d3"), ["d4"]);
    // Black's initial rank is the seventh.
    assert_eq!(destinations(&piece, "xd7", Color::Black, "d7"), ["d5", "d6"]);
    assert_eq!(destinations(&piece, "xd6", Color::Black, "d6"), ["d5"]);
}

#[test]
fn lame_leaps_are_blocked_on_their_way() {
    // The Xiangqi horse: its (1, 2) leaps pass the square next to it in the
    // long direction.
    let horse = variant("nN");
    let open = destinations(&horse, "Xd4", Color::White, "d4");
    assert_eq!(open.len(), 8);
    let blocked = destinations(&horse, "Xd4 Od5", Color::White, "d4");
    assert_eq!(blocked, ["b3", "b5", "c2", "e2", "f3", "f5"]);
    assert_eq!(destinations(&horse, "xd4 od5", Color::Black, "d4"), blocked);
    let elephant = variant("nA");
    assert_eq!(
        destinations(&elephant, "Xd4 Oe5", Color::White, "d4"),
        ["b2", "b6", "f2"]
    );
}

#[test]
fn wrapping_moves_cross_the_edge_of_a_flat_board() {
    let wrapping = variant("oW");
    assert_eq!(
        destinations(&wrapping, "Xa4", Color::White, "a4"),
        ["a3", "a5", "b4", "h4"]
    );
    assert_eq!(
        destinations(&wrapping, "xh4", Color::Black, "h4"),
        ["a4", "g4", "h3", "h5"]
    );
}

/// Whether, after Black's double step d7-d5 beside a White pawn on e5,
/// White may take en passant, with pawns of the given movement.
fn en_passant_after_double_step(variant: &Variant<u64>) -> bool {
    let size = variant.size();
    let mut setup = Setup::empty(size);
    for (name, color, letter) in [
        ("e5", Color::White, 'X'),
        ("d7", Color::Black, 'X'),
        ("h1", Color::White, 'K'),
        ("a8", Color::Black, 'K'),
    ] {
        setup.board[size.parse_square(name).unwrap().index()] = Some(SetupPiece::new(color, letter));
    }
    setup.turn = Color::Black;
    let position = Position::from_setup(variant, &setup).unwrap().play_uci("d7d5").unwrap();
    position.legal_moves().iter().any(|m| m.is_en_passant())
}

#[test]
fn en_passant_needs_the_mark_on_the_capture_and_on_the_double_step() {
    // Read literally, e marks each part: both marks are needed.
    assert!(en_passant_after_double_step(&variant("fmWfceFifemnD")));
    assert!(!en_passant_after_double_step(&variant("fmWfceFifmnD")));
    assert!(!en_passant_after_double_step(&variant("fmWfcFifemnD")));
}

#[test]
fn variant_files_follow_fairy_stockfish_for_en_passant() {
    // In a file, a piece with an e anywhere (Fairy-Stockfish's spelling of
    // the pawn) leaves en passant squares with its double step.
    let file = |betza: &str| {
        let text = format!(
            "name = \"ep\"\nfiles = 8\nranks = 8\nstart = \"k7/8/8/8/8/8/8/7K w - - 0 1\"\n\n\
             [[piece]]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\n\
             [[piece]]\nletter = \"X\"\nbetza = \"{betza}\"\ninitial = [2]\n"
        );
        match fairy_variants::from_toml(&text).unwrap() {
            fairy_position::AnyVariant::Small(variant) => variant,
            _ => unreachable!("an 8 x 8 board"),
        }
    };
    assert!(en_passant_after_double_step(&file("fmWfceFifmnD")));
    assert!(!en_passant_after_double_step(&file("fmWfcFifmnD")));
}
