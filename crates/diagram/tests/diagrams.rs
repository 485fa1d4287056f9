//! Diagrams of the built-in variants' start positions, checked by eye: the
//! text ones in a terminal, the SVG ones rendered by Chromium.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_diagram::{SvgOptions, TextOptions, svg, text};

fn start(name: &str) -> fairy_position::Position<'static> {
    fairy_variants::by_name(name).unwrap().start_position()
}

#[test]
fn unicode_text_diagrams() {
    for name in fairy_variants::NAMES {
        insta::assert_snapshot!(format!("unicode_{name}"), text(&start(name), &TextOptions::unicode()));
    }
}

#[test]
fn ascii_text_diagrams() {
    for name in fairy_variants::NAMES {
        insta::assert_snapshot!(format!("ascii_{name}"), text(&start(name), &TextOptions::ascii()));
    }
}

#[test]
fn svg_diagrams() {
    for name in fairy_variants::NAMES {
        insta::assert_snapshot!(format!("svg_{name}"), svg(&start(name), &SvgOptions::default()));
    }
}

#[test]
fn svg_marks_check_and_highlights() {
    let chess = fairy_variants::chess();
    let mated = chess.start_position().play_uci("f2f3 e7e5 g2g4 d8h4").unwrap();
    let d8 = chess.size().parse_square("d8").unwrap();
    let h4 = chess.size().parse_square("h4").unwrap();
    let options = SvgOptions {
        highlight: vec![d8, h4],
        show_check: true,
        flipped: false,
    };
    let picture = svg(&mated, &options);
    assert_eq!(picture.matches("class=\"highlight\"").count(), 2);
    assert_eq!(picture.matches("class=\"check\"").count(), 1);
    let quiet = svg(
        &chess.start_position(),
        &SvgOptions {
            show_check: true,
            ..SvgOptions::default()
        },
    );
    assert!(!quiet.contains("class=\"check\""));
}

#[test]
fn pieces_without_a_chess_symbol_are_lettered_discs() {
    let gnu = svg(&start("gnu"), &SvgOptions::default());
    assert_eq!(gnu.matches("class=\"piece disc\"").count(), 2);
    let chess = svg(&start("chess"), &SvgOptions::default());
    assert_eq!(chess.matches("class=\"piece disc\"").count(), 0);
    assert_eq!(chess.matches("class=\"piece\"").count(), 32);
}

#[test]
fn diagrams_of_a_check_counting_variant_give_the_counters() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants/3check.toml");
    let three_check = fairy_variants::load(path).unwrap();
    let fairy_position::AnyVariant::Small(variant) = three_check else {
        panic!("three-check is an 8 x 8 variant")
    };
    let position = fairy_position::Position::from_fen(
        &variant,
        "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3",
    )
    .unwrap();
    let diagram = text(&position, &TextOptions::ascii());
    assert!(
        diagram.ends_with("Black to move\nchecks to give: White 2, Black 3\n"),
        "{diagram}"
    );
    let picture = svg(&position, &SvgOptions::default());
    assert!(picture.contains("Black to move; checks to give: White 2, Black 3"));
    // Chess has no counters to show.
    assert!(!text(&start("chess"), &TextOptions::ascii()).contains("checks"));
}

#[test]
fn diagrams_mark_the_squares_where_an_arrival_wins() {
    struct Drawn;
    impl fairy_position::VariantVisitor for Drawn {
        type Output = (String, String);
        fn visit<W: fairy_geometry::Word>(self, variant: &fairy_position::Variant<W>) -> (String, String) {
            let start = variant.start_position();
            (text(&start, &TextOptions::ascii()), svg(&start, &SvgOptions::default()))
        }
    }
    let load = |name: &str| {
        let path = format!("{}/../../examples/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
        fairy_variants::load(path).unwrap().visit(Drawn)
    };
    // Racing kings: either king on the eighth rank; a flag on each of its
    // squares for each side.
    let (diagram, picture) = load("racingkings");
    assert!(
        diagram.ends_with("arrival wins: White K on rank 8; Black K on rank 8\n"),
        "{diagram}"
    );
    assert_eq!(picture.matches("class=\"goal\"").count(), 16);
    // Jeson Mor: a knight on the centre square.
    let (diagram, picture) = load("jesonmor");
    assert!(
        diagram.contains("arrival wins: White N on e5; Black N on e5\n"),
        "{diagram}"
    );
    assert_eq!(picture.matches("class=\"goal\"").count(), 2);
    // Chess has no arrival.
    assert!(!text(&start("chess"), &TextOptions::ascii()).contains("arrival"));
}

#[test]
fn diagrams_draw_walls() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants/petrified.toml");
    let petrified = fairy_variants::load(path).unwrap();
    let fairy_position::AnyVariant::Small(variant) = petrified else {
        panic!("petrified chess is an 8 x 8 variant")
    };
    // The rook that took on a8 is a wall there.
    let position = fairy_position::Position::from_fen(&variant, "*3k3/8/8/8/8/8/8/4K2R b K - 0 1").unwrap();
    let ascii = text(&position, &TextOptions::ascii());
    assert!(ascii.starts_with(" 8  * . . . k . . .\n"), "{ascii}");
    let unicode = text(&position, &TextOptions::unicode());
    assert!(unicode.starts_with(" 8  █ · · · ♚ · · ·\n"), "{unicode}");
    let picture = svg(&position, &SvgOptions::default());
    assert_eq!(picture.matches("class=\"wall\"").count(), 1);
}

#[test]
fn diagrams_list_the_pieces_in_hand() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants/crazyhouse.toml");
    let spec = fairy_variants::spec_from_toml(&std::fs::read_to_string(path).unwrap()).unwrap();
    let crazyhouse = fairy_position::Variant::<u64>::new(spec).unwrap();
    let position = fairy_position::Position::from_fen(&crazyhouse, "k7/8/8/8/8/8/8/4K3[QNPPb] w - - 0 1").unwrap();
    let unicode = text(&position, &TextOptions::unicode());
    assert!(
        unicode.ends_with("White to move\nWhite in hand: ♕ ♘ ♙×2\nBlack in hand: ♝\n"),
        "{unicode}"
    );
    let ascii = text(&position, &TextOptions::ascii());
    assert!(ascii.ends_with("White in hand: Q N Px2\nBlack in hand: b\n"), "{ascii}");
    let empty = fairy_position::Position::from_fen(&crazyhouse, "k7/8/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
    assert!(text(&empty, &TextOptions::ascii()).ends_with("White in hand: -\nBlack in hand: -\n"));
    let picture = svg(&position, &SvgOptions::default());
    assert!(picture.contains(">White in hand: ♕ ♘ ♙×2</text>"), "{picture}");
    assert!(picture.contains(">Black in hand: ♝</text>"));
    // Chess has no hands to list.
    assert!(!text(&start("chess"), &TextOptions::ascii()).contains("in hand"));
}

#[test]
fn diagrams_draw_the_river_and_the_palaces() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants/xiangqi.toml");
    let spec = fairy_variants::spec_from_toml(&std::fs::read_to_string(path).unwrap()).unwrap();
    let xiangqi = fairy_position::Variant::<u128>::new(spec).unwrap();
    let opening = xiangqi.start_position();
    insta::assert_snapshot!("ascii_xiangqi", text(&opening, &TextOptions::ascii()));
    insta::assert_snapshot!("unicode_xiangqi", text(&opening, &TextOptions::unicode()));
    let picture = svg(&opening, &SvgOptions::default());
    assert_eq!(picture.matches("class=\"river\"").count(), 1);
    // Two diagonals in each palace.
    assert_eq!(picture.matches("class=\"palace\"").count(), 4);
    // Chess has neither.
    let chess = text(&start("chess"), &TextOptions::ascii());
    assert!(!chess.contains("river") && !chess.contains("palace"));
}

/// The gallery's variant `name`, compiled for the rest of the test run.
fn load(name: &str) -> &'static fairy_position::Variant<u64> {
    let path = format!("{}/../../examples/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let spec = fairy_variants::spec_from_toml(&std::fs::read_to_string(path).unwrap()).unwrap();
    Box::leak(Box::new(fairy_position::Variant::<u64>::new(spec).unwrap()))
}

#[test]
fn diagrams_draw_stones_in_games_whose_pieces_change_colour() {
    // Flipello after a drop that flipped e4: four white stones, one black.
    let flipello = load("flipello").start_position().play_uci("P@e3").unwrap();
    insta::assert_snapshot!("unicode_flipello", text(&flipello, &TextOptions::unicode()));
    let picture = svg(&flipello, &SvgOptions::default());
    assert_eq!(picture.matches("class=\"piece stone\"").count(), 5);
    // Ataxx's drops are free: no hands are shown.
    let ataxx = text(&load("ataxx").start_position(), &TextOptions::unicode());
    assert!(
        ataxx.contains('○') && ataxx.contains('●') && !ataxx.contains("in hand"),
        "{ataxx}"
    );
}

#[test]
fn diagrams_draw_the_duck_and_walls() {
    let duck = load("duck").start_position().play_uci("e2e4,e4e5").unwrap();
    insta::assert_snapshot!("ascii_duck", text(&duck, &TextOptions::ascii()));
    insta::assert_snapshot!("unicode_duck", text(&duck, &TextOptions::unicode()));
    let picture = svg(&duck, &SvgOptions::default());
    assert_eq!(picture.matches("class=\"duck\"").count(), 1);
    assert_eq!(picture.matches("class=\"wall\"").count(), 0);
    // Walls left by moves are walls, not ducks.
    let trail = load("snailtrail").start_position().play_uci("a1b2,b2a1").unwrap();
    let ascii = text(&trail, &TextOptions::ascii());
    assert!(ascii.contains(" 1  * . .") && !ascii.contains("duck"), "{ascii}");
    let picture = svg(&trail, &SvgOptions::default());
    assert_eq!(picture.matches("class=\"wall\"").count(), 1);
    assert_eq!(picture.matches("class=\"duck\"").count(), 0);
}
