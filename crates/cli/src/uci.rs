//! `fairy uci`: the Universal Chess Interface, as GUIs and Fairy-Stockfish
//! speak it, for any variant.
//!
//! Two threads: this one reads the commands and answers those that must
//! be answered at once (`uci`, `isready`, `stop`, `quit`); a worker owns
//! the variant, the engine and the game, and takes the other commands in
//! order, so that `stop` reaches a search under way. A variant chosen with
//! `UCI_Variant` or `VariantPath` is loaded by the worker, which then runs
//! a fresh session on it.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fairy::Variant;
use fairy::engine::{Engine, Limits, Score, SearchInfo, StopHandle};
use fairy::geometry::Word;
use fairy::movement::Color;
use fairy::position::{Game, Position, VariantVisitor};
use fairy::variants;

use crate::{Failure, Loaded, Start, definition_path, gallery_dirs};

/// The engine's name in `id name`.
const NAME: &str = concat!("fairy ", env!("CARGO_PKG_VERSION"));
/// The transposition table's default size, in megabytes.
const DEFAULT_HASH: usize = 16;
/// The largest transposition table `Hash` accepts, in megabytes.
const MAX_HASH: usize = 4096;

/// The variants `UCI_Variant` offers: the built-in ones, then the gallery's.
fn variant_names() -> Vec<String> {
    let mut names: Vec<String> = variants::NAMES.iter().map(|name| (*name).to_owned()).collect();
    let mut gallery: Vec<String> = gallery_dirs()
        .iter()
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".toml").map(str::to_owned)
        })
        .filter(|name| !variants::NAMES.contains(&name.as_str()))
        .collect();
    gallery.sort();
    gallery.dedup();
    names.extend(gallery);
    names
}

/// What the worker does after a session on one variant ends.
enum Next {
    /// Load this variant (a name or a definition file) and go on.
    Load(String),
    /// `VariantPath`: a TOML definition to load, or a Fairy-Stockfish ini
    /// file whose variants `UCI_Variant` may then name.
    Path(String),
    /// `UCI_Chess960`: the same variant, in chess960 mode or not.
    Chess960(bool),
    Quit,
}

/// What the reading thread shares with the worker.
struct Shared {
    /// The stop handle of the worker's engine.
    stop: Mutex<Option<StopHandle>>,
    /// Set by `quit`: the worker drops the commands still queued.
    quitting: AtomicBool,
}

/// Runs the UCI protocol on `input` until `quit` or the end of input.
/// Lines that are not UTF-8 are read with replacement characters.
pub(crate) fn run(mut input: impl BufRead) -> Result<(), Failure> {
    let (sender, receiver) = mpsc::channel::<String>();
    let shared = Arc::new(Shared {
        stop: Mutex::new(None),
        quitting: AtomicBool::new(false),
    });
    let worker_shared = Arc::clone(&shared);
    let worker = std::thread::spawn(move || worker(&receiver, &worker_shared));
    let stop = || {
        if let Ok(handle) = shared.stop.lock() {
            if let Some(handle) = handle.as_ref() {
                handle.stop();
            }
        }
    };
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|error| Failure::Message(format!("cannot read the input: {error}")))?;
        if read == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&bytes).trim().to_owned();
        let command = line.split_whitespace().next().unwrap_or("");
        match command {
            "uci" => {
                let mut out = io::stdout().lock();
                writeln!(out, "id name {NAME}")?;
                writeln!(out, "id author the fairy authors")?;
                let mut variants = String::new();
                for name in variant_names() {
                    variants.push_str(" var ");
                    variants.push_str(&name);
                }
                writeln!(out, "option name UCI_Variant type combo default chess{variants}")?;
                writeln!(out, "option name VariantPath type string default <empty>")?;
                writeln!(out, "option name UCI_Chess960 type check default false")?;
                writeln!(out, "option name Threads type spin default 1 min 1 max 1")?;
                writeln!(
                    out,
                    "option name Hash type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"
                )?;
                writeln!(out, "uciok")?;
                out.flush()?;
            }
            "isready" => {
                let mut out = io::stdout().lock();
                writeln!(out, "readyok")?;
                out.flush()?;
            }
            "stop" => stop(),
            "quit" => {
                shared.quitting.store(true, Ordering::Relaxed);
                stop();
                break;
            }
            "" => {}
            _ => {
                if sender.send(line).is_err() {
                    break;
                }
            }
        }
    }
    // The end of input is a quit, once the commands sent are done.
    drop(sender);
    worker
        .join()
        .map_err(|_| Failure::Message("the engine thread failed".to_owned()))?
}

/// The worker: sessions on one variant after another.
fn worker(commands: &Receiver<String>, shared: &Shared) -> Result<(), Failure> {
    let mut name = String::from("chess");
    let mut hash = DEFAULT_HASH;
    let mut chess960 = false;
    // The Fairy-Stockfish ini file `VariantPath` named, if any.
    let mut ini: Option<String> = None;
    loop {
        let session = Session {
            commands,
            shared,
            hash: &mut hash,
        };
        let next = match load(&name, ini.as_deref(), chess960, session) {
            Ok(next) => next?,
            Err(message) => {
                say(&format!("info string {message}; back to chess"))?;
                name = String::from("chess");
                continue;
            }
        };
        match next {
            Next::Load(other) => name = other,
            Next::Path(path) if path.ends_with(".ini") => {
                say(&format!(
                    "info string variants of {path} may now be chosen with UCI_Variant"
                ))?;
                ini = Some(path);
            }
            Next::Path(path) => name = path,
            Next::Chess960(on) => chess960 = on,
            Next::Quit => return Ok(()),
        }
    }
}

/// Runs `session` on the variant called `name`: a built-in one, one of
/// the ini file `VariantPath` named, a gallery file by its name, or a
/// definition file by its path; in chess960 mode if `chess960` (a variant
/// whose own rules are chess960's stays so either way).
fn load(name: &str, ini: Option<&str>, chess960: bool, session: Session<'_>) -> Result<Result<Next, Failure>, String> {
    let cannot = |error: &dyn std::fmt::Display| format!("cannot load {name:?}: {error}");
    let variant = match variants::by_name(name) {
        Some(variant) => Loaded::BuiltIn(variant),
        None => Loaded::Compiled(Box::new(match ini {
            Some(ini) if is_in_ini(ini, name)? => {
                variants::load(format!("{ini}:{name}")).map_err(|error| cannot(&error))?
            }
            _ => {
                let path = definition_path(name).ok_or_else(|| format!("unknown variant {name:?}"))?;
                variants::load(&path).map_err(|error| cannot(&error))?
            }
        })),
    };
    let variant = if chess960 {
        variant.in_chess960_mode().map_err(|error| cannot(&error))?
    } else {
        variant
    };
    Ok(variant.visit(session))
}

/// Whether the ini file at `path` defines a variant called `name`.
fn is_in_ini(path: &str, name: &str) -> Result<bool, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    Ok(variants::fsf::names(&text).is_ok_and(|names| names.iter().any(|n| n == name)))
}

/// Writes one line to standard output and flushes it.
fn say(line: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(())
}

/// One variant's session: its engine and game, until another variant is
/// chosen or the input ends.
struct Session<'a> {
    commands: &'a Receiver<String>,
    shared: &'a Shared,
    hash: &'a mut usize,
}

impl VariantVisitor for Session<'_> {
    type Output = Result<Next, Failure>;

    fn visit<W: Word>(self, variant: &Variant<W>) -> Result<Next, Failure> {
        let mut engine = self.engine(variant);
        let mut game = Game::new(variant.start_position());
        while let Ok(line) = self.commands.recv() {
            if self.shared.quitting.load(Ordering::Relaxed) {
                break;
            }
            let mut words = line.split_whitespace();
            match words.next() {
                Some("ucinewgame") => {
                    engine.clear();
                    game = Game::new(variant.start_position());
                }
                Some("position") => match position(variant, line.trim_start().trim_start_matches("position")) {
                    Ok(new) => game = new,
                    Err(message) => say(&format!("info string {message}"))?,
                },
                Some("go") => go(&mut engine, &game, &mut words)?,
                Some("setoption") => {
                    let (option, value) = option(&line);
                    match option.to_ascii_lowercase().as_str() {
                        "uci_variant" => return Ok(Next::Load(value)),
                        "variantpath" if !value.is_empty() && value != "<empty>" => return Ok(Next::Path(value)),
                        "uci_chess960" => match value.to_ascii_lowercase().as_str() {
                            "true" if !variant.is_chess960() => return Ok(Next::Chess960(true)),
                            "false" if variant.is_chess960() => return Ok(Next::Chess960(false)),
                            "true" | "false" => {}
                            _ => say(&format!("info string UCI_Chess960 is true or false, not {value:?}"))?,
                        },
                        "hash" => match value.parse::<usize>() {
                            Ok(megabytes) if (1..=MAX_HASH).contains(&megabytes) => {
                                *self.hash = megabytes;
                                engine = self.engine(variant);
                            }
                            _ => say(&format!(
                                "info string Hash takes 1 to {MAX_HASH} megabytes, not {value:?}"
                            ))?,
                        },
                        "threads" | "variantpath" => {}
                        _ => say(&format!("info string unknown option {option:?}"))?,
                    }
                }
                Some(other) => say(&format!("info string unknown command {other:?}"))?,
                None => {}
            }
        }
        Ok(Next::Quit)
    }
}

impl Session<'_> {
    /// A fresh engine, its stop handle given to the reading thread.
    fn engine<'v, W: Word>(&self, variant: &'v Variant<W>) -> Engine<'v, W> {
        let engine = Engine::with_table_size(variant, *self.hash);
        if let Ok(mut slot) = self.shared.stop.lock() {
            *slot = Some(engine.stop_handle());
        }
        engine
    }
}

/// The name and value of a `setoption name N value V` line (the value
/// empty if there is none).
fn option(line: &str) -> (String, String) {
    let rest = line.trim_start().strip_prefix("setoption").unwrap_or("").trim();
    let rest = rest.strip_prefix("name").unwrap_or(rest).trim();
    match rest.split_once(" value ") {
        Some((name, value)) => (name.trim().to_owned(), value.trim().to_owned()),
        None => (rest.trim_end_matches(" value").trim().to_owned(), String::new()),
    }
}

/// The game a `position startpos|fen FEN [moves M...]` command (`text`,
/// after the word `position`) sets up.
fn position<'v, W: Word>(variant: &'v Variant<W>, text: &str) -> Result<Game<'v, W>, String> {
    let start = Start::parse(text);
    let position = match &start.fen {
        None => variant.start_position(),
        Some(fen) => Position::from_fen(variant, fen).map_err(|error| format!("bad FEN: {error}"))?,
    };
    let mut game = Game::new(position);
    for text in start.moves.iter().flat_map(|moves| moves.split_whitespace()) {
        game.play_uci(text).map_err(|error| format!("move {text}: {error}"))?;
    }
    Ok(game)
}

/// Runs a `go` command: perft, or a search that reports `info` lines and
/// ends with `bestmove`.
fn go<'v, 'w, W: Word>(
    engine: &mut Engine<'v, W>,
    game: &Game<'v, W>,
    words: &mut impl Iterator<Item = &'w str>,
) -> Result<(), Failure> {
    let words: Vec<&str> = words.collect();
    let number = |key: &str| {
        words
            .iter()
            .position(|&word| word == key)
            .and_then(|index| words.get(index + 1))
            .and_then(|value| value.parse::<u64>().ok())
    };
    if let Some(depth) = number("perft") {
        return perft(game.position(), depth.min(64) as u32);
    }
    let us = game.position().turn();
    let (time, increment) = match us {
        Color::White => (number("wtime"), number("winc")),
        Color::Black => (number("btime"), number("binc")),
    };
    let think = number("movetime").or_else(|| {
        // A share of the clock: what is left over the moves to go (30 if
        // not given), plus most of the increment, kept under the clock.
        time.map(|left| {
            let moves = number("movestogo").unwrap_or(30).max(1);
            let share = left / moves + increment.unwrap_or(0) * 3 / 4;
            share.min(left.saturating_sub(50)).max(1)
        })
    });
    let limits = Limits {
        depth: number("depth").map(|depth| depth.clamp(1, 64) as u32),
        time: think.map(Duration::from_millis),
        nodes: number("nodes"),
    };
    let start = Instant::now();
    let mut written = Ok(());
    let result = engine.search(game, limits, |info: &SearchInfo| {
        if written.is_ok() {
            written = say(&info_line(game.position(), info, start.elapsed()));
        }
    });
    written?;
    let best = result
        .best()
        .map_or_else(|| "(none)".to_owned(), |mv| game.position().uci(mv).to_string());
    say(&format!("bestmove {best}"))
}

/// An `info` line for a completed iteration.
fn info_line<W: Word>(root: &Position<'_, W>, info: &SearchInfo, elapsed: Duration) -> String {
    let score = match info.score {
        Score::Centipawns(centipawns) => format!("cp {centipawns}"),
        Score::Win(plies) => format!("mate {}", plies.div_ceil(2)),
        Score::Loss(plies) => format!("mate -{}", plies.div_ceil(2)),
    };
    let millis = elapsed.as_millis().max(1);
    let nps = u128::from(info.nodes) * 1000 / millis;
    let mut position = root.clone();
    let mut pv = String::new();
    for &mv in &info.pv {
        pv.push(' ');
        pv.push_str(&position.uci(mv).to_string());
        position.play_unchecked(mv);
    }
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {millis} pv{pv}",
        info.depth, info.nodes
    )
}

/// `go perft N`: each root move's count, then the total, as
/// Fairy-Stockfish prints them.
fn perft<W: Word>(position: &Position<'_, W>, depth: u32) -> Result<(), Failure> {
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for (mv, count) in position.divide(depth) {
            say(&format!("{}: {count}", position.uci(mv)))?;
            total += count;
        }
    }
    say("")?;
    say(&format!("Nodes searched: {total}"))
}
