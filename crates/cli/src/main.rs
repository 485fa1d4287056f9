//! The `fairy` command-line tool.

mod analyse;
mod notation;
mod perft;
mod play;
mod show;
mod uci;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use fairy::geometry::Word;
use fairy::position::{AnyVariant, Game, Position, VariantError, VariantSpec, VariantVisitor};
use fairy::variants::chess960::Chess960Starts;
use fairy::{Variant, variants};

/// Chess variants from the command line.
#[derive(Parser, Debug)]
#[command(name = "fairy", version, about, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal move tree (perft).
    Perft {
        /// A built-in variant (chess, chennis, gnu, cgnp) or a variant
        /// definition file (.toml).
        variant: String,
        /// How many plies deep to count (at most 64).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        #[command(flatten)]
        start: Start,
        /// Count from each position of this file instead: one per line, as
        /// `FEN` or `startpos`, optionally followed by `moves` and moves in
        /// coordinate notation (as UCI's `position` command takes them).
        /// Each position's count is preceded by `position N: FEN`.
        #[arg(long, conflicts_with_all = ["fen", "moves", "number"])]
        positions: Option<PathBuf>,
        /// Print each root move with its count as soon as it is counted.
        #[arg(long)]
        divide: bool,
        /// Count the root moves' subtrees on this many threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// Show a position as a text diagram, and optionally as an SVG picture.
    Show {
        /// A built-in variant (chess, chennis, gnu, cgnp) or a variant
        /// definition file (.toml).
        variant: String,
        #[command(flatten)]
        start: Start,
        /// Also write an SVG diagram to this file.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Plain ASCII instead of Unicode chess symbols.
        #[arg(long)]
        ascii: bool,
    },
    /// Search a position: the best move, its score and the principal
    /// variation, after each depth.
    Analyse {
        /// A built-in variant (chess, chennis, gnu, cgnp) or a variant
        /// definition file (.toml).
        variant: String,
        #[command(flatten)]
        start: Start,
        #[command(flatten)]
        limit: AnalysisLimit,
    },
    /// Play a game against the engine, typing moves in coordinate notation
    /// (e2e4, e7e8q) or SAN (e4, Nf3, O-O); or watch the engine play itself.
    Play {
        /// A built-in variant (chess, chennis, gnu, cgnp) or a variant
        /// definition file (.toml). With --self and no variant, one game of
        /// each built-in variant.
        #[arg(required_unless_present = "self_play")]
        variant: Option<String>,
        #[command(flatten)]
        start: Start,
        /// The side you play.
        #[arg(long = "as", value_enum, default_value_t = Side::White)]
        side: Side,
        /// The engine's thinking time per move, in milliseconds [default:
        /// 1000, or 50 with --self].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        time: Option<u64>,
        /// Let the engine play both sides.
        #[arg(long = "self")]
        self_play: bool,
        /// Plain ASCII instead of Unicode chess symbols.
        #[arg(long)]
        ascii: bool,
        /// With --self, show every move with its score and the board after
        /// it, instead of the moves and the final board.
        #[arg(long, requires = "self_play")]
        verbose: bool,
    },
    /// Speak the Universal Chess Interface on standard input and output,
    /// for GUIs: `UCI_Variant` chooses a built-in or gallery variant,
    /// `VariantPath` a definition file.
    Uci,
}

/// The position a command starts from: the variant's start, a chess960
/// start or a FEN, and moves played from there.
#[derive(Args, Debug, Clone, Default)]
struct Start {
    /// Start from this position instead of the variant's start.
    #[arg(long)]
    fen: Option<String>,
    /// Start from chess960 start position number N (0 to 959 in chess, 518
    /// the classical one), or `random`: the back rank shuffled, in chess960
    /// mode.
    #[arg(long = "start", value_name = "N", conflicts_with = "fen")]
    number: Option<String>,
    /// Castle in chess960 mode: from wherever the king and rooks stand on
    /// the back rank, written as the king taking its rook (implied by
    /// --start).
    #[arg(long)]
    chess960: bool,
    /// Then play these moves, in coordinate notation separated by spaces
    /// (`"e2e4 e7e5"`).
    #[arg(long)]
    moves: Option<String>,
}

impl Start {
    /// Reads a position as UCI's `position` command gives it: `startpos`
    /// or a FEN (after `fen`, or bare), then optionally `moves` and moves.
    fn parse(text: &str) -> Start {
        let (position, moves) = match text.split_once(" moves") {
            Some((position, moves)) => (position.trim(), Some(moves.trim().to_owned())),
            None => (text.trim(), None),
        };
        let fen = (position != "startpos").then(|| position.strip_prefix("fen ").unwrap_or(position).to_owned());
        Start {
            fen,
            moves,
            ..Start::default()
        }
    }
}

/// How long `analyse` searches.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
struct AnalysisLimit {
    /// Search to this many plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    time: Option<u64>,
}

/// A side of the board, as a command-line value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Side {
    White,
    Black,
}

/// Why a command stopped.
enum Failure {
    /// An error to report in one line, with exit status 2.
    Message(String),
    /// The reader of standard output went away (`fairy ... | head`):
    /// nothing is left to say.
    ClosedOutput,
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::ClosedOutput
        } else {
            Failure::Message(format!("cannot write the output: {error}"))
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            use clap::error::ErrorKind;
            if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{error}");
                return ExitCode::SUCCESS;
            }
            if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                // `fairy` alone: what it can do, and a failure status.
                print!("{error}");
                return ExitCode::from(2);
            }
            eprintln!("{}", one_line(&error.to_string()));
            return ExitCode::from(2);
        }
    };
    let done = if let Command::Uci = cli.command {
        // Two threads write: standard output is locked line by line.
        uci::run(io::stdin().lock())
    } else {
        let mut out = io::stdout().lock();
        run(cli.command, &mut out).and_then(|()| out.flush().map_err(Failure::from))
    };
    match done {
        Ok(()) | Err(Failure::ClosedOutput) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// clap's message on one line: what is wrong, each missing or bad value
/// it lists, and the usage of the command; without its hint to try
/// `--help`.
fn one_line(message: &str) -> String {
    let mut parts = Vec::new();
    for line in message.lines().map(str::trim) {
        if line.is_empty() || line.starts_with("For more information") {
            continue;
        }
        match line.strip_prefix("Usage: ") {
            Some(usage) => parts.push(format!("(usage: {usage})")),
            None => parts.push(line.to_string()),
        }
    }
    parts.join(" ")
}

fn run(command: Command, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Uci => uci::run(io::stdin().lock()),
        Command::Perft {
            variant,
            depth,
            start,
            positions,
            divide,
            threads,
        } => {
            let numbered = positions.is_some();
            let (variant, start) = load(&variant, &start, out)?;
            let starts = match positions {
                None => vec![start],
                Some(path) => perft::read_positions(&path)?,
            };
            variant.visit(perft::Perft {
                depth,
                starts: &starts,
                numbered,
                divide,
                threads: threads as usize,
                out,
            })
        }
        Command::Show {
            variant,
            start,
            svg,
            ascii,
        } => {
            let (variant, start) = load(&variant, &start, out)?;
            variant.visit(show::Show {
                start: &start,
                svg,
                ascii,
                out,
            })
        }
        Command::Analyse { variant, start, limit } => {
            let (variant, start) = load(&variant, &start, out)?;
            variant.visit(analyse::Analyse {
                start: &start,
                depth: limit.depth,
                time: limit.time,
                out,
            })
        }
        Command::Play {
            variant,
            start,
            side,
            time,
            self_play,
            ascii,
            verbose,
        } => {
            let options = play::Options {
                start: &start,
                human: if self_play {
                    None
                } else {
                    Some(match side {
                        Side::White => fairy::movement::Color::White,
                        Side::Black => fairy::movement::Color::Black,
                    })
                },
                time: time.unwrap_or(if self_play { 50 } else { 1000 }),
                ascii,
                verbose,
            };
            let mut input = io::stdin().lock();
            match variant {
                Some(name) => {
                    let (variant, start) = load(&name, &start, out)?;
                    let options = play::Options {
                        start: &start,
                        ..options
                    };
                    variant.visit(play::Play::new(options, &mut input, out)).map(drop)
                }
                None => {
                    let mut summary = Vec::new();
                    for name in variants::NAMES {
                        writeln!(out, "=== {name}")?;
                        let (variant, start) = load(name, &start, out)?;
                        let options = play::Options {
                            start: &start,
                            ..options
                        };
                        let ending = variant.visit(play::Play::new(options, &mut input, out))?;
                        summary.push((name, ending));
                        writeln!(out)?;
                    }
                    writeln!(out, "=== Summary")?;
                    for (name, ending) in summary {
                        match ending {
                            Some(ending) => writeln!(out, "{name:8} {ending}")?,
                            None => writeln!(out, "{name:8} abandoned")?,
                        }
                    }
                    Ok(())
                }
            }
        }
    }
}

/// Where the gallery's variant files are looked for by name: the
/// `examples/variants` folder of the working directory, then that of the
/// source tree the tool was built from.
fn gallery_dirs() -> [PathBuf; 2] {
    [
        PathBuf::from("examples/variants"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/variants"),
    ]
}

/// The definition file a variant name stands for: the name itself if it
/// is a path (or an ini file's variant), or the gallery file of that name.
fn definition_path(name: &str) -> Option<PathBuf> {
    let is_path = name.ends_with(".toml")
        || name.ends_with(".ini")
        || name.contains(".ini:")
        || name.contains(std::path::MAIN_SEPARATOR)
        || name.contains('/');
    if is_path {
        return Some(PathBuf::from(name));
    }
    gallery_dirs()
        .into_iter()
        .map(|dir| dir.join(format!("{name}.toml")))
        .find(|path| path.exists())
}

/// A variant the command line names, compiled.
enum Loaded {
    /// A built-in variant, compiled once for the whole program.
    BuiltIn(&'static Variant<u64>),
    /// A variant from a file, or one compiled for chess960 mode.
    Compiled(Box<AnyVariant>),
}

impl Loaded {
    fn visit<C: VariantVisitor>(&self, command: C) -> C::Output {
        match self {
            Loaded::BuiltIn(variant) => command.visit(*variant),
            Loaded::Compiled(variant) => variant.visit(command),
        }
    }

    fn spec(&self) -> &VariantSpec {
        match self {
            Loaded::BuiltIn(variant) => variant.spec(),
            Loaded::Compiled(variant) => variant.spec(),
        }
    }

    /// The same variant in chess960 mode: itself if its rules are
    /// chess960's already, compiled afresh otherwise.
    fn in_chess960_mode(self) -> Result<Loaded, VariantError> {
        if self.spec().chess960 {
            return Ok(self);
        }
        Ok(Loaded::Compiled(Box::new(AnyVariant::new(
            self.spec().clone().chess960(),
        )?)))
    }
}

/// The variant named `name` (a built-in one, a gallery file by its name,
/// or a definition file by its path) in the mode `start` asks for, and
/// `start` with the FEN of the chess960 start it numbers. A random start
/// says its number on `out`.
fn load(name: &str, start: &Start, out: &mut impl Write) -> Result<(Loaded, Start), Failure> {
    let message = |error: &dyn std::fmt::Display| Failure::Message(error.to_string());
    let variant = match variants::by_name(name) {
        Some(variant) => Loaded::BuiltIn(variant),
        None => {
            let path = definition_path(name).ok_or_else(|| {
                Failure::Message(format!(
                    "unknown variant {name:?} (built-in variants: {}; or a gallery variant's name, or a .toml definition file)",
                    variants::NAMES.join(", ")
                ))
            })?;
            Loaded::Compiled(Box::new(variants::load(&path).map_err(|error| message(&error))?))
        }
    };
    if !start.chess960 && start.number.is_none() {
        return Ok((variant, start.clone()));
    }
    let mut start = start.clone();
    if let Some(number) = &start.number {
        let starts = Chess960Starts::new(variant.spec()).map_err(|error| message(&error))?;
        let number = if number == "random" {
            let number = random() % starts.count();
            writeln!(out, "chess960 start position {number}")?;
            number
        } else {
            number.parse().map_err(|_| {
                Failure::Message(format!(
                    "--start takes a number (0 to {}) or `random`, not {number:?}",
                    starts.count() - 1
                ))
            })?
        };
        start.fen = Some(starts.fen(number).map_err(|error| message(&error))?);
    }
    Ok((variant.in_chess960_mode().map_err(|error| message(&error))?, start))
}

/// A random number, from the standard library's per-process hash keys.
fn random() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos()),
    );
    hasher.finish()
}

/// The game from the variant's start position, or the one the FEN of
/// `start` describes, with the moves of `start` played.
fn game<'v, W: Word>(variant: &'v Variant<W>, start: &Start) -> Result<Game<'v, W>, Failure> {
    let position = match &start.fen {
        None => variant.start_position(),
        Some(fen) => Position::from_fen(variant, fen).map_err(|error| Failure::Message(format!("bad FEN: {error}")))?,
    };
    let mut game = Game::new(position);
    for (index, text) in start
        .moves
        .iter()
        .flat_map(|moves| moves.split_whitespace())
        .enumerate()
    {
        game.play_uci(text)
            .map_err(|error| Failure::Message(format!("move {} ({text}): {error}", index + 1)))?;
    }
    Ok(game)
}
