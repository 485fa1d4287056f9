//! The gallery's definitions for the rules tests, each compiled once (kept
//! apart from `common`, which the fuzz targets share and which cannot name
//! `fairy_variants`).

#![allow(dead_code, clippy::unwrap_used)]

/// A definition of the gallery, `examples/variants/<name>.toml`.
pub fn gallery_spec(name: &str) -> fairy_position::VariantSpec {
    let path = format!("{}/../../examples/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    fairy_variants::spec_from_toml(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Defines `fn $function() -> &'static Variant<$word>` (`u64` if not
/// given): the gallery's variant `$name`, compiled once.
#[allow(unused_macros)]
macro_rules! gallery_variant {
    ($function:ident, $name:literal) => {
        gallery_variant!($function, $name, u64);
    };
    ($function:ident, $name:literal, $word:ty) => {
        fn $function() -> &'static fairy_position::Variant<$word> {
            static VARIANT: std::sync::OnceLock<fairy_position::Variant<$word>> = std::sync::OnceLock::new();
            VARIANT.get_or_init(|| fairy_position::Variant::new(from_gallery::gallery_spec($name)).unwrap())
        }
    };
}
