//! Snapshots of each built-in variant's start position: the diagram and the
//! sorted legal moves, checked by eye against the rules files.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

fn start_report(name: &str) -> String {
    let variant = fairy_variants::by_name(name).unwrap();
    let start = variant.start_position();
    let moves = common::moves(&start);
    let diagram = fairy_diagram::text(&start, &fairy_diagram::TextOptions::ascii());
    format!("{diagram}\n{} legal moves:\n{}\n", moves.len(), moves.join(" "))
}

#[test]
fn chess_start() {
    insta::assert_snapshot!(start_report("chess"));
}

#[test]
fn chennis_start() {
    insta::assert_snapshot!(start_report("chennis"));
}

#[test]
fn gnu_start() {
    insta::assert_snapshot!(start_report("gnu"));
}

#[test]
fn cgnp_start() {
    insta::assert_snapshot!(start_report("cgnp"));
}
