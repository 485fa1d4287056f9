//! Variant rules, positions and exact legal move generation for chess
//! variants.
//!
//! A variant is defined as data, a [`VariantSpec`]: a
//! [`Geometry`](fairy_geometry::Geometry), piece kinds ([`PieceSpec`]) whose
//! movement is built from the primitives of [`fairy_movement`], castling
//! ([`CastlingSpec`], from fixed squares or, in chess960 mode, from
//! wherever the king and rooks start), promotion, and how the game ends (checkmate and
//! stalemate results, winning [`Arrival`]s). [`Variant::new`] checks the
//! definition and compiles it into move and attack tables, once.
//!
//! Positions follow the shakmaty model: a [`Setup`] is plain data read from
//! FEN, possibly illegal; [`Position::from_setup`] checks it against the
//! variant and gives a [`Position`], which then changes only by playing legal
//! moves. Moves are written in coordinate notation ([`UciMove`]).
//!
//! Move generation is general: nothing in it knows which variant it runs.
//! Moves are generated in bulk as (origin, destination set), so
//! [`Position::perft`] counts the last ply by popcount.
//!
//! # Examples
//!
//! ```
//! use fairy_geometry::{BoardSize, Geometry};
//! use fairy_movement::Movement;
//! use fairy_position::{PieceSpec, Promotion, Variant, VariantSpec, Zone};
//!
//! // Pawns and kings on a 4 x 4 board: a pawn promotes to a queen.
//! let spec = VariantSpec::new("tiny", Geometry::new(BoardSize::new(4, 4)?), "k3/3P/4/K3 w - - 0 1")
//!     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
//!     .piece(PieceSpec::new('Q', "queen", Movement::queen()))
//!     .piece(
//!         PieceSpec::new('P', "pawn", Movement::chess_pawn())
//!             .initial(Zone::ranks([2]))
//!             .promotion(Promotion::new(Zone::ranks([4]), ['Q'])),
//!     );
//! let variant = fairy_position::Variant::<u64>::new(spec)?;
//! let position = variant.start_position();
//! let promotion = position.parse_uci("d3d4q")?;
//! let after = position.play(promotion)?;
//! assert_eq!(after.fen(), "k2Q/4/4/K3 b - - 0 1");
//! assert!(after.is_check());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod any;
mod castling;
mod compile;
mod counting;
mod enclosing;
mod explosion;
mod fen;
mod game;
mod gate_moves;
mod gating;
mod goal;
mod hand;
mod in_place;
mod kinds;
mod legality;
mod mate_condition;
mod move_rules;
mod movegen;
mod moves;
mod outcome;
mod owned;
mod passing;
mod perft;
mod petrification;
mod piece;
mod position;
mod promotion_limit;
mod royalty;
pub mod san;
mod setup;
mod spec;
mod uci;
mod variant;
mod walling;
mod zobrist;
mod zone;

pub use any::{AnyVariant, VariantVisitor};
pub use castling::{CastlingRights, CastlingSpec, MAX_CASTLINGS};
pub use compile::{MAX_PARTS, VariantError};
pub use counting::Counting;
pub use enclosing::{Enclosing, Enclosure};
pub use explosion::Explosion;
pub use fen::{FenError, ParseFenError};
pub use game::Game;
pub use goal::{ALL_PIECES, Arrival, Extinction, Goal, Repetition};
pub use hand::{Drops, FileLimit, Hand};
pub use legality::Legality;
pub use mate_condition::MateCondition;
pub use moves::{Move, MoveList, MoveListIntoIter};
pub use outcome::{EndReason, GameResult, Outcome};
pub use owned::{AnyGame, GameVisitor};
pub use passing::Passing;
pub use piece::{MAX_KINDS, NetCrossing, Piece, PieceKind, PieceSpec, Promotion, ZoneMoves};
pub use position::{IllegalMoveError, Position, PositionError};
pub use san::SanError;
pub use setup::{CheckCounters, Setup, SetupPiece};
pub use spec::{FIFTY_MOVES, VariantSpec};
pub use uci::{ParseUciError, UciError, UciMove};
pub use variant::Variant;
pub use walling::{WallRule, Walling};
pub use zone::{Zone, ZoneError};
