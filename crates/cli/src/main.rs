//! The `fairy` command-line tool.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use fairy::diagram::{SvgOptions, TextOptions};
use fairy::geometry::Word;
use fairy::position::{AnyVariant, Position, VariantVisitor};
use fairy::{Variant, variants};

/// Chess variants from the command line.
#[derive(Parser, Debug)]
#[command(name = "fairy", version, about)]
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
        /// How many plies deep to count.
        depth: u32,
        /// Start from this position instead of the variant's start.
        #[arg(long)]
        fen: Option<String>,
        /// Print each root move with its count.
        #[arg(long)]
        divide: bool,
    },
    /// Show a position as a text diagram, and optionally as an SVG picture.
    Show {
        /// A built-in variant (chess, chennis, gnu, cgnp) or a variant
        /// definition file (.toml).
        variant: String,
        /// The position to show instead of the variant's start.
        #[arg(long)]
        fen: Option<String>,
        /// Also write an SVG diagram to this file.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Plain ASCII instead of Unicode chess symbols.
        #[arg(long)]
        ascii: bool,
    },
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
            // clap's message, cut to its first line.
            let rendered = error.to_string();
            let first = rendered.lines().next().unwrap_or("error: bad arguments");
            eprintln!("{first}");
            return ExitCode::from(2);
        }
    };
    let mut out = io::stdout().lock();
    match run(cli.command, &mut out).and_then(|()| out.flush().map_err(Failure::from)) {
        Ok(()) | Err(Failure::ClosedOutput) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
        } => with_variant(
            &variant,
            Perft {
                depth,
                fen: fen.as_deref(),
                divide,
                out,
            },
        ),
        Command::Show {
            variant,
            fen,
            svg,
            ascii,
        } => with_variant(
            &variant,
            Show {
                fen: fen.as_deref(),
                svg,
                ascii,
                out,
            },
        ),
    }
}

/// The `show` command.
struct Show<'a, O: Write> {
    fen: Option<&'a str>,
    svg: Option<PathBuf>,
    ascii: bool,
    out: &'a mut O,
}

impl<O: Write> VariantVisitor for Show<'_, O> {
    type Output = Result<(), Failure>;

    fn visit<W: Word>(self, variant: &Variant<W>) -> Result<(), Failure> {
        let position = position(variant, self.fen)?;
        let options = if self.ascii {
            TextOptions::ascii()
        } else {
            TextOptions::unicode()
        };
        write!(self.out, "{}", fairy::diagram::text(&position, &options))?;
        writeln!(self.out, "FEN: {}", position.fen())?;
        if let Some(path) = self.svg {
            let picture = fairy::diagram::svg(
                &position,
                &SvgOptions {
                    show_check: true,
                    ..SvgOptions::default()
                },
            );
            std::fs::write(&path, picture)
                .map_err(|error| Failure::Message(format!("cannot write {}: {error}", path.display())))?;
            writeln!(self.out, "SVG written to {}", path.display())?;
        }
        Ok(())
    }
}

/// Runs `command` on the variant named `name`: a built-in one, or the
/// definition in the file at that path.
fn with_variant<C: VariantVisitor<Output = Result<(), Failure>>>(name: &str, command: C) -> Result<(), Failure> {
    if let Some(variant) = variants::by_name(name) {
        return command.visit(variant);
    }
    let is_path = name.ends_with(".toml") || name.contains(std::path::MAIN_SEPARATOR) || name.contains('/');
    if !is_path {
        return Err(Failure::Message(format!(
            "unknown variant {name:?} (built-in variants: {}; or give a .toml definition file)",
            variants::NAMES.join(", ")
        )));
    }
    let variant: AnyVariant = variants::load(name).map_err(|error| Failure::Message(error.to_string()))?;
    variant.visit(command)
}

/// The `perft` command, ready to run on a variant of any word size.
struct Perft<'a, O: Write> {
    depth: u32,
    fen: Option<&'a str>,
    divide: bool,
    out: &'a mut O,
}

impl<O: Write> VariantVisitor for Perft<'_, O> {
    type Output = Result<(), Failure>;

    fn visit<W: Word>(self, variant: &Variant<W>) -> Result<(), Failure> {
        perft(variant, self.depth, self.fen, self.divide, self.out)
    }
}

fn position<'v, W: Word>(variant: &'v Variant<W>, fen: Option<&str>) -> Result<Position<'v, W>, Failure> {
    match fen {
        None => Ok(variant.start_position()),
        Some(fen) => Position::from_fen(variant, fen).map_err(|error| Failure::Message(format!("bad FEN: {error}"))),
    }
}

fn perft<W: Word>(
    variant: &Variant<W>,
    depth: u32,
    fen: Option<&str>,
    divide: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let position = position(variant, fen)?;
    let start = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (mv, count) in position.divide(depth) {
            writeln!(out, "{}: {count}", position.uci(mv))?;
            total += count;
        }
        total
    } else {
        position.perft(depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes searched: {nodes}")?;
    let rate = if seconds > 0.0 {
        nodes as f64 / seconds / 1e6
    } else {
        0.0
    };
    writeln!(out, "Time: {seconds:.3} s ({rate:.1} M nodes/s)")?;
    Ok(())
}
