//! A variant definition's serde form: one schema for JSON and TOML, every
//! value checked as the constructors check it, so that no input makes
//! compiling the variant panic.

#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used)] // test helpers may unwrap

use std::fs;

use fairy::position::{AnyVariant, VariantSpec};

/// Every definition of the gallery, read from its file.
fn gallery() -> Vec<(String, VariantSpec)> {
    let mut specs = Vec::new();
    for entry in fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/variants")).unwrap() {
        let path = entry.unwrap().path();
        let text = fs::read_to_string(&path).unwrap();
        let spec = fairy::variants::file::spec_from_toml(&text).unwrap();
        specs.push((path.display().to_string(), spec));
    }
    assert!(specs.len() >= 70);
    specs
}

#[test]
fn every_gallery_definition_round_trips_through_json_and_toml() {
    for (path, spec) in gallery() {
        let json = serde_json::to_string(&spec).unwrap();
        assert_eq!(serde_json::from_str::<VariantSpec>(&json).unwrap(), spec, "{path}");
        let toml = toml::to_string(&spec).unwrap();
        assert_eq!(toml::from_str::<VariantSpec>(&toml).unwrap(), spec, "{path}");
        // One schema: the TOML form read back is the JSON form.
        let from_toml: serde_json::Value = toml::from_str(&toml).unwrap();
        let from_json: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(from_toml, from_json, "{path}");
    }
}

#[test]
fn the_board_reads_as_a_definition_file_writes_it() {
    let chennis = fairy::variants::chennis().spec();
    let json = serde_json::to_value(chennis).unwrap();
    // The net is numbered by the rank below it, as in files and in
    // `Geometry::with_net`.
    assert_eq!(
        json["geometry"],
        serde_json::json!({ "files": 7, "ranks": 7, "cylinder": false, "net": 4 })
    );
    let cgnp = serde_json::to_value(fairy::variants::cgnp().spec()).unwrap();
    assert_eq!(cgnp["geometry"]["grid"], serde_json::json!([2, 2]));
    assert_eq!(cgnp["geometry"]["cylinder"], serde_json::json!(true));
    let pawn = &serde_json::to_value(fairy::variants::chess().spec()).unwrap()["pieces"][0];
    assert_eq!(pawn["movement"], serde_json::json!("mfWcefFimenfD"));
}

#[test]
fn values_the_constructors_refuse_are_errors_not_panics() {
    let chess = serde_json::to_value(fairy::variants::chess().spec()).unwrap();
    let with = |pointer: &str, value: serde_json::Value| {
        let mut spec = chess.clone();
        *spec.pointer_mut(pointer).unwrap() = value;
        serde_json::from_value::<VariantSpec>(spec)
    };
    let message = |result: Result<VariantSpec, serde_json::Error>| result.unwrap_err().to_string();
    // The reported case: a grid of empty cells once divided by zero.
    assert_eq!(
        message(with(
            "/geometry",
            serde_json::json!({ "files": 8, "ranks": 8, "grid": [0, 0] })
        )),
        "grid cells must be at least 1 x 1"
    );
    assert!(message(with("/geometry", serde_json::json!({ "files": 0, "ranks": 0 }))).contains("0 files by 0 ranks"));
    assert!(
        message(with(
            "/geometry",
            serde_json::json!({ "files": 8, "ranks": 8, "net": 8 })
        ))
        .contains("net")
    );
    assert!(message(with("/geometry/files", serde_json::json!(17))).contains("17"));
    assert!(message(with("/pieces/0/movement", serde_json::json!("mfWx"))).contains("'x'"));
    // What the serde form lets through, compiling the variant refuses.
    let spec = with("/start_fen", serde_json::json!("8/8/8 w - - 0 1")).unwrap();
    assert!(AnyVariant::new(spec).is_err());
}
