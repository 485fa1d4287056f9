//! Walls placed by moves (duck chess, the Game of the Amazons, isolation,
//! snailtrail): every move is a piece's move followed by a wall on a square
//! the rule allows, and walls block like pieces that no piece may capture.
//!
//! A walled move is written as Fairy-Stockfish writes it: the piece's move,
//! a comma, and the piece's destination followed by the wall's square
//! (`e2e4,e4e5`; `Nf3,d5` in SAN). The walls stand in the position's wall
//! set, written `*` in FEN, as the board's holes are; under the duck rule
//! placing the duck lifts every wall standing, as in Fairy-Stockfish, so
//! a duck variant's FEN marks its duck with `*`.
//!
//! A move is legal if no royal piece of the mover's is attacked once the
//! wall stands (the duck's old square open again): a wall may block a
//! check, or screen a hopper's. Fairy-Stockfish judges the piece's move
//! before its wall; no variant of its that places walls after every move
//! has a royal piece.
//!
//! Where a side either moves or places a wall ([`Walling::or_move`],
//! Atlantis), a wall alone is a pass written with the wall, from and to
//! the side's first piece (`a1a1,a1a3`), and is no way out of check, as
//! in Fairy-Stockfish. Its plain moves are written with its placeholder
//! wall on `a1` (`e2e4,e4a1`), and read with or without it.

use fairy_geometry::{Coord, Geometry, Square, SquareSet, Word};
use fairy_movement::{Atom, Color, MoveTable, Part, TablePart};

use crate::movegen::{MoveCollector, MoveSink};
use crate::{Legality, Move, MoveList, Position, VariantError, Zone};

/// Where the wall a move places goes (Fairy-Stockfish's `wallingRule`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum WallRule {
    /// On any empty square but the one the duck leaves: one wall, the
    /// duck, moved every turn (duck chess).
    Duck,
    /// Where the piece that moved could move from where it landed, through
    /// the squares it left (the amazons' arrow).
    Arrow,
    /// On the square the piece left (snailtrail, joust).
    Past,
    /// On any empty square (isolation).
    Static,
    /// On an empty square at the board's edge or next to a wall, as if the
    /// board sank from its edges (Atlantis): a square is at the edge where
    /// a step along a file or rank from it leaves the board.
    Edge,
}

/// Walls placed by moves: the rule of where each goes, and the squares
/// open to them.
///
/// # Examples
///
/// ```
/// use fairy_position::{WallRule, Walling};
///
/// // Isolation: a wall anywhere but on the pieces' starting squares.
/// let isolation = Walling::new(WallRule::Static).except(["c1".parse()?, "d8".parse()?]);
/// assert_eq!(isolation.rule, WallRule::Static);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Walling {
    /// Where a wall goes.
    pub rule: WallRule,
    /// Where each side may place walls, from its side
    /// (`wallingRegionWhite` and `wallingRegionBlack`); `None` anywhere.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub region: Option<Zone>,
    /// Squares, as named, where neither side may place a wall.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub except: Vec<Coord>,
    /// Whether a side places a wall instead of moving, not after it
    /// (Fairy-Stockfish's `wallOrMove`).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub or_move: bool,
}

impl Walling {
    /// Walls by `rule`, anywhere it allows.
    pub fn new(rule: WallRule) -> Walling {
        Walling {
            rule,
            region: None,
            except: Vec::new(),
            or_move: false,
        }
    }

    /// These walls, placed instead of a move (Atlantis).
    #[must_use]
    pub fn or_move(self) -> Walling {
        Walling { or_move: true, ..self }
    }

    /// These walls, placed only in `region` (each side's, from its side).
    #[must_use]
    pub fn region(self, region: Zone) -> Walling {
        Walling {
            region: Some(region),
            ..self
        }
    }

    /// These walls, never placed on `squares`.
    #[must_use]
    pub fn except(self, squares: impl IntoIterator<Item = Coord>) -> Walling {
        Walling {
            except: squares.into_iter().collect(),
            ..self
        }
    }
}

/// [`Walling`] compiled for a board: the squares open to each side's walls.
#[derive(Clone, Debug)]
pub(crate) struct CompiledWalling<W: Word> {
    pub rule: WallRule,
    pub open: [SquareSet<W>; 2],
    pub or_move: bool,
    /// For [`WallRule::Edge`]: the squares at the board's edge, and the
    /// squares next to each square along files and ranks.
    edges: SquareSet<W>,
    neighbours: MoveTable<W>,
}

impl<W: Word> CompiledWalling<W> {
    /// Compiles `walling` for `geometry`'s board.
    pub(crate) fn compile(walling: &Walling, geometry: &Geometry) -> Result<CompiledWalling<W>, VariantError> {
        let size = geometry.size();
        let zone_error = |error| VariantError::Zone {
            zone: "walling".to_owned(),
            error,
        };
        let mut except = SquareSet::EMPTY;
        for &coord in &walling.except {
            except.insert(
                size.square(coord)
                    .ok_or_else(|| zone_error(crate::ZoneError::Square(coord)))?,
            );
        }
        let mut open = [SquareSet::EMPTY; 2];
        for color in Color::ALL {
            let region = match &walling.region {
                Some(zone) => zone.squares_for(size, color).map_err(zone_error)?,
                None => SquareSet::board(size),
            };
            open[color.index()] = region - except;
        }
        // Which squares touch is the board's whatever its grid.
        let board = geometry.without_grid();
        let (edges, neighbours) = if walling.rule == WallRule::Edge {
            let neighbours =
                MoveTable::compile(&board, &[TablePart::new(Part::leap(Atom::WAZIR), Color::White, board)]);
            let edges = SquareSet::<W>::board(size)
                .iter()
                .filter(|&square| neighbours.leaps(square).count() < 4)
                .collect();
            (edges, neighbours)
        } else {
            (SquareSet::EMPTY, MoveTable::compile(&board, &[]))
        };
        Ok(CompiledWalling {
            rule: walling.rule,
            open,
            or_move: walling.or_move,
            edges,
            neighbours,
        })
    }
}

impl<W: Word> Position<'_, W> {
    /// Generates the legal walled moves: each legal move of a piece (each
    /// pseudo-legal one where a royal piece's safety depends on the wall),
    /// with the squares its wall may go on.
    #[inline(never)]
    pub(crate) fn generate_walled<S: MoveSink<W>>(&self, walling: &CompiledWalling<W>, sink: &mut S) {
        let judged = !self.variant.royal.is_empty() || self.variant.goals.has_pseudo_royals();
        if walling.or_move {
            return self.generate_wall_or_move(walling, judged, sink);
        }
        let mut moves = MoveList::new();
        if judged {
            // Castling's path and end are judged with the wall standing.
            let mut collector = MoveCollector(&mut moves);
            self.generate_pseudo_legal_to(&mut collector, self.targets(self.turn), false);
            if self.en_passant.any() {
                self.generate_en_passant(&mut collector, false);
            }
            self.castlings_over_empty_squares(&mut moves);
        } else {
            self.generate_by_strategy(&mut MoveCollector(&mut moves));
        }
        for mv in moves {
            let mut walls = self.wall_squares(walling, mv);
            if judged {
                walls = walls
                    .iter()
                    .filter(|&wall| self.castles_safely(walling, mv, wall) && self.is_safe_after(mv.with_wall(wall)))
                    .collect();
            }
            sink.walled(mv, walls);
        }
    }

    /// The legal moves where a side moves or places a wall: its moves by
    /// the legality strategy, and unless it is in check, a wall alone on
    /// each square open to it, written from its first piece.
    fn generate_wall_or_move<S: MoveSink<W>>(&self, walling: &CompiledWalling<W>, judged: bool, sink: &mut S) {
        let in_check = self.generate_by_strategy(sink);
        let Some(first) = self.pieces(self.turn).first() else {
            return;
        };
        if self.is_check_unless_found(in_check) {
            return;
        }
        let pass = Move::pass(first);
        let mut walls = self.wall_squares(walling, pass);
        // A wall only adds a blocker: only a hopper's screen could bring
        // an attack.
        if judged && self.variant.legality == Legality::MakeAndTest {
            walls = walls
                .iter()
                .filter(|&wall| self.is_safe_after(pass.with_wall(wall)))
                .collect();
        }
        sink.walled(pass, walls);
    }

    /// The square a move's wall is written with: its wall, or, for a move
    /// without one where a side moves or places a wall, the placeholder
    /// Fairy-Stockfish writes (`e2e4,e4a1`).
    pub(crate) fn written_wall(&self, mv: Move) -> Option<Square> {
        match (mv.wall(), &self.variant.walling) {
            (Some(wall), _) => Some(wall),
            (None, Some(walling)) if walling.or_move => Some(Square::new(0)),
            (None, _) => None,
        }
    }

    /// The castlings of the side to move whose squares are empty, whatever
    /// attacks them.
    fn castlings_over_empty_squares(&self, moves: &mut MoveList) {
        let occupied = self.occupied();
        for (index, rule) in self.held_castlings() {
            if rule.is_clear(occupied) {
                moves.push(Move::castling(rule.king_from, rule.king_to, index));
            }
        }
    }

    /// Whether `mv`, if it castles with a royal king, passes no attacked
    /// square (its start included) once `wall` stands, the duck lifted
    /// from where it stood, as Fairy-Stockfish judges it; where the king
    /// ends is for [`Position::is_safe_after`].
    fn castles_safely(&self, walling: &CompiledWalling<W>, mv: Move, wall: Square) -> bool {
        let Some(rule) = mv.castling_index().and_then(|index| self.castling_rule(index)) else {
            return true;
        };
        let us = self.turn;
        let (royal_by_kind, pseudo_royal) = self.castling_king_royalty(rule);
        if !royal_by_kind && !pseudo_royal {
            return true;
        }
        let mut occupied = self.occupied();
        if walling.rule == WallRule::Duck {
            occupied = occupied - self.walls;
        }
        occupied.insert(wall);
        // A pseudo-royal king's path is looked at without it on its square,
        // as for castling without walls.
        if pseudo_royal {
            occupied.remove(rule.king_from);
        }
        let shield = self.shield(us);
        std::iter::once(rule.king_from)
            .chain(rule.king_passes.iter())
            .all(|square| shield.contains(square) || !self.is_attacked(square, us.other(), occupied))
    }

    /// Where the wall after `mv` may go, by the rule: empty squares once the
    /// piece has moved, open to the side's walls.
    fn wall_squares(&self, walling: &CompiledWalling<W>, mv: Move) -> SquareSet<W> {
        let us = self.turn;
        let (from, to) = (mv.from(), mv.to());
        let mut occupied = self.occupied();
        match mv.castling_index().and_then(|index| self.castling_rule(index)) {
            Some(rule) => {
                occupied.remove(rule.king_from);
                occupied.remove(rule.rook_from);
                occupied.insert(rule.king_to);
                occupied.insert(rule.rook_to);
            }
            None => {
                occupied.remove(from);
                occupied.insert(to);
                if mv.is_en_passant() {
                    occupied.remove(self.victim);
                }
            }
        }
        let empty = (self.variant.board - occupied) & walling.open[us.index()];
        match walling.rule {
            WallRule::Duck | WallRule::Static => empty,
            WallRule::Past => empty & SquareSet::from_square(from),
            WallRule::Edge => {
                let sunk = self
                    .walls
                    .iter()
                    .fold(walling.edges, |open, wall| open | walling.neighbours.leaps(wall));
                empty & sunk
            }
            WallRule::Arrow => {
                let kind = match (mv.dropped(), self.piece_at(from)) {
                    (Some(kind), _) => kind,
                    (None, Some(piece)) => piece.kind,
                    (None, None) => return SquareSet::EMPTY,
                };
                let moves = &self.variant.kinds[kind.index()].moves[us.index()];
                let mut reach = moves.quiet.attacks(to, occupied);
                if self.variant.unscreened_by_own_kind.contains(kind) {
                    // A cannon that may not hop over its own kind shoots
                    // the same way.
                    reach &= moves.quiet.attacks(to, occupied - self.by_kind[kind.index()]);
                }
                empty & reach
            }
        }
    }

    /// Places the wall of `mv`, lifting the duck first under the duck rule.
    #[cold]
    #[inline(never)]
    pub(crate) fn place_wall(&mut self, mv: Move) {
        let (Some(walling), Some(wall)) = (&self.variant.walling, mv.wall()) else {
            return;
        };
        if walling.rule == WallRule::Duck {
            for square in self.walls {
                self.hash ^= self.variant.zobrist.wall(square.index());
            }
            self.walls = SquareSet::EMPTY;
        }
        self.walls.insert(wall);
        self.hash ^= self.variant.zobrist.wall(wall.index());
    }
}
