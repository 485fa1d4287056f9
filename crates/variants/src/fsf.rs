//! Variants defined in Fairy-Stockfish's `variants.ini` format.
//!
//! A file holds sections, `[name]` or `[name:parent]`, of `key = value`
//! lines; `#` and `;` start comment lines. A section starts from its parent
//! (an earlier section of the file, or one of Fairy-Stockfish's built-in
//! variants this library has: `chess`, `giveaway`, `antichess`,
//! `losalamos`, `kingofthehill`, `gardner`, `nocheckatomic`, `atomic`,
//! `extinction`, `breakthrough`, `3check`, `racingkings`, `janus`,
//! `capablanca`, `fischerandom`, `caparandom`, `crazyhouse`, `loop`,
//! `chessgi`, `pocketknight`, `capahouse`, `placement`, `flipersi`,
//! `flipello`, `ataxx`, `makruk`, `cambodian`, `karouk`, `minixiangqi`,
//! `xiangqi`, `manchu`, `janggi`, `janggitraditional`, `janggimodern`,
//! `janggicasual`), or without one from Fairy-Stockfish's template:
//! the rules of chess and no pieces. The options mean what Fairy-Stockfish's
//! documentation (at the top of its `variants.ini`) says they mean.
//!
//! Options for rules this library does not have are errors that name the
//! key, unless their value is the one that turns them off (`pieceDrops =
//! false`); Fairy-Stockfish itself ignores keys it does not know, which
//! hides typing mistakes. Options that only concern a GUI or the engine's
//! evaluation (`pieceToCharTable`, `pieceValueMg`, `variantTemplate`, ...)
//! are read and have no effect.
//!
//! # Examples
//!
//! ```
//! let text = "
//! [minirooks:chess]
//! maxFile = 5
//! maxRank = 5
//! knight = -
//! bishop = -
//! queen = -
//! startFen = rrk2/ppp2/5/2PPP/2KRR w - - 0 1
//! promotionPieceTypes = r
//! promotionRegionWhite = *5
//! promotionRegionBlack = *1
//! doubleStep = false
//! ";
//! let spec = fairy_variants::fsf::spec_from_ini(text, "minirooks")?;
//! let variant = fairy_position::AnyVariant::new(spec)?;
//! assert_eq!(variant.size().to_string(), "5x5");
//! let error = fairy_variants::fsf::spec_from_ini(&format!("{text}castlingWins = q\n"), "minirooks").unwrap_err();
//! assert_eq!(error.to_string(), "[minirooks] castlingWins: needs castling goals, not supported yet");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::error::Error;
use std::fmt;

use fairy_geometry::{BoardSize, Coord, File, Geometry, Rank};
use fairy_movement::{Color, Mode, Movement, Part};
use fairy_position::{
    ALL_PIECES, Arrival, CastlingSpec, Counting, Drops, Enclosing, Enclosure, Explosion, Extinction, GameResult, Goal,
    Passing, PieceSpec, Promotion, Repetition, VariantSpec, WallRule, Walling, Zone, ZoneMoves,
};

/// Fairy-Stockfish's built-in variants that sections may inherit from, in
/// its own option language.
const BUILT_INS: &str = include_str!("fsf_built_ins.ini");

/// A section of an ini file that does not define a variant this library
/// can play.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IniError {
    /// The section, as its name.
    pub section: String,
    /// The key the problem is about, if one is.
    pub key: Option<String>,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for IniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] ", self.section)?;
        if let Some(key) = &self.key {
            write!(f, "{key}: ")?;
        }
        f.write_str(&self.problem)
    }
}

impl Error for IniError {}

/// One section as written: its name, parent and options in file order.
#[derive(Clone, Debug)]
struct Section {
    name: String,
    parent: Option<String>,
    options: Vec<(String, String)>,
}

/// Splits an ini text into sections; lines before the first section and
/// lines that are neither options nor comments are errors.
fn sections(text: &str) -> Result<Vec<Section>, IniError> {
    let mut sections: Vec<Section> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if let Some(header) = line.strip_prefix('[') {
            let header = header.strip_suffix(']').ok_or_else(|| IniError {
                section: header.to_string(),
                key: None,
                problem: format!("line {}: a section header must end with ']'", number + 1),
            })?;
            let (name, parent) = match header.split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim().to_string())),
                None => (header.trim(), None),
            };
            sections.push(Section {
                name: name.to_string(),
                parent,
                options: Vec::new(),
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            return Err(IniError {
                section: String::new(),
                key: None,
                problem: format!("line {}: an option before any [section]", number + 1),
            });
        };
        let Some((key, value)) = line.split_once('=') else {
            return Err(IniError {
                section: section.name.clone(),
                key: None,
                problem: format!("line {}: expected key = value, found {line:?}", number + 1),
            });
        };
        section.options.push((key.trim().to_string(), value.trim().to_string()));
    }
    Ok(sections)
}

/// The names of the variants an ini text defines, in order.
///
/// # Errors
///
/// An [`IniError`] if the text is not made of sections of options.
pub fn names(text: &str) -> Result<Vec<String>, IniError> {
    Ok(sections(text)?.into_iter().map(|section| section.name).collect())
}

/// A variant of an ini file by name, with its definition or the reason it
/// cannot be played here.
pub type Loaded = (String, Result<VariantSpec, IniError>);

/// Every variant of an ini text, each with its definition or the reason it
/// cannot be played here, in file order.
///
/// # Errors
///
/// An [`IniError`] if the text is not made of sections of options.
pub fn specs_from_ini(text: &str) -> Result<Vec<Loaded>, IniError> {
    let defined = sections(text)?;
    let built_ins = sections(BUILT_INS)?;
    let mut results = Vec::new();
    for (index, section) in defined.iter().enumerate() {
        let config = resolve(section, &defined[..index], &built_ins, 0);
        results.push((
            section.name.clone(),
            config.and_then(|config| config.spec(&section.name)),
        ));
    }
    Ok(results)
}

/// The variant named `name` in an ini text.
///
/// # Errors
///
/// An [`IniError`] if the text has no such section, or if it does not
/// define a variant this library can play (naming the option at fault).
pub fn spec_from_ini(text: &str, name: &str) -> Result<VariantSpec, IniError> {
    let defined = sections(text)?;
    let built_ins = sections(BUILT_INS)?;
    let index = defined
        .iter()
        .rposition(|section| section.name == name)
        .ok_or_else(|| IniError {
            section: name.to_string(),
            key: None,
            problem: format!(
                "no such section (the file has: {})",
                defined.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
            ),
        })?;
    resolve(&defined[index], &defined[..index], &built_ins, 0)?.spec(name)
}

/// The options of `section` applied over those of its parents.
fn resolve(section: &Section, earlier: &[Section], built_ins: &[Section], depth: usize) -> Result<Config, IniError> {
    let error = |problem: String| IniError {
        section: section.name.clone(),
        key: None,
        problem,
    };
    if depth > 32 {
        return Err(error("inheritance nested too deep".to_string()));
    }
    let mut config = match &section.parent {
        None => Config::template(),
        Some(parent) => {
            // An earlier section, which may inherit from the built-ins; or
            // a built-in, which inherits only from earlier built-ins.
            let (found, before, built_ins) = match earlier.iter().rposition(|s| &s.name == parent) {
                Some(index) => (&earlier[index], &earlier[..index], built_ins),
                None => match built_ins.iter().position(|s| &s.name == parent) {
                    Some(index) => (&built_ins[index], &built_ins[..index], &built_ins[..0]),
                    None => {
                        return Err(error(format!(
                            "the parent variant {parent:?} is neither an earlier section nor a built-in variant this library has"
                        )));
                    }
                },
            };
            resolve(found, before, built_ins, depth + 1).map_err(|inner| error(format!("in its parent: {inner}")))?
        }
    };
    config.apply(section)?;
    Ok(config)
}

/// An option's value read by `parse`, if the option is given; a value
/// `parse` refuses is an error naming the key.
fn read_as<T>(
    options: &HashMap<&str, &str>,
    key: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
    error: &dyn Fn(&str, String) -> IniError,
) -> Result<Option<T>, IniError> {
    options
        .get(key)
        .map(|text| parse(text).map_err(|problem| error(key, problem)))
        .transpose()
}

/// A result as Fairy-Stockfish's options give it (`none`: no result).
fn parse_result(text: &str) -> Result<Option<GameResult>, String> {
    match text {
        "win" => Ok(Some(GameResult::Win)),
        "loss" => Ok(Some(GameResult::Loss)),
        "draw" => Ok(Some(GameResult::Draw)),
        "none" => Ok(None),
        _ => Err(format!("expected win, loss, draw or none, found {text:?}")),
    }
}

fn parse_flag(text: &str) -> Result<bool, String> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(format!("expected true or false, found {other:?}")),
    }
}

fn parse_number(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| format!("expected a number, found {text:?}"))
}

/// A piece type's option name from the way a key spells it after a prefix
/// (`JanggiElephant`: `janggiElephant`).
fn uncapitalized(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// A rank number, 1 to 16.
fn parse_rank(text: &str) -> Result<u8, String> {
    rank_number(text).ok_or_else(|| format!("not a rank: {text:?}"))
}

/// A file as a 0-based index.
fn parse_file(text: &str) -> Result<u8, String> {
    file_number(text).ok_or_else(|| format!("not a file: {text:?}"))
}

/// Squares as both colours see them: White's and Black's own, both given
/// absolutely, as Fairy-Stockfish's options give them.
type Region = [Vec<Coord>; 2];

/// Fairy-Stockfish's predefined piece types and their moves.
const PIECE_TYPES: [(&str, &str); 37] = [
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// A type's place in Fairy-Stockfish's order of types: its predefined
/// types in order, then the custom ones, then the king.
fn type_order(name: &str) -> usize {
    if name == "king" {
        return usize::MAX;
    }
    if let Some(slot) = name.strip_prefix("customPiece").and_then(|n| n.parse::<usize>().ok()) {
        return PIECE_TYPES.len() + slot;
    }
    PIECE_TYPES
        .iter()
        .position(|(known, _)| *known == name)
        .unwrap_or(PIECE_TYPES.len())
}

/// The most custom piece slots Fairy-Stockfish has.
const CUSTOM_PIECES: usize = 25;

/// Options read and without effect here: they concern GUIs or the engine,
/// or rules that judge a game's history and never change which moves are
/// legal, which this library does not model (see the README): the makruk
/// family's counting of the endgame, xiangqi's and janggi's rules against
/// perpetual checks, chases and repeated moves.
const IGNORED: [&str; 10] = [
    "countingRule",
    "perpetualCheckIllegal",
    "chasingRule",
    "moveRepetitionIllegal",
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
];

/// Options of rule families this library does not have yet, each with the
/// family's name; they are accepted with the value that turns them off.
const UNSUPPORTED: [(&str, &str); 28] = [
    ("castlingWins", "castling goals"),
    ("sittuyinPromotion", "sittuyin promotion"),
    ("promotedPieceType", "shogi-style promotion"),
    ("piecePromotionOnCapture", "shogi-style promotion"),
    ("mandatoryPiecePromotion", "shogi-style promotion"),
    ("pieceDemotion", "shogi-style promotion"),
    ("petrifyBlastPieces", "petrified explosions"),
    ("tripleStepRegionWhite", "triple steps"),
    ("tripleStepRegionBlack", "triple steps"),
    ("oppositeCastling", "opposite castling"),
    ("sittuyinRookDrop", "pieces in hand and drops"),
    ("dropPromoted", "pieces in hand and drops"),
    ("dropNoDoubled", "pieces in hand and drops"),
    ("dropNoDoubledCount", "pieces in hand and drops"),
    ("seirawanGating", "gating"),
    ("shogiPawnDropMateIllegal", "pieces in hand and drops"),
    ("shatarMateRule", "shatar's mate rule"),
    ("flagPieceCount", "flags of several pieces"),
    ("flagPieceBlockedWin", "flags of several pieces"),
    ("flagPieceSafe", "safe flags"),
    ("connectN", "connection goals"),
    ("connectPieceTypes", "connection goals"),
    ("connectRegion1White", "connection goals"),
    ("connectRegion2White", "connection goals"),
    ("connectRegion1Black", "connection goals"),
    ("connectRegion2Black", "connection goals"),
    ("connectNxN", "connection goals"),
    ("collinearN", "connection goals"),
];

/// Options of unsupported families that do nothing while the family's main
/// option is off, whatever their value.
const INERT: [&str; 4] = [
    "connectHorizontal",
    "connectVertical",
    "connectDiagonal",
    "connectValue",
];

/// How Fairy-Stockfish's `materialCounting` scores a game a rule ends
/// without a winner on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum MaterialCounting {
    None,
    /// Janggi's weights, Black given a point and a half.
    Janggi,
    /// Every piece counts one.
    Unweighted,
    /// Every such game is this side's (`whitedrawodds`, `blackdrawodds`).
    DrawOdds(Color),
}

fn parse_material_counting(text: &str) -> Result<MaterialCounting, String> {
    match text.trim() {
        "none" => Ok(MaterialCounting::None),
        "janggi" => Ok(MaterialCounting::Janggi),
        "unweighted" => Ok(MaterialCounting::Unweighted),
        "whitedrawodds" => Ok(MaterialCounting::DrawOdds(Color::White)),
        "blackdrawodds" => Ok(MaterialCounting::DrawOdds(Color::Black)),
        other => Err(format!(
            "expected janggi, unweighted, whitedrawodds, blackdrawodds or none, not {other:?}"
        )),
    }
}

/// A piece type: its name (as the option naming it), letter and moves.
#[derive(Clone, Debug)]
struct PieceType {
    name: String,
    letter: char,
    betza: String,
}

/// A variant as Fairy-Stockfish's options describe it; piece types are
/// referred to by name, so that renaming a letter keeps the rules that
/// mention the type.
#[derive(Clone, Debug)]
struct Config {
    max_rank: u8,
    max_file: u8,
    pieces: Vec<PieceType>,
    start_fen: String,
    promotion_region: Region,
    promotion_pawn_types: [Vec<String>; 2],
    promotion_piece_types: [Vec<String>; 2],
    promotion_limits: Vec<(String, u32)>,
    mandatory_pawn_promotion: bool,
    blast_on_capture: bool,
    blast_immune_types: Vec<String>,
    mutually_immune_types: Vec<String>,
    petrify_on_capture_types: Vec<String>,
    double_step: bool,
    double_step_region: Region,
    en_passant_region: Option<Region>,
    walling_rule: Option<WallRule>,
    walling_region: Option<Region>,
    /// `mobilityRegion{White,Black}<Type>`: per piece type's name, the
    /// squares each side's pieces of it may go to (`None`: anywhere).
    mobility_regions: Vec<(String, [Option<Vec<Coord>>; 2])>,
    pass: [bool; 2],
    flying_general: bool,
    bikjang: bool,
    wall_or_move: bool,
    en_passant_types: Option<[Vec<String>; 2]>,
    castling: bool,
    castling_kingside_file: u8,
    castling_queenside_file: u8,
    castling_rank: u8,
    castling_king_file: u8,
    castling_king_piece: [Option<String>; 2],
    castling_rook_kingside_file: Option<u8>,
    castling_rook_queenside_file: u8,
    castling_rook_pieces: [Vec<String>; 2],
    chess960: bool,
    checking: bool,
    must_capture: bool,
    makpong: bool,
    pass_on_stalemate: [bool; 2],
    n_move_rule_types: Option<[Vec<String>; 2]>,
    n_move_rule: u32,
    n_fold_rule: u32,
    n_fold_value: GameResult,
    n_fold_value_absolute: bool,
    stalemate_value: GameResult,
    stalemate_piece_count: bool,
    /// `enclosingDrop`, `enclosingDropStart`, `flipEnclosedPieces`.
    enclosing_drop: Option<Enclosure>,
    enclosing_drop_start: Vec<Coord>,
    flip_enclosed_pieces: Option<Enclosure>,
    free_drops: bool,
    adjudicate_full_board: bool,
    material_counting: MaterialCounting,
    /// `gating` without Seirawan's gating, and `cambodianMoves`.
    gating: bool,
    cambodian_moves: bool,
    immobility_illegal: bool,
    /// `soldierPromotionRank`, from 1: where soldiers start stepping
    /// sideways too.
    soldier_promotion_rank: u8,
    /// Squares joined by diagonal lines (janggi's palaces).
    diagonal_lines: Vec<Coord>,
    checkmate_value: GameResult,
    extinction_value: Option<GameResult>,
    extinction_claim: bool,
    extinction_pseudo_royal: bool,
    duple_check: bool,
    extinction_piece_types: Vec<String>,
    extinction_piece_count: u32,
    extinction_opponent_piece_count: u32,
    flag_piece: [Option<String>; 2],
    flag_region: Region,
    flag_move: bool,
    check_counting: bool,
    piece_drops: bool,
    captures_to_hand: bool,
    two_boards: bool,
    drop_loop: bool,
    drop_checks: bool,
    first_rank_pawn_drops: bool,
    promotion_zone_pawn_drops: bool,
    drop_region: Option<Region>,
    must_drop: bool,
    must_drop_type: Option<String>,
    drop_opposite_colored_bishop: bool,
    castling_dropped_piece: bool,
}

/// The name standing for every piece type in sets (`*`).
const ALL: &str = "*";

fn rank_region(rank: u8, files: u8) -> Vec<Coord> {
    (0..files.min(16))
        .filter_map(|file| Some(Coord::new(File::new(file)?, Rank::new(rank)?)))
        .collect()
}

impl Config {
    /// Fairy-Stockfish's template: chess rules, no pieces.
    fn template() -> Config {
        let names = |list: &[&str]| list.iter().map(|name| name.to_string()).collect::<Vec<_>>();
        let both = |list: &[&str]| [names(list), names(list)];
        Config {
            max_rank: 8,
            max_file: 8,
            pieces: Vec::new(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            // Fairy-Stockfish's default: the eighth and the first rank,
            // whatever the board's size.
            promotion_region: [rank_region(7, 16), rank_region(0, 16)],
            promotion_pawn_types: both(&["pawn"]),
            // Fairy-Stockfish clears these with the pieces: defining the
            // pieces afresh leaves pawns nothing to promote to.
            promotion_piece_types: [Vec::new(), Vec::new()],
            promotion_limits: Vec::new(),
            mandatory_pawn_promotion: true,
            blast_on_capture: false,
            blast_immune_types: Vec::new(),
            mutually_immune_types: Vec::new(),
            petrify_on_capture_types: Vec::new(),
            double_step: true,
            double_step_region: [rank_region(1, 16), rank_region(6, 16)],
            en_passant_region: None,
            walling_rule: None,
            walling_region: None,
            mobility_regions: Vec::new(),
            pass: [false; 2],
            flying_general: false,
            bikjang: false,
            wall_or_move: false,
            en_passant_types: None,
            castling: true,
            castling_kingside_file: 6,
            castling_queenside_file: 2,
            castling_rank: 0,
            castling_king_file: 4,
            castling_king_piece: [Some("king".to_string()), Some("king".to_string())],
            castling_rook_kingside_file: None,
            castling_rook_queenside_file: 0,
            castling_rook_pieces: both(&["rook"]),
            chess960: false,
            checking: true,
            must_capture: false,
            makpong: false,
            pass_on_stalemate: [false; 2],
            n_move_rule_types: None,
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold_value: GameResult::Draw,
            n_fold_value_absolute: false,
            stalemate_value: GameResult::Draw,
            stalemate_piece_count: false,
            enclosing_drop: None,
            enclosing_drop_start: Vec::new(),
            flip_enclosed_pieces: None,
            free_drops: false,
            adjudicate_full_board: false,
            material_counting: MaterialCounting::None,
            gating: false,
            cambodian_moves: false,
            immobility_illegal: false,
            soldier_promotion_rank: 1,
            diagonal_lines: Vec::new(),
            checkmate_value: GameResult::Loss,
            extinction_value: None,
            extinction_claim: false,
            extinction_pseudo_royal: false,
            duple_check: false,
            extinction_piece_types: Vec::new(),
            extinction_piece_count: 0,
            extinction_opponent_piece_count: 0,
            flag_piece: [None, None],
            flag_region: [Vec::new(), Vec::new()],
            flag_move: false,
            check_counting: false,
            piece_drops: false,
            captures_to_hand: false,
            two_boards: false,
            drop_loop: false,
            drop_checks: true,
            first_rank_pawn_drops: false,
            promotion_zone_pawn_drops: false,
            drop_region: None,
            must_drop: false,
            must_drop_type: None,
            drop_opposite_colored_bishop: false,
            castling_dropped_piece: false,
        }
    }

    /// The type lettered `letter`, if any.
    fn type_of(&self, letter: char) -> Option<&str> {
        let letter = letter.to_ascii_lowercase();
        self.pieces
            .iter()
            .find(|piece| piece.letter == letter)
            .map(|piece| piece.name.as_str())
    }

    /// Defines or removes a piece type (`knight = n`, `knight = -`,
    /// `customPiece1 = a:mRcB`, `king = k:KN`).
    fn set_piece(&mut self, name: &str, text: &str, default_betza: Option<&str>) -> Result<(), String> {
        let Some(letter) = text.chars().next().filter(char::is_ascii_alphabetic) else {
            if text.starts_with('-') {
                self.remove_piece(name);
                return Ok(());
            }
            return Err(format!("expected a piece letter or '-', found {text:?}"));
        };
        // A type given a new letter stays the type the rules name.
        self.pieces.retain(|piece| piece.name != name);
        let letter = letter.to_ascii_lowercase();
        let betza = match (text.get(1..2), text.get(2..)) {
            (Some(":"), Some(betza)) => betza.to_string(),
            _ => match default_betza {
                Some(betza) => betza.to_string(),
                None => return Err("a custom piece needs its moves: letter:Betza".to_string()),
            },
        };
        // A letter names one type: a new type takes it from an old one.
        let displaced: Vec<String> = self
            .pieces
            .iter()
            .filter(|piece| piece.letter == letter)
            .map(|piece| piece.name.clone())
            .collect();
        for old in displaced {
            self.remove_piece(&old);
        }
        self.pieces.push(PieceType {
            name: name.to_string(),
            letter,
            betza,
        });
        Ok(())
    }

    /// Removes a piece type, and with it the promotions to it (as
    /// Fairy-Stockfish does).
    fn remove_piece(&mut self, name: &str) {
        self.pieces.retain(|piece| piece.name != name);
        for choices in &mut self.promotion_piece_types {
            choices.retain(|choice| choice != name);
        }
    }

    /// Piece types by their letters (`nbrq`, `*` for all, `-` for none).
    fn types(&self, text: &str) -> Result<Vec<String>, String> {
        let mut types = Vec::new();
        for letter in text.chars().filter(|c| !c.is_whitespace()) {
            match letter {
                '-' => break,
                '*' => types.push(ALL.to_string()),
                letter => match self.type_of(letter) {
                    Some(name) => types.push(name.to_string()),
                    None => return Err(format!("no piece type is lettered {letter:?}")),
                },
            }
        }
        Ok(types)
    }

    fn one_type(&self, text: &str) -> Result<Option<String>, String> {
        Ok(self.types(text)?.into_iter().next())
    }

    /// Applies a section's options, pieces first as Fairy-Stockfish does.
    fn apply(&mut self, section: &Section) -> Result<(), IniError> {
        let error = |key: &str, problem: String| IniError {
            section: section.name.clone(),
            key: Some(key.to_string()),
            problem,
        };
        let options: HashMap<&str, &str> = section
            .options
            .iter()
            .map(|(key, value)| (key.as_str(), value.as_str()))
            .collect();
        // Unknown and unsupported keys first, so that the error names them.
        for (key, value) in &section.options {
            let key = key.as_str();
            if let Some((_, family)) = UNSUPPORTED.iter().find(|(name, _)| *name == key) {
                let off = matches!(value.as_str(), "false" | "none" | "-" | "0" | "")
                    || (matches!(key, "dropNoDoubledCount" | "flagPieceCount") && value == "1");
                if !off {
                    return Err(error(key, format!("needs {family}, not supported yet")));
                }
            } else if let Some(rest) = key.strip_prefix("mobilityRegion") {
                let piece = rest.strip_prefix("White").or_else(|| rest.strip_prefix("Black"));
                let known = piece.is_some_and(|piece| is_piece_key(&uncapitalized(piece)));
                if !known {
                    return Err(error(
                        key,
                        "not an option of Fairy-Stockfish's variant format (mobilityRegion, then White or Black, then a piece type: mobilityRegionWhiteRook)".to_string(),
                    ));
                }
            } else if !IGNORED.contains(&key) && !INERT.contains(&key) && !KNOWN.contains(&key) && !is_piece_key(key) {
                return Err(error(
                    key,
                    "not an option of Fairy-Stockfish's variant format".to_string(),
                ));
            }
        }
        if let Some(rank) = read_as(&options, "maxRank", parse_rank, &error)? {
            self.max_rank = rank;
        }
        if let Some(file) = read_as(&options, "maxFile", parse_file, &error)? {
            self.max_file = file + 1;
        }
        for (name, betza) in PIECE_TYPES {
            if let Some(&text) = options.get(name) {
                // Only the king may be given other moves (`king = k:KN`).
                let text = if name == "king" {
                    text
                } else {
                    text.get(..1).unwrap_or(text)
                };
                self.set_piece(name, text, Some(betza))
                    .map_err(|problem| error(name, problem))?;
            }
        }
        for slot in 1..=CUSTOM_PIECES {
            let key = format!("customPiece{slot}");
            if let Some(&text) = options.get(key.as_str()) {
                self.set_piece(&key, text, None)
                    .map_err(|problem| error(&key, problem))?;
            }
        }
        // Each option read by its parser; a value it refuses is an error
        // naming the key.
        let region = |key: &str| read_as(&options, key, parse_region, &error);
        let types = |config: &Config, key: &str| read_as(&options, key, |text| config.types(text), &error);
        let flag = |key: &str| read_as(&options, key, parse_flag, &error);
        let number = |key: &str| read_as(&options, key, parse_number, &error);
        let result = |key: &str| read_as(&options, key, parse_result, &error);
        let file = |key: &str| read_as(&options, key, parse_file, &error);
        let rank = |key: &str| read_as(&options, key, parse_rank, &error);

        // Deprecated spellings first, as Fairy-Stockfish reads them.
        if let Some(rank) = rank("promotionRank")? {
            let black = self.max_rank.saturating_sub(rank);
            self.promotion_region = [
                (rank - 1..self.max_rank).flat_map(|r| rank_region(r, 16)).collect(),
                (0..=black).flat_map(|r| rank_region(r, 16)).collect(),
            ];
        }
        if options.contains_key("doubleStepRank") || options.contains_key("doubleStepRankMin") {
            let most = rank("doubleStepRank")?.unwrap_or(2);
            let least = rank("doubleStepRankMin")?.unwrap_or(2);
            let white: Vec<Coord> = (least - 1..most).flat_map(|r| rank_region(r, 16)).collect();
            let black: Vec<Coord> = (least - 1..most)
                .filter_map(|r| self.max_rank.checked_sub(r + 1))
                .flat_map(|r| rank_region(r, 16))
                .collect();
            self.double_step_region = [white, black];
        }
        if let Some(pawns) = types(self, "pawnTypes")? {
            self.promotion_pawn_types = [pawns.clone(), pawns.clone()];
            self.en_passant_types = Some([pawns.clone(), pawns.clone()]);
            self.n_move_rule_types = Some([pawns.clone(), pawns]);
        }
        if let Some(&fen) = options.get("startFen") {
            self.start_fen = fen.to_string();
        }
        if let Some(squares) = region("promotionRegionWhite")? {
            self.promotion_region[0] = squares;
        }
        if let Some(squares) = region("promotionRegionBlack")? {
            self.promotion_region[1] = squares;
        }
        let mut pawns = self.promotion_pawn_types.clone();
        sided("promotionPawnTypes", &mut pawns, |key| types(self, key))?;
        self.promotion_pawn_types = pawns;
        let mut choices = self.promotion_piece_types.clone();
        sided("promotionPieceTypes", &mut choices, |key| types(self, key))?;
        self.promotion_piece_types = choices;
        if let Some(&text) = options.get("promotionLimit") {
            self.promotion_limits.clear();
            for item in text.split_whitespace() {
                let parsed = item.split_once(':').and_then(|(letter, count)| {
                    let letter = letter.chars().next()?;
                    Some((self.type_of(letter)?.to_string(), count.parse::<u32>().ok()?))
                });
                let limit =
                    parsed.ok_or_else(|| error("promotionLimit", format!("expected letter:count, found {item:?}")))?;
                self.promotion_limits.push(limit);
            }
        }
        if let Some(on) = flag("mandatoryPawnPromotion")? {
            self.mandatory_pawn_promotion = on;
        }
        if let Some(on) = flag("blastOnCapture")? {
            self.blast_on_capture = on;
        }
        if let Some(list) = types(self, "blastImmuneTypes")? {
            self.blast_immune_types = list;
        }
        if let Some(list) = types(self, "mutuallyImmuneTypes")? {
            self.mutually_immune_types = list;
        }
        if let Some(list) = types(self, "petrifyOnCaptureTypes")? {
            self.petrify_on_capture_types = list;
        }
        if let Some(on) = flag("doubleStep")? {
            self.double_step = on;
        }
        if let Some(squares) = region("doubleStepRegionWhite")? {
            self.double_step_region[0] = squares;
        }
        if let Some(squares) = region("doubleStepRegionBlack")? {
            self.double_step_region[1] = squares;
        }
        let mut regions = self.en_passant_region.clone().unwrap_or_else(|| {
            let all: Vec<Coord> = (0..16).flat_map(|r| rank_region(r, 16)).collect();
            [all.clone(), all]
        });
        if sided("enPassantRegion", &mut regions, region)? {
            self.en_passant_region = Some(regions);
        }
        let mut sets = self
            .en_passant_types
            .clone()
            .unwrap_or_else(|| [vec!["pawn".to_string()], vec!["pawn".to_string()]]);
        if sided("enPassantTypes", &mut sets, |key| types(self, key))? {
            self.en_passant_types = Some(sets);
        }
        if let Some(on) = flag("castling")? {
            self.castling = on;
        }
        if let Some(file) = file("castlingKingsideFile")? {
            self.castling_kingside_file = file;
        }
        if let Some(file) = file("castlingQueensideFile")? {
            self.castling_queenside_file = file;
        }
        if let Some(rank) = rank("castlingRank")? {
            self.castling_rank = rank - 1;
        }
        if let Some(file) = file("castlingKingFile")? {
            self.castling_king_file = file;
        }
        let mut kings = self.castling_king_piece.clone();
        sided("castlingKingPiece", &mut kings, |key| {
            options
                .get(key)
                .map(|text| self.one_type(text).map_err(|problem| error(key, problem)))
                .transpose()
        })?;
        self.castling_king_piece = kings;
        if let Some(file) = file("castlingRookKingsideFile")? {
            self.castling_rook_kingside_file = Some(file);
        }
        if let Some(file) = file("castlingRookQueensideFile")? {
            self.castling_rook_queenside_file = file;
        }
        let mut rooks = self.castling_rook_pieces.clone();
        sided("castlingRookPieces", &mut rooks, |key| types(self, key))?;
        self.castling_rook_pieces = rooks;
        if let Some(on) = flag("chess960")? {
            self.chess960 = on;
        }
        if let Some(on) = flag("checking")? {
            self.checking = on;
        }
        if let Some(on) = flag("mustCapture")? {
            self.must_capture = on;
        }
        if let Some(on) = flag("makpongRule")? {
            self.makpong = on;
        }
        sided("passOnStalemate", &mut self.pass_on_stalemate, flag)?;
        sided("pass", &mut self.pass, flag)?;
        if let Some(on) = flag("flyingGeneral")? {
            self.flying_general = on;
        }
        if let Some(on) = flag("bikjangRule")? {
            self.bikjang = on;
        }
        if let Some(on) = flag("wallOrMove")? {
            self.wall_or_move = on;
        }
        if let Some(text) = options.get("wallingRule") {
            self.walling_rule = match text.trim() {
                "none" => None,
                "arrow" => Some(WallRule::Arrow),
                "duck" => Some(WallRule::Duck),
                "past" => Some(WallRule::Past),
                "static" => Some(WallRule::Static),
                "edge" => Some(WallRule::Edge),
                _ => {
                    return Err(error(
                        "wallingRule",
                        format!("expected arrow, duck, edge, past, static or none, not {text:?}"),
                    ));
                }
            };
        }
        let mut regions = self.walling_region.clone().unwrap_or_else(|| {
            let all: Vec<Coord> = (0..16).flat_map(|r| rank_region(r, 16)).collect();
            [all.clone(), all]
        });
        if sided("wallingRegion", &mut regions, region)? {
            self.walling_region = Some(regions);
        }
        for (key, _) in &section.options {
            let Some(rest) = key.strip_prefix("mobilityRegion") else {
                continue;
            };
            let (side, piece) = match (rest.strip_prefix("White"), rest.strip_prefix("Black")) {
                (Some(piece), _) => (0, piece),
                (_, Some(piece)) => (1, piece),
                _ => continue,
            };
            let name = uncapitalized(piece);
            let squares = region(key)?.filter(|squares| !squares.is_empty());
            match self.mobility_regions.iter_mut().find(|(known, _)| *known == name) {
                Some((_, sides)) => sides[side] = squares,
                None => {
                    let mut sides = [None, None];
                    sides[side] = squares;
                    self.mobility_regions.push((name, sides));
                }
            }
        }
        let mut sets = self
            .n_move_rule_types
            .clone()
            .unwrap_or_else(|| [vec!["pawn".to_string()], vec!["pawn".to_string()]]);
        if sided("nMoveRuleTypes", &mut sets, |key| types(self, key))? {
            self.n_move_rule_types = Some(sets);
        }
        if let Some(count) = number("nMoveRule")? {
            self.n_move_rule = count;
        }
        if let Some(count) = number("nFoldRule")? {
            if count == 0 {
                return Err(error(
                    "nFoldRule",
                    "a game without a repetition rule is not supported yet".to_string(),
                ));
            }
            self.n_fold_rule = count;
        }
        if let Some(result) = result("nFoldValue")? {
            self.n_fold_value = result.ok_or_else(|| error("nFoldValue", "expected win, loss or draw".to_string()))?;
        }
        if let Some(on) = flag("nFoldValueAbsolute")? {
            self.n_fold_value_absolute = on;
        }
        if let Some(result) = result("stalemateValue")? {
            self.stalemate_value =
                result.ok_or_else(|| error("stalemateValue", "expected win, loss or draw".to_string()))?;
        }
        if let Some(on) = flag("stalematePieceCount")? {
            self.stalemate_piece_count = on;
        }
        // Each option has rules of its own beside reversi's and ataxx's
        // (`own`), and some this library lacks (`missing`).
        let enclosure = |key: &str, own: (&str, Enclosure), missing: &[&str]| {
            read_as(
                &options,
                key,
                |text| match text.trim() {
                    "none" => Ok(None),
                    "reversi" => Ok(Some(Enclosure::Reversi)),
                    "ataxx" => Ok(Some(Enclosure::Ataxx)),
                    name if name == own.0 => Ok(Some(own.1)),
                    other if missing.contains(&other) => Err(format!("the {other} rule is not supported yet")),
                    other => Err(format!(
                        "expected reversi, ataxx, {}{} or none, not {other:?}",
                        own.0,
                        missing.iter().map(|name| format!(", {name}")).collect::<String>()
                    )),
                },
                &error,
            )
        };
        if let Some(rule) = enclosure("enclosingDrop", ("snort", Enclosure::Snort), &["anyside", "top"])? {
            self.enclosing_drop = rule;
        }
        if let Some(squares) = region("enclosingDropStart")? {
            self.enclosing_drop_start = squares;
        }
        if let Some(rule) = enclosure("flipEnclosedPieces", ("quadwrangle", Enclosure::Quadwrangle), &[])? {
            self.flip_enclosed_pieces = rule;
        }
        if let Some(on) = flag("freeDrops")? {
            self.free_drops = on;
        }
        if let Some(on) = flag("adjudicateFullBoard")? {
            self.adjudicate_full_board = on;
        }
        if let Some(on) = flag("gating")? {
            self.gating = on;
        }
        if let Some(on) = flag("cambodianMoves")? {
            self.cambodian_moves = on;
        }
        if let Some(on) = flag("immobilityIllegal")? {
            self.immobility_illegal = on;
        }
        if let Some(rank) = rank("soldierPromotionRank")? {
            self.soldier_promotion_rank = rank;
        }
        if let Some(squares) = region("diagonalLines")? {
            self.diagonal_lines = squares;
        }
        if let Some(counting) = read_as(&options, "materialCounting", parse_material_counting, &error)? {
            self.material_counting = counting;
        }
        if let Some(result) = result("checkmateValue")? {
            self.checkmate_value =
                result.ok_or_else(|| error("checkmateValue", "expected win, loss or draw".to_string()))?;
        }
        if let Some(result) = result("extinctionValue")? {
            self.extinction_value = result;
        }
        if let Some(on) = flag("extinctionClaim")? {
            self.extinction_claim = on;
        }
        if let Some(on) = flag("extinctionPseudoRoyal")? {
            self.extinction_pseudo_royal = on;
        }
        if let Some(on) = flag("dupleCheck")? {
            self.duple_check = on;
        }
        if let Some(list) = types(self, "extinctionPieceTypes")? {
            self.extinction_piece_types = list;
        }
        if let Some(count) = number("extinctionPieceCount")? {
            self.extinction_piece_count = count;
        }
        if let Some(count) = number("extinctionOpponentPieceCount")? {
            self.extinction_opponent_piece_count = count;
        }
        let mut flags = self.flag_piece.clone();
        sided("flagPiece", &mut flags, |key| {
            options
                .get(key)
                .map(|text| self.one_type(text).map_err(|problem| error(key, problem)))
                .transpose()
        })?;
        self.flag_piece = flags;
        sided("flagRegion", &mut self.flag_region, region)?;
        if let Some(on) = flag("flagMove")? {
            self.flag_move = on;
        }
        if let Some(on) = flag("checkCounting")? {
            self.check_counting = on;
        }
        for (key, option) in [
            ("pieceDrops", &mut self.piece_drops),
            ("capturesToHand", &mut self.captures_to_hand),
            ("twoBoards", &mut self.two_boards),
            ("dropLoop", &mut self.drop_loop),
            ("dropChecks", &mut self.drop_checks),
            ("firstRankPawnDrops", &mut self.first_rank_pawn_drops),
            ("promotionZonePawnDrops", &mut self.promotion_zone_pawn_drops),
            ("mustDrop", &mut self.must_drop),
            ("dropOppositeColoredBishop", &mut self.drop_opposite_colored_bishop),
            ("castlingDroppedPiece", &mut self.castling_dropped_piece),
        ] {
            if let Some(on) = flag(key)? {
                *option = on;
            }
        }
        if let Some(&text) = options.get("mustDropType") {
            self.must_drop_type = match text.trim() {
                "*" | "" => None,
                _ => Some(
                    self.one_type(text)
                        .map_err(|problem| error("mustDropType", problem))?
                        .ok_or_else(|| error("mustDropType", format!("expected a piece letter, found {text:?}")))?,
                ),
            };
        }
        let mut regions = self.drop_region.clone().unwrap_or_else(|| {
            let all: Vec<Coord> = (0..16).flat_map(|r| rank_region(r, 16)).collect();
            [all.clone(), all]
        });
        if sided("dropRegion", &mut regions, region)? {
            self.drop_region = Some(regions);
        }
        Ok(())
    }

    /// The definition these options describe.
    fn spec(&self, name: &str) -> Result<VariantSpec, IniError> {
        let error = |key: &str, problem: String| IniError {
            section: name.to_string(),
            key: (!key.is_empty()).then(|| key.to_string()),
            problem,
        };
        let size = BoardSize::new(self.max_file, self.max_rank).map_err(|e| error("maxFile", e.to_string()))?;
        let on_board = |squares: &[Coord]| -> Vec<Coord> {
            squares
                .iter()
                .copied()
                .filter(|c| c.file.index() < self.max_file && c.rank.index() < self.max_rank)
                .collect()
        };
        let zone = |region: &Region| Zone::squares(on_board(&region[0])).with_black_squares(on_board(&region[1]));
        let letter_of = |name: &str| -> Option<char> {
            self.pieces
                .iter()
                .find(|piece| piece.name == name)
                .map(|piece| piece.letter.to_ascii_uppercase())
        };
        let letters = |types: &[String]| -> Vec<char> { types.iter().filter_map(|t| letter_of(t)).collect() };
        let contains = |types: &[String], name: &str| types.iter().any(|t| t == name || t == ALL);
        let same_for_both = |key: &str, pair: &[Vec<String>; 2]| -> Result<Vec<String>, IniError> {
            if pair[0] == pair[1] {
                Ok(pair[0].clone())
            } else {
                Err(error(
                    key,
                    "different sets for White and Black are not supported yet".to_string(),
                ))
            }
        };
        let checks = if self.check_counting {
            // Without counters in the start FEN, the next check wins, as
            // Fairy-Stockfish reads it.
            match self.start_fen.split_whitespace().find(|field| field.contains('+')) {
                None => Some(1),
                Some(field) => {
                    let count = field.split('+').next().and_then(|n| n.parse::<u8>().ok());
                    Some(count.ok_or_else(|| error("checkCounting", format!("bad check counters {field:?}")))?)
                }
            }
        } else {
            None
        };
        let mut spec = VariantSpec::new(name, Geometry::new(size), String::new())
            .checkmate(self.checkmate_value)
            .n_move_rule(self.n_move_rule);
        spec = if self.stalemate_piece_count {
            spec.goal(Goal::StalemateByPieceCount(self.stalemate_value))
        } else {
            spec.stalemate(self.stalemate_value)
        };
        if let Some(checks) = checks {
            spec = spec.goal(Goal::CheckCount(checks));
        }
        if self.must_capture {
            spec = spec.compulsory_capture();
        }
        if !self.checking {
            spec = spec.forbid_checks();
        }
        if self.makpong {
            spec = spec.hold_royal_in_check();
        }
        if self.immobility_illegal {
            spec = spec.immobility_illegal();
        }
        if self.chess960 {
            spec = spec.chess960();
        }
        match self.pass_on_stalemate {
            [true, true] if self.pass != [false, false] => {
                return Err(error(
                    "passOnStalemate",
                    "passing on stalemate together with passing is not supported yet".to_string(),
                ));
            }
            [true, true] => spec = spec.pass_on_stalemate(),
            [false, false] => {}
            _ => {
                return Err(error(
                    "passOnStalemate",
                    "passing on stalemate for one side only is not supported yet".to_string(),
                ));
            }
        }
        if let Some(region) = &self.en_passant_region {
            spec = spec.en_passant_zone(zone(region));
        }
        if self.flying_general {
            spec = spec.flying_royals();
        }
        match (self.pass, self.bikjang) {
            ([true, true], bikjang) => {
                let passing = Passing::new();
                spec = spec.passing(if bikjang { passing.with_bikjang() } else { passing });
            }
            ([false, false], false) => {}
            ([false, false], true) => {
                return Err(error(
                    "bikjangRule",
                    "bikjang without passing is not supported yet".to_string(),
                ));
            }
            _ => {
                return Err(error(
                    "pass",
                    "passing for one side only is not supported yet".to_string(),
                ));
            }
        }
        if let Some(rule) = self.walling_rule {
            if self.blast_on_capture {
                // Fairy-Stockfish judges such a capture's safety with a wall
                // next to it blown away, though the wall then stands; this
                // library judges the position the move leaves.
                return Err(error(
                    "wallingRule",
                    "walls placed by moves together with explosions are not supported yet".to_string(),
                ));
            }
            let mut walling = Walling::new(rule);
            if let Some(region) = &self.walling_region {
                walling = walling.region(zone(region));
            }
            if self.wall_or_move {
                walling = walling.or_move();
            }
            spec = spec.walling(walling);
        }
        if self.piece_drops && self.promotion_zone_pawn_drops && self.mandatory_pawn_promotion {
            // Fairy-Stockfish lets such a pawn stand in the zone until it
            // moves; here a compulsory promotion zone is closed to it.
            return Err(error(
                "promotionZonePawnDrops",
                "pawns dropped where their promotion is compulsory are not supported yet".to_string(),
            ));
        }
        if self.captures_to_hand && !self.piece_drops {
            return Err(error(
                "capturesToHand",
                "captures to hand without drops are not supported yet".to_string(),
            ));
        }
        if self.two_boards && !self.piece_drops {
            return Err(error(
                "twoBoards",
                "a partner's board feeds the hands, which needs pieceDrops".to_string(),
            ));
        }
        if self.piece_drops {
            let mut drops = Drops::new();
            if self.captures_to_hand {
                drops = drops.captures_to_hand();
            }
            if self.drop_loop {
                drops = drops.keep_promoted();
            }
            if let Some(region) = &self.drop_region {
                drops = drops.zone(zone(region));
            }
            if self.must_drop {
                drops = drops.must_drop(self.must_drop_type.as_deref().and_then(letter_of));
            }
            if self.drop_opposite_colored_bishop {
                if let Some(bishop) = letter_of("bishop") {
                    drops = drops.opposite_colors(bishop);
                }
            }
            if self.castling_dropped_piece {
                drops = drops.castling_by_drop();
            }
            if !self.drop_checks {
                drops = drops.no_drop_checks();
            }
            if self.free_drops {
                drops = drops.free();
            }
            if self.two_boards {
                drops = drops.partner_board();
            }
            spec = spec.drops(drops);
        }
        if self.gating != self.cambodian_moves {
            // Gates serve Cambodian chess's first moves here; on their own
            // they would serve gating from the hand, which needs
            // `seirawanGating`.
            return Err(error(
                if self.gating { "gating" } else { "cambodianMoves" },
                "gates without cambodianMoves, or cambodianMoves without gating, are not supported yet".to_string(),
            ));
        }
        if self.enclosing_drop.is_some() || self.flip_enclosed_pieces.is_some() {
            let reversi = [self.enclosing_drop, self.flip_enclosed_pieces].contains(&Some(Enclosure::Reversi));
            let board = self.start_fen.split([' ', '[']).next().unwrap_or_default();
            if reversi && board.contains('*') {
                // Fairy-Stockfish's reversi lines pass over holes, and a
                // run across one flips the hole; here lines stop at holes.
                return Err(error(
                    "enclosingDrop",
                    "reversi's lines on a board with holes are not supported yet".to_string(),
                ));
            }
            let mut enclosing = Enclosing::new();
            if let Some(rule) = self.enclosing_drop {
                enclosing = enclosing.drops(rule);
                // Fairy-Stockfish reads the opening squares only with an
                // enclosing drop rule.
                let opening = on_board(&self.enclosing_drop_start);
                if !opening.is_empty() {
                    enclosing = enclosing.opening(Zone::squares(opening.clone()).with_black_squares(opening));
                }
            }
            if let Some(rule) = self.flip_enclosed_pieces {
                enclosing = enclosing.flips(rule);
            }
            spec = spec.enclosing(enclosing);
        }
        if self.adjudicate_full_board {
            spec = spec.goal(Goal::FullBoard);
        }
        match self.material_counting {
            MaterialCounting::None => {}
            MaterialCounting::Janggi => {
                // Its weights by piece type, and its tie-break of one point
                // and a half for Black (White wins only by two or more).
                let weights = [
                    ("rook", 13),
                    ("janggiCannon", 7),
                    ("horse", 5),
                    ("janggiElephant", 3),
                    ("wazir", 3),
                    ("soldier", 2),
                ];
                let values = weights
                    .iter()
                    .filter_map(|&(name, value)| letter_of(name).map(|letter| (letter, value)))
                    .collect();
                spec = spec.counting(Counting::new(values, 3));
            }
            MaterialCounting::Unweighted => {
                let values = self
                    .pieces
                    .iter()
                    .map(|piece| (piece.letter.to_ascii_uppercase(), 1))
                    .collect();
                spec = spec.counting(Counting::new(values, 0));
            }
            MaterialCounting::DrawOdds(side) => spec = spec.goal(Goal::DrawOdds(side)),
        }
        if self.blast_on_capture {
            let spared: Vec<char> = letter_of("pawn").into_iter().collect();
            spec = spec.explosion(Explosion::sparing(spared).immune(letters(&self.blast_immune_types)));
        }
        if self.n_fold_rule != 3 || self.n_fold_value != GameResult::Draw {
            let mut repetition = Repetition::new(self.n_fold_rule, self.n_fold_value);
            repetition.as_white = self.n_fold_value_absolute;
            spec = spec.goal(Goal::Repetition(repetition));
        }
        if let Some(result) = self.extinction_value {
            let pieces: Vec<char> = if contains(&self.extinction_piece_types, ALL) {
                vec![ALL_PIECES]
            } else {
                letters(&self.extinction_piece_types)
            };
            let mut rule = Extinction::of(result, pieces);
            rule.at_most = self.extinction_piece_count;
            rule.opponent_at_least = self.extinction_opponent_piece_count;
            rule.claim = self.extinction_claim;
            rule.royal = self.extinction_pseudo_royal;
            rule.duple_check = self.duple_check;
            spec = spec.goal(Goal::Extinction(rule));
        }
        // Capture the flag.
        for side in [Color::White, Color::Black] {
            let index = side as usize;
            let squares = on_board(&self.flag_region[index]);
            if squares.is_empty() {
                continue;
            }
            let kinds: Vec<char> = match &self.flag_piece[index] {
                Some(piece) if piece != ALL => letter_of(piece).into_iter().collect(),
                _ => self
                    .pieces
                    .iter()
                    .map(|piece| piece.letter.to_ascii_uppercase())
                    .collect(),
            };
            // Arrival zones are given as White sees them and mirrored for
            // Black unless Black's are given: Black's own squares here.
            let region = match side {
                Color::White => Zone::squares(squares.clone()).with_black_squares(Vec::new()),
                Color::Black => Zone::squares(Vec::new()).with_black_squares(squares.clone()),
            };
            for kind in kinds {
                let mut goal = Arrival::new(kind, region.clone()).only_for(side);
                if self.flag_move {
                    goal = goal.with_reply();
                }
                spec = spec.arrival(goal);
            }
        }
        // Pieces.
        let promotion_pawns = same_for_both("promotionPawnTypes", &self.promotion_pawn_types)?;
        let en_passant_types = self
            .en_passant_types
            .as_ref()
            .map(|pair| same_for_both("enPassantTypes", pair))
            .transpose()?;
        let n_move_types = self
            .n_move_rule_types
            .as_ref()
            .map(|pair| same_for_both("nMoveRuleTypes", pair))
            .transpose()?
            .unwrap_or_else(|| vec!["pawn".to_string()]);
        let double_step =
            self.double_step && !(self.double_step_region[0].is_empty() && self.double_step_region[1].is_empty());
        let initial = if double_step {
            zone(&self.double_step_region)
        } else {
            Zone::none()
        };
        let white_choices = letters(&self.promotion_piece_types[0]);
        let black_choices = letters(&self.promotion_piece_types[1]);
        // In Fairy-Stockfish's order of types, which FEN lists pieces in
        // hand by.
        let mut pieces = self.pieces.clone();
        pieces.sort_by_key(|piece| type_order(&piece.name));
        for piece in &pieces {
            let key = piece.name.as_str();
            let mut betza = piece.betza.clone();
            if key == "pawn" && double_step {
                betza.push_str("ifmnD");
            }
            let movement: Movement = betza.parse().map_err(|e| error(key, format!("{betza:?}: {e}")))?;
            let movement = match &en_passant_types {
                None => crate::file::en_passant_marks(movement, None),
                Some(types) => capturing_en_passant(movement, contains(types, key)),
            };
            let letter = piece.letter.to_ascii_uppercase();
            let soldier_zone = (key == "soldier" && self.soldier_promotion_rank > 1)
                .then(|| Zone::ranks(self.soldier_promotion_rank..=self.max_rank));
            // Below its promotion rank a soldier steps forward only.
            let movement = if soldier_zone.is_some() {
                "fW".parse().map_err(|e| error(key, format!("{e}")))?
            } else {
                movement
            };
            let mut spec_piece = PieceSpec::new(letter, piece.name.clone(), movement).initial(initial.clone());
            if let Some(zone) = &soldier_zone {
                spec_piece = spec_piece.zone_moves(ZoneMoves::new(
                    zone.clone(),
                    "sW".parse().map_err(|e| error(key, format!("{e}")))?,
                ));
            }
            if key == "king" {
                spec_piece = spec_piece.royal();
            }
            if key == "janggiCannon" {
                // It neither hops over nor takes a cannon.
                spec_piece = spec_piece.sparing_own_kind().unscreened_by_own_kind();
            }
            if let Some(betza) = self.diagonal_moves(key, &betza) {
                if soldier_zone.is_some() {
                    return Err(error(
                        "diagonalLines",
                        "diagonal lines for a soldier with a promotion rank are not supported".to_string(),
                    ));
                }
                let lines = on_board(&self.diagonal_lines);
                let zone = Zone::squares(lines.clone()).with_black_squares(lines);
                let movement = betza.parse().map_err(|e| error(key, format!("{e}")))?;
                spec_piece = spec_piece.zone_moves(ZoneMoves::new(zone, movement).confined());
            }
            if self.cambodian_moves {
                // The unmoved king's knight leap forward, the unmoved
                // met's double step, and the rook that takes the leap away
                // by aiming at the king.
                let gated = match key {
                    "king" => Some("mfsN"),
                    "fers" => Some("mfD"),
                    _ => None,
                };
                if let Some(betza) = gated {
                    spec_piece = spec_piece.gate_moves(betza.parse().map_err(|e| error(key, format!("{e}")))?);
                }
                if key == "rook" {
                    spec_piece = spec_piece.closing_royal_gates();
                }
            }
            if contains(&self.mutually_immune_types, key) {
                spec_piece = spec_piece.sparing_own_kind();
            }
            let mut regions = self.mobility_regions.iter();
            if let Some((_, sides)) =
                regions.find(|(name, sides)| name.as_str() == key && sides.iter().any(Option::is_some))
            {
                // A side without a region goes anywhere.
                let everywhere: Vec<Coord> = (0..self.max_rank)
                    .flat_map(|rank| rank_region(rank, self.max_file))
                    .collect();
                let side = |index: usize| on_board(sides[index].as_deref().unwrap_or(&everywhere));
                spec_piece = spec_piece.region(Zone::squares(side(0)).with_black_squares(side(1)));
            }
            if contains(&self.petrify_on_capture_types, key) {
                spec_piece = spec_piece.petrifying();
            }
            spec_piece = spec_piece.resets_clock(contains(&n_move_types, key));
            if let Some((_, limit)) = self.promotion_limits.iter().find(|(name, _)| name == key) {
                spec_piece = spec_piece.promotion_limit(*limit);
            }
            if self.piece_drops && key == "pawn" {
                spec_piece = spec_piece.drop_zone(self.pawn_drop_zone());
            }
            if contains(&promotion_pawns, key) {
                let mut promotion = Promotion::new(zone(&self.promotion_region), white_choices.iter().copied());
                if black_choices != white_choices {
                    promotion = promotion.with_black_choices(black_choices.iter().copied());
                }
                if !self.mandatory_pawn_promotion {
                    promotion = promotion.optional();
                }
                spec_piece = spec_piece.promotion(promotion);
            }
            spec = spec.piece(spec_piece);
        }
        // Castling: the rights of the start position whose king and rook
        // stand where Fairy-Stockfish looks for them; it drops the others
        // silently, and so does this reader.
        let (ways, rights) = self
            .castling_ways(&letter_of)
            .map_err(|problem| error("castling", problem))?;
        for rule in ways {
            spec = spec.castling(rule);
        }
        let mut rights = rights;
        if self.cambodian_moves {
            // The gates, file letters of the castling field.
            let field = self.start_fen.split_whitespace().nth(2).unwrap_or("-");
            let gates = field.chars().filter(|&c| {
                File::from_letter(c.to_ascii_lowercase()).is_some_and(|file| file.index() < self.max_file)
                    && !rights.contains(c)
            });
            let gates: String = gates.collect();
            rights = if rights == "-" { gates } else { rights + &gates };
            if rights.is_empty() {
                rights = "-".to_string();
            }
        }
        spec.start_fen = normalized_fen(&self.start_fen, &rights);
        Ok(spec)
    }
}

impl Config {
    /// The moves along the diagonal lines of a piece of type `key` (with
    /// `betza` its moves) standing on one of them, as Fairy-Stockfish gives
    /// them: a wazir's (and a king's moving as one) a ferz's, a soldier's
    /// forward ones, a rook's a bishop's, a janggi cannon's its hops along
    /// them; each to a square of the lines.
    fn diagonal_moves(&self, key: &str, betza: &str) -> Option<&'static str> {
        if self.diagonal_lines.is_empty() {
            return None;
        }
        match key {
            "wazir" => Some("F"),
            "king" if betza == "W" => Some("F"),
            "soldier" => Some("fF"),
            "rook" => Some("B"),
            "janggiCannon" => Some("pB"),
            _ => None,
        }
    }

    /// Where Fairy-Stockfish drops pawns: not in the promotion zone nor on
    /// the first rank, unless options allow them there.
    fn pawn_drop_zone(&self) -> Zone {
        let side = |color: usize| -> Vec<Coord> {
            let first = if color == 0 { 0 } else { self.max_rank - 1 };
            (0..self.max_rank)
                .filter(|&rank| self.first_rank_pawn_drops || rank != first)
                .flat_map(|rank| rank_region(rank, self.max_file))
                .filter(|coord| self.promotion_zone_pawn_drops || !self.promotion_region[color].contains(coord))
                .collect()
        };
        Zone::squares(side(0)).with_black_squares(side(1))
    }

    /// The start position's board, as rows of letters (`None` for an
    /// empty square) from the first rank up.
    fn start_board(&self) -> Vec<Vec<Option<char>>> {
        let board = self.start_fen.split_whitespace().next().unwrap_or("");
        let board = board.split('[').next().unwrap_or("");
        let mut rows: Vec<Vec<Option<char>>> = board
            .split('/')
            .map(|row| {
                let mut squares = Vec::new();
                let mut digits = String::new();
                for c in row.chars() {
                    if c.is_ascii_digit() {
                        digits.push(c);
                        continue;
                    }
                    if !digits.is_empty() {
                        squares.extend(std::iter::repeat_n(None, digits.parse().unwrap_or(0).min(16)));
                        digits.clear();
                    }
                    if c.is_ascii_alphabetic() || c == '*' {
                        squares.push(Some(c));
                    }
                }
                squares.extend(std::iter::repeat_n(None, digits.parse().unwrap_or(0).min(16)));
                squares
            })
            .collect();
        rows.reverse();
        rows
    }

    /// The ways to castle the start position allows, as White sees them,
    /// and the rights left in its FEN.
    fn castling_ways(&self, letter_of: &dyn Fn(&str) -> Option<char>) -> Result<(Vec<CastlingSpec>, String), String> {
        let rights = self.start_fen.split_whitespace().nth(2).unwrap_or("-");
        let mut kept = String::new();
        let mut ways: Vec<CastlingSpec> = Vec::new();
        if !self.castling || rights == "-" || rights.chars().any(|c| !"KQkq".contains(c)) {
            return Ok((ways, "-".to_string()));
        }
        let (Some(king), Some(rook)) = (
            self.castling_king_piece[0].as_deref().and_then(letter_of),
            match self.castling_rook_pieces[0].as_slice() {
                [rook] => letter_of(rook),
                _ => None,
            },
        ) else {
            return Ok((ways, "-".to_string()));
        };
        if self.castling_king_piece[0] != self.castling_king_piece[1]
            || self.castling_rook_pieces[0] != self.castling_rook_pieces[1]
        {
            return Err("different castling pieces for White and Black are not supported yet".to_string());
        }
        let board = self.start_board();
        let last = self.max_file - 1;
        // Where each side's king and rooks stand, by file, on its own
        // castling rank.
        let find = |color: Color, right: char| -> Option<(u8, u8)> {
            let rank = match color {
                Color::White => usize::from(self.castling_rank),
                Color::Black => usize::from(self.max_rank - 1 - self.castling_rank),
            };
            let row = board.get(rank)?;
            let mine = |letter: char| match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter.to_ascii_lowercase(),
            };
            let at = |file: u8| row.get(usize::from(file)).copied().flatten();
            let kings: Vec<u8> = (0..self.max_file).filter(|&f| at(f) == Some(mine(king))).collect();
            let king_file = match kings.as_slice() {
                [one] => *one,
                _ => self.castling_king_file,
            };
            if at(king_file) != Some(mine(king)) {
                return None;
            }
            let rook_file = if right == 'K' {
                let start = self.castling_rook_kingside_file.unwrap_or(last).min(last);
                (0..=start).rev().find(|&f| at(f) == Some(mine(rook)))?
            } else {
                (self.castling_rook_queenside_file..self.max_file).find(|&f| at(f) == Some(mine(rook)))?
            };
            // A rook found on the other side of the king gives the other
            // right (Fairy-Stockfish then has that one only).
            let beside = if right == 'K' {
                rook_file > king_file
            } else {
                rook_file < king_file
            };
            beside.then_some((king_file, rook_file))
        };
        for right in ['K', 'Q'] {
            let white = rights.contains(right).then(|| find(Color::White, right)).flatten();
            let black = rights
                .contains(right.to_ascii_lowercase())
                .then(|| find(Color::Black, right))
                .flatten();
            let (king_from, rook_from) = match (white, black) {
                (Some(w), Some(b)) if w != b => {
                    return Err("castling from other files for White and Black is not supported yet".to_string());
                }
                (Some(squares), _) | (None, Some(squares)) => squares,
                (None, None) => continue,
            };
            if white.is_some() {
                kept.push(right);
            }
            if black.is_some() {
                kept.push(right.to_ascii_lowercase());
            }
            let (king_to, rook_to) = if right == 'K' {
                (self.castling_kingside_file, self.castling_kingside_file.wrapping_sub(1))
            } else {
                (self.castling_queenside_file, self.castling_queenside_file + 1)
            };
            let square = |file: u8| -> Result<Coord, String> {
                File::new(file)
                    .zip(Rank::new(self.castling_rank))
                    .map(|(file, rank)| Coord::new(file, rank))
                    .ok_or_else(|| "a castling square lies off the board".to_string())
            };
            let mut rule = CastlingSpec::new(
                right,
                square(king_from)?,
                square(king_to)?,
                rook,
                square(rook_from)?,
                square(rook_to)?,
            );
            if self.castling_king_piece[0].as_deref() != Some("king") {
                rule = rule.by(king);
            }
            ways.push(rule);
        }
        // FEN order: White's rights first.
        let mut ordered: String = kept.chars().filter(char::is_ascii_uppercase).collect();
        ordered.extend(kept.chars().filter(char::is_ascii_lowercase));
        if ordered.is_empty() {
            ordered.push('-');
        }
        Ok((ways, ordered))
    }
}

/// A start FEN as Fairy-Stockfish reads it, which may leave fields out
/// (`... w 0 1`, `... w - 0 1`, `... w`), written in full, with the
/// castling rights given.
fn normalized_fen(fen: &str, castling: &str) -> String {
    // Fields are read by position, as Fairy-Stockfish reads them: a field
    // that does not fit its place counts as left out.
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    // The check counters (`3+3`) are found wherever they stand.
    let checks = fields
        .iter()
        .skip(2)
        .position(|field| field.contains('+'))
        .map(|index| fields.remove(index + 2));
    let mut fields = fields.into_iter();
    let board = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("w");
    let _rights = fields.next();
    let en_passant = fields
        .next()
        .filter(|field| {
            *field == "-"
                || (field.len() >= 2
                    && field.starts_with(|c: char| c.is_ascii_lowercase())
                    && field[1..].chars().all(|c| c.is_ascii_digit()))
        })
        .unwrap_or("-");
    let rest: Vec<&str> = fields.collect();
    let number = |index: usize, default: &'static str| {
        rest.get(index)
            .filter(|f| f.parse::<u32>().is_ok())
            .copied()
            .unwrap_or(default)
    };
    let mut text = format!("{board} {side} {castling} {en_passant}");
    if let Some(checks) = checks {
        text.push(' ');
        text.push_str(checks);
    }
    text.push_str(&format!(" {} {}", number(0, "0"), number(1, "1")));
    text
}

/// Reads an option given for both sides (`key`), then for each
/// (`keyWhite`, `keyBlack`), as Fairy-Stockfish reads them; returns whether
/// any was given.
fn sided<T: Clone>(
    key: &str,
    slots: &mut [T; 2],
    mut read: impl FnMut(&str) -> Result<Option<T>, IniError>,
) -> Result<bool, IniError> {
    let mut found = false;
    for (suffix, which) in [("", [true, true]), ("White", [true, false]), ("Black", [false, true])] {
        if let Some(value) = read(&format!("{key}{suffix}"))? {
            found = true;
            for (slot, on) in slots.iter_mut().zip(which) {
                if on {
                    *slot = value.clone();
                }
            }
        }
    }
    Ok(found)
}

/// The options this reader understands (beside piece types and the ignored
/// and unsupported ones).
const KNOWN: [&str; 110] = [
    "mustDrop",
    "mustDropType",
    "dropOppositeColoredBishop",
    "castlingDroppedPiece",
    "pieceDrops",
    "capturesToHand",
    "twoBoards",
    "dropLoop",
    "dropChecks",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropRegion",
    "dropRegionWhite",
    "dropRegionBlack",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagMove",
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "pawnTypes",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionLimit",
    "mandatoryPawnPromotion",
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "petrifyOnCaptureTypes",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "pass",
    "passWhite",
    "passBlack",
    "flyingGeneral",
    "bikjangRule",
    "wallingRule",
    "wallOrMove",
    "diagonalLines",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "chess960",
    "checking",
    "mustCapture",
    "makpongRule",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "stalemateValue",
    "stalematePieceCount",
    "checkmateValue",
    "extinctionValue",
    "extinctionClaim",
    "extinctionPseudoRoyal",
    "dupleCheck",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "checkCounting",
    "enclosingDrop",
    "enclosingDropStart",
    "flipEnclosedPieces",
    "freeDrops",
    "adjudicateFullBoard",
    "materialCounting",
    "gating",
    "cambodianMoves",
    "immobilityIllegal",
    "soldierPromotionRank",
];

/// A movement whose every capture may take en passant, and whose double
/// steps leave en passant squares, if `takes_part`; without any en passant
/// otherwise. Fairy-Stockfish's `enPassantTypes` gives pieces en passant
/// captures along all their attacks.
fn capturing_en_passant(movement: Movement, takes_part: bool) -> Movement {
    let movement = if takes_part {
        let capturing = |part: Part| {
            if part.mode() == Mode::Move {
                part
            } else {
                part.en_passant()
            }
        };
        movement.parts().iter().map(|&part| capturing(part)).collect()
    } else {
        movement
    };
    crate::file::en_passant_marks(movement, Some(takes_part))
}

/// Whether a key names a piece type (predefined or a custom slot).
fn is_piece_key(key: &str) -> bool {
    PIECE_TYPES.iter().any(|(name, _)| *name == key)
        || key
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| (1..=CUSTOM_PIECES).contains(&n))
}

/// A rank number, 1 to 16.
fn rank_number(text: &str) -> Option<u8> {
    text.parse::<u8>().ok().filter(|rank| (1..=16).contains(rank))
}

/// A file as a 0-based index, from a letter (`h`) or a number (`8`).
fn file_number(text: &str) -> Option<u8> {
    let index = match text.parse::<u8>() {
        Ok(number) => number.checked_sub(1)?,
        Err(_) => {
            let mut chars = text.chars();
            let letter = chars.next().filter(char::is_ascii_lowercase)?;
            if chars.next().is_some() {
                return None;
            }
            letter as u8 - b'a'
        }
    };
    (index < 16).then_some(index)
}

/// Squares as Fairy-Stockfish lists them: `d4 e4`, `*1` (a rank), `a*` (a
/// file), `-` (none). Files and ranks beyond the board are left for the
/// board to drop.
fn parse_region(text: &str) -> Result<Vec<Coord>, String> {
    let mut squares = Vec::new();
    for symbol in text.split_whitespace() {
        if symbol == "-" {
            break;
        }
        if let Some(rank) = symbol.strip_prefix('*') {
            let rank = rank_number(rank).ok_or_else(|| format!("not a rank: {symbol:?}"))?;
            squares.extend(rank_region(rank - 1, 16));
        } else if let Some(file) = symbol.strip_suffix('*') {
            let file = file_number(file).ok_or_else(|| format!("not a file: {symbol:?}"))?;
            squares.extend((0..16).filter_map(|rank| Some(Coord::new(File::new(file)?, Rank::new(rank)?))));
        } else {
            squares.push(symbol.parse::<Coord>().map_err(|e| e.to_string())?);
        }
    }
    Ok(squares)
}
