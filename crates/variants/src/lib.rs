//! The built-in variants of fairy, each composed from the general
//! primitives of `fairy-geometry`, `fairy-movement` and `fairy-position`.
//!
//! | name | board | what is special |
//! | --- | --- | --- |
//! | `chess` | 8 x 8 | standard chess |
//! | `chennis` | 7 x 7 | a net between ranks 4 and 5; a pawn on the far rank wins |
//! | `gnu` | 5 x 10 | an uncapturable Ferz; knights and pawns promote to Gnus; a king on the far rank wins |
//! | `cgnp` | 8 x 8 | cylindrical files, a 2 x 2 grid, knightly pawns |
//!
//! Variants can also be defined as data in TOML files: see [`file`](mod@file) for the
//! schema, and [`load`] and [`from_toml`].
//!
//! Every built-in variant is available as a [`VariantSpec`] (plain data, to
//! inspect or change) and as a compiled [`Variant`], built once and shared:
//!
//! ```
//! let gnu = fairy_variants::gnu();
//! assert_eq!(gnu.start_position().perft(2), 196);
//! assert!(std::ptr::eq(gnu, fairy_variants::by_name("gnu").unwrap()));
//! ```

mod cgnp;
mod chennis;
mod chess;
pub mod chess960;
pub mod file;
pub mod fsf;
mod gnu;

use std::sync::OnceLock;

use fairy_geometry::{BoardSize, Coord};
use fairy_position::{AnyVariant, Variant, VariantSpec};

pub use cgnp::cgnp_spec;
pub use chennis::chennis_spec;
pub use chess::chess_spec;
pub use file::{DefinitionError, from_toml, spec_from_toml};
pub use gnu::gnu_spec;

/// Loads a variant definition file: a TOML definition (see [`file`](mod@file)),
/// or one variant of a Fairy-Stockfish `variants.ini` file, named after
/// the file's path and a colon (`variants.ini:gemini`, see [`fsf`]).
///
/// # Errors
///
/// A [`DefinitionError`]: the file cannot be read, is not a definition, or
/// does not compile into a variant; for an ini file without a variant name,
/// one that lists the file's variants.
///
/// # Examples
///
/// ```no_run
/// let losalamos = fairy_variants::load("examples/variants/losalamos.toml")?;
/// let gemini = fairy_variants::load("variants.ini:gemini")?;
/// # Ok::<(), fairy_variants::DefinitionError>(())
/// ```
pub fn load(path: impl AsRef<std::path::Path>) -> Result<AnyVariant, DefinitionError> {
    let path = path.as_ref();
    let Some(path) = path.to_str() else {
        return file::load(path);
    };
    let read = |path: &str| {
        std::fs::read_to_string(path).map_err(|error| DefinitionError::Io {
            path: path.to_string(),
            error,
        })
    };
    if let Some((file, name)) = path.rsplit_once(':').filter(|(file, _)| file.ends_with(".ini")) {
        let spec = fsf::spec_from_ini(&read(file)?, name).map_err(DefinitionError::Ini)?;
        return AnyVariant::new(spec).map_err(DefinitionError::Variant);
    }
    if path.ends_with(".ini") {
        let names = fsf::names(&read(path)?).map_err(DefinitionError::Ini)?;
        return Err(DefinitionError::Key {
            key: path.to_string(),
            problem: format!(
                "name one of its variants after a colon ({path}:NAME): {}",
                names.join(", ")
            ),
        });
    }
    file::load(path)
}

/// The names of the built-in variants, as [`by_name`] takes them.
pub const NAMES: [&str; 4] = ["chess", "chennis", "gnu", "cgnp"];

/// A built-in variant: its definition, compiled on first use and shared.
struct BuiltIn {
    spec: fn() -> VariantSpec,
    compiled: OnceLock<Variant<u64>>,
}

/// The built-in variants, in the order of [`NAMES`].
static BUILT_IN: [BuiltIn; 4] = [
    BuiltIn::new(chess_spec),
    BuiltIn::new(chennis_spec),
    BuiltIn::new(gnu_spec),
    BuiltIn::new(cgnp_spec),
];

impl BuiltIn {
    const fn new(spec: fn() -> VariantSpec) -> BuiltIn {
        BuiltIn {
            spec,
            compiled: OnceLock::new(),
        }
    }

    fn variant(&'static self) -> &'static Variant<u64> {
        self.compiled.get_or_init(|| compile((self.spec)()))
    }
}

/// Standard chess.
pub fn chess() -> &'static Variant<u64> {
    BUILT_IN[0].variant()
}

/// Chennis.
pub fn chennis() -> &'static Variant<u64> {
    BUILT_IN[1].variant()
}

/// Gnu.
pub fn gnu() -> &'static Variant<u64> {
    BUILT_IN[2].variant()
}

/// CGNP chess.
pub fn cgnp() -> &'static Variant<u64> {
    BUILT_IN[3].variant()
}

/// The built-in variant with this name, if there is one.
pub fn by_name(name: &str) -> Option<&'static Variant<u64>> {
    let index = NAMES.iter().position(|&known| known == name)?;
    BUILT_IN.get(index).map(BuiltIn::variant)
}

/// Compiles a built-in definition; the tests of this crate compile each one.
fn compile(spec: VariantSpec) -> Variant<u64> {
    match Variant::new(spec) {
        Ok(variant) => variant,
        Err(error) => panic!("built-in variant does not compile: {error}"),
    }
}

/// A board size of a built-in variant.
fn board(files: u8, ranks: u8) -> BoardSize {
    match BoardSize::new(files, ranks) {
        Ok(size) => size,
        Err(_) => unreachable!("built-in boards are at most 16 x 16"),
    }
}

/// A square named in a built-in definition.
fn square(name: &str) -> Coord {
    match name.parse() {
        Ok(coord) => coord,
        Err(_) => unreachable!("built-in definitions name valid squares"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_name_gives_the_variant_of_that_name() {
        for name in super::NAMES {
            assert_eq!(super::by_name(name).map(|v| v.name()), Some(name));
        }
        assert!(super::by_name("shogi").is_none());
    }
}
