//! The built-in variants of fairy, each composed from the general
//! primitives of `fairy-geometry`, `fairy-movement` and `fairy-position`.
//!
//! Every variant is available as a [`VariantSpec`] (plain data, to inspect
//! or change) and as a compiled [`Variant`], built once and shared:
//!
//! ```
//! let chess = fairy_variants::chess();
//! assert_eq!(chess.start_position().perft(2), 400);
//! assert!(std::ptr::eq(chess, fairy_variants::by_name("chess").unwrap()));
//! ```

mod chess;

use std::sync::OnceLock;

use fairy_position::{Variant, VariantSpec};

pub use chess::chess_spec;

/// The names of the built-in variants, as [`by_name`] takes them.
pub const NAMES: &[&str] = &["chess"];

/// Standard chess.
pub fn chess() -> &'static Variant<u64> {
    static CHESS: OnceLock<Variant<u64>> = OnceLock::new();
    CHESS.get_or_init(|| compile(chess_spec()))
}

/// The built-in variant with this name, if there is one.
pub fn by_name(name: &str) -> Option<&'static Variant<u64>> {
    match name {
        "chess" => Some(chess()),
        _ => None,
    }
}

/// Compiles a built-in definition, which the tests of this crate show to
/// be valid.
fn compile(spec: VariantSpec) -> Variant<u64> {
    match Variant::new(spec) {
        Ok(variant) => variant,
        Err(error) => panic!("built-in variant does not compile: {error}"),
    }
}
