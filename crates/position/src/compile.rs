//! The compiler: a [`VariantSpec`] checked, then turned into the tables of
//! a [`Variant`] (piece kinds, attack groups, promotions, castling, goals,
//! the legality strategy).

use std::error::Error;
use std::fmt;

use fairy_geometry::{BoardSize, Coord, Geometry, Square, SquareSet, Word};
use fairy_movement::{Atom, Color, DirectionFill, Mode, MoveTable, Part, Reach, ShiftTable, Sightlines, TablePart};
use smallvec::SmallVec;

use crate::counting::CompiledCounting;
use crate::enclosing::CompiledEnclosing;
use crate::explosion::CompiledExplosion;
use crate::goal::Goals;
use crate::hand::CompiledDrops;
use crate::kinds::{KindSet, KindUnion};
use crate::legality::Strategy;
use crate::passing::CompiledPassing;
use crate::variant::{
    AttackGroup, Bulk, DoubleStep, Kind, KindMoves, MAX_ATTACK_GROUPS, PromotionGroup, Promotions, RiderFill,
};
use crate::walling::CompiledWalling;
use crate::zobrist::Zobrist;
use crate::{
    FenError, Legality, MAX_KINDS, NetCrossing, PieceKind, PieceSpec, Position, Setup, Variant, VariantSpec, Zone,
    ZoneError,
};

/// The most distinct parts a piece's movement may have. Identical parts
/// are merged first; with this bound every accepted definition compiles in
/// bounded time and memory.
pub const MAX_PARTS: usize = 32;

/// A variant definition that cannot be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariantError {
    /// The board has more squares than the word chosen for it.
    BoardTooLarge {
        /// The board.
        size: BoardSize,
        /// The word's number of bits.
        capacity: u32,
    },
    /// No piece kinds.
    NoPieces,
    /// More piece kinds than [`MAX_KINDS`].
    TooManyPieces {
        /// The number defined.
        count: usize,
    },
    /// A piece letter that is not an upper-case ASCII letter.
    BadLetter {
        /// The letter.
        letter: char,
    },
    /// Two piece kinds with the same letter.
    DuplicateLetter {
        /// The letter.
        letter: char,
    },
    /// A letter that names no piece kind, where one is needed.
    UnknownLetter {
        /// The letter.
        letter: char,
        /// Where it was used.
        used_in: String,
    },
    /// A zone with a rank or square off the board.
    Zone {
        /// Which zone.
        zone: String,
        /// What is wrong with it.
        error: ZoneError,
    },
    /// A castling square off the board.
    CastlingSquare {
        /// The castling letter.
        letter: char,
        /// The square.
        square: Coord,
    },
    /// A castling rule that is not usable: no royal kind to castle, the king
    /// not moving, both pieces landing on one square, a letter used twice,
    /// or a move that notation cannot tell apart from another.
    BadCastling {
        /// The castling letter.
        letter: char,
        /// What is wrong.
        reason: &'static str,
    },
    /// More than [`MAX_CASTLINGS`](crate::MAX_CASTLINGS) ways to castle.
    TooManyCastlings,
    /// A royal kind that promotes.
    BadRoyal {
        /// What is wrong.
        reason: &'static str,
    },
    /// A promotion without choices, or with a zone of no square.
    BadPromotion {
        /// The promoting piece's letter.
        letter: char,
        /// What is wrong.
        reason: &'static str,
    },
    /// A multi-step part with more steps than
    /// [`MAX_STEPS`](fairy_movement::MAX_STEPS).
    TooManySteps {
        /// The piece's letter.
        letter: char,
        /// The number of steps asked for.
        steps: u8,
    },
    /// A hopper that is not supported: on an atom other than W or F, or
    /// allowed from some squares only (an initial or zone move).
    BadHopper {
        /// The piece's letter.
        letter: char,
    },
    /// A piece that may not hop over its own kind, but that does more
    /// than hop, hops on a cylinder, or is royal.
    BadUnscreened {
        /// The piece's letter.
        letter: char,
    },
    /// A movement of more than [`MAX_PARTS`] distinct parts.
    TooManyParts {
        /// The piece's letter.
        letter: char,
        /// The number of distinct parts.
        count: usize,
    },
    /// Goals that contradict each other or cannot be reached.
    Goal {
        /// What is wrong.
        reason: String,
    },
    /// A legality strategy asked for that is not exact for the rules.
    Legality {
        /// The strategy.
        legality: Legality,
    },
    /// Gate moves a kind may not have.
    GateMoves {
        /// The kind's letter.
        letter: char,
        /// What is wrong.
        reason: String,
    },
    /// Walls placed by moves, with rules they do not combine with.
    Walling {
        /// What clashes.
        reason: String,
    },
    /// Passing rules that do not combine.
    Passing {
        /// What clashes.
        reason: String,
    },
    /// Enclosing drops or flips, with rules they do not combine with.
    Enclosing {
        /// What clashes.
        reason: String,
    },
    /// The start position is not a legal position of the variant.
    StartPosition(FenError),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::BoardTooLarge { size, capacity } => {
                write!(f, "a {size} board does not fit a {capacity}-bit square set")
            }
            VariantError::NoPieces => write!(f, "the variant defines no pieces"),
            VariantError::TooManyPieces { count } => {
                write!(
                    f,
                    "the variant defines {count} piece kinds; at most {MAX_KINDS} are supported"
                )
            }
            VariantError::BadLetter { letter } => {
                write!(f, "piece letter {letter:?} is not an upper-case ASCII letter")
            }
            VariantError::DuplicateLetter { letter } => write!(f, "two piece kinds use the letter {letter:?}"),
            VariantError::UnknownLetter { letter, used_in } => {
                write!(f, "{used_in} names piece letter {letter:?}, which is not defined")
            }
            VariantError::Zone { zone, error } => write!(f, "{zone}: {error}"),
            VariantError::CastlingSquare { letter, square } => {
                write!(f, "castling {letter:?} uses square {square}, which is not on the board")
            }
            VariantError::BadCastling { letter, reason } => write!(f, "castling {letter:?}: {reason}"),
            VariantError::TooManyCastlings => {
                write!(f, "at most {} ways to castle are supported", crate::MAX_CASTLINGS)
            }
            VariantError::BadRoyal { reason } => write!(f, "royal pieces: {reason}"),
            VariantError::BadPromotion { letter, reason } => write!(f, "the promotion of {letter:?}: {reason}"),
            VariantError::TooManySteps { letter, steps } => write!(
                f,
                "piece {letter:?} moves in {steps} steps; at most {} are supported",
                fairy_movement::MAX_STEPS
            ),
            VariantError::BadHopper { letter } => write!(
                f,
                "piece {letter:?} hops on an atom other than W or F, or only from some squares; hoppers ride lines of W or F from every square they may stay on"
            ),
            VariantError::BadUnscreened { letter } => write!(
                f,
                "piece {letter:?} may not hop over its own kind, so it must only hop (no slides or leaps), not on a cylinder, and not be royal"
            ),
            VariantError::TooManyParts { letter, count } => write!(
                f,
                "piece {letter:?} has {count} distinct movement parts; at most {MAX_PARTS} are supported"
            ),
            VariantError::Goal { reason } => write!(f, "goals: {reason}"),
            VariantError::Walling { reason } => write!(f, "walling: {reason}"),
            VariantError::GateMoves { letter, reason } => write!(f, "the gate moves of {letter:?}: {reason}"),
            VariantError::Enclosing { reason } => write!(f, "enclosing: {reason}"),
            VariantError::Passing { reason } => write!(f, "passing: {reason}"),
            VariantError::Legality { legality } => {
                write!(f, "legality by {legality:?} is not exact for this variant's rules")
            }
            VariantError::StartPosition(error) => write!(f, "start position: {error}"),
        }
    }
}

/// The message includes those of the errors it wraps, so `source()`
/// returns nothing: an error-chain reporter prints each message once.
impl Error for VariantError {}

/// Looks up a piece letter, saying where it was used if it is unknown.
pub(crate) type KindOf<'a> = dyn Fn(char, &dyn Fn() -> String) -> Result<PieceKind, VariantError> + 'a;

/// A zone's squares for a colour, naming the zone if it is off the board.
pub(crate) type ZoneOf<'a, W> = dyn Fn(&Zone, Color, &dyn Fn() -> String) -> Result<SquareSet<W>, VariantError> + 'a;

impl<W: Word> Variant<W> {
    /// Checks a definition and compiles it, with the fastest legality
    /// strategy that is exact for its rules.
    ///
    /// # Errors
    ///
    /// [`VariantError`] naming what is wrong: a board too large for `W`,
    /// bad or duplicate letters, letters that name no piece, zones or
    /// castling squares off the board, unusable castling or promotion
    /// rules, contradictory goals, too large a movement, or a start
    /// position that is not legal.
    pub fn new(spec: VariantSpec) -> Result<Variant<W>, VariantError> {
        Variant::compile(spec, None)
    }

    /// Compiles a definition with a given legality strategy: to check the
    /// fast one against [`Legality::MakeAndTest`], which is exact for every
    /// variant.
    ///
    /// # Errors
    ///
    /// As [`Variant::new`], and [`VariantError::Legality`] if the strategy
    /// is not exact for the variant's rules.
    pub fn with_legality(spec: VariantSpec, legality: Legality) -> Result<Variant<W>, VariantError> {
        Variant::compile(spec, Some(legality))
    }

    pub(crate) fn compile(mut spec: VariantSpec, legality: Option<Legality>) -> Result<Variant<W>, VariantError> {
        let geometry = spec.geometry;
        let size = geometry.size();
        if size.square_count() > W::BITS as usize {
            return Err(VariantError::BoardTooLarge {
                size,
                capacity: W::BITS,
            });
        }
        check_pieces(&mut spec)?;
        let kind_of = |letter: char, used_in: &dyn Fn() -> String| {
            spec.pieces
                .iter()
                .position(|p| p.letter == letter)
                .map(|index| PieceKind::new(index as u8))
                .ok_or_else(|| VariantError::UnknownLetter {
                    letter,
                    used_in: used_in(),
                })
        };
        let zone = |zone: &Zone, color: Color, name: &dyn Fn() -> String| {
            zone.squares_for::<W>(size, color)
                .map_err(|error| VariantError::Zone { zone: name(), error })
        };
        let start = Setup::from_fen(&spec.start_fen).map_err(|e| VariantError::StartPosition(e.into()))?;
        let board = SquareSet::board(size);

        // Where each kind may be dropped, per colour, before the squares it
        // can never stand on are taken out.
        let mut droppable = Vec::with_capacity(spec.pieces.len());
        for piece in &spec.pieces {
            droppable.push([
                drop_squares(&spec, piece, Color::White, &zone)?,
                drop_squares(&spec, piece, Color::Black, &zone)?,
            ]);
        }
        let mut kinds = Vec::with_capacity(spec.pieces.len());
        for (piece, dropped) in spec.pieces.iter().zip(&droppable) {
            let pawn_like = !piece.all_moves().can_retreat();
            let moves = [Color::White, Color::Black]
                .map(|color| compile_kind(&geometry, &spec, piece, color, &start, dropped[color.index()], &zone));
            let [white, black] = moves;
            kinds.push(Kind {
                spec: Box::new(piece.clone()),
                moves: [white?, black?],
                pawn_like,
                resets_clock: piece.resets_clock.unwrap_or(pawn_like),
                leaves_en_passant: piece
                    .movement
                    .parts()
                    .iter()
                    .any(|p| p.is_en_passant() && p.mode() == Mode::Move),
            });
        }
        let kind_set = |wanted: &dyn Fn(&PieceSpec) -> bool| {
            spec.pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| wanted(p))
                .fold(KindSet::EMPTY, |set, (i, _)| set.with(PieceKind::new(i as u8)))
        };
        let royal = kind_set(&|p| p.royal);
        let promotes_to_royal = compile_promotions(&spec, &mut kinds, royal, &kind_of)?;
        // One royal piece a side, whose checks and pins the fast path
        // reads; otherwise every royal piece must be kept safe.
        let single_royal = royal.len() <= 1 && !promotes_to_royal;
        let royal_region = royal_regions(&spec, royal, board, &zone)?;
        let mut attackers = compile_attackers(&geometry, &spec, royal, &royal_region, &zone, AttackTables::PerPart)?;
        let groups_of_kind = attackers.each_ref().map(|groups| groups_of_kind(groups));
        let uncapturable = kind_set(&|p| p.uncapturable);
        let en_passant_capturers = kinds
            .iter()
            .enumerate()
            .filter(|(_, kind)| kind.moves.iter().any(|moves| moves.en_passant.is_some()))
            .fold(KindSet::EMPTY, |set, (i, _)| set.with(PieceKind::new(i as u8)));
        mark_en_passant_takers(&mut kinds, en_passant_capturers);
        let zobrist = Zobrist::new(spec.pieces.len(), size.square_count());
        let castling = crate::castling::compile(&spec, royal, &kinds, &kind_of, &zobrist)?;
        let goals = Goals::compile(&spec.goals, &kind_of, &zone, spec.explosion.is_some())?;
        let explosion = spec
            .explosion
            .as_ref()
            .map(|explosion| CompiledExplosion::compile(explosion, &geometry, &kind_of))
            .transpose()?;
        if explosion.is_some() && !royal.is_empty() {
            // Blowing up a piece royal by kind would leave its side with no
            // royal piece and no rule to end the game.
            return Err(VariantError::Goal {
                reason: "under explosions a piece cannot be royal by kind: make it royal by an extinction rule (atomic's king)".to_owned(),
            });
        }
        let drops = spec
            .drops
            .as_ref()
            .map(|drops| CompiledDrops::compile(&spec, drops, &kinds, &droppable, &kind_of))
            .transpose()?;
        // Read on every move: kept beside the drop rules they derive from.
        let captures_to_hand = spec
            .drops
            .as_ref()
            .is_some_and(|drops| drops.captures_to_hand && !drops.free);
        let tracks_promoted = drops.as_ref().is_some_and(|drops| drops.demotes_to.is_some());
        let gating = spec.drops.as_ref().is_some_and(|drops| drops.gating);
        let gate_moves = spec.pieces.iter().any(|piece| piece.gate_moves.is_some());
        let closes_royal_gates = kind_set(&|p| p.closes_royal_gates);
        let spares_own_kind = kind_set(&|p| p.spares_own_kind);
        let unscreened_by_own_kind = kind_set(&|p| p.unscreened_by_own_kind);
        let petrifying = kind_set(&|p| p.petrifies);
        if spec.flying_royals && spec.passing.as_ref().is_some_and(|passing| passing.bikjang) {
            // One rule forbids facing, the other says what to do about it.
            return Err(VariantError::Goal {
                reason: "royal pieces kept from facing each other cannot also face each other under bikjang".to_owned(),
            });
        }
        if spec.flying_royals && petrifying.iter().any(|kind| royal.contains(kind)) {
            // Such a royal piece attacks nothing, yet the rule that royal
            // pieces may not face each other is no attack.
            return Err(VariantError::Goal {
                reason: "royal pieces that petrify cannot also be kept from facing each other".to_owned(),
            });
        }
        if explosion.is_some() && !petrifying.is_empty() {
            return Err(VariantError::Goal {
                reason: "a capture may explode or petrify its capturer, not both".to_owned(),
            });
        }
        let promotion_limits: SmallVec<[(PieceKind, u32); 2]> = spec
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(index, piece)| Some((PieceKind::new(index as u8), piece.promotion_limit?)))
            .collect();
        // Checks and pins against one royal piece decide legality unless
        // royalty changes with the count of pieces, explosions take pieces
        // off around a capture, a capture petrifies its capturer, or a
        // capture depends on the kinds involved; then they still decide
        // quiet moves.
        let captures_or_counts_matter =
            goals.has_pseudo_royals() || explosion.is_some() || !petrifying.is_empty() || !spares_own_kind.is_empty();
        let pseudo_royal_kinds = goals
            .pseudo_royals
            .iter()
            .fold(royal, |kinds, &(group, _)| group.iter().fold(kinds, KindSet::with));
        if AttackGroup::<W>::SCREENS_ROYAL_STEPS {
            mark_around_royals(&mut attackers, &kinds, pseudo_royal_kinds, size);
        }
        if let Some(kind) = unscreened_by_own_kind
            .iter()
            .find(|&kind| pseudo_royal_kinds.contains(kind))
        {
            return Err(VariantError::BadUnscreened {
                letter: spec.pieces[kind.index()].letter,
            });
        }
        let hoppers = spec
            .pieces
            .iter()
            .any(|p| p.all_moves().parts().iter().any(Part::is_hop));
        let exact = Legality::for_rules(
            single_royal,
            captures_or_counts_matter,
            promotes_to(&spec, pseudo_royal_kinds),
            hoppers || spec.flying_royals,
        );
        let safety_by_occupancy = single_royal
            && explosion.is_none()
            && petrifying.is_empty()
            && goals.duple_check.is_empty()
            && !goals.has_pseudo_royals();
        let legality = match legality {
            None => exact,
            Some(Legality::MakeAndTest) => Legality::MakeAndTest,
            Some(asked) if asked == exact => asked,
            Some(asked) => return Err(VariantError::Legality { legality: asked }),
        };
        let promoting_on_captures = kind_set(&|p| p.promotion.as_ref().is_some_and(|p| p.captures_only));
        let must_promote_on_captures =
            kind_set(&|p| p.promotion.as_ref().is_some_and(|p| p.captures_only && p.compulsory));
        let in_place = crate::in_place::compile(&spec, &kind_of, &zone)?;
        let no_drop_checks = spec.drops.as_ref().is_some_and(|drops| drops.no_drop_checks);
        let move_rules = gating
            || gate_moves
            || no_drop_checks
            || !in_place.is_empty()
            || !promoting_on_captures.is_empty()
            || spec.checks_forbidden
            || drops.as_ref().is_some_and(|drops| drops.must_drop.is_some())
            || spec.compulsory_capture
            || spec.royal_held_in_check
            || !promotion_limits.is_empty();
        if spec.passing.is_some() && spec.pass_on_stalemate {
            return Err(VariantError::Passing {
                reason: "passing as a move and passing on stalemate are two rules for the same move: choose one"
                    .to_owned(),
            });
        }
        let passing = spec
            .passing
            .as_ref()
            .map(|passing| CompiledPassing::compile(passing, &geometry));
        let counting = match &spec.counting {
            Some(counting) => Some(CompiledCounting::compile(counting, &kind_of)?),
            None => None,
        };
        let enclosing = match &spec.enclosing {
            Some(enclosing) => {
                let reason = if !royal.is_empty() || goals.has_pseudo_royals() {
                    Some("flips and enclosing drops do not combine with royal pieces")
                } else if enclosing.drops.is_some() && drops.is_none() {
                    Some("enclosing drops need drops")
                } else {
                    None
                };
                if let Some(reason) = reason {
                    return Err(VariantError::Enclosing {
                        reason: reason.to_owned(),
                    });
                }
                Some(CompiledEnclosing::compile(enclosing, &geometry, &zone)?)
            }
            None => None,
        };
        let walling = match &spec.walling {
            Some(walling) => {
                let clash = [
                    (
                        move_rules,
                        "rules that filter moves (gating, checks forbidden, compulsory capture and the like)",
                    ),
                    (passing.is_some() || spec.pass_on_stalemate, "passing"),
                ];
                if let Some((_, what)) = clash.iter().find(|(clashes, _)| *clashes) {
                    return Err(VariantError::Walling {
                        reason: format!("walls placed by moves do not combine with {what} yet"),
                    });
                }
                Some(CompiledWalling::compile(walling, &geometry)?)
            }
            None => None,
        };
        let plain_moves = !move_rules && !spec.pass_on_stalemate && passing.is_none() && walling.is_none();
        let ends_at_once = goals.has_immediate() || passing.is_some() || spec.pass_on_stalemate;
        let rider_fills = [Color::White, Color::Black].map(|color| rider_fills(&kinds, color));
        let occupancy_only_blocks = attackers.iter().flatten().all(|group| !group.table.has_hops());
        let variant = Variant {
            spec,
            board,
            kinds,
            attackers,
            groups_of_kind,
            royal,
            single_royal,
            uncapturable,
            spares_own_kind,
            unscreened_by_own_kind,
            occupancy_only_blocks,
            strategy: Strategy::for_legality(legality, rider_fills.iter().any(|fills| !fills.is_empty())),
            rider_fills,
            petrifying,
            move_rules,
            plain_moves,
            promotion_limits,
            promoting_on_captures,
            must_promote_on_captures,
            in_place,
            explosion,
            drops,
            captures_to_hand,
            tracks_promoted,
            gating,
            gate_moves,
            has_gates: gating || gate_moves,
            closes_royal_gates,
            en_passant_capturers,
            castling,
            goals,
            passing,
            counting,
            walling,
            enclosing,
            ends_at_once,
            legality,
            safety_by_occupancy,
            royal_region,
            zobrist,
            start,
        };
        Position::from_setup(&variant, &variant.start).map_err(|e| VariantError::StartPosition(e.into()))?;
        Ok(variant)
    }
}

/// Checks the piece kinds, and merges identical parts of each movement.
fn check_pieces(spec: &mut VariantSpec) -> Result<(), VariantError> {
    if spec.pieces.is_empty() {
        return Err(VariantError::NoPieces);
    }
    if spec.pieces.len() > MAX_KINDS {
        return Err(VariantError::TooManyPieces {
            count: spec.pieces.len(),
        });
    }
    for index in 0..spec.pieces.len() {
        let piece = &spec.pieces[index];
        if !piece.letter.is_ascii_uppercase() {
            return Err(VariantError::BadLetter { letter: piece.letter });
        }
        if spec.pieces[..index].iter().any(|other| other.letter == piece.letter) {
            return Err(VariantError::DuplicateLetter { letter: piece.letter });
        }
        if let Some(gated) = &piece.gate_moves {
            let reason = if gated
                .parts()
                .iter()
                .any(|part| part.mode().can_capture() || part.is_hop())
            {
                Some("gate moves only move: they neither capture nor hop")
            } else if piece.promotion.is_some() {
                Some("a kind with gate moves does not promote")
            } else if spec.drops.as_ref().is_some_and(|drops| drops.gating) {
                Some("gate moves do not combine with gating from the hand")
            } else {
                None
            };
            if let Some(reason) = reason {
                return Err(VariantError::GateMoves {
                    letter: piece.letter,
                    reason: reason.to_owned(),
                });
            }
        }
        let zoned = piece
            .zone_moves
            .as_ref()
            .map(|z| z.movement.parts())
            .unwrap_or_default();
        // A hop must be allowed from every square it may stay on, for its
        // reverse table: zone moves qualify when confined to their zone.
        let confined = piece.zone_moves.as_ref().is_some_and(|z| z.confined);
        let hop_ok = |part: &Part, zoned: bool| {
            !part.is_hop()
                || ((!zoned || confined)
                    && !part.is_initial()
                    && (part.atom() == Atom::WAZIR || part.atom() == Atom::FERZ))
        };
        if !piece.movement.parts().iter().all(|p| hop_ok(p, false)) || !zoned.iter().all(|p| hop_ok(p, true)) {
            return Err(VariantError::BadHopper { letter: piece.letter });
        }
        // Its reach is read as `attacks(occupied) & attacks(occupied - its
        // kind)`, which is exact when every part hops along its own lines:
        // a slide would reach past the screen the second reading removes,
        // and on a cylinder two lines meet the same square. Nor may it be
        // royal: attacks on it would have to leave out its own kind.
        let only_hops = piece.movement.parts().iter().chain(zoned).all(Part::is_hop);
        if piece.unscreened_by_own_kind && (!only_hops || spec.geometry.is_cylinder() || piece.royal) {
            return Err(VariantError::BadUnscreened { letter: piece.letter });
        }
        for part in piece.movement.parts().iter().chain(zoned) {
            if let Reach::Steps(steps) = part.reach() {
                if steps > fairy_movement::MAX_STEPS {
                    return Err(VariantError::TooManySteps {
                        letter: piece.letter,
                        steps,
                    });
                }
            }
        }
        let merged = piece.movement.merged();
        if merged.parts().len() > MAX_PARTS {
            return Err(VariantError::TooManyParts {
                letter: piece.letter,
                count: merged.parts().len(),
            });
        }
        spec.pieces[index].movement = merged;
        let letter = spec.pieces[index].letter;
        if let Some(zoned) = &mut spec.pieces[index].zone_moves {
            zoned.movement = zoned.movement.merged();
            if zoned.movement.parts().len() > MAX_PARTS {
                return Err(VariantError::TooManyParts {
                    letter,
                    count: zoned.movement.parts().len(),
                });
            }
        }
    }
    if spec.pieces.iter().any(|p| p.royal && p.promotion.is_some()) {
        return Err(VariantError::BadRoyal {
            reason: "a royal piece cannot promote",
        });
    }
    for piece in &spec.pieces {
        let Some(unpromoted) = piece.unpromoted else { continue };
        let error = |reason| VariantError::BadPromotion {
            letter: piece.letter,
            reason,
        };
        let Some(base) = spec.pieces.iter().find(|p| p.letter == unpromoted) else {
            return Err(error("it is the promoted form of a letter no piece has"));
        };
        if base.unpromoted.is_some() {
            return Err(error("it is the promoted form of a promoted form"));
        }
        if spec.pieces.iter().filter(|p| p.unpromoted == Some(unpromoted)).count() > 1 {
            return Err(error("another kind is the promoted form of the same piece"));
        }
    }
    Ok(())
}

/// A part of `piece`'s movement placed on the board for `color`: the
/// squares it may start from (`origins`, narrowed to the piece's initial
/// squares for an initial-only part), stay on (`within`) and end on
/// (`destinations`, the piece's region), and whether it may cross the net,
/// which depends on whether it is used to move or to capture. The one place
/// that says where a piece's parts apply.
fn place<W: Word>(
    part: &Part,
    piece: &PieceSpec,
    capturing: bool,
    origins: SquareSet<W>,
    within: SquareSet<W>,
    squares: &PlacedSquares<W>,
) -> TablePart<W> {
    let may_cross_net = match piece.net {
        NetCrossing::Free => true,
        NetCrossing::MovesOnly => !capturing,
        NetCrossing::Never => false,
    };
    TablePart {
        part: *part,
        color: squares.color,
        may_cross_net,
        origins: if part.is_initial() {
            origins & squares.initial
        } else {
            origins
        },
        destinations: squares.region,
        within,
    }
}

/// A piece's squares for one colour, as [`place`] reads them.
struct PlacedSquares<W: Word> {
    color: Color,
    initial: SquareSet<W>,
    region: SquareSet<W>,
}

/// The parts of `piece` that move (or capture, if `capturing`), placed for
/// `color`: its movement from every square, and its zone moves from their
/// zone.
fn placed_parts<W: Word>(
    geometry: &Geometry,
    piece: &PieceSpec,
    color: Color,
    capturing: bool,
    zone: &ZoneOf<'_, W>,
) -> Result<Vec<TablePart<W>>, VariantError> {
    let board = SquareSet::board(geometry.size());
    let squares = PlacedSquares {
        color,
        initial: zone(&piece.initial, color, &|| {
            format!("the initial squares of {:?}", piece.letter)
        })?,
        region: region_of(piece, color, board, zone)?,
    };
    let used = |p: &&Part| {
        if capturing {
            p.mode().can_capture()
        } else {
            p.mode().can_move()
        }
    };
    let mut placed: Vec<TablePart<W>> = piece
        .movement
        .parts()
        .iter()
        .filter(used)
        .map(|p| place(p, piece, capturing, board, board, &squares))
        .collect();
    if let Some(zoned) = &piece.zone_moves {
        let origins = zone(&zoned.zone, color, &|| {
            format!("the zone of the zone moves of {:?}", piece.letter)
        })? & board;
        let within = if zoned.confined { origins } else { board };
        placed.extend(
            zoned
                .movement
                .parts()
                .iter()
                .filter(used)
                .map(|p| place(p, piece, capturing, origins, within, &squares)),
        );
    }
    Ok(placed)
}

/// Compiles one piece kind's moves for one colour (promotions are added
/// once every kind is compiled).
fn compile_kind<W: Word>(
    geometry: &Geometry,
    spec: &VariantSpec,
    piece: &PieceSpec,
    color: Color,
    start: &Setup,
    droppable: SquareSet<W>,
    zone: &ZoneOf<'_, W>,
) -> Result<KindMoves<W>, VariantError> {
    let size = geometry.size();
    let quiet_parts = placed_parts(geometry, piece, color, false, zone)?;
    let capture_parts = placed_parts(geometry, piece, color, true, zone)?;
    let en_passant_parts: Vec<TablePart<W>> = capture_parts
        .iter()
        .copied()
        .filter(|p| p.part.is_en_passant())
        .collect();
    let quiet = MoveTable::compile(geometry, &quiet_parts);
    let capture = MoveTable::compile(geometry, &capture_parts);
    let capture = (capture != quiet).then_some(capture);
    let (en_passant, en_passant_from) = if en_passant_parts.is_empty() {
        (None, None)
    } else {
        (
            Some(MoveTable::compile(geometry, &en_passant_parts)),
            Some(MoveTable::compile_reverse(geometry, &en_passant_parts)),
        )
    };
    // Pieces that never retreat and never ride are the numerous ones
    // (pawns): generating their moves in bulk pays.
    let pawn_like = !piece.all_moves().can_retreat();
    let rides = piece
        .all_moves()
        .parts()
        .iter()
        .any(|p| matches!(p.reach(), Reach::Ride { .. } | Reach::Hop { .. }));
    // A piece that could both move to a square and take en passant there
    // moves there: its en passant captures are checked against its plain
    // moves.
    let quiet_meets_en_passant = en_passant.as_ref().is_some_and(|table| {
        size.squares().any(|from| {
            quiet
                .attacks(from, SquareSet::EMPTY)
                .intersects(table.attacks(from, SquareSet::EMPTY))
        })
    });
    // Only squares where the opponent may take en passant are left.
    let capturable = match &spec.en_passant_zone {
        None => SquareSet::ALL,
        Some(squares) => zone(squares, color.other(), &|| "the en passant zone".to_owned())?,
    };
    let mut double_steps = vec![SmallVec::new(); size.square_count()];
    let mut double_step_ends = SquareSet::EMPTY;
    for placed in quiet_parts.iter().filter(|p| p.part.is_en_passant()) {
        for from in placed.origins {
            for path in placed.paths(geometry, from) {
                let passed: SquareSet<W> = path.passed().iter().copied().collect::<SquareSet<W>>() & capturable;
                if let (Some(to), false) = (path.end(), passed.is_empty()) {
                    // Filled in once every kind is compiled (see
                    // `mark_en_passant_takers`).
                    let takers_from = SquareSet::ALL;
                    double_steps[from.index()].push(DoubleStep {
                        to,
                        passed,
                        takers_from,
                    });
                    double_step_ends.insert(to);
                }
            }
        }
    }
    // A promotion in place is a move rule of its own: no move promotes by
    // arriving.
    let promotion = piece.promotion.as_ref().filter(|p| !p.in_place);
    let promotion_zone = match promotion {
        Some(promotion) => zone(&promotion.zone, color, &|| {
            format!("the promotion zone of {:?}", piece.letter)
        })?,
        None => SquareSet::EMPTY,
    };
    let board = SquareSet::board(size);
    let gate = match &piece.gate_moves {
        Some(movement) => {
            let squares = PlacedSquares {
                color,
                initial: board,
                region: region_of(piece, color, board, zone)?,
            };
            let parts: Vec<TablePart<W>> = movement
                .parts()
                .iter()
                .map(|part| place(part, piece, false, board, board, &squares))
                .collect();
            Some(MoveTable::compile(geometry, &parts))
        }
        None => None,
    };
    let reach_on_empty_board = |from: Square| {
        let captures = capture
            .as_ref()
            .map_or(SquareSet::EMPTY, |table| table.attacks(from, SquareSet::EMPTY));
        (quiet.attacks(from, SquareSet::EMPTY) | captures) & board
    };
    // Promotion on leaving the zone matters only to a kind that can leave.
    let on_leaving = promotion.is_some_and(|p| p.on_leaving)
        && promotion_zone
            .iter()
            .any(|from| (reach_on_empty_board(from) - promotion_zone).any());
    let mut forbidden = match promotion {
        Some(promotion) if promotion.compulsory && !promotion.on_leaving => promotion_zone,
        _ => SquareSet::EMPTY,
    };
    if spec.immobility_illegal {
        forbidden |= size
            .squares()
            .filter(|&from| (quiet.attacks(from, SquareSet::EMPTY) & board).is_empty())
            .collect();
    }
    if pawn_like {
        // Where it is dropped, it stands (chessgi's pawns on the first
        // rank).
        forbidden |= behind_start(size, piece.letter, color, start) - droppable;
    }
    // Where only captures promote, moves are generated both ways and the
    // move rule keeps the right one (see `move_rules`).
    let may_stay = match promotion {
        Some(promotion) if !promotion.compulsory || promotion.captures_only => board - forbidden,
        _ => SquareSet::EMPTY,
    };
    // Bulk moves know no origins, which a promotion on leaving needs.
    // Nor do they know a region.
    let bulk = if pawn_like && !rides && !on_leaving && piece.region.is_none() {
        ShiftTable::compile(geometry, &quiet_parts)
            .zip(ShiftTable::compile(geometry, &capture_parts))
            .map(|(quiet, capture)| Bulk {
                capture: (capture != quiet).then_some(capture),
                quiet,
            })
    } else {
        None
    };
    let fill = if quiet.is_scanned()
        && capture.is_none()
        && promotion_zone.is_empty()
        && !piece.royal
        && !piece.spares_own_kind
        && piece.gate_moves.is_none()
    {
        // Counted without a promotion, a capture rule or a royal's care:
        // its moves are its rides alone.
        DirectionFill::compile(geometry, &quiet_parts, &quiet)
    } else {
        None
    };
    Ok(KindMoves {
        quiet,
        capture,
        en_passant,
        en_passant_from,
        quiet_meets_en_passant,
        double_steps,
        double_step_ends,
        promotions: Promotions {
            zone: promotion_zone,
            leaving: if on_leaving { promotion_zone } else { SquareSet::EMPTY },
            groups: SmallVec::new(),
            may_stay,
            resets_clock: true,
            marks: false,
        },
        forbidden,
        bulk,
        fill,
        gate,
    })
}

/// The directions in which `color`'s riders are followed all at once when
/// their moves are counted: each kind's (see [`KindMoves::fill`]), a direction
/// shared by kinds (the rook's and the queen's up a file) followed once for
/// all of them, as no two riders reach a square the same way. The
/// directions are then gathered by the set of kinds that ride them (on
/// 16x16 chess: the files and ranks by rooks and queens, the diagonals by
/// bishops and queens).
fn rider_fills<W: Word>(kinds: &[Kind<W>], color: Color) -> Vec<RiderFill<W>> {
    let mut by_direction: Vec<(DirectionFill<W>, KindSet)> = Vec::new();
    for (index, kind) in kinds.iter().enumerate() {
        let Some(directions) = &kind.moves[color.index()].fill else {
            continue;
        };
        let kind = PieceKind::new(index as u8);
        for &direction in directions {
            match by_direction.iter_mut().find(|(known, _)| *known == direction) {
                Some((_, riders)) => *riders = riders.with(kind),
                None => by_direction.push((direction, KindSet::EMPTY.with(kind))),
            }
        }
    }
    let mut fills: Vec<RiderFill<W>> = Vec::new();
    for (direction, riders) in by_direction {
        match fills.iter_mut().find(|fill| fill.kinds == riders) {
            Some(fill) => fill.directions.push(direction),
            None => fills.push(RiderFill {
                kinds: riders,
                directions: vec![direction],
            }),
        }
    }
    fills
}

/// The squares where a piece of `piece`'s kind and `color` may be dropped
/// by the zones of the variant and of the kind, before the squares it can
/// never stand on are taken out.
fn drop_squares<W: Word>(
    spec: &VariantSpec,
    piece: &PieceSpec,
    color: Color,
    zone: &ZoneOf<'_, W>,
) -> Result<SquareSet<W>, VariantError> {
    let Some(drops) = &spec.drops else {
        return Ok(SquareSet::EMPTY);
    };
    let board = SquareSet::board(spec.geometry.size());
    let mut squares = board;
    if let Some(variant_zone) = &drops.zone {
        squares &= zone(variant_zone, color, &|| "the drop zone".to_owned())?;
    }
    if let Some(own) = &piece.drop_zone {
        squares &= zone(own, color, &|| format!("the drop zone of {:?}", piece.letter))?;
    }
    Ok(squares & region_of(piece, color, board, zone)?)
}

/// The lines along which royal pieces face each other (flying royals,
/// bikjang): a rook's, as it would attack, so not within a grid cell. A
/// rook's lines are the same for both sides and either way along them.
pub(crate) fn facing_lines<W: Word>(geometry: &Geometry) -> MoveTable<W> {
    let rook = TablePart::new(Part::ride(Atom::WAZIR), Color::White, *geometry);
    MoveTable::compile_reverse(geometry, &[rook])
}

/// The squares a piece of `piece`'s kind and `color` may move to, be
/// dropped on and attack: its region, or the whole `board`.
fn region_of<W: Word>(
    piece: &PieceSpec,
    color: Color,
    board: SquareSet<W>,
    zone: &ZoneOf<'_, W>,
) -> Result<SquareSet<W>, VariantError> {
    match &piece.region {
        Some(region) => Ok(zone(region, color, &|| format!("the region of {:?}", piece.letter))? & board),
        None => Ok(board),
    }
}

/// The squares behind the rearmost rank where the start position has a
/// piece lettered `letter` of `color`: where a piece that never moves back
/// cannot stand.
fn behind_start<W: Word>(size: BoardSize, letter: char, color: Color, start: &Setup) -> SquareSet<W> {
    let relative_rank = |square: Square| match color {
        Color::White => size.rank_of(square),
        Color::Black => size.ranks() - 1 - size.rank_of(square),
    };
    let rearmost = size
        .squares()
        .filter(|&s| {
            start
                .piece_at(s)
                .is_some_and(|p| p.color == color && p.letter == letter)
        })
        .map(relative_rank)
        .min();
    match rearmost {
        Some(rearmost) => size.squares().filter(|&s| relative_rank(s) < rearmost).collect(),
        None => SquareSet::EMPTY,
    }
}

/// Whether some piece promotes to one of `kinds`.
fn promotes_to(spec: &VariantSpec, kinds: KindSet) -> bool {
    let in_kinds = |letter: char| {
        spec.pieces
            .iter()
            .position(|p| p.letter == letter)
            .is_some_and(|index| kinds.contains(PieceKind::new(index as u8)))
    };
    spec.pieces
        .iter()
        .filter_map(|piece| piece.promotion.as_ref())
        .any(|promotion| {
            Color::ALL
                .iter()
                .any(|&color| promotion.choices_for(color).iter().any(|&l| in_kinds(l)))
        })
}

/// Fills in each kind's promotions: on each square of its zone, the
/// choices whose kind may stand there.
fn compile_promotions<W: Word>(
    spec: &VariantSpec,
    kinds: &mut [Kind<W>],
    royal: KindSet,
    kind_of: &KindOf<'_>,
) -> Result<bool, VariantError> {
    let mut promotes_to_royal = false;
    let forbidden: Vec<[SquareSet<W>; 2]> = kinds
        .iter()
        .map(|kind| [kind.moves[0].forbidden, kind.moves[1].forbidden])
        .collect();
    for (index, piece) in spec.pieces.iter().enumerate() {
        let Some(promotion) = &piece.promotion else { continue };
        let letter = piece.letter;
        if promotion.in_place {
            continue;
        }
        for color in Color::ALL {
            // No choices: a compulsory promotion bars the zone, as
            // Fairy-Stockfish's pawns without promotion types are barred.
            let letters = promotion.choices_for(color);
            let mut choices: SmallVec<[PieceKind; 8]> = SmallVec::new();
            for &choice in letters {
                let chosen = kind_of(choice, &|| format!("the promotion of {letter:?}"))?;
                promotes_to_royal |= royal.contains(chosen);
                if !choices.contains(&chosen) {
                    choices.push(chosen);
                }
            }
            // The zone compiled with the kind's moves; moves from it
            // promote wherever they end where they may leave it.
            let promotions = &kinds[index].moves[color.index()].promotions;
            let squares = if promotions.leaving.any() {
                SquareSet::board(spec.geometry.size())
            } else {
                promotions.zone
            };
            let mut groups: SmallVec<[PromotionGroup<W>; 1]> = SmallVec::new();
            for square in squares {
                let fitting: SmallVec<[PieceKind; 8]> = choices
                    .iter()
                    .copied()
                    .filter(|kind| !forbidden[kind.index()][color.index()].contains(square))
                    .collect();
                match groups.iter_mut().find(|group| group.choices == fitting) {
                    Some(group) => group.squares.insert(square),
                    None => groups.push(PromotionGroup {
                        squares: SquareSet::from_square(square),
                        choices: fitting,
                    }),
                }
            }
            let chosen = |kind: &PieceKind| &spec.pieces[kind.index()];
            // A promoted piece that may turn back (Kyoto shogi) can undo
            // its promotion.
            let resets_clock = !choices.iter().any(|kind| {
                chosen(kind)
                    .promotion
                    .as_ref()
                    .is_some_and(|back| back.choices_for(color).contains(&letter))
            });
            let marks = choices
                .iter()
                .any(|kind| chosen(kind).unpromoted.is_none() && piece.unpromoted != Some(chosen(kind).letter));
            let promotions = &mut kinds[index].moves[color.index()].promotions;
            promotions.resets_clock = resets_clock;
            promotions.marks = marks;
            kinds[index].moves[color.index()].promotions.groups = groups;
        }
    }
    Ok(promotes_to_royal)
}

/// Merges the groups of plain leaps that the same kinds attack by (the
/// king's steps by wazir and by ferz, each a part of its own) into one
/// table: every attack test asks one group less, and a leap table answers
/// with one lookup whatever it holds. `parts` are the parts each group was
/// compiled from, in the same order.
fn merge_leaps_of_the_same_kinds<W: Word>(
    geometry: &Geometry,
    groups: &mut Vec<AttackGroup<W>>,
    parts: Vec<Vec<TablePart<W>>>,
) {
    let mergeable = |group: &AttackGroup<W>| group.table.is_leaper() && !group.unscreened;
    // Each group kept, with its parts and whether others joined it.
    let mut kept: Vec<(AttackGroup<W>, Vec<TablePart<W>>, bool)> = Vec::with_capacity(groups.len());
    for (group, group_parts) in groups.drain(..).zip(parts) {
        let same = kept
            .iter_mut()
            .find(|(other, _, _)| mergeable(&group) && mergeable(other) && other.kinds() == group.kinds());
        match same {
            Some((_, other_parts, joined)) => {
                other_parts.extend(group_parts);
                *joined = true;
            }
            None => kept.push((group, group_parts, false)),
        }
    }
    for (mut group, group_parts, joined) in kept {
        if joined {
            group.table = MoveTable::compile_reverse(geometry, &group_parts);
        }
        groups.push(group);
    }
}

/// Sets each double step's [`DoubleStep::takers_from`]: the squares from
/// which a piece of the other colour, of a kind among `capturers`, could
/// take en passant on a square the step passes.
fn mark_en_passant_takers<W: Word>(kinds: &mut [Kind<W>], capturers: KindSet) {
    for color in [Color::White, Color::Black] {
        // Per square, where the other colour's capturers take on it from.
        let takers_of: Vec<SquareSet<W>> = (0..Square::INDICES)
            .map(|index| {
                capturers
                    .iter()
                    .filter_map(|kind| {
                        kinds[kind.index()].moves[color.other().index()]
                            .en_passant_from
                            .as_ref()
                    })
                    .fold(SquareSet::EMPTY, |from, table| {
                        from | table.potential(Square::new(index as u8))
                    })
            })
            .collect();
        for kind in kinds.iter_mut() {
            for step in kind.moves[color.index()].double_steps.iter_mut().flatten() {
                step.takers_from = step
                    .passed
                    .iter()
                    .fold(SquareSet::EMPTY, |from, square| from | takers_of[square.index()]);
            }
        }
    }
}

/// For each kind, the groups among `groups` that hold it, as bits by
/// index (at most [`MAX_ATTACK_GROUPS`], which fit a `u32`).
fn groups_of_kind<W: Word>(groups: &[AttackGroup<W>]) -> [u32; MAX_KINDS] {
    let mut of_kind = [0u32; MAX_KINDS];
    for (index, group) in groups.iter().enumerate() {
        for kind in group.kinds().iter() {
            if let Some(bits) = of_kind.get_mut(kind.index()) {
                *bits |= 1 << index;
            }
        }
    }
    of_kind
}

/// How a kind's movement is split into attack tables.
#[derive(Copy, Clone, PartialEq, Eq)]
enum AttackTables {
    /// A table per part, so that kinds share the parts they have in
    /// common (a queen's rook lines with the rook).
    PerPart,
    /// One table per kind: at most [`MAX_KINDS`] groups.
    PerKind,
}

/// The attack groups of each colour: the kinds attacking by the same
/// reverse table share one, leaps before rides. Tables are made per part
/// unless that makes more than [`MAX_ATTACK_GROUPS`] groups on a side,
/// and then per kind.
fn compile_attackers<W: Word>(
    geometry: &Geometry,
    spec: &VariantSpec,
    royal: KindSet,
    royal_region: &[SquareSet<W>; 2],
    zone: &ZoneOf<'_, W>,
    tables: AttackTables,
) -> Result<[Vec<AttackGroup<W>>; 2], VariantError> {
    let mut attackers: [Vec<AttackGroup<W>>; 2] = [Vec::new(), Vec::new()];
    // The parts each group's table was compiled from.
    let mut group_parts: [Vec<Vec<TablePart<W>>>; 2] = [Vec::new(), Vec::new()];
    for (index, piece) in spec.pieces.iter().enumerate() {
        let kind = PieceKind::new(index as u8);
        for color in Color::ALL {
            let parts = placed_parts(geometry, piece, color, true, zone)?;
            let kind_tables: Vec<(MoveTable<W>, Vec<TablePart<W>>)> = match tables {
                AttackTables::PerKind => vec![(MoveTable::compile_reverse(geometry, &parts), parts)],
                AttackTables::PerPart => parts
                    .iter()
                    .map(|&placed| (MoveTable::compile_reverse(geometry, &[placed]), vec![placed]))
                    .collect(),
            };
            for (table, parts) in kind_tables {
                if table.is_empty() {
                    continue;
                }
                let groups = &mut attackers[color.index()];
                // A kind that may not hop over its own kind keeps a group
                // of its own.
                let unscreened = piece.unscreened_by_own_kind;
                match groups
                    .iter_mut()
                    .find(|group| group.table == table && !unscreened && !group.unscreened)
                {
                    Some(group) => group.add_kind(kind),
                    None => {
                        groups.push(AttackGroup::new(table, KindUnion::only(kind), unscreened));
                        group_parts[color.index()].push(parts);
                    }
                }
            }
        }
    }
    for (groups, parts) in attackers.iter_mut().zip(group_parts) {
        merge_leaps_of_the_same_kinds(geometry, groups, parts);
    }
    if tables == AttackTables::PerPart && attackers.iter().any(|groups| groups.len() > MAX_ATTACK_GROUPS) {
        return compile_attackers(geometry, spec, royal, royal_region, zone, AttackTables::PerKind);
    }
    if spec.flying_royals
        && let Some(royal) = KindUnion::new(royal)
    {
        let table = facing_lines(geometry);
        for groups in &mut attackers {
            groups.push(AttackGroup::new(table.clone(), royal, false));
        }
    }
    // Leaps before rides: leap groups are cheaper to test, and most
    // attacks are found by the first groups tried.
    for groups in &mut attackers {
        groups.sort_by_key(|group| !group.table.is_leaper());
    }
    for color in Color::ALL {
        // The squares the other side's royal pieces may move to.
        let region = royal_region[color.other().index()];
        for group in &mut attackers[color.index()] {
            group.toward_royal_region = region
                .iter()
                .fold(SquareSet::EMPTY, |from, square| from | group.table.potential(square));
            group.sightlines = Sightlines::of(&group.table);
        }
    }
    Ok(attackers)
}

/// Fills in each attack group's squares around the enemy's royal pieces
/// (see [`AttackGroup::around_royal`]): for each square, those from which
/// it may attack a square that a piece of `royal_kinds` (royal by kind or
/// by count) may move to from there.
fn mark_around_royals<W: Word>(
    attackers: &mut [Vec<AttackGroup<W>>; 2],
    kinds: &[Kind<W>],
    royal_kinds: KindSet,
    size: BoardSize,
) {
    for color in Color::ALL {
        let defender = color.other().index();
        for square in size.squares() {
            let moves_to = royal_kinds.iter().fold(SquareSet::EMPTY, |reach, kind| {
                let Some(kind) = kinds.get(kind.index()) else {
                    return reach;
                };
                let moves = &kind.moves[defender];
                let captures = moves
                    .capture
                    .as_ref()
                    .map_or(SquareSet::EMPTY, |table| table.potential(square));
                reach | moves.quiet.potential(square) | captures
            });
            for group in &mut attackers[color.index()] {
                group.around_royal[square.index()] = moves_to
                    .iter()
                    .fold(SquareSet::EMPTY, |from, to| from | group.table.potential(to));
            }
        }
    }
}

/// The squares each colour's royal pieces may move to: the regions of the
/// royal kinds, the board where they have none (or there is no royal
/// kind).
fn royal_regions<W: Word>(
    spec: &VariantSpec,
    royal: KindSet,
    board: SquareSet<W>,
    zone: &ZoneOf<'_, W>,
) -> Result<[SquareSet<W>; 2], VariantError> {
    let mut regions = [SquareSet::EMPTY; 2];
    for color in Color::ALL {
        let region = &mut regions[color.index()];
        if royal.is_empty() {
            *region = board;
        }
        for kind in royal.iter() {
            if let Some(piece) = spec.pieces.get(kind.index()) {
                *region |= region_of(piece, color, board, zone)?;
            }
        }
    }
    Ok(regions)
}

#[cfg(test)]
mod tests {
    use fairy_geometry::{BoardSize, Geometry, SquareSet};
    use fairy_movement::{Atom, Movement, Part};

    use crate::{PieceSpec, Variant, VariantSpec};

    fn groups_per_side(pieces: Vec<PieceSpec>) -> [usize; 2] {
        let geometry = Geometry::new(BoardSize::new(5, 4).unwrap());
        let mut spec = VariantSpec::new("groups", geometry, "k1r2/5/5/2K2 w - - 0 1");
        for piece in pieces {
            spec = spec.piece(piece);
        }
        let variant = Variant::<u64>::new(spec).unwrap();
        variant.attackers.each_ref().map(Vec::len)
    }

    #[test]
    fn occupancy_only_blocks_attacks_unless_some_piece_hops() {
        // Castling's path reuses the king's safe steps only where a piece
        // placed cannot open an attack: a cannon hops over it.
        let variant = |pieces: Vec<PieceSpec>| {
            let mut spec = VariantSpec::new(
                "hops",
                Geometry::new(BoardSize::new(5, 4).unwrap()),
                "k1r2/5/5/2K2 w - - 0 1",
            );
            for piece in pieces {
                spec = spec.piece(piece);
            }
            Variant::<u64>::new(spec).unwrap()
        };
        let king = PieceSpec::new('K', "king", Movement::king()).royal();
        let rook = PieceSpec::new('R', "rook", Movement::rook());
        let horse = PieceSpec::new('H', "horse", "nN".parse().unwrap());
        let cannon = PieceSpec::new('C', "cannon", "mRcpR".parse().unwrap());
        assert!(variant(vec![king.clone(), rook.clone(), horse]).occupancy_only_blocks);
        assert!(!variant(vec![king, rook, cannon]).occupancy_only_blocks);
    }

    #[test]
    fn a_group_is_around_a_royal_square_where_it_could_attack_one_of_its_steps() {
        // From a1 the king steps to a2, b1 and b2. A knight attacks a2
        // from b4, c3 and c1; b1 from a3, c3 and d2; b2 from a4, c4, d3 and
        // d1: nine squares.
        let size = BoardSize::new(8, 8).unwrap();
        let spec = VariantSpec::new("knights", Geometry::new(size), "k7/8/8/8/8/8/8/7K w - - 0 1")
            .piece(PieceSpec::new('K', "king", Movement::king()).royal())
            .piece(PieceSpec::new('N', "knight", Movement::knight()));
        // Filled in where it is read: on words of more than 64 squares.
        let variant = Variant::<u128>::new(spec).unwrap();
        let knight = crate::PieceKind::new(1);
        let square = |name: &str| size.parse_square(name).unwrap();
        let expected: SquareSet<u128> = ["b4", "c3", "c1", "a3", "d2", "a4", "c4", "d3", "d1"]
            .into_iter()
            .map(square)
            .collect();
        for groups in &variant.attackers {
            let group = groups.iter().find(|group| group.kinds().contains(knight)).unwrap();
            assert_eq!(group.around_royal[square("a1").index()], expected);
        }
    }

    #[test]
    fn a_kinds_own_leaps_are_one_attack_group() {
        // The king's wazir and ferz steps are one group, the rook's lines
        // another.
        let king = PieceSpec::new('K', "king", Movement::king()).royal();
        let rook = PieceSpec::new('R', "rook", Movement::rook());
        assert_eq!(groups_per_side(vec![king.clone(), rook.clone()]), [2, 2]);
        // A wazir shares the king's wazir step, so that step stays a group
        // of both, apart from the king's ferz step.
        let wazir = PieceSpec::new('W', "wazir", Part::leap(Atom::WAZIR).into());
        assert_eq!(groups_per_side(vec![king, rook, wazir]), [3, 3]);
    }
}
