//! Variants defined in TOML files.
//!
//! # Schema
//!
//! ```toml
//! name = "capablanca"        # required
//! files = 10                 # required: 1 to 16
//! ranks = 8                  # required: 1 to 16
//! start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"   # required
//! cylinder = false           # files wrap around (default false)
//! grid = [2, 2]              # cells of 2 files by 2 ranks: every move must leave its cell (default none)
//! net = 4                    # a net between rank 4 and rank 5 (default none)
//! checkmate = "loss"         # for the mated side: "loss" (default), "draw" or "win"
//! stalemate = "draw"         # for the side without moves: "draw" (default), "loss" or "win"
//! stalemate_piece_count = false  # stalemate's result goes to the side with fewer pieces,
//!                            # its opposite to the side with more; equal: a draw (suicide)
//! compulsory_capture = false # a side that can capture must (antichess, losers)
//! checks_forbidden = false   # moves that give check are illegal (racing kings)
//! royal_held_in_check = false  # a royal piece in check may move only to take the one
//!                            # piece giving check (makpong)
//! pass_on_stalemate = false  # a side with no move, not in check, passes instead
//! immobility_illegal = false # no move or drop to a square the piece could never leave
//!                            # (shogi's pawns on the last rank: such moves must promote)
//! flying_royals = false      # royal pieces may not face each other on a file or rank
//!                            # with nothing between (xiangqi's flying general)
//! passing = { bikjang = true }  # a side not in check may pass (written from and to its
//!                            # royal piece's square); two passes in a row end the game.
//!                            # bikjang: royal pieces facing on a line must part, or the
//!                            # side passes, which ends the game (janggi; default: no passing)
//! counting = { values = { R = 13, P = 2 }, black_bonus_halves = 3 }  # a game a rule ends
//!                            # without a winner on the board (passed out, a full board, a
//!                            # drawn stalemate) is scored by the pieces' values, Black given
//!                            # the bonus in half points (default: a draw)
//! full_board = false         # a board without an empty square ends the game (reversi)
//! enclosing = { drops = "reversi", flips = "reversi", opening = ["d4", "e4", "d5", "e5"] }
//!                            # drops: a drop must enclose a run of enemy pieces between it
//!                            # and a piece of the mover's along a queen line ("reversi"),
//!                            # stand next to a piece of the mover's ("ataxx"), or next to no
//!                            # enemy piece along a file or rank ("snort"); flips: a move
//!                            # turns to its colour the runs it encloses ("reversi") or the
//!                            # enemy pieces next to where it lands ("ataxx"; "quadwrangle":
//!                            # after a drop only next to a piece of the mover's); opening:
//!                            # squares drops fill first while any is empty (default: none)
//! walling = { rule = "duck", except = ["c1", "d8"] }  # every move places a wall (`*` in
//!                            # FEN), written `e2e4,e4e5`: "duck" (one wall, moved each
//!                            # turn), "arrow" (where the piece could move from where it
//!                            # landed: the amazons), "past" (on the square it left),
//!                            # "static" (any empty square), "edge" (at the board's edge or
//!                            # next to a wall: Atlantis); `ranks`, `squares` and
//!                            # `black_squares`: where each side may place walls (default
//!                            # anywhere), `except`: where neither may (default none);
//!                            # `or_move = true`: a wall instead of a move, written from the
//!                            # side's first piece (`a1a1,a1a3`; default false)
//! en_passant_zone = { ranks = [6] }  # where en passant captures may be made, counted
//!                            # from the capturing side (default: anywhere; horde)
//! checks_to_win = 3          # giving this many checks wins (three-check; default none);
//!                            # the start FEN may carry the counters: "... - 3+3 0 1"
//! draw_odds = "black"        # every draw is a win for this side (default none; Armageddon)
//! repetition = { count = 4, result = "loss", as_white = false }  # the occurrence of a
//!                            # position that may end the game, and its result for the side
//!                            # to move (for White with as_white); default: 3, a draw
//! mate_condition = { not_by = ["N"], after_check_by = ["N", "R"] }  # a mate given only by
//!                            # `not_by` kinds wins for the mated side; a mate after a series
//!                            # of checks none by `after_check_by` kinds is a draw (shatar);
//!                            # not_by_drop = ["P"]: a mate by dropping one wins for the mated
//!                            # side (shogi's pawn)
//! explosion = { spared = ["P"], immune = [] }  # captures explode (atomic): the capturer and
//!                            # every piece next to the capture go, but the `spared` kinds
//!                            # next to it; `immune` kinds never go (default: no explosion)
//! n_move_rule = 50           # moves by each side without a capture or clock-resetting move
//!                            # after which a draw may be claimed (default 50; 0: none)
//! chess960 = false           # castling from wherever the king and rooks start on the back
//!                            # rank, as in Fischer random chess (default false)
//! drops = { captures_to_hand = true, keep_promoted = false, ranks = [1] }  # hands of
//!                            # pieces to drop (default none; the start FEN gives them:
//!                            # "...[Nn] w"); captured pieces go to the capturer's hand,
//!                            # promoted ones as the kind that promoted unless keep_promoted
//!                            # (loop); `ranks` and/or `squares`: where drops go (default
//!                            # anywhere); must_drop = true: a side holding pieces drops
//!                            # while it can (must_drop_kind = "K": that kind); opposite_colors
//!                            # = "B": those are dropped onto both colours of squares;
//!                            # castling_by_drop = true: a king and rook dropped on a way's
//!                            # squares may castle (placement); file_limit = { piece = "P",
//!                            # count = 1 }: none dropped on a file holding that many of the
//!                            # side's (shogi's nifu); drop_promoted = true: pieces may be
//!                            # dropped as their promoted forms too (Kyoto shogi); gating =
//!                            # true: a piece leaving its back-rank square for the first
//!                            # time may have one from the hand put in its place, written
//!                            # with the castling rights (`KQBCDFGkqbcdfg`); gating_only =
//!                            # true: never dropped otherwise (Seirawan chess);
//!                            # no_drop_checks = true: no drop may give check (atomiczh);
//!                            # free = true: any kind but royal ones is dropped at will,
//!                            # hands playing no part (ataxx); partner_board = true: the
//!                            # hands are fed by a partner's board, promoted pieces marked
//!                            # (bughouse)
//!
//! [[piece]]                  # one table per piece kind, in order
//! letter = "P"               # required: White's upper-case FEN letter
//! name = "pawn"              # default: the letter
//! betza = "fmWfceFifmnD"     # the movement in Betza notation, or:
//! # primitive = "chess-pawn" # a named movement (see below); exactly one of the two
//! initial = [2]              # ranks (from the owner's side) where `i` moves apply
//! initial_squares = ["b3"]   # and/or squares (as White sees them, mirrored for Black)
//! en_passant = true          # default: whether the Betza string has an `e`
//! resets_clock = true        # whether its moves reset the n-move clock (default: when it
//!                            # can never move back towards its own side, like a pawn)
//! royal = false              # default false: must not be left in check
//! uncapturable = false       # default false
//! spares_own_kind = false    # default false: may not capture a piece of its own kind (atomar)
//! unscreened_by_own_kind = false  # default false: may not hop over its own kind (janggi cannon)
//! petrifies = false          # default false: turns into a wall when it captures (petrified)
//! promotion_limit = 2        # promoted to only while its side has fewer on the board (default none)
//! net = "free"               # "free" (default), "moves-only" or "never"
//! drop_zone = { ranks = [2, 3, 4, 5, 6, 7] }  # where it may be dropped (default anywhere)
//! region = { ranks = [1, 2, 3] }  # `ranks` and/or `squares`: where it may move, be dropped
//!                            # and attack, from the owner's side (default anywhere; the
//!                            # xiangqi palace)
//! zone_moves = { ranks = [6, 7, 8, 9, 10], betza = "sW" }  # moves it has only from
//!                            # those squares (the xiangqi soldier across the river);
//!                            # confined = true: they also stay on those squares (the
//!                            # janggi palace's diagonals)
//! gate_betza = "mfsN"        # moves it has only while unmoved on a gate of its side (the
//!                            # gates are file letters among the FEN's castling rights:
//!                            # "DEde"); they never capture, nor from check for a royal
//!                            # piece (the Cambodian king's leap; default none)
//! closes_royal_gates = false # moving to where it would attack an enemy royal piece on
//!                            # its gate, on an empty board, closes that gate (Cambodian rook)
//! promotion = { ranks = [8], to = ["Q", "R", "B", "N"], compulsory = true }
//! # promotion tables may also give `squares`, `black_squares` (Black's own
//! # squares instead of White's mirrored), `black_to` (Black's choices) and
//! # `on_leaving = true` (moves from the zone promote too: shogi) and
//! # `captures_only = true` (only captures promote: micro shogi) and
//! # `in_place = true` (sittuyin: a piece in the zone, or the last of its
//! # kind, turns into a choice where it stands or a step away, as its move)
//! unpromoted = "P"           # it is the promoted form of that kind: FEN writes `+P`, and
//!                            # captured it goes to the hand as that kind (shogi's tokin)
//!
//! [[castling]]               # one table per way to castle, as White sees it, from the
//!                            # variant's own squares (chess960 mode: from any, see below)
//! letter = "K"
//! king_from = "f1"
//! king_to = "i1"
//! rook = "R"
//! rook_from = "j1"
//! rook_to = "h1"
//! king = "K"                 # the castling king, if not the royal piece (antichess)
//!
//! [[extinction]]             # a side with few pieces of a kind left gets a result at once
//! result = "loss"            # for that side: "loss", "draw" or "win"
//! pieces = ["Q", "R"]        # kinds counted, each on its own; "*": all pieces together
//! at_most = 0                # extinct at this many or fewer (default 0)
//! opponent_at_least = 0      # while the opponent has at least this many (default 0)
//! claim = false              # the side to move may still bare back (shatranj; default false)
//! royal = false              # the last pieces of a kind (at most at_most + 1) are royal:
//!                            # they may not be left attacked (atomic, spartan; default false)
//! duple_check = false        # with royal: all of a kind attacked at once is check (spartan)
//! together = false           # the kinds are counted together, as one (sho shogi's king
//!                            # and prince: a side loses with neither; the last is royal)
//!
//! [[arrival]]                # a piece arriving here wins at once
//! piece = "K"
//! ranks = [10]               # ranks from the owner's side, and/or
//! squares = ["d4", "e4"]     # squares as White sees them (mirrored for Black)
//! side = "white"             # only this side wins by it (default: both)
//! reply = false              # the opponent may reply first: the arrival wins if the piece
//!                            # still stands there when its side is to move again; a royal
//!                            # piece's race ends at once unless Black can follow (a draw)
//! safe = false               # the arrival wins only while no enemy piece attacks the
//!                            # piece; attacked, it wins if it stands there unattacked when
//!                            # its side is next to move (dobutsu's lion)
//! ```
//!
//! Named movements (`primitive`): `king`, `queen`, `rook`, `bishop`,
//! `knight`, `ferz`, `wazir`, `camel`, `zebra`, `gnu`, `chess-pawn`,
//! `berolina-pawn`, `knightly-pawn`, `knightolina-pawn`.
//!
//! En passant follows Fairy-Stockfish: a piece whose Betza string has an `e`
//! takes part in it, and then its initial non-capturing moves that pass
//! squares (the double step) leave them as en passant squares; `en_passant`
//! overrides this either way.
//!
//! Unknown keys are errors. Every error names the key it is about (tables
//! of an array counted from 0: `piece[0]` is the first `[[piece]]`), or the
//! line and column, with the line's text, for TOML syntax and types.
//!
//! # Examples
//!
//! ```
//! let text = r#"
//!     name = "knights"
//!     files = 5
//!     ranks = 5
//!     start = "1nkn1/5/5/5/1NKN1 w - - 0 1"
//!
//!     [[piece]]
//!     letter = "K"
//!     betza = "K"
//!     royal = true
//!
//!     [[piece]]
//!     letter = "N"
//!     primitive = "knight"
//! "#;
//! let variant = fairy_variants::from_toml(text)?;
//! assert_eq!(variant.name(), "knights");
//! let error = fairy_variants::from_toml(&text.replace("betza = \"K\"", "betza = \"KpN\"")).unwrap_err();
//! assert_eq!(error.to_string(), "piece[0].betza: Betza character 'p' at position 2 is Betza notation this library does not support");
//! # Ok::<(), fairy_variants::DefinitionError>(())
//! ```

use std::collections::BTreeMap;
use std::error::Error;
use std::fmt;
use std::path::Path;

use fairy_geometry::{BoardSize, Coord, Geometry};
use fairy_movement::{Color, Mode, Movement, Part, Reach};
use fairy_position::{
    AnyVariant, Arrival, CastlingSpec, Counting, Drops, Enclosing, Enclosure, Explosion, Extinction, FIFTY_MOVES,
    FileLimit, GameResult, Goal, MateCondition, NetCrossing, Passing, PieceSpec, Promotion, Repetition, VariantError,
    VariantSpec, WallRule, Walling, Zone, ZoneMoves,
};
use serde::Deserialize;

/// A variant definition file that cannot be used.
#[derive(Debug)]
#[non_exhaustive]
pub enum DefinitionError {
    /// The file could not be read.
    Io {
        /// The path.
        path: String,
        /// The reason.
        error: std::io::Error,
    },
    /// Not TOML, or a key or value the schema does not allow.
    Syntax {
        /// What is wrong, with the line and column and the text of the
        /// line, on one line.
        message: String,
    },
    /// A value the schema allows but that makes no sense.
    Key {
        /// The key, as `piece[2].betza`.
        key: String,
        /// What is wrong with its value.
        problem: String,
    },
    /// The definition does not compile into a variant.
    Variant(VariantError),
    /// A section of a Fairy-Stockfish `variants.ini` file that defines no
    /// variant this library can play.
    Ini(crate::fsf::IniError),
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DefinitionError::Io { path, error } => write!(f, "{path}: {error}"),
            DefinitionError::Syntax { message } => f.write_str(message),
            DefinitionError::Key { key, problem } => write!(f, "{key}: {problem}"),
            DefinitionError::Variant(error) => error.fmt(f),
            DefinitionError::Ini(error) => error.fmt(f),
        }
    }
}

/// The message includes those of the errors it wraps, so `source()`
/// returns nothing: an error-chain reporter prints each message once.
impl Error for DefinitionError {}

/// toml's message spans lines: the position, the quoted line with its key,
/// a marker, the reason. It is folded into one line (and toml's type is
/// kept out of this crate's interface).
fn syntax_error(error: toml::de::Error) -> DefinitionError {
    let message = error.to_string();
    let lines: Vec<&str> = message.lines().filter(|line| !line.trim().is_empty()).collect();
    let mut folded = lines.first().copied().unwrap_or("invalid TOML").to_string();
    let quoted = lines
        .iter()
        .find_map(|line| line.split_once(" | ").map(|(_, text)| text.trim()))
        .filter(|text| !text.is_empty());
    if let Some(quoted) = quoted {
        folded.push_str(&format!(" ({quoted})"));
    }
    if let Some(reason) = lines.last().filter(|_| lines.len() > 1) {
        folded.push_str(&format!(": {}", reason.trim()));
    }
    DefinitionError::Syntax { message: folded }
}

fn key_error(key: impl Into<String>, problem: impl fmt::Display) -> DefinitionError {
    DefinitionError::Key {
        key: key.into(),
        problem: problem.to_string(),
    }
}

/// A walling rule, as written in a file.
#[derive(Copy, Clone, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
enum WallRuleName {
    Duck,
    Arrow,
    Past,
    Static,
    Edge,
}

impl From<WallRuleName> for WallRule {
    fn from(rule: WallRuleName) -> WallRule {
        match rule {
            WallRuleName::Duck => WallRule::Duck,
            WallRuleName::Arrow => WallRule::Arrow,
            WallRuleName::Past => WallRule::Past,
            WallRuleName::Static => WallRule::Static,
            WallRuleName::Edge => WallRule::Edge,
        }
    }
}

/// An enclosing rule, as written in a file.
#[derive(Copy, Clone, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
enum EnclosureName {
    Reversi,
    Ataxx,
    Snort,
    Quadwrangle,
}

impl From<EnclosureName> for Enclosure {
    fn from(rule: EnclosureName) -> Enclosure {
        match rule {
            EnclosureName::Reversi => Enclosure::Reversi,
            EnclosureName::Ataxx => Enclosure::Ataxx,
            EnclosureName::Snort => Enclosure::Snort,
            EnclosureName::Quadwrangle => Enclosure::Quadwrangle,
        }
    }
}

/// A result for one side, as written in a file.
#[derive(Copy, Clone, Debug, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
enum ResultName {
    Win,
    #[default]
    Draw,
    Loss,
}

impl From<ResultName> for GameResult {
    fn from(result: ResultName) -> GameResult {
        match result {
            ResultName::Win => GameResult::Win,
            ResultName::Draw => GameResult::Draw,
            ResultName::Loss => GameResult::Loss,
        }
    }
}

#[derive(Copy, Clone, Debug, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
enum NetName {
    #[default]
    Free,
    MovesOnly,
    Never,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantFile {
    name: String,
    files: u8,
    ranks: u8,
    start: String,
    #[serde(default)]
    cylinder: bool,
    grid: Option<Vec<u8>>,
    net: Option<u8>,
    checkmate: Option<ResultName>,
    stalemate: Option<ResultName>,
    draw_odds: Option<SideName>,
    #[serde(default)]
    stalemate_piece_count: bool,
    #[serde(default)]
    compulsory_capture: bool,
    #[serde(default)]
    checks_forbidden: bool,
    #[serde(default)]
    royal_held_in_check: bool,
    #[serde(default)]
    pass_on_stalemate: bool,
    #[serde(default)]
    immobility_illegal: bool,
    #[serde(default)]
    flying_royals: bool,
    passing: Option<PassingFile>,
    counting: Option<CountingFile>,
    #[serde(default)]
    full_board: bool,
    walling: Option<WallingFile>,
    enclosing: Option<EnclosingFile>,
    #[serde(default)]
    chess960: bool,
    en_passant_zone: Option<ZoneFile>,
    explosion: Option<ExplosionFile>,
    drops: Option<DropsFile>,
    mate_condition: Option<MateConditionFile>,
    repetition: Option<RepetitionFile>,
    checks_to_win: Option<u8>,
    n_move_rule: Option<u32>,
    #[serde(rename = "piece", default)]
    pieces: Vec<PieceFile>,
    #[serde(rename = "castling", default)]
    castlings: Vec<CastlingFile>,
    #[serde(rename = "arrival", default)]
    arrivals: Vec<ArrivalFile>,
    #[serde(rename = "extinction", default)]
    extinctions: Vec<ExtinctionFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceFile {
    letter: char,
    name: Option<String>,
    betza: Option<String>,
    primitive: Option<String>,
    #[serde(default)]
    initial: Vec<u8>,
    #[serde(default)]
    initial_squares: Vec<String>,
    en_passant: Option<bool>,
    resets_clock: Option<bool>,
    #[serde(default)]
    royal: bool,
    #[serde(default)]
    uncapturable: bool,
    #[serde(default)]
    spares_own_kind: bool,
    #[serde(default)]
    unscreened_by_own_kind: bool,
    #[serde(default)]
    petrifies: bool,
    promotion_limit: Option<u32>,
    #[serde(default)]
    net: NetName,
    promotion: Option<PromotionFile>,
    drop_zone: Option<ZoneFile>,
    region: Option<ZoneFile>,
    zone_moves: Option<ZoneMovesFile>,
    gate_betza: Option<String>,
    #[serde(default)]
    closes_royal_gates: bool,
    unpromoted: Option<char>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ZoneMovesFile {
    #[serde(default)]
    ranks: Vec<u8>,
    #[serde(default)]
    squares: Vec<String>,
    betza: String,
    #[serde(default)]
    confined: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PassingFile {
    #[serde(default)]
    bikjang: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnclosingFile {
    drops: Option<EnclosureName>,
    flips: Option<EnclosureName>,
    #[serde(default)]
    opening: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WallingFile {
    rule: WallRuleName,
    #[serde(default)]
    ranks: Vec<u8>,
    #[serde(default)]
    squares: Vec<String>,
    black_squares: Option<Vec<String>>,
    #[serde(default)]
    except: Vec<String>,
    #[serde(default)]
    or_move: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CountingFile {
    values: BTreeMap<char, u32>,
    #[serde(default)]
    black_bonus_halves: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PromotionFile {
    #[serde(default)]
    ranks: Vec<u8>,
    #[serde(default)]
    squares: Vec<String>,
    black_squares: Option<Vec<String>>,
    to: Vec<char>,
    black_to: Option<Vec<char>>,
    #[serde(default = "yes")]
    compulsory: bool,
    #[serde(default)]
    on_leaving: bool,
    #[serde(default)]
    captures_only: bool,
    #[serde(default)]
    in_place: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CastlingFile {
    letter: char,
    king_from: String,
    king_to: String,
    rook: char,
    rook_from: String,
    rook_to: String,
    king: Option<char>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ZoneFile {
    #[serde(default)]
    ranks: Vec<u8>,
    #[serde(default)]
    squares: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtinctionFile {
    result: ResultName,
    pieces: Vec<char>,
    #[serde(default)]
    at_most: u32,
    #[serde(default)]
    opponent_at_least: u32,
    #[serde(default)]
    claim: bool,
    #[serde(default)]
    royal: bool,
    #[serde(default)]
    duple_check: bool,
    #[serde(default)]
    together: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RepetitionFile {
    count: u32,
    result: ResultName,
    #[serde(default)]
    as_white: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MateConditionFile {
    #[serde(default)]
    not_by: Vec<char>,
    #[serde(default)]
    not_by_drop: Vec<char>,
    #[serde(default)]
    after_check_by: Vec<char>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplosionFile {
    #[serde(default)]
    spared: Vec<char>,
    #[serde(default)]
    immune: Vec<char>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DropsFile {
    #[serde(default)]
    captures_to_hand: bool,
    #[serde(default)]
    keep_promoted: bool,
    #[serde(default)]
    must_drop: bool,
    must_drop_kind: Option<char>,
    opposite_colors: Option<char>,
    #[serde(default)]
    castling_by_drop: bool,
    file_limit: Option<FileLimitFile>,
    #[serde(default)]
    drop_promoted: bool,
    #[serde(default)]
    gating: bool,
    #[serde(default)]
    gating_only: bool,
    #[serde(default)]
    no_drop_checks: bool,
    #[serde(default)]
    free: bool,
    #[serde(default)]
    partner_board: bool,
    #[serde(default)]
    ranks: Vec<u8>,
    #[serde(default)]
    squares: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileLimitFile {
    piece: char,
    #[serde(default = "one")]
    count: u32,
}

fn one() -> u32 {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArrivalFile {
    piece: char,
    #[serde(default)]
    ranks: Vec<u8>,
    #[serde(default)]
    squares: Vec<String>,
    side: Option<SideName>,
    #[serde(default)]
    reply: bool,
    #[serde(default)]
    safe: bool,
}

/// A side, as written in a file.
#[derive(Copy, Clone, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
enum SideName {
    White,
    Black,
}

impl From<SideName> for Color {
    fn from(side: SideName) -> Color {
        match side {
            SideName::White => Color::White,
            SideName::Black => Color::Black,
        }
    }
}

/// A movement's constructor, as [`PRIMITIVES`] names it.
pub type Constructor = fn() -> Movement;

/// The named movements a file may use as `primitive`, with the
/// constructors they stand for.
pub const PRIMITIVES: [(&str, Constructor); 14] = [
    ("king", Movement::king),
    ("queen", Movement::queen),
    ("rook", Movement::rook),
    ("bishop", Movement::bishop),
    ("knight", Movement::knight),
    ("ferz", Movement::ferz),
    ("wazir", Movement::wazir),
    ("camel", Movement::camel),
    ("zebra", Movement::zebra),
    ("gnu", Movement::gnu),
    ("chess-pawn", Movement::chess_pawn),
    ("berolina-pawn", Movement::berolina_pawn),
    ("knightly-pawn", Movement::knightly_pawn),
    ("knightolina-pawn", Movement::knightolina_pawn),
];

fn primitive(name: &str) -> Option<Movement> {
    PRIMITIVES
        .iter()
        .find(|&&(known, _)| known == name)
        .map(|&(_, movement)| movement())
}

fn coord(key: String, name: &str) -> Result<Coord, DefinitionError> {
    name.parse().map_err(|error| key_error(key, error))
}

fn coords(key: &str, field: &str, names: &[String]) -> Result<Vec<Coord>, DefinitionError> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| coord(format!("{key}.{field}[{i}]"), name))
        .collect()
}

fn zone(key: &str, ranks: &[u8], squares: &[String]) -> Result<Zone, DefinitionError> {
    let coords = coords(key, "squares", squares)?;
    Ok(Zone::ranks(ranks.iter().copied()).and(Zone::squares(coords)))
}

/// Whether a part is a double step: an initial non-capturing move that
/// passes squares, which leaves them as en passant squares.
fn is_double_step(part: Part) -> bool {
    part.is_initial() && part.mode() == Mode::Move && matches!(part.reach(), Reach::Lame | Reach::Steps(_))
}

/// The movement with its en passant marks as a definition means them: with
/// en passant (given, or by default when a part is marked `e`), the marked
/// parts capture en passant and double steps leave en passant squares;
/// without, no part keeps a mark.
pub(crate) fn en_passant_marks(movement: Movement, en_passant: Option<bool>) -> Movement {
    let en_passant = en_passant.unwrap_or_else(|| movement.parts().iter().any(|p| p.is_en_passant()));
    movement
        .parts()
        .iter()
        .map(
            |&part| match (en_passant, part.is_en_passant() || is_double_step(part)) {
                (true, true) => part.en_passant(),
                (false, _) => part.without_en_passant(),
                (true, false) => part,
            },
        )
        .collect()
}

impl PieceFile {
    fn spec(&self, key: &str) -> Result<PieceSpec, DefinitionError> {
        let movement = match (&self.betza, &self.primitive) {
            (Some(betza), None) => Movement::from_betza(betza).map_err(|e| key_error(format!("{key}.betza"), e))?,
            (None, Some(name)) => primitive(name).ok_or_else(|| {
                key_error(
                    format!("{key}.primitive"),
                    format!(
                        "unknown movement {name:?} (one of {})",
                        PRIMITIVES.map(|(known, _)| known).join(", ")
                    ),
                )
            })?,
            _ => return Err(key_error(key, "give the movement as either `betza` or `primitive`")),
        };
        let movement = en_passant_marks(movement, self.en_passant);
        let name = self.name.clone().unwrap_or_else(|| self.letter.to_string());
        let initial = Zone::ranks(self.initial.iter().copied()).and(Zone::squares(coords(
            key,
            "initial_squares",
            &self.initial_squares,
        )?));
        let mut spec = PieceSpec::new(self.letter, name, movement)
            .net(match self.net {
                NetName::Free => NetCrossing::Free,
                NetName::MovesOnly => NetCrossing::MovesOnly,
                NetName::Never => NetCrossing::Never,
            })
            .initial(initial);
        spec.royal = self.royal;
        spec.uncapturable = self.uncapturable;
        spec.spares_own_kind = self.spares_own_kind;
        spec.unscreened_by_own_kind = self.unscreened_by_own_kind;
        spec.petrifies = self.petrifies;
        spec.promotion_limit = self.promotion_limit;
        spec.resets_clock = self.resets_clock;
        if let Some(drops) = &self.drop_zone {
            spec = spec.drop_zone(zone(&format!("{key}.drop_zone"), &drops.ranks, &drops.squares)?);
        }
        if let Some(region) = &self.region {
            spec = spec.region(zone(&format!("{key}.region"), &region.ranks, &region.squares)?);
        }
        if let Some(zoned) = &self.zone_moves {
            let key = format!("{key}.zone_moves");
            let movement = Movement::from_betza(&zoned.betza).map_err(|e| key_error(format!("{key}.betza"), e))?;
            let squares = zone(&key, &zoned.ranks, &zoned.squares)?;
            let mut moves = ZoneMoves::new(squares, movement);
            if zoned.confined {
                moves = moves.confined();
            }
            spec = spec.zone_moves(moves);
        }
        if let Some(betza) = &self.gate_betza {
            let movement = Movement::from_betza(betza).map_err(|e| key_error(format!("{key}.gate_betza"), e))?;
            spec = spec.gate_moves(movement);
        }
        if self.closes_royal_gates {
            spec = spec.closing_royal_gates();
        }
        if let Some(promotion) = &self.promotion {
            let key = format!("{key}.promotion");
            let mut zone = zone(&key, &promotion.ranks, &promotion.squares)?;
            if let Some(black) = &promotion.black_squares {
                zone = zone.with_black_squares(coords(&key, "black_squares", black)?);
            }
            let mut rule = Promotion::new(zone, promotion.to.iter().copied());
            rule.black_choices.clone_from(&promotion.black_to);
            rule.compulsory = promotion.compulsory;
            rule.on_leaving = promotion.on_leaving;
            rule.captures_only = promotion.captures_only;
            rule.in_place = promotion.in_place;
            spec = spec.promotion(rule);
        }
        if let Some(unpromoted) = self.unpromoted {
            spec = spec.promoted_form_of(unpromoted);
        }
        Ok(spec)
    }
}

impl VariantFile {
    fn spec(&self) -> Result<VariantSpec, DefinitionError> {
        let size = BoardSize::new(self.files, self.ranks).map_err(|error| key_error("files", error))?;
        let mut geometry = Geometry::new(size);
        if self.cylinder {
            geometry = geometry.with_cylinder();
        }
        if let Some(grid) = &self.grid {
            let &[files, ranks] = grid.as_slice() else {
                return Err(key_error("grid", "give two numbers: files and ranks per cell"));
            };
            geometry = geometry
                .with_grid(files, ranks)
                .map_err(|error| key_error("grid", error))?;
        }
        if let Some(rank) = self.net {
            geometry = geometry.with_net(rank).map_err(|error| key_error("net", error))?;
        }
        let mut spec = VariantSpec::new(self.name.clone(), geometry, self.start.clone())
            .checkmate(self.checkmate.unwrap_or(ResultName::Loss).into())
            .n_move_rule(self.n_move_rule.unwrap_or(FIFTY_MOVES));
        let stalemate = self.stalemate.unwrap_or(ResultName::Draw).into();
        spec = if self.stalemate_piece_count {
            spec.goal(Goal::StalemateByPieceCount(stalemate))
        } else {
            spec.stalemate(stalemate)
        };
        if self.compulsory_capture {
            spec = spec.compulsory_capture();
        }
        if self.checks_forbidden {
            spec = spec.forbid_checks();
        }
        if self.royal_held_in_check {
            spec = spec.hold_royal_in_check();
        }
        if self.pass_on_stalemate {
            spec = spec.pass_on_stalemate();
        }
        if self.immobility_illegal {
            spec = spec.immobility_illegal();
        }
        if self.flying_royals {
            spec = spec.flying_royals();
        }
        if let Some(passing) = &self.passing {
            let mut rule = Passing::new();
            if passing.bikjang {
                rule = rule.with_bikjang();
            }
            spec = spec.passing(rule);
        }
        if let Some(counting) = &self.counting {
            spec = spec.counting(Counting::new(counting.values.clone(), counting.black_bonus_halves));
        }
        if self.full_board {
            spec = spec.goal(Goal::FullBoard);
        }
        if let Some(file) = &self.enclosing {
            let mut enclosing = Enclosing::new();
            if let Some(rule) = file.drops {
                enclosing = enclosing.drops(rule.into());
            }
            if let Some(rule) = file.flips {
                enclosing = enclosing.flips(rule.into());
            }
            if !file.opening.is_empty() {
                // The same squares for both sides, as named.
                let squares = coords("enclosing", "opening", &file.opening)?;
                enclosing = enclosing.opening(Zone::squares(squares.clone()).with_black_squares(squares));
            }
            spec = spec.enclosing(enclosing);
        }
        if let Some(file) = &self.walling {
            let mut walling = Walling::new(file.rule.into()).except(coords("walling", "except", &file.except)?);
            if !file.ranks.is_empty() || !file.squares.is_empty() || file.black_squares.is_some() {
                let mut region = zone("walling", &file.ranks, &file.squares)?;
                if let Some(black) = &file.black_squares {
                    region = region.with_black_squares(coords("walling", "black_squares", black)?);
                }
                walling = walling.region(region);
            }
            if file.or_move {
                walling = walling.or_move();
            }
            spec = spec.walling(walling);
        }
        if self.chess960 {
            spec = spec.chess960();
        }
        if let Some(squares) = &self.en_passant_zone {
            spec = spec.en_passant_zone(zone("en_passant_zone", &squares.ranks, &squares.squares)?);
        }
        if let Some(explosion) = &self.explosion {
            spec = spec.explosion(
                Explosion::sparing(explosion.spared.iter().copied()).immune(explosion.immune.iter().copied()),
            );
        }
        if let Some(file) = &self.drops {
            let mut drops = Drops::new();
            if file.captures_to_hand {
                drops = drops.captures_to_hand();
            }
            if file.keep_promoted {
                drops = drops.keep_promoted();
            }
            if !file.ranks.is_empty() || !file.squares.is_empty() {
                drops = drops.zone(zone("drops", &file.ranks, &file.squares)?);
            }
            if file.must_drop || file.must_drop_kind.is_some() {
                drops = drops.must_drop(file.must_drop_kind);
            }
            if let Some(letter) = file.opposite_colors {
                drops = drops.opposite_colors(letter);
            }
            if file.castling_by_drop {
                drops = drops.castling_by_drop();
            }
            if let Some(limit) = &file.file_limit {
                drops = drops.file_limit(FileLimit {
                    piece: limit.piece,
                    count: limit.count,
                });
            }
            if file.drop_promoted {
                drops = drops.drop_promoted();
            }
            if file.gating || file.gating_only {
                drops = drops.gating(file.gating_only);
            }
            if file.no_drop_checks {
                drops = drops.no_drop_checks();
            }
            if file.free {
                drops = drops.free();
            }
            if file.partner_board {
                drops = drops.partner_board();
            }
            spec = spec.drops(drops);
        }
        if let Some(condition) = &self.mate_condition {
            spec = spec.goal(Goal::MateCondition(MateCondition {
                not_by: condition.not_by.clone(),
                not_by_drop: condition.not_by_drop.clone(),
                after_check_by: condition.after_check_by.clone(),
            }));
        }
        if let Some(checks) = self.checks_to_win {
            spec = spec.goal(Goal::CheckCount(checks));
        }
        for extinction in &self.extinctions {
            let mut rule = Extinction::of(extinction.result.into(), extinction.pieces.iter().copied());
            rule.at_most = extinction.at_most;
            rule.opponent_at_least = extinction.opponent_at_least;
            rule.claim = extinction.claim;
            rule.royal = extinction.royal;
            rule.duple_check = extinction.duple_check;
            rule.together = extinction.together;
            spec = spec.goal(Goal::Extinction(rule));
        }
        if let Some(side) = self.draw_odds {
            spec = spec.goal(Goal::DrawOdds(side.into()));
        }
        if let Some(rule) = &self.repetition {
            let mut repetition = Repetition::new(rule.count, rule.result.into());
            repetition.as_white = rule.as_white;
            spec = spec.goal(Goal::Repetition(repetition));
        }
        for (index, piece) in self.pieces.iter().enumerate() {
            spec = spec.piece(piece.spec(&format!("piece[{index}]"))?);
        }
        for (index, castling) in self.castlings.iter().enumerate() {
            let square = |field: &str, name: &str| coord(format!("castling[{index}].{field}"), name);
            let mut rule = CastlingSpec::new(
                castling.letter,
                square("king_from", &castling.king_from)?,
                square("king_to", &castling.king_to)?,
                castling.rook,
                square("rook_from", &castling.rook_from)?,
                square("rook_to", &castling.rook_to)?,
            );
            if let Some(king) = castling.king {
                rule = rule.by(king);
            }
            spec = spec.castling(rule);
        }
        for (index, arrival) in self.arrivals.iter().enumerate() {
            let mut goal = Arrival::new(
                arrival.piece,
                zone(&format!("arrival[{index}]"), &arrival.ranks, &arrival.squares)?,
            );
            if let Some(side) = arrival.side {
                goal = goal.only_for(side.into());
            }
            if arrival.safe {
                goal = goal.safe();
            }
            if arrival.reply {
                goal = goal.with_reply();
            }
            spec = spec.arrival(goal);
        }
        Ok(spec)
    }
}

/// Reads a variant definition from TOML text (see the [module
/// documentation](crate::file) for the schema).
///
/// # Errors
///
/// [`DefinitionError`] naming the key (or the line and column) and what is
/// wrong there.
pub fn spec_from_toml(text: &str) -> Result<VariantSpec, DefinitionError> {
    let file: VariantFile = toml::from_str(text).map_err(syntax_error)?;
    file.spec()
}

/// Reads and compiles a variant definition from TOML text.
///
/// # Errors
///
/// As [`spec_from_toml`], and [`DefinitionError::Variant`] if the
/// definition does not compile.
pub fn from_toml(text: &str) -> Result<AnyVariant, DefinitionError> {
    AnyVariant::new(spec_from_toml(text)?).map_err(DefinitionError::Variant)
}

/// Reads and compiles the variant definition in the file at `path`.
///
/// # Errors
///
/// [`DefinitionError::Io`] if the file cannot be read, otherwise as
/// [`from_toml`].
pub fn load(path: impl AsRef<Path>) -> Result<AnyVariant, DefinitionError> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|error| DefinitionError::Io {
        path: path.display().to_string(),
        error,
    })?;
    from_toml(&text)
}
