//! Move rules over the legal moves: promotion limits (spartan), promotion
//! by captures only (micro shogi) and in place (sittuyin, added to the
//! legal moves), gating (added likewise), drops that may not check, checks
//! forbidden (racing kings), a royal piece held in check (makpong), and
//! compulsory capture (antichess, losers): a side that can capture must.
//!
//! They apply on top of the legality strategy: the legal moves are
//! generated as usual, those that give check are dropped where checks are
//! forbidden, and then, if any of the rest captures, only the captures are
//! kept. Variants without these rules never come here.

use fairy_geometry::{Square, SquareSet, Word};

use smallvec::SmallVec;

use crate::legality::CaptureBatch;
use crate::movegen::{MoveCollector, MoveSink, each_move, shifted_from};
use crate::promotion_limit::LimitedPromotions;
use crate::variant::{AttackGroup, Promotions};
use crate::{Legality, MAX_KINDS, Move, MoveList, PieceKind, Position};

impl<W: Word> Position<'_, W> {
    /// Whether `mv`, a move in this position, takes a piece (en passant
    /// included; castling never does).
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(3, 3)?), "r2/3/R2 w - - 0 1")
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert!(position.is_capture(position.parse_uci("a1a3")?));
    /// assert!(!position.is_capture(position.parse_uci("a1a2")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.is_en_passant() || (mv.castling_index().is_none() && self.pieces(self.turn.other()).contains(mv.to()))
    }

    /// The legal moves under the variant's move rules.
    #[inline(never)]
    pub(crate) fn generate_restricted<S: MoveSink<W>>(&self, sink: &mut S) {
        let spec = &self.variant.spec;
        let must_drop = self.must_drop();
        let no_drop_checks = self
            .variant
            .spec
            .drops
            .as_ref()
            .is_some_and(|drops| drops.no_drop_checks);
        // Rules that add or judge moves one at a time on a list; promotion
        // limits alone filter moves as they are generated.
        let listed_rules = no_drop_checks
            || !self.variant.promoting_on_captures.is_empty()
            || !self.variant.in_place.is_empty()
            || self.variant.gating
            || self.variant.gate_moves;
        let spent = self.spent_promotions();
        if !listed_rules
            && !spec.compulsory_capture
            && !spec.checks_forbidden
            && !spec.royal_held_in_check
            && !must_drop
        {
            if spent.is_empty() {
                self.generate_by_strategy(sink);
            } else {
                self.generate_by_strategy(&mut LimitedPromotions { sink, spent });
            }
            return;
        }
        let no_promotion_rules = !listed_rules && self.variant.promotion_limits.is_empty();
        let only_compulsory_capture = spec.compulsory_capture
            && !spec.checks_forbidden
            && !spec.royal_held_in_check
            && !must_drop
            && no_promotion_rules;
        if only_compulsory_capture && self.variant.legality == Legality::PinsAndChecks {
            return self.generate_captures_first(sink);
        }
        let only_no_checks = spec.checks_forbidden
            && !spec.compulsory_capture
            && !spec.royal_held_in_check
            && !must_drop
            && no_promotion_rules;
        if only_no_checks && self.variant.legality == Legality::PinsAndChecks {
            if let Some(king) = self.pieces_of_kinds(self.turn.other(), self.variant.royal).first() {
                let mut no_checks = NoChecks::new(self, king, sink);
                self.generate_by_strategy(&mut no_checks);
                return;
            }
        }
        let mut moves = MoveList::new();
        self.generate_by_strategy(&mut MoveCollector(&mut moves));
        if !self.variant.in_place.is_empty() {
            self.add_in_place_promotions(&mut moves);
        }
        if !spent.is_empty() {
            moves.retain(|mv| !mv.promotion().is_some_and(|kind| spent.contains(kind)));
        }
        if self.variant.gating {
            self.add_gating(&mut moves);
        }
        if self.variant.gate_moves {
            self.add_gate_moves(&mut moves);
        }
        if !self.variant.promoting_on_captures.is_empty() {
            moves.retain(|&mv| self.promotes_as_captures_say(mv));
        }
        // As in Fairy-Stockfish, only a king royal by kind is checked (atomic
        // crazyhouse's, royal by count, is not).
        if no_drop_checks && !self.variant.royal.is_empty() {
            let checkers = self.checkers_of_turn();
            moves.retain(|mv| !mv.is_drop() || !self.gives_check_by(*mv, &checkers));
        }
        if self.variant.spec.checks_forbidden {
            let checkers = self.checkers_of_turn();
            moves.retain(|mv| !self.gives_check_by(*mv, &checkers));
        }
        if self.variant.spec.royal_held_in_check {
            let checkers = self.checkers();
            if checkers.any() {
                let royals = self.royal_pieces(self.turn);
                moves.retain(|mv| !royals.contains(mv.from()) || checkers == SquareSet::from_square(mv.to()));
            }
        }
        if must_drop && moves.iter().any(|mv| mv.is_drop()) {
            moves.retain(|mv| mv.is_drop());
        }
        let must_capture = self.variant.spec.compulsory_capture && moves.iter().any(|&mv| self.is_capture(mv));
        for &mv in moves.iter() {
            if !must_capture || self.is_capture(mv) {
                sink.one(mv);
            }
        }
    }

    /// Whether `mv` keeps the rule of kinds that promote by captures only,
    /// whose moves are generated both promoting and not: a move to an
    /// empty square does not promote, and a capture must where promotion
    /// is compulsory and the piece has a choice there.
    fn promotes_as_captures_say(&self, mv: Move) -> bool {
        let Some(piece) = self.piece_at(mv.from()).filter(|_| !mv.is_drop()) else {
            return true;
        };
        if !self.variant.promoting_on_captures.contains(piece.kind) {
            return true;
        }
        let capture = self.is_capture(mv);
        match mv.promotion() {
            Some(_) => capture,
            None => {
                !capture
                    || !self.variant.must_promote_on_captures.contains(piece.kind)
                    || self
                        .variant
                        .promotion_choices(piece.kind, piece.color, mv.to())
                        .is_empty()
            }
        }
    }

    /// Compulsory capture where checks and pins decide legality: the legal
    /// captures if there are any, else the quiet moves, both passed on as
    /// they are generated (counted in bulk).
    fn generate_captures_first<S: MoveSink<W>>(&self, sink: &mut S) {
        let royal = self.pieces_of_kinds(self.turn, self.variant.royal).first();
        let targets = self.targets(self.turn);
        let mut unused = CaptureBatch::new();
        if S::COUNTS_ONLY {
            // Counted in one pass, captures apart from the rest.
            let mut split = SplitCounter {
                position: self,
                enemies: self.pieces(self.turn.other()),
                captures: 0,
                quiet: 0,
            };
            self.generate_from_pins::<_, false, false>(&mut split, royal, targets, SquareSet::EMPTY, true, &mut unused);
            return sink.add_count(if split.captures > 0 {
                split.captures
            } else {
                split.quiet
            });
        }
        let mut captures = Tally { sink, any: false };
        self.generate_from_pins::<_, false, false>(
            &mut captures,
            royal,
            targets.captures(),
            SquareSet::EMPTY,
            false,
            &mut unused,
        );
        if self.en_passant.any() {
            self.generate_en_passant(&mut captures, true);
        }
        if !captures.any {
            // No capture: the quiet moves, castling among them.
            self.generate_from_pins::<_, false, false>(
                sink,
                royal,
                targets.quiet(),
                SquareSet::EMPTY,
                true,
                &mut unused,
            );
        }
    }

    /// Whether `mv`, a move in this position, attacks an enemy royal piece.
    ///
    /// A plain move is answered from the attack tables with the moved
    /// piece on its new square; castling and en passant by playing them.
    pub fn gives_check(&self, mv: Move) -> bool {
        self.gives_check_by(mv, &self.checkers_of_turn())
    }

    /// The side to move's attack groups, each with its pieces.
    fn checkers_of_turn(&self) -> SmallVec<[(&AttackGroup<W>, SquareSet<W>); 8]> {
        let us = self.turn;
        self.variant.attackers[us.index()]
            .iter()
            .map(|group| (group, self.group_pieces(us, group)))
            .collect()
    }

    fn gives_check_by(&self, mv: Move, groups: &[(&AttackGroup<W>, SquareSet<W>)]) -> bool {
        let us = self.turn;
        let (from, to) = (mv.from(), mv.to());
        let mut royals = self.pieces_of_kinds(us.other(), self.variant.royal);
        royals.remove(to);
        // The tables answer where royalty goes by kind and a capture has no
        // effect (no explosion, no petrified capturer, no royal piece that
        // cannot capture).
        let plain_attacks = !self.variant.goals.has_pseudo_royals()
            && self.variant.explosion.is_none()
            && self.variant.petrifying.is_empty();
        if royals.is_empty() && plain_attacks {
            return false;
        }
        if mv.castling_index().is_some() || mv.is_en_passant() || !plain_attacks {
            let mut after = self.clone();
            after.play_unchecked(mv);
            return after.is_check();
        }
        // A drop vacates nothing.
        let (moved, vacated) = match mv.dropped() {
            Some(kind) => (kind, SquareSet::EMPTY),
            None => {
                let Some(code) = self.code_at(from) else { return false };
                (
                    mv.promotion().unwrap_or(PieceKind::new(code >> 1)),
                    SquareSet::from_square(from),
                )
            }
        };
        let occupied = (self.occupied() - vacated).with(to);
        groups.iter().any(|&(group, pieces)| {
            let mut pieces = pieces - vacated;
            if group.kinds().contains(moved) {
                pieces.insert(to);
            }
            pieces.any()
                && royals.iter().any(|royal| {
                    group
                        .attacks_among(royal, occupied, pieces, |kinds| self.on_board_after(kinds, mv))
                        .any()
                })
        })
    }
}

/// A sink that drops the moves giving check, for a variant where checks are
/// forbidden and the opponent has one royal piece: a piece's moves are
/// filtered in bulk by the squares from which it would attack that piece
/// and, if it stands between one of its side's pieces and that piece, by
/// the line it must keep to. Promotions and single moves are tested one by
/// one. Used under pins and checks only, so with no hoppers: the attack
/// tables alone answer.
struct NoChecks<'s, 'p, 'v, W: Word, S: MoveSink<W>> {
    position: &'p Position<'v, W>,
    sink: &'s mut S,
    king: Square,
    /// The mover's attack groups, and for each kind the groups it attacks
    /// by (bits by index).
    groups: &'v [AttackGroup<W>],
    groups_of_kind: &'v [u32; MAX_KINDS],
    /// For each kind the mover has on the board, the squares from which it
    /// attacks the enemy king as the board stands: looked up once per
    /// position rather than once per piece.
    attacking_by_kind: [SquareSet<W>; MAX_KINDS],
    /// The squares whose piece, by leaving, changes what attacks the king:
    /// the first piece on each line from it (every square, if a path has
    /// legs). A piece elsewhere attacks from the squares in
    /// `attacking_by_kind`.
    line_ends: SquareSet<W>,
    /// The mover's pieces that block its own lines to the enemy king, each
    /// with the line (moving along it keeps the check covered).
    blockers: SmallVec<[(Square, SquareSet<W>); 4]>,
}

impl<'s, 'p, 'v, W: Word, S: MoveSink<W>> NoChecks<'s, 'p, 'v, W, S> {
    fn new(position: &'p Position<'v, W>, king: Square, sink: &'s mut S) -> NoChecks<'s, 'p, 'v, W, S> {
        let us = position.turn;
        let groups = &position.variant.attackers[us.index()];
        let ours = position.pieces(us);
        let occupied = position.occupied();
        let mut attacking_by_kind = [SquareSet::EMPTY; MAX_KINDS];
        let mut line_ends = SquareSet::EMPTY;
        let mut blockers = SmallVec::new();
        for group in groups {
            let pieces = position.group_pieces(us, group);
            if pieces.is_empty() {
                continue;
            }
            let reach = group.table.attacks(king, occupied);
            for kind in group.kinds().iter() {
                attacking_by_kind[kind.index() % MAX_KINDS] |= reach;
            }
            if group.table.is_leaper() {
                continue;
            }
            line_ends |= if group.table.has_legs() { SquareSet::ALL } else { reach };
            // Most groups have no piece on any line to the king.
            if !group.table.potential(king).intersects(pieces) {
                continue;
            }
            let allowed = group.table.allowed(king);
            let mut blocked = |attackers: SquareSet<W>| {
                group.table.hits(king, occupied, attackers, |hit| {
                    if ours.contains(hit.first)
                        && hit
                            .second
                            .is_some_and(|second| attackers.contains(second) && allowed.contains(second))
                    {
                        blockers.push((hit.first, hit.through_second));
                    }
                });
            };
            if group.table.has_legs() {
                // One attacker at a time: a path's legs may hold another
                // piece of the group, which then blocks like any other.
                for attacker in pieces & allowed {
                    blocked(SquareSet::from_square(attacker));
                }
            } else {
                blocked(pieces);
            }
        }
        NoChecks {
            position,
            sink,
            king,
            groups,
            groups_of_kind: &position.variant.groups_of_kind[us.index()],
            attacking_by_kind,
            line_ends,
            blockers,
        }
    }

    /// The squares from which a piece of `kind` attacks the enemy king
    /// when `occupied` are occupied, looked up afresh.
    fn attacking(&self, kind: PieceKind, occupied: SquareSet<W>) -> SquareSet<W> {
        let mut indices = self.groups_of_kind.get(kind.index()).copied().unwrap_or(0);
        let mut attacking = SquareSet::EMPTY;
        while indices != 0 {
            if let Some(group) = self.groups.get(indices.trailing_zeros() as usize) {
                attacking |= group.table.attacks(self.king, occupied);
            }
            indices &= indices - 1;
        }
        attacking
    }

    /// The squares where the piece of `kind` on `from` would give check,
    /// directly or by uncovering another piece's line.
    #[inline]
    fn checking(&self, from: Square, kind: PieceKind) -> SquareSet<W> {
        let mut checking = if self.line_ends.contains(from) {
            self.attacking(kind, self.position.occupied() - SquareSet::from_square(from))
        } else {
            self.attacking_by_kind[kind.index() % MAX_KINDS]
        };
        for &(blocker, line) in &self.blockers {
            if blocker == from {
                checking |= SquareSet::ALL - line;
            }
        }
        checking
    }

    /// Passes `mv` on unless it gives check, asked of the move itself
    /// (promotions, castling, en passant: rare).
    fn unless_check(&mut self, mv: Move) {
        if !self.position.gives_check(mv) {
            self.sink.one(mv);
        }
    }
}

impl<W: Word, S: MoveSink<W>> MoveSink<W> for NoChecks<'_, '_, '_, W, S> {
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>) {
        let Some(code) = self.position.code_at(from) else {
            return;
        };
        let promoting = promotions.promoting(from, to);
        for square in promoting {
            each_move(promotions, from, square, |mv| self.unless_check(mv));
        }
        let plain = (to - promoting) - self.checking(from, PieceKind::new(code >> 1));
        if plain.any() {
            self.sink.piece_moves(promotions, from, plain);
        }
    }

    fn shifted_moves(&mut self, promotions: &Promotions<W>, delta: i16, to: SquareSet<W>) {
        for square in to {
            self.piece_moves(promotions, shifted_from(square, delta), SquareSet::from_square(square));
        }
    }

    fn drops(&mut self, kind: PieceKind, to: SquareSet<W>) {
        let quiet = to - self.attacking(kind, self.position.occupied());
        if quiet.any() {
            self.sink.drops(kind, quiet);
        }
    }

    fn one(&mut self, mv: Move) {
        self.unless_check(mv);
    }
}

/// Counts the captures and the other moves apart, for compulsory capture
/// at perft's last ply.
struct SplitCounter<'p, 'v, W: Word> {
    position: &'p Position<'v, W>,
    /// The squares a move captures on (en passant aside).
    enemies: SquareSet<W>,
    captures: u64,
    quiet: u64,
}

impl<W: Word> MoveSink<W> for SplitCounter<'_, '_, W> {
    #[inline]
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>) {
        self.captures += promotions.count(from, to & self.enemies);
        self.quiet += promotions.count(from, to - self.enemies);
    }

    #[inline]
    fn shifted_moves(&mut self, promotions: &Promotions<W>, _delta: i16, to: SquareSet<W>) {
        self.captures += promotions.count_arriving(to & self.enemies);
        self.quiet += promotions.count_arriving(to - self.enemies);
    }

    #[inline]
    fn drops(&mut self, _kind: PieceKind, to: SquareSet<W>) {
        self.quiet += u64::from(to.count());
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        if self.position.is_capture(mv) {
            self.captures += 1;
        } else {
            self.quiet += 1;
        }
    }
}

/// Passes moves on to `sink`, noting whether there was any.
struct Tally<'s, S> {
    sink: &'s mut S,
    any: bool,
}

impl<W: Word, S: MoveSink<W>> MoveSink<W> for Tally<'_, S> {
    #[inline]
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>) {
        // A promotion square with no choice makes no move.
        self.any |= promotions.count(from, to) > 0;
        self.sink.piece_moves(promotions, from, to);
    }

    #[inline]
    fn shifted_moves(&mut self, promotions: &Promotions<W>, delta: i16, to: SquareSet<W>) {
        self.any |= promotions.count_arriving(to) > 0;
        self.sink.shifted_moves(promotions, delta, to);
    }

    #[inline]
    fn drops(&mut self, kind: PieceKind, to: SquareSet<W>) {
        self.any |= to.any();
        self.sink.drops(kind, to);
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        self.any = true;
        self.sink.one(mv);
    }

    #[inline]
    fn walled(&mut self, mv: Move, walls: SquareSet<W>) {
        self.any |= walls.any();
        self.sink.walled(mv, walls);
    }
}
