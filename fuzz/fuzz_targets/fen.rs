//! FEN text against every built-in variant, Fischer random chess (chess
//! in chess960 mode), crazyhouse (hands and promoted marks), minishogi
//! (promoted forms, `+P`), Seirawan chess (gates among the castling
//! letters), minixiangqi (cannons, a palace, generals that may not face
//! each other), grasshopper chess (grasshoppers), janggi (palace
//! diagonals, cannons shy of cannons, bikjang), duck chess and snailtrail
//! (walls placed by moves), flipello and ataxx (drops that enclose, flips,
//! free drops), Cambodian chess (first moves from gates), atlantis (walls
//! at the edge instead of moves): parsing never panics, and a position that
//! parses writes back to FEN (and X-FEN) that reads as the same position
//! with the same hash; its moves (a sample of 64 where there are more)
//! keep the incremental hash exact and read back from coordinates.
#![no_main]

use std::sync::OnceLock;

use fairy::Variant;
use fairy::geometry::Word;
use fairy::position::{Position, Setup};
use libfuzzer_sys::fuzz_target;

/// Chess in chess960 mode.
fn fischer_random() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    VARIANT.get_or_init(|| Variant::new(fairy::variants::chess_spec().chess960()).expect("chess960 compiles"))
}

/// A variant of the gallery, from its definition's text.
fn gallery(cell: &'static OnceLock<Variant<u64>>, text: &str) -> &'static Variant<u64> {
    cell.get_or_init(|| {
        let spec = fairy::variants::spec_from_toml(text).expect("the gallery's definitions read");
        Variant::new(spec).expect("the gallery's definitions compile")
    })
}

fn crazyhouse() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/crazyhouse.toml"))
}

fn minishogi() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/minishogi.toml"))
}

fn seirawan() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/seirawan.toml"))
}

fn minixiangqi() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/minixiangqi.toml"))
}

fn grasshopper() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/grasshopper.toml"))
}

fn duck() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/duck.toml"))
}

fn snailtrail() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/snailtrail.toml"))
}

fn flipello() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/flipello.toml"))
}

fn ataxx() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/ataxx.toml"))
}

fn atlantis() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/atlantis.toml"))
}

fn cambodian() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    gallery(&VARIANT, include_str!("../../examples/variants/cambodian.toml"))
}

fn janggi() -> &'static Variant<u128> {
    static VARIANT: OnceLock<Variant<u128>> = OnceLock::new();
    VARIANT.get_or_init(|| {
        let spec = fairy::variants::spec_from_toml(include_str!("../../examples/variants/janggi.toml"))
            .expect("the gallery's definitions read");
        Variant::new(spec).expect("the gallery's definitions compile")
    })
}

/// `text` read as a position of `variant`, if it is one: its FEN and X-FEN
/// read back as the same position, and its moves keep the hash exact.
fn check<W: Word>(name: &str, variant: &Variant<W>, text: &str) {
    let Ok(position) = Position::from_fen(variant, text) else {
        return;
    };
    let again = Position::from_fen(variant, &position.fen()).expect("written FEN reads back");
    assert_eq!(again, position, "{name} {text:?}");
    let x_fen = Position::from_fen(variant, &position.x_fen()).expect("written X-FEN reads back");
    assert_eq!(x_fen, position, "{name} {text:?}");
    assert_eq!(again.hash(), position.hash());
    assert_eq!(position.hash(), position.compute_hash());
    let moves = position.legal_moves();
    assert_eq!(moves.len() as u64, position.count_legal_moves());
    assert_eq!(moves.is_empty(), position.outcome().is_some(), "{name} {text:?}");
    // A sample of the moves where they are many (a duck position has some
    // 600): each check below lists the moves again.
    let step = moves.len() / 64 + 1;
    for &mv in moves.iter().step_by(step) {
        let mut after = position.clone();
        after.play_unchecked(mv);
        assert_eq!(after.hash(), after.compute_hash());
        let uci = position.uci(mv).to_string();
        assert_eq!(position.parse_uci(&uci), Ok(mv));
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(setup) = Setup::from_fen(text) {
        // Plain data round-trips through FEN.
        assert_eq!(Setup::from_fen(&setup.fen()).as_ref(), Ok(&setup), "{text:?}");
    }
    let built_in = fairy::variants::NAMES
        .iter()
        .filter_map(|&name| Some((name, fairy::variants::by_name(name)?)));
    let others = [
        ("fischerandom", fischer_random()),
        ("crazyhouse", crazyhouse()),
        ("minishogi", minishogi()),
        ("seirawan", seirawan()),
        ("minixiangqi", minixiangqi()),
        ("grasshopper", grasshopper()),
        ("duck", duck()),
        ("snailtrail", snailtrail()),
        ("flipello", flipello()),
        ("ataxx", ataxx()),
        ("cambodian", cambodian()),
        ("atlantis", atlantis()),
    ];
    for (name, variant) in built_in.chain(others) {
        check(name, variant, text);
    }
    check("janggi", janggi(), text);
});
