//! The `fairy` binary: output format, and one-line errors with status 2.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use std::process::{Command, Output};

fn fairy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .output()
        .expect("the fairy binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn perft_prints_the_node_count_then_time_and_speed() {
    let output = fairy(&["perft", "chess", "3"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0], "Nodes searched: 8902");
    assert!(
        lines[1].starts_with("Time: ") && lines[1].ends_with(" M nodes/s)"),
        "{}",
        lines[1]
    );
}

#[test]
fn divide_lists_each_root_move_before_the_total() {
    let output = fairy(&["perft", "chess", "2", "--divide"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20 + 2);
    assert!(lines.contains(&"e2e4: 20"));
    assert!(lines.contains(&"g1f3: 20"));
    assert_eq!(lines[20], "Nodes searched: 400");
}

#[test]
fn perft_from_a_fen() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = fairy(&["perft", "chess", "2", "--fen", fen]);
    assert!(stdout(&output).starts_with("Nodes searched: 2039\n"));
    let output = fairy(&["perft", "chess", "0"]);
    assert!(stdout(&output).starts_with("Nodes searched: 1\n"));
}

#[test]
fn bad_arguments_give_one_line_on_stderr_and_status_2() {
    let cases: &[&[&str]] = &[
        &["perft", "shogi", "3"],
        &["perft", "chess", "three"],
        &["perft", "chess", "-1"],
        &["perft", "chess", "99999999999999999999"],
        &["perft", "chess", "3", "--fen", "8/8/8"],
        &[
            "perft",
            "chess",
            "3",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        ],
        &["perft", "chess", "3", "--fen", ""],
        &["perft", "chess", "3", "--fen", "4k3/8/8/8/8/8/8/4K2Z w - - 0 1"],
        &["perft", "chess"],
        &["perft"],
        &["frobnicate"],
        &[],
    ];
    for args in cases {
        let output = fairy(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn help_is_not_an_error() {
    let output = fairy(&["--help"]);
    assert!(output.status.success());
    assert!(stdout(&output).contains("perft"));
}

#[test]
fn a_closed_output_is_not_a_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    // Each divide line is written after its subtree is counted, so closing
    // the pipe after the first line makes the later writes fail.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["perft", "chess", "5", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.ends_with('\n'));
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn every_built_in_variant_counts_its_reference_figures() {
    for (variant, depth, nodes) in [("chennis", 3, 1240), ("gnu", 3, 2912), ("cgnp", 2, 1283)] {
        let output = fairy(&["perft", variant, &depth.to_string()]);
        assert!(
            stdout(&output).starts_with(&format!("Nodes searched: {nodes}\n")),
            "{variant}"
        );
    }
}

/// The path of a gallery file, from the CLI crate's tests.
fn gallery(name: &str) -> String {
    format!("{}/../../examples/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn perft_takes_a_variant_definition_file() {
    let output = fairy(&["perft", &gallery("losalamos"), "3"]);
    assert!(
        stdout(&output).starts_with("Nodes searched: "),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let output = fairy(&["perft", &gallery("capablanca"), "2", "--divide"]);
    assert!(stdout(&output).contains("\nNodes searched: "));
}

#[test]
fn bad_definition_files_give_one_line_errors() {
    let dir = std::env::temp_dir().join(format!("fairy-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "name = \"x\"\nfiles = 99\nranks = 8\nstart = \"8/8/8/8/8/8/8/8\"\n",
    )
    .unwrap();
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "name = [\n").unwrap();
    for path in [
        bad.to_str().unwrap(),
        broken.to_str().unwrap(),
        "/nonexistent/file.toml",
    ] {
        let output = fairy(&["perft", path, "2"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{path}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{path}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn malformed_fens_and_arguments_never_make_the_tool_panic() {
    let corpus = include_str!("../../../tests/data/malformed.txt");
    let mut checked = 0;
    for line in corpus.lines().filter(|line| line.starts_with("fen\t")) {
        let fen = line["fen\t".len()..]
            .replace("\\n", "\n")
            .replace("\\t", "\t")
            .replace("\\\\", "\\");
        if fen.contains('\0') {
            continue; // not a valid command-line argument
        }
        for variant in ["chess", "gnu"] {
            let output = fairy(&["perft", variant, "1", "--fen", &fen]);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{fen:?}: {stderr}");
            assert_eq!(stderr.trim_end().lines().count(), 1, "{fen:?}: {stderr}");
            checked += 1;
        }
    }
    assert!(checked > 40);
    for args in [
        ["perft", "chess", ""],
        ["perft", "chess", "99999999999999999999"],
        ["perft", "", "1"],
        ["perft", "\u{1f642}", "1"],
        ["perft", "../nowhere.toml", "1"],
        ["perft", "chess", "-5"],
    ] {
        let output = fairy(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}
