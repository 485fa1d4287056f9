//! The `fairy` binary: output format, and one-line errors with status 2.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use std::process::{Command, Output};

#[path = "../../../tests/corpus/mod.rs"]
mod corpus;

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
        &["perft", "nosuchvariant", "3"],
        &["perft", "chess", "three"],
        &["perft", "chess", "-1"],
        &["perft", "chess", "99999999999999999999"],
        &["perft", "chess", "20000"],
        &["perft", "chess", "5000", "--threads", "2"],
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
fn a_missing_argument_is_named_with_the_usage() {
    let output = fairy(&["perft", "chess"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim_end(),
        "error: the following required arguments were not provided: <DEPTH> (usage: fairy perft <VARIANT> <DEPTH>)"
    );
}

#[test]
fn fairy_alone_prints_its_usage() {
    let output = fairy(&[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stdout(&output).contains("Usage: fairy <COMMAND>"),
        "{}",
        stdout(&output)
    );
    assert!(stdout(&output).contains("perft"));
    assert!(output.stderr.is_empty());
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
    let mut checked = 0;
    for fen in corpus::inputs(&["fen"]) {
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

/// Runs the binary with `input` on standard input.
fn fairy_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that fails on its arguments exits without reading: the
    // write may then meet a closed pipe.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn perft_on_two_threads_counts_what_one_thread_counts() {
    let one = stdout(&fairy(&["perft", "chess", "4", "--divide"]));
    let two = stdout(&fairy(&["perft", "chess", "4", "--divide", "--threads", "2"]));
    let moves = |text: &str| {
        let mut lines: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with("Time"))
            .map(String::from)
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(moves(&one), moves(&two));
    assert!(one.contains("Nodes searched: 197281\n"));
    let output = fairy(&["perft", "gnu", "4", "--threads", "2"]);
    assert!(stdout(&output).starts_with("Nodes searched: 43264\n"));
    for threads in ["0", "-1", "x", "100000"] {
        let output = fairy(&["perft", "chess", "2", "--threads", threads]);
        assert_eq!(output.status.code(), Some(2), "--threads {threads}");
    }
}

#[test]
fn a_scripted_game_plays_the_move_and_the_engine_replies() {
    let output = fairy_with_input(&["play", "chess", "--as", "white", "--time", "100"], "e2e4\nquit\n");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("Your move (white): e2e4\nYou play e4.\n"), "{text}");
    // The engine's reply, as SAN with its move number, then coordinates.
    let reply = text.lines().find(|line| line.starts_with("1... ")).unwrap();
    assert!(reply.contains(" (") && reply.contains("; score "), "{reply}");
    assert!(text.ends_with("Your move (white): quit\nGame abandoned.\n"), "{text}");
    // The board after each move: the start, after e4, after the reply.
    assert_eq!(text.matches("    a b c d e f g h").count(), 3);
}

#[test]
fn bad_moves_get_a_message_and_the_game_goes_on() {
    let input = "e2e5\nhello\nNf6\nz9z9\n\nmoves\nfen\nhelp\nNf3\n";
    let output = fairy_with_input(&["play", "chess", "--time", "20", "--ascii"], input);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("e2e5 is not a legal move in this position"), "{text}");
    assert!(
        text.contains("\"hello\" is not a move in standard algebraic notation"),
        "{text}"
    );
    assert!(text.contains("Nf6 is not a legal move in this position"), "{text}");
    assert!(text.contains("a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4 Na3 Nc3 Nf3 Nh3\n"));
    assert!(text.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
    assert!(text.contains("You play Nf3."));
    assert!(text.ends_with("Input ended; game abandoned.\n"), "{text}");
    assert!(output.stderr.is_empty());
}

#[test]
fn the_engine_moves_first_when_you_play_black() {
    let output = fairy_with_input(&["play", "gnu", "--as", "black", "--time", "20"], "quit\n");
    let text = stdout(&output);
    assert!(text.lines().any(|line| line.starts_with("1. ")), "{text}");
    assert!(text.contains("Your move (black): quit"), "{text}");
}

#[test]
fn undo_takes_back_your_move_and_the_reply() {
    let output = fairy_with_input(&["play", "chess", "--time", "20"], "undo\ne4\nundo\nfen\nquit\n");
    let text = stdout(&output);
    assert!(text.contains("Nothing to take back."), "{text}");
    assert!(
        text.ends_with(
            "fen\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nYour move (white): quit\nGame abandoned.\n"
        ),
        "{text}"
    );
}

#[test]
fn a_game_ends_with_the_result_and_its_reason() {
    // You mate at once.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let output = fairy_with_input(&["play", "chess", "--fen", fen], "Ra8#\n");
    let text = stdout(&output);
    assert!(
        text.contains("Game over: 1-0 (white wins by checkmate)\nMoves: 1. Ra8#\n"),
        "{text}"
    );
    // The engine, playing itself, finds a Gnu king's winning arrival.
    let output = fairy(&[
        "play",
        "gnu",
        "--self",
        "--fen",
        "5/2K2/5/5/5/5/5/k4/5/5 w - - 0 1",
        "--time",
        "50",
    ]);
    let text = stdout(&output);
    assert!(text.contains("Game over: 1-0 (white wins by arrival)"), "{text}");
    // A Chennis pawn arrives.
    let output = fairy(&[
        "play",
        "chennis",
        "--self",
        "--fen",
        "k6/4P2/7/7/7/7/4K2 w - - 0 1",
        "--time",
        "50",
    ]);
    assert!(stdout(&output).contains("Game over: 1-0 (white wins by arrival)\nMoves: 1. e7\n"));
}

#[test]
fn self_play_shows_the_final_board_or_with_verbose_every_move() {
    let args = ["play", "chess", "--self", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"];
    let quiet = stdout(&fairy(&args));
    // The start and the final board, no line per move.
    assert_eq!(
        quiet.matches("White to move").count() + quiet.matches("Black to move").count(),
        2,
        "{quiet}"
    );
    assert!(!quiet.contains("score"), "{quiet}");
    assert!(
        quiet.ends_with("Game over: 1-0 (white wins by checkmate)\nMoves: 1. Ra8#\n"),
        "{quiet}"
    );
    let verbose = stdout(&fairy(&[&args[..], &["--verbose"]].concat()));
    assert!(
        verbose.contains("1. Ra8# (a1a8); score win in 1 for white"),
        "{verbose}"
    );
    // --verbose is about watching the engine.
    assert_eq!(fairy(&["play", "chess", "--verbose"]).status.code(), Some(2));
}

#[test]
fn analyse_reports_each_depth_then_the_best_move() {
    let fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
    let output = fairy(&["analyse", "chess", "--fen", fen, "--depth", "4"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("depth  1  score "), "{text}");
    assert!(
        text.contains("score  win in 2") && text.contains("pv 1. Ra6 "),
        "{text}"
    );
    assert_eq!(*lines.last().unwrap(), "best move Ra6 (a1a6), score win in 2");
    let output = fairy(&["analyse", "cgnp", "--time", "100"]);
    assert!(stdout(&output).contains("\nbest move "));
    let over = fairy(&[
        "analyse",
        "chess",
        "--fen",
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
        "--depth",
        "3",
    ]);
    assert_eq!(stdout(&over), "The game is over: 1-0 (white wins by checkmate)\n");
}

#[test]
fn bad_analyse_and_play_arguments_give_one_line_errors() {
    let cases: &[&[&str]] = &[
        &["analyse", "chess"],
        &["analyse", "chess", "--depth", "3", "--time", "100"],
        &["analyse", "chess", "--depth", "0"],
        &["analyse", "chess", "--depth", "x"],
        &["analyse", "chess", "--time", "-5"],
        &["analyse", "chess", "--depth", "2", "--fen", "8/8"],
        &["analyse", "no-such-variant", "--depth", "2"],
        &["play"],
        &["play", "chess", "--as", "red"],
        &["play", "chess", "--time", "0"],
        &["play", "chess", "--fen", "8/8"],
    ];
    for args in cases {
        let output = fairy_with_input(args, "quit\n");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
}

#[test]
fn malformed_moves_never_end_a_game_or_make_the_tool_panic() {
    // One move a line: inputs holding a line break are left out.
    let input: Vec<String> = corpus::inputs(&["uci", "san"])
        .into_iter()
        .filter(|text| !text.contains('\n') && text.trim() != "e2e4")
        .collect();
    assert!(input.len() > 20);
    let output = fairy_with_input(&["play", "chess", "--time", "1"], &(input.join("\n") + "\n"));
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    // Every line was refused: the game never left the start position.
    assert_eq!(
        text.matches("; type help for help.").count(),
        input.iter().filter(|l| !l.trim().is_empty()).count(),
        "{text}"
    );
    assert!(!text.contains("You play"), "{text}");
}

#[test]
fn a_draw_the_rules_allow_is_offered_and_claimed_not_forced() {
    // Knights out and back: after White's third Ng1 the position with
    // Black to move occurs for the third time; Black may claim the draw.
    let moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
    let output = fairy_with_input(
        &["play", "chess", "--as", "black", "--moves", moves, "--time", "20"],
        "draw\n",
    );
    let text = stdout(&output);
    assert!(
        text.contains("You may claim a draw by threefold repetition: type draw.\n"),
        "{text}"
    );
    assert!(
        text.contains("Game over: 1/2-1/2 (draw by threefold repetition)"),
        "{text}"
    );
    // Where no draw may be claimed, the game goes on.
    let output = fairy_with_input(&["play", "chess", "--as", "white", "--time", "20"], "draw\nquit\n");
    let text = stdout(&output);
    assert!(
        text.contains("No draw can be claimed now.") && !text.contains("Game over"),
        "{text}"
    );
}

#[test]
fn an_overlong_input_line_is_skipped_not_stored() {
    let long = "e".repeat(100_000);
    let output = fairy_with_input(&["play", "chess", "--time", "20"], &format!("{long}\nquit\n"));
    let text = stdout(&output);
    assert!(
        text.contains("(a line of more than 1024 characters, skipped)"),
        "{}",
        &text[..200.min(text.len())]
    );
    assert!(text.ends_with("Game abandoned.\n"));
}

#[test]
fn analysis_stops_when_its_reader_goes_away() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    // Depth 60 would take far longer than anyone waits; reading one line
    // and closing the pipe must end it at the next depth.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["analyse", "chess", "--depth", "60"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("depth  1"), "{first}");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("the analysis went on after its reader left");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success());
}

#[test]
fn perft_depth_has_a_documented_bound() {
    let output = fairy(&["perft", "chess", "65"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("65") && stderr.trim_end().lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn moves_and_files_of_positions_set_up_what_a_command_starts_from() {
    let output = fairy(&["show", "chess", "--moves", "e2e4 e7e5 g1f3", "--ascii"]);
    assert!(stdout(&output).contains("FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"));
    let output = fairy(&["show", "chess", "--moves", "e2e4 e2e4"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("move 2 (e2e4)"));

    let path = std::env::temp_dir().join(format!("fairy-positions-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "# comments and empty lines are skipped\n\nstartpos\nstartpos moves e2e4 e7e5\nfen 8/8/8/8/8/8/8/K6k w - - 0 1\nfen 8/8 w\n",
    )
    .unwrap();
    let output = fairy(&["perft", "chess", "2", "--positions", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    let text = stdout(&output);
    let headed: Vec<&str> = text.lines().filter(|line| line.starts_with("position ")).collect();
    assert_eq!(
        headed,
        [
            "position 1: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "position 2: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "position 3: 8/8/8/8/8/8/8/K6k w - - 0 1",
            "position 4: error: bad FEN: the board is 8x2, but the variant is played on 8x8",
        ]
    );
    let counts: Vec<&str> = text.lines().filter(|line| line.starts_with("Nodes searched")).collect();
    // After 1. e4 e5, 835 (Fairy-Stockfish's count); kings on a1 and h1:
    // three steps each.
    assert_eq!(
        counts,
        ["Nodes searched: 400", "Nodes searched: 835", "Nodes searched: 9"]
    );
    // The file had a bad position: the command says so, after the rest.
    assert_eq!(output.status.code(), Some(2));
}

/// Runs `fairy uci` on `script` (standard input closed after it) and
/// returns its output.
fn uci_session(script: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .arg("uci")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the fairy binary runs");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    stdout(&output)
}

#[test]
fn uci_handshake_search_and_perft() {
    let text = uci_session("uci\nisready\nposition startpos moves e2e4\ngo depth 3\ngo perft 3\n");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("id name fairy {}", env!("CARGO_PKG_VERSION")));
    let variants = lines.iter().find(|l| l.starts_with("option name UCI_Variant")).unwrap();
    assert!(variants.contains(" var chess") && variants.contains(" var chennis") && variants.contains(" var atomic"));
    assert!(lines.contains(&"uciok") && lines.contains(&"readyok"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 3 score cp ") && l.contains(" pv "))
    );
    let best = lines.iter().find_map(|l| l.strip_prefix("bestmove ")).unwrap();
    // One of Black's 20 replies to 1. e4.
    assert!(
        [
            "a7a6", "e7e5", "d7d5", "g8f6", "b8c6", "c7c5", "e7e6", "d7d6", "c7c6", "g7g6", "b7b6", "a7a5", "b7b5",
            "c7c6", "f7f5", "f7f6", "g7g5", "h7h6", "h7h5", "b8a6", "g8h6"
        ]
        .contains(&best),
        "{best}"
    );
    // Perft after 1. e4 to depth 3: the chess start's perft 4 counts
    // 197,281 leaves over 20 first moves; after e4 alone, 13,160.
    assert!(lines.contains(&"Nodes searched: 13160"), "{text}");
}

#[test]
fn uci_variant_option_and_errors() {
    let text = uci_session(
        "setoption name UCI_Variant value atomic\nposition startpos\ngo perft 4\n\
         setoption name UCI_Variant value nosuch\nposition fen 8/8 w\nposition startpos moves e2e5\nfrobnicate\n",
    );
    // Fairy-Stockfish's tests/perft.sh: atomic's start, perft 4.
    assert!(text.contains("Nodes searched: 197326\n"), "{text}");
    assert!(
        text.contains("info string unknown variant \"nosuch\"; back to chess\n"),
        "{text}"
    );
    assert!(text.contains("info string bad FEN: "), "{text}");
    assert!(text.contains("info string move e2e5: "), "{text}");
    assert!(text.contains("info string unknown command \"frobnicate\"\n"), "{text}");
}

#[test]
fn uci_stop_ends_an_infinite_search() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .arg("uci")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"position startpos\ngo infinite\n").unwrap();
    input.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    input.write_all(b"stop\n").unwrap();
    input.flush().unwrap();
    // The search has stopped: `isready` and `quit` are answered while the
    // input stays open.
    input.write_all(b"isready\nquit\n").unwrap();
    let output = child.wait_with_output().unwrap();
    drop(input);
    let text = stdout(&output);
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
    assert!(text.contains("readyok"));
}

#[test]
fn fairy_stockfish_ini_files_from_the_command_line_and_uci() {
    let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/tests/data/fsf-variants.ini");
    // Gemini's perft 2 from Fairy-Stockfish (pyffish): 784.
    let output = fairy(&["perft", &format!("{ini}:gemini"), "2"]);
    assert!(
        stdout(&output).contains("Nodes searched: 784"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // An ini file without a variant name lists its variants.
    let output = fairy(&["perft", ini, "2"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("name one of its variants after a colon"));
    // A section this library cannot play says why.
    let output = fairy(&["perft", &format!("{ini}:shinobi"), "2"]);
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("[shinobi] promotedPieceType: needs shogi-style promotion, not supported yet"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // UCI: VariantPath names the file, UCI_Variant one of its variants.
    let text = uci_session(&format!(
        "setoption name VariantPath value {ini}\nsetoption name UCI_Variant value gemini\nposition startpos\ngo perft 2\n"
    ));
    assert!(text.contains("Nodes searched: 784"), "{text}");
}

#[test]
fn chess960_starts_by_number_or_at_random() {
    // Start 0 is BBQNNRKR; FSF's `fischerandom` counts 9006 at depth 3.
    let output = fairy(&["show", "chess", "--start", "0", "--ascii"]);
    assert!(
        stdout(&output).contains("FEN: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"),
        "{}",
        stdout(&output)
    );
    let output = fairy(&["perft", "fischerandom", "3", "--start", "0"]);
    assert!(stdout(&output).contains("Nodes searched: 9006"), "{}", stdout(&output));
    // A random start says its number.
    let output = fairy(&["show", "caparandom", "--start", "random", "--ascii"]);
    assert!(output.status.success());
    assert!(
        stdout(&output).starts_with("chess960 start position "),
        "{}",
        stdout(&output)
    );
    // Numbers beyond the last, and variants without castling, are errors.
    let output = fairy(&["show", "chess", "--start", "960"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("numbered 0 to 959"));
    let output = fairy(&["show", "chennis", "--start", "3"]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("does not castle"));
    let output = fairy(&["show", "chess", "--start", "first"]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("--start takes a number"));
}

#[test]
fn chess960_mode_writes_castling_as_the_king_taking_its_rook() {
    let fen = "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/R3KBNR w KQkq - 0 1";
    let output = fairy(&["perft", "chess", "1", "--divide", "--fen", fen, "--chess960"]);
    assert!(stdout(&output).contains("e1a1: 1"), "{}", stdout(&output));
    let output = fairy(&["perft", "chess", "1", "--divide", "--fen", fen]);
    assert!(stdout(&output).contains("e1c1: 1"), "{}", stdout(&output));
}

#[test]
fn uci_chess960_switches_the_mode() {
    // chessprogramming.org's first Chess960 perft position: 21, then 528.
    let text = uci_session(
        "uci\nsetoption name UCI_Chess960 value true\n\
         position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n\
         go perft 2\n\
         position fen rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/R3KBNR w KQkq - 0 1 moves e1a1\n\
         go perft 1\n",
    );
    assert!(text.contains("Nodes searched: 528"), "{text}");
    assert!(text.contains("Nodes searched: 22"), "{text}");
    assert!(
        text.contains("option name UCI_Chess960 type check default false"),
        "{text}"
    );
}
