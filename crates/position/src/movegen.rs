//! Move generation: the pseudo-legal moves, and the legal ones by the
//! variant's [`Legality`] strategy.
//!
//! Moves are produced in bulk, one origin and a set of destinations at a
//! time, so that counting them (perft's last ply) is a popcount. With
//! [`Legality::PinsAndChecks`], legality is decided without playing moves,
//! from the checks on the royal piece and the pins against it, both read off
//! the attack tables; only en passant captures are tried by playing them.
//! That is exact where attacks only shrink as squares fill: a move can then
//! expose the royal piece only by vacating a square on a path to it.

use arrayvec::ArrayVec;
use fairy_geometry::{Square, SquareSet, Word};
use smallvec::SmallVec;

use crate::castling::Castling;
use crate::legality::{CaptureBatch, CheckFound, Strategy};
use crate::variant::{AttackGroup, Kind, KindMoves, MAX_ATTACK_GROUPS, Promotions};
use crate::{Move, MoveList, PieceKind, Position};

/// Receives generated moves.
pub(crate) trait MoveSink<W: Word> {
    /// The moves of one piece on `from` to each square of `to`, promoting
    /// by `promotions` where it says.
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>);

    /// The moves of several pieces of one kind by one displacement: a move
    /// to `t` comes from `t - delta`.
    fn shifted_moves(&mut self, promotions: &Promotions<W>, delta: i16, to: SquareSet<W>);

    /// Drops of a piece of `kind` from the hand onto each square of `to`.
    fn drops(&mut self, kind: PieceKind, to: SquareSet<W>);

    /// One move (castling, en passant, or a move found by playing it).
    fn one(&mut self, mv: Move);

    /// The move `mv` followed by a wall on each square of `walls`.
    fn walled(&mut self, mv: Move, walls: SquareSet<W>) {
        for wall in walls {
            self.one(mv.with_wall(wall));
        }
    }

    /// Whether the sink only counts the moves, so that a generator may
    /// count them its own way and pass on the number with
    /// [`MoveSink::add_count`].
    const COUNTS_ONLY: bool = false;

    /// `count` more moves, counted by the generator; only asked of a sink
    /// that [counts only](MoveSink::COUNTS_ONLY).
    fn add_count(&mut self, count: u64) {
        // Reached only by a generator's mistake: a sink that counts only
        // overrides this, and one that lists moves is never asked.
        debug_assert!(false, "{count} moves counted for a sink that does not count only");
    }

    /// The moves the sink must be handed one by one rather than as a
    /// count (see [`MoveSink::add_count`]): those of the pieces on the
    /// first set of squares, and those to the second. Read only where the
    /// sink [counts only](MoveSink::COUNTS_ONLY); a sink that judges moves
    /// (make-and-test's) counts those it need not judge.
    fn held_from_count(&self) -> (SquareSet<W>, SquareSet<W>) {
        (SquareSet::EMPTY, SquareSet::EMPTY)
    }
}

/// Counts moves without listing them.
pub(crate) struct MoveCounter(pub u64);

impl<W: Word> MoveSink<W> for MoveCounter {
    #[inline]
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>) {
        self.0 += promotions.count(from, to);
    }

    #[inline]
    fn shifted_moves(&mut self, promotions: &Promotions<W>, _delta: i16, to: SquareSet<W>) {
        self.0 += promotions.count_arriving(to);
    }

    #[inline]
    fn drops(&mut self, _kind: PieceKind, to: SquareSet<W>) {
        self.0 += u64::from(to.count());
    }

    #[inline]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }

    #[inline]
    fn walled(&mut self, _mv: Move, walls: SquareSet<W>) {
        self.0 += u64::from(walls.count());
    }

    const COUNTS_ONLY: bool = true;

    #[inline]
    fn add_count(&mut self, count: u64) {
        self.0 += count;
    }
}

/// Lists moves.
pub(crate) struct MoveCollector<'a>(pub &'a mut MoveList);

/// Each move from `from` to `to` by `promotions`: the plain move, or on a
/// promotion square each choice (and staying, where allowed).
#[inline(always)]
pub(crate) fn each_move<W: Word>(promotions: &Promotions<W>, from: Square, to: Square, mut visit: impl FnMut(Move)) {
    if !promotions.promoting(from, SquareSet::from_square(to)).any() {
        return visit(Move::normal(from, to, None));
    }
    if promotions.may_stay.contains(to) {
        visit(Move::normal(from, to, None));
    }
    for &choice in promotions.choices(to) {
        visit(Move::normal(from, to, Some(choice)));
    }
}

/// [`each_move`] from `from` to each square of `to`, for a sink that keeps
/// no order: the plain moves first, then the promotions, the squares where
/// a move promotes found once for the set rather than square by square.
#[inline(always)]
pub(crate) fn each_piece_move<W: Word>(
    promotions: &Promotions<W>,
    from: Square,
    to: SquareSet<W>,
    visit: impl FnMut(Move),
) {
    each_move_split(promotions, to, promotions.promoting(from, to), |_| from, visit);
}

/// [`each_piece_move`] for moves in bulk by `delta` (see
/// [`MoveSink::shifted_moves`]), which promote by where they arrive.
#[inline(always)]
pub(crate) fn each_shifted_move<W: Word>(
    promotions: &Promotions<W>,
    delta: i16,
    to: SquareSet<W>,
    visit: impl FnMut(Move),
) {
    let from = |square| shifted_from(square, delta);
    each_move_split(promotions, to, promotions.promoting_arriving(to), from, visit);
}

/// The moves to each square of `to`, from the square `from` gives for it:
/// plain to those not `promoting`, then each promotion to those that are.
#[inline(always)]
fn each_move_split<W: Word>(
    promotions: &Promotions<W>,
    to: SquareSet<W>,
    promoting: SquareSet<W>,
    from: impl Fn(Square) -> Square,
    mut visit: impl FnMut(Move),
) {
    for square in to - promoting {
        visit(Move::normal(from(square), square, None));
    }
    for square in promoting {
        // `each_move` asks again whether the square promotes. Calling past
        // that question, for these few squares, took chess perft 3% to 6%
        // longer in timed runs (the code the compiler laid out), not less.
        each_move(promotions, from(square), square, &mut visit);
    }
}

/// Where a pinned piece on `from` may move: along each line it is pinned
/// on.
#[inline(always)]
fn pin_lines<W: Word>(pins: &[(Square, SquareSet<W>)], from: Square) -> SquareSet<W> {
    let mut allowed = SquareSet::ALL;
    for &(square, line) in pins {
        if square == from {
            allowed &= line;
        }
    }
    allowed
}

/// The square a move in bulk by `delta` to `to` comes from.
#[inline(always)]
pub(crate) fn shifted_from(to: Square, delta: i16) -> Square {
    Square::new((to.index() as i32 - i32::from(delta)) as u8)
}

impl MoveCollector<'_> {
    fn push<W: Word>(&mut self, promotions: &Promotions<W>, from: Square, to: Square) {
        each_move(promotions, from, to, |mv| self.0.push(mv));
    }
}

impl<W: Word> MoveSink<W> for MoveCollector<'_> {
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>) {
        for square in to {
            self.push(promotions, from, square);
        }
    }

    fn shifted_moves(&mut self, promotions: &Promotions<W>, delta: i16, to: SquareSet<W>) {
        for square in to {
            self.push(promotions, shifted_from(square, delta), square);
        }
    }

    fn drops(&mut self, kind: PieceKind, to: SquareSet<W>) {
        for square in to {
            self.0.push(Move::drop(kind, square));
        }
    }

    fn one(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// An attack group of the side not to move, with its pieces.
pub(crate) type Attacker<'v, W> = (&'v AttackGroup<W>, SquareSet<W>);

/// The attack groups of the side not to move, each with its pieces (none,
/// for some: every reader asks where the pieces could attack from before
/// anything else, which settles an empty group). A fixed capacity (the
/// variant has no more groups, see [`MAX_ATTACK_GROUPS`]) spares every
/// access the question whether the vector has spilled to the heap, which
/// a `SmallVec` asks.
pub(crate) type Attackers<'v, W> = ArrayVec<Attacker<'v, W>, MAX_ATTACK_GROUPS>;

impl<W: Word> Position<'_, W> {
    /// Whether one of `attackers` attacks `square` when `occupied` are
    /// occupied.
    #[inline(always)]
    fn attacked(&self, attackers: &[Attacker<'_, W>], square: Square, occupied: SquareSet<W>) -> bool {
        // Without hoppers shy of their own kind (never in the pins-based
        // strategies), the tables alone answer.
        if !self.variant.unscreened_by_own_kind.is_empty() {
            return self.attacked_over_screens(attackers, square, occupied);
        }
        // A loop rather than `Iterator::any`, which the compiler may leave
        // out of line: this runs for every square a royal piece may step to
        // (on boards of up to 64 squares) and every square castling asks
        // about.
        for (group, pieces) in attackers {
            if group.table.reaches_any(square, occupied, *pieces) {
                return true;
            }
        }
        false
    }

    /// The squares of `squares`, where the royal piece on `royal` may move,
    /// that one of `attackers` attacks when `occupied` are occupied: a
    /// group is asked about each square only if it has a piece around the
    /// royal piece (see [`AttackGroup::around_royal`]); most have none.
    /// Only where [`AttackGroup::SCREENS_ROYAL_STEPS`].
    #[inline(always)]
    fn attacked_around(
        &self,
        attackers: &[Attacker<'_, W>],
        royal: Square,
        squares: SquareSet<W>,
        occupied: SquareSet<W>,
    ) -> SquareSet<W> {
        if !self.variant.unscreened_by_own_kind.is_empty() {
            return squares
                .iter()
                .filter(|&square| self.attacked_over_screens(attackers, square, occupied))
                .collect();
        }
        let mut unattacked = squares;
        for (group, pieces) in attackers {
            if unattacked.is_empty() {
                break;
            }
            if !group.around_royal[royal.index()].intersects(*pieces) {
                continue;
            }
            for square in unattacked {
                if group.table.reaches_any(square, occupied, *pieces) {
                    unattacked.remove(square);
                }
            }
        }
        squares - unattacked
    }

    /// Whether one of `attackers` attacks some square of `squares` when
    /// `occupied` are occupied: [`Position::attacked`] for each, in a loop
    /// that stays inline as that does.
    #[inline(always)]
    fn attacked_anywhere(&self, attackers: &[Attacker<'_, W>], squares: SquareSet<W>, occupied: SquareSet<W>) -> bool {
        for square in squares {
            if self.attacked(attackers, square, occupied) {
                return true;
            }
        }
        false
    }

    /// [`Position::attacked`] where some hopper may not hop over its own
    /// kind; out of line, to keep the common path small.
    #[inline(never)]
    fn attacked_over_screens(&self, attackers: &[Attacker<'_, W>], square: Square, occupied: SquareSet<W>) -> bool {
        attackers.iter().any(|(group, pieces)| {
            group
                .attacks_among(square, occupied, *pieces, |kinds| self.on_board(kinds))
                .any()
        })
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(&mut MoveCollector(&mut moves));
        moves
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// The moves the pieces of the side to move can make by their movement,
    /// castling and en passant included, before asking whether they leave
    /// a royal piece attacked.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// // The king on c1 is in check from the rook on c4: of its five steps
    /// // only b1, b2 and d1, d2 (off the c-file) are legal.
    /// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(5, 4)?), "k1r2/5/5/2K2 w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert_eq!(position.pseudo_legal_moves().len(), 5);
    /// assert_eq!(position.legal_moves().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.terminal().is_none() {
            self.generate_pseudo_legal(&mut MoveCollector(&mut moves));
        }
        moves
    }

    /// The number of moves `color`'s pieces could make if it were their
    /// turn, ignoring whether they leave a royal piece attacked (and
    /// ignoring castling and en passant): a measure of activity for
    /// evaluation.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::{Color, Movement};
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// // b2 counts, though the other king guards it.
    /// assert_eq!(position.mobility(Color::White), 3);
    /// assert_eq!(position.legal_moves().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mobility(&self, color: fairy_movement::Color) -> u32 {
        let ours = self.by_color[color.index()];
        let targets = self.targets(color);
        let mut count = 0;
        for (index, kind) in self.variant.kinds.iter().enumerate() {
            let moves = &kind.moves[color.index()];
            for from in self.by_kind[index] & ours {
                count += targets.destinations(moves, from).count();
            }
        }
        count
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Generates every legal move into `sink`: none once the game has
    /// ended by a rule, otherwise by the variant's legality strategy.
    pub(crate) fn generate<S: MoveSink<W>>(&self, sink: &mut S) {
        if self.terminal().is_some() {
            return;
        }
        if self.variant.plain_moves {
            self.generate_by_strategy(sink);
        } else if let Some(walling) = &self.variant.walling {
            self.generate_walled(walling, sink);
        } else if let Some(passing) = &self.variant.passing {
            self.generate_with_pass(passing, sink);
        } else if self.variant.spec.pass_on_stalemate {
            self.generate_or_pass(sink);
        } else {
            self.generate_restricted(sink);
        }
    }

    /// The legal moves, listed once and passed on; if there are none and
    /// the side to move is not in check, a pass: from and to its royal piece's square, or else its
    /// first piece's, as Fairy-Stockfish writes it (a side with no piece
    /// cannot pass).
    #[inline(never)]
    fn generate_or_pass<S: MoveSink<W>>(&self, sink: &mut S) {
        let mut moves = MoveList::new();
        let in_check = self.generate_under_rules(&mut MoveCollector(&mut moves));
        if !moves.is_empty() {
            return moves.iter().for_each(|&mv| sink.one(mv));
        }
        if self.is_check_unless_found(in_check) {
            return;
        }
        if let Some(square) = self.pass_square() {
            sink.one(Move::pass(square));
        }
    }

    /// Generates the legal moves by the legality strategy and the move
    /// rules (no checks, compulsory capture, a royal piece held in check),
    /// whether or not the game has
    /// ended; returns whether the side to move is in check where the
    /// strategy found out (see [`CheckFound`]).
    #[inline(always)]
    pub(crate) fn generate_under_rules<S: MoveSink<W>>(&self, sink: &mut S) -> CheckFound {
        if self.variant.move_rules {
            self.generate_restricted(sink);
            None
        } else {
            self.generate_by_strategy(sink)
        }
    }

    /// Generates every legal move into `sink` by the variant's legality
    /// strategy, before move rules such as compulsory capture; returns
    /// whether the side to move is in check where the strategy found out
    /// (see [`CheckFound`]).
    #[inline(always)]
    pub(crate) fn generate_by_strategy<S: MoveSink<W>>(&self, sink: &mut S) -> CheckFound {
        match self.variant.strategy {
            Strategy::PinsAndChecks => self.generate_by_pins_and_checks::<S, false>(sink),
            Strategy::PinsAndRiderFills if S::COUNTS_ONLY => self.count_by_pins_and_rider_fills(sink),
            Strategy::PinsAndRiderFills => self.generate_by_pins_and_checks::<S, false>(sink),
            Strategy::PinsForQuietMoves => {
                self.generate_by_quiet_pins(sink);
                None
            }
            Strategy::MakeAndTest => self.generate_by_make_and_test(sink),
        }
    }

    /// The occupancy-derived sets move generation starts from, for `color`
    /// moving.
    #[inline(always)]
    pub(crate) fn targets(&self, color: fairy_movement::Color) -> Targets<W> {
        let them = color.other();
        let occupied = self.occupied();
        let empty = self.variant.board - occupied;
        let capturable = self.by_color[them.index()] - self.pieces_of_kinds(them, self.variant.uncapturable);
        Targets {
            occupied,
            empty,
            quiet_to: empty,
            capturable,
            free: empty | capturable,
        }
    }

    /// The pieces a piece of `kind` may not capture: those of its own kind,
    /// if it spares them (atomar's kings); none otherwise.
    #[inline]
    fn spared_by(&self, kind: PieceKind) -> SquareSet<W> {
        if self.variant.spares_own_kind.contains(kind) {
            self.by_kind[kind.index()]
        } else {
            SquareSet::EMPTY
        }
    }

    /// Pushes the attack groups of the side not to move onto `attackers`,
    /// each with its pieces. On the hot path the vector is filled where it
    /// is read: a vector built elsewhere is copied when moved, and reading
    /// it right after stalls on the copy. Groups with no piece are pushed
    /// too: leaving them out cost a test and a branch a group, more than
    /// their readers spend passing over them (the royal piece's squares
    /// ask where a group could attack from first).
    #[inline(always)]
    pub(crate) fn push_enemy_attackers<'s>(&'s self, attackers: &mut Attackers<'s, W>) {
        for attacker in self.enemy_attackers() {
            attackers.push(attacker);
        }
    }

    /// The attack groups of the side not to move, each with its pieces,
    /// for [`Position::push_enemy_attackers`] and the readers that gather
    /// them as they go.
    #[inline(always)]
    pub(crate) fn enemy_attackers(&self) -> impl Iterator<Item = Attacker<'_, W>> {
        let them = self.turn.other();
        let disarmed = if self.variant.petrifying.is_empty() {
            SquareSet::EMPTY
        } else {
            self.disarmed(them)
        };
        self.variant.attackers[them.index()]
            .iter()
            .map(move |group| (group, self.group_pieces(them, group) - disarmed))
    }

    /// Every move the side to move's pieces can make, whatever it leaves
    /// attacked; castling under its own conditions.
    pub(crate) fn generate_pseudo_legal<S: MoveSink<W>>(&self, sink: &mut S) {
        self.generate_pseudo_legal_to(sink, self.targets(self.turn), true);
    }

    /// The moves of the side to move's pieces to `targets`, whatever they
    /// leave attacked; with `special`, castling and en passant too.
    pub(crate) fn generate_pseudo_legal_to<S: MoveSink<W>>(&self, sink: &mut S, targets: Targets<W>, special: bool) {
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let (held_origins, held_destinations) = sink.held_from_count();
        for (index, kind) in self.variant.kinds.iter().enumerate() {
            let moves = &kind.moves[us.index()];
            let targets = targets.without_captures_of(self.spared_by(PieceKind::new(index as u8)));
            // A hopper that may not hop over its own kind reaches only what
            // it would also reach if its kind were off the board.
            let unscreened = self
                .variant
                .unscreened_by_own_kind
                .contains(PieceKind::new(index as u8))
                .then(|| targets.occupied - self.by_kind[index]);
            let mut one_by_one = self.by_kind[index] & ours;
            if S::COUNTS_ONLY && unscreened.is_none() && one_by_one.any() {
                // Counted where the sink lets them be: the shape of the
                // kind's table is matched once, not once a piece (see
                // `MoveSink::held_from_count`).
                let movers = one_by_one - held_origins;
                let mut count = 0;
                targets.each_destinations(moves, movers, |from, to| {
                    count += moves.promotions.count(from, to - held_destinations);
                    if to.intersects(held_destinations) {
                        sink.piece_moves(&moves.promotions, from, to & held_destinations);
                    }
                });
                sink.add_count(count);
                one_by_one = one_by_one - movers;
            }
            for from in one_by_one {
                let mut to = targets.destinations(moves, from);
                if let Some(occupied) = unscreened {
                    to &= targets.destinations_over(moves, from, occupied);
                }
                if to.any() {
                    sink.piece_moves(&moves.promotions, from, to);
                }
            }
        }
        if self.variant.drops.is_some() {
            self.generate_drops(sink, targets.quiet_to);
        }
        if !special {
            return;
        }
        if self.castling.0 & self.variant.castling.of_color[us.index()] != 0 {
            self.generate_castling_alone(sink);
        }
        if self.en_passant.any() {
            self.generate_en_passant(sink, false);
        }
    }

    /// The legal moves, from checks and pins against the one royal piece;
    /// with `FILL`, counted with riders followed all at once (see
    /// [`Position::generate_from_pins`]).
    #[inline(always)]
    fn generate_by_pins_and_checks<S: MoveSink<W>, const FILL: bool>(&self, sink: &mut S) -> CheckFound {
        let royal = self.pieces_of_kinds(self.turn, self.variant.royal).first();
        let in_check = self.generate_from_pins::<S, false, FILL>(
            sink,
            royal,
            self.targets(self.turn),
            SquareSet::EMPTY,
            true,
            &mut CaptureBatch::new(),
        );
        royal.map(|_| in_check)
    }

    /// [`Position::generate_by_pins_and_checks`] for a sink that only
    /// counts, with riders followed all at once (see [`KindMoves::fill`]):
    /// a strategy of its own, out of line, so that a variant without such
    /// riders carries no trace of it.
    #[inline(never)]
    fn count_by_pins_and_rider_fills<S: MoveSink<W>>(&self, sink: &mut S) -> CheckFound {
        self.generate_by_pins_and_checks::<S, true>(sink)
    }

    /// The legal moves to `targets` (all, or only the quiet ones), from
    /// checks and pins against `royal`, which no piece attacks on a square
    /// of `shield` (next to an enemy royal piece under explosions); with
    /// `special`, castling and en passant too. With `SET_ASIDE`, the
    /// captures are not judged but gathered in `aside`, every one the
    /// pieces can make; with `FILL` (for a sink that only counts, and not
    /// with `SET_ASIDE`), the riders of [`KindMoves::fill`] kinds are counted
    /// all at once. Both are compile-time choices, so that the plain path
    /// carries no trace of them. Returns whether `royal` is in check (never
    /// without one, nor on a square of `shield`).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn generate_from_pins<S: MoveSink<W>, const SET_ASIDE: bool, const FILL: bool>(
        &self,
        sink: &mut S,
        royal: Option<Square>,
        targets: Targets<W>,
        shield: SquareSet<W>,
        special: bool,
        aside: &mut CaptureBatch<W>,
    ) -> bool {
        let variant = self.variant;
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let Targets {
            occupied,
            empty,
            quiet_to,
            capturable,
            free,
        } = targets;
        // Where a non-royal move must end to answer every check, and the
        // pieces pinned against the royal piece with the squares they may
        // go to.
        let mut evasion = SquareSet::ALL;
        let mut in_check = false;
        let mut pinned = SquareSet::<W>::EMPTY;
        let mut pins: SmallVec<[(Square, SquareSet<W>); 4]> = SmallVec::new();
        let mut find_checks_and_pins = |king: Square, group: &AttackGroup<W>, pieces: SquareSet<W>| {
            // Most groups have no piece where it could attack the royal
            // piece at all (the potential holds the leaps too).
            if !group.table.potential(king).intersects(pieces) {
                return;
            }
            for checker in group.table.leaps(king) & pieces {
                evasion &= SquareSet::from_square(checker);
                in_check = true;
            }
            if group.table.is_leaper() {
                return;
            }
            let allowed = group.table.allowed(king);
            if let Some(sightlines) = &group.sightlines {
                // Each attacker in sight checks if nothing stands
                // between, and pins the one piece of ours that does.
                for attacker in sightlines.in_sight(king) & pieces & allowed {
                    let between = sightlines.between(king, attacker);
                    let blockers = between & occupied;
                    if blockers.is_empty() {
                        evasion &= between.with(attacker);
                        in_check = true;
                    } else if let Some(blocker) = blockers.single()
                        && ours.contains(blocker)
                    {
                        pinned.insert(blocker);
                        pins.push((blocker, between.with(attacker)));
                    }
                }
                return;
            }
            group.table.hits(king, occupied, pieces, |hit| {
                if pieces.contains(hit.first) {
                    if allowed.contains(hit.first) {
                        evasion &= hit.through_first;
                        in_check = true;
                    }
                } else if ours.contains(hit.first)
                    && hit
                        .second
                        .is_some_and(|second| pieces.contains(second) && allowed.contains(second))
                {
                    pinned.insert(hit.first);
                    pins.push((hit.first, hit.through_second));
                }
            });
        };
        // Without a royal piece (antichess), no attack matters but
        // castling's, gathered below if it is open. With one, each group
        // is asked about checks and pins as it is gathered: one pass over
        // the groups rather than two.
        let mut attackers = Attackers::new();
        match royal {
            Some(king) if !shield.contains(king) => {
                for (group, pieces) in self.enemy_attackers() {
                    attackers.push((group, pieces));
                    find_checks_and_pins(king, group, pieces);
                }
            }
            Some(_) => self.push_enemy_attackers(&mut attackers),
            None => {}
        }

        let royal_set = royal.map_or(SquareSet::EMPTY, SquareSet::from_square);
        let spares_own_kind = !variant.spares_own_kind.is_empty();
        // In double check (no square answers every check) only the royal
        // piece's moves, and en passant captures, tried below by playing
        // them, may be legal: the other pieces are not asked, unless their
        // captures are set aside, which is done whatever the checks.
        let others_move = SET_ASIDE || evasion.any();
        let movers: &[Kind<W>] = if others_move { &variant.kinds } else { &[] };
        // Where the sink only counts, the moves of the pieces are counted
        // here and passed on once: a sum kept in a register rather than
        // one added to the sink's, in memory, a piece at a time.
        let mut counted = 0;
        for (index, (kind, &of_kind)) in movers.iter().zip(&self.by_kind).enumerate() {
            let pieces = (of_kind & ours) - royal_set;
            if pieces.is_empty() {
                continue;
            }
            let moves = &kind.moves[us.index()];
            let piece_kind = PieceKind::new(index as u8);
            // With `SET_ASIDE`, the pieces this kind may capture.
            let takeable = if SET_ASIDE && spares_own_kind {
                capturable - self.spared_by(piece_kind)
            } else {
                capturable
            };
            let mut one_by_one = pieces;
            if let Some(bulk) = &moves.bulk {
                // Pinned pieces are left to the loop below.
                let movers = pieces - pinned;
                // Where moves are only counted, an empty set is counted
                // too rather than tested for: whether a displacement has
                // moves follows the position, a branch mispredicted. The
                // test is written out at each of the three places: one
                // closure for them took chess perft 5 from 1.27-1.30 to
                // 1.45-1.56 times cozy-chess's time in `benches/versus.rs`.
                match &bulk.capture {
                    Some(capture) => {
                        bulk.quiet.for_each(movers, empty, |delta, to| {
                            let to = to & quiet_to & evasion;
                            if S::COUNTS_ONLY && !SET_ASIDE {
                                counted += moves.promotions.count_arriving(to);
                            } else if S::COUNTS_ONLY || to.any() {
                                sink.shifted_moves(&moves.promotions, delta, to);
                            }
                        });
                        capture.for_each(movers, empty, |delta, to| {
                            if SET_ASIDE {
                                aside.shifted(piece_kind, delta, to & takeable);
                            } else {
                                let to = to & capturable & evasion;
                                if S::COUNTS_ONLY {
                                    counted += moves.promotions.count_arriving(to);
                                } else if to.any() {
                                    sink.shifted_moves(&moves.promotions, delta, to);
                                }
                            }
                        });
                    }
                    // Captures made as the other moves are: one pass finds
                    // both.
                    None => bulk.quiet.for_each(movers, empty, |delta, to| {
                        let to = if SET_ASIDE {
                            aside.shifted(piece_kind, delta, to & takeable);
                            to & quiet_to
                        } else {
                            to & free
                        };
                        let to = to & evasion;
                        if S::COUNTS_ONLY && !SET_ASIDE {
                            counted += moves.promotions.count_arriving(to);
                        } else if S::COUNTS_ONLY || to.any() {
                            sink.shifted_moves(&moves.promotions, delta, to);
                        }
                    }),
                }
                one_by_one &= pinned;
            } else if FILL && moves.fill.is_some() {
                // Counted below, all at once; pinned pieces one by one.
                one_by_one &= pinned;
            }
            if S::COUNTS_ONLY && !SET_ASIDE {
                // Counting a piece's moves is a popcount, cheap enough to
                // copy for each shape of table: the shape is then matched
                // once for the kind rather than once a piece. No test of
                // an empty set: counting one adds nothing, and whether a
                // piece has moves is a branch that follows the position.
                let promotions = &moves.promotions;
                targets.each_destinations(moves, one_by_one - pinned, |from, to| {
                    counted += promotions.count(from, to & evasion);
                });
                for from in one_by_one & pinned {
                    let to = targets.destinations(moves, from) & evasion & pin_lines(&pins, from);
                    counted += promotions.count(from, to);
                }
                continue;
            }
            for from in one_by_one {
                let mut to = targets.destinations(moves, from);
                if SET_ASIDE {
                    aside.piece(piece_kind, from, to & takeable);
                    to = to - capturable;
                }
                to &= evasion;
                if pinned.contains(from) {
                    to &= pin_lines(&pins, from);
                }
                if to.any() {
                    sink.piece_moves(&moves.promotions, from, to);
                }
            }
        }

        if S::COUNTS_ONLY && !SET_ASIDE {
            sink.add_count(counted);
        }
        if FILL && others_move {
            debug_assert!(
                S::COUNTS_ONLY && !SET_ASIDE,
                "riders are counted all at once only where moves are counted"
            );
            self.count_filled_rides(sink, ours - pinned - royal_set, targets, evasion);
        }

        // Squares a royal step found unattacked: castling's path need not
        // ask again (see `Variant::occupancy_only_blocks`).
        let mut stepped_safe = SquareSet::EMPTY;
        if let Some(king) = royal {
            let Some(code) = self.code_at(king) else {
                return in_check;
            };
            let moves = &variant.kinds[usize::from(code >> 1)].moves[us.index()];
            let mut candidates = targets.destinations(moves, king);
            if SET_ASIDE {
                let kind = PieceKind::new(code >> 1);
                aside.piece(kind, king, candidates & (capturable - self.spared_by(kind)));
                candidates = candidates - capturable;
            }
            let without_king = occupied - royal_set;
            let safe = if AttackGroup::<W>::SCREENS_ROYAL_STEPS {
                candidates - self.attacked_around(&attackers, king, candidates - shield, without_king)
            } else {
                // Read as a slice once, not once per square.
                let attacking: &[Attacker<'_, W>] = &attackers;
                candidates
                    .iter()
                    .filter(|&to| shield.contains(to) || !self.attacked(attacking, to, without_king))
                    .collect()
            };
            if S::COUNTS_ONLY || safe.any() {
                sink.piece_moves(&moves.promotions, king, safe);
            }
            stepped_safe = safe - shield;
        }
        if variant.drops.is_some() {
            // A drop only fills a square: it is legal wherever it answers
            // every check.
            self.generate_drops(sink, quiet_to & evasion);
        }
        if !special {
            return in_check;
        }
        if self.castling.0 & variant.castling.of_color[us.index()] != 0 {
            if royal.is_none() {
                self.push_enemy_attackers(&mut attackers);
            }
            let stepped_safe = royal.map(|king| (king, stepped_safe));
            self.generate_castling(&attackers, sink, royal.map(|_| in_check), stepped_safe);
        }

        if self.en_passant.any() {
            self.generate_en_passant(sink, true);
        }
        in_check
    }

    /// Counts the moves of `movers`' riders that are followed all at once
    /// (see [`KindMoves::fill`]): in each direction, the squares they reach
    /// that are free and answer every check (`evasion`), each reached by
    /// one rider.
    #[inline(always)]
    fn count_filled_rides<S: MoveSink<W>>(
        &self,
        sink: &mut S,
        movers: SquareSet<W>,
        targets: Targets<W>,
        evasion: SquareSet<W>,
    ) {
        let mut count = 0;
        let reachable = targets.free & evasion;
        for fill in &self.variant.rider_fills[self.turn.index()] {
            let riders = movers & self.on_board(fill.kinds);
            if riders.any() {
                for direction in &fill.directions {
                    count += (direction.reach(riders, targets.empty) & reachable).count();
                }
            }
        }
        if count > 0 {
            sink.add_count(u64::from(count));
        }
    }

    /// The ways to castle open to the side to move: rights held, the king
    /// and the rook on their squares, the squares passed and landed on
    /// empty but for them, and for a royal king: not in check, no square it
    /// passes attacked, and not attacked where it lands with both pieces
    /// moved. For legal moves only, `in_check` says whether the side's
    /// royal piece is attacked, and the castling of a king that is not
    /// royal is tried by playing it if the side has a royal piece; `None`
    /// generates pseudo-legal castlings. `stepped_safe` is a royal piece's
    /// square with the squares its steps found unattacked, with it lifted
    /// off the board, where that proves them unattacked with it on
    /// (see `Variant::occupancy_only_blocks`).
    #[inline(always)]
    pub(crate) fn generate_castling<S: MoveSink<W>>(
        &self,
        attackers: &[Attacker<'_, W>],
        sink: &mut S,
        in_check: Option<bool>,
        stepped_safe: Option<(Square, SquareSet<W>)>,
    ) {
        let us = self.turn;
        let occupied = self.occupied();
        let legal_only = in_check.is_some();
        // A right held means its king and rook stand on their squares: a
        // move from or to either square loses it.
        for (index, rule) in self.held_castlings() {
            if !rule.is_clear(occupied) {
                continue;
            }
            let others = occupied - rule.needs;
            let mv = Move::castling(rule.king_from, rule.king_to, index);
            let (royal_by_kind, pseudo_royal) = self.castling_king_royalty(rule);
            if royal_by_kind || pseudo_royal {
                let shield = self.shield(us);
                // A pseudo-royal king's path is looked at without it on its
                // square, as Fairy-Stockfish does: under explosions a piece
                // next to the enemy king may stand in line behind it.
                let path_occupied = if pseudo_royal {
                    occupied - SquareSet::from_square(rule.king_from)
                } else {
                    occupied
                };
                // The squares the king passes, and its own square where the
                // caller does not know whether it is in check.
                let mut path = rule.king_passes;
                match in_check {
                    Some(true) => continue,
                    Some(false) => {}
                    None => path.insert(rule.king_from),
                }
                // The squares a step of this king found unattacked with it
                // lifted off are unattacked with it on.
                let known_safe = match stepped_safe {
                    Some((from, safe)) if from == rule.king_from && self.variant.occupancy_only_blocks => safe,
                    _ => SquareSet::EMPTY,
                };
                if self.attacked_anywhere(attackers, path - shield - known_safe, path_occupied) {
                    continue;
                }
                let after = others | rule.lands;
                if !shield.contains(rule.king_to) && self.attacked(attackers, rule.king_to, after) {
                    continue;
                }
            } else if legal_only && !self.is_safe_after(mv) {
                continue;
            }
            sink.one(mv);
        }
    }

    /// The pseudo-legal ways to castle, where no attack groups were gathered
    /// for other moves: they are gathered here, in place (the vector is
    /// large to move), and only if some way is clear.
    pub(crate) fn generate_castling_alone<S: MoveSink<W>>(&self, sink: &mut S) {
        let occupied = self.occupied();
        if !self.held_castlings().any(|(_, rule)| rule.is_clear(occupied)) {
            return;
        }
        let mut attackers = Attackers::new();
        self.push_enemy_attackers(&mut attackers);
        self.generate_castling(&attackers, sink, None, None);
    }

    /// Whether the king castling by `rule` is royal by its kind, or else
    /// pseudo-royal (royal by its count, atomic's), for the side to move.
    #[inline(always)]
    pub(crate) fn castling_king_royalty(&self, rule: &Castling<W>) -> (bool, bool) {
        let royal_by_kind = self.variant.royal.contains(rule.king);
        let pseudo_royal = !royal_by_kind
            && self.variant.goals.has_pseudo_royals()
            && self.royal_pieces(self.turn).contains(rule.king_from);
        (royal_by_kind, pseudo_royal)
    }

    /// En passant captures are rare: with `legal_only`, each is tried by
    /// playing it. A piece that could also move to the square plainly
    /// makes the plain move, not the capture.
    pub(crate) fn generate_en_passant<S: MoveSink<W>>(&self, sink: &mut S, legal_only: bool) {
        let variant = self.variant;
        let us = self.turn;
        let occupied = self.occupied();
        for kind in variant.en_passant_capturers.iter() {
            let moves = &variant.kinds[kind.index()].moves[us.index()];
            let Some(table) = &moves.en_passant else {
                continue;
            };
            if variant.spares_own_kind.contains(kind) && self.by_kind[kind.index()].contains(self.victim) {
                continue;
            }
            for from in self.pieces_of(us, kind) {
                let mut targets = table.attacks(from, occupied) & self.en_passant;
                if moves.quiet_meets_en_passant {
                    // Where it could move, it moves.
                    targets = targets - moves.quiet.attacks(from, occupied);
                }
                for to in targets {
                    let mv = Move::en_passant(from, to);
                    if !legal_only || self.is_safe_after(mv) {
                        sink.one(mv);
                    }
                }
            }
        }
    }
}

/// The squares moves are sorted by, computed once per position.
#[derive(Copy, Clone)]
pub(crate) struct Targets<W: Word> {
    occupied: SquareSet<W>,
    /// The empty squares (which a lame leap's legs must be).
    empty: SquareSet<W>,
    /// Where a move that captures nothing may end: the empty squares, or
    /// none when only captures are wanted.
    quiet_to: SquareSet<W>,
    capturable: SquareSet<W>,
    /// `quiet_to` and `capturable` together.
    free: SquareSet<W>,
}

impl<W: Word> Targets<W> {
    /// These targets, without the captures.
    pub(crate) fn quiet(self) -> Targets<W> {
        Targets {
            capturable: SquareSet::EMPTY,
            free: self.quiet_to,
            ..self
        }
    }

    /// These targets, captures only.
    pub(crate) fn captures(self) -> Targets<W> {
        Targets {
            quiet_to: SquareSet::EMPTY,
            free: self.capturable,
            ..self
        }
    }

    /// These targets, with the pieces on `spared` not to be captured.
    fn without_captures_of(self, spared: SquareSet<W>) -> Targets<W> {
        let capturable = self.capturable - spared;
        Targets {
            capturable,
            free: self.quiet_to | capturable,
            ..self
        }
    }

    #[inline]
    fn destinations(&self, moves: &KindMoves<W>, from: Square) -> SquareSet<W> {
        moves.destinations(from, self.occupied, self.quiet_to, self.capturable, self.free)
    }

    /// [`Targets::destinations`] from each of `pieces` in turn (see
    /// [`KindMoves::each_destinations`]).
    #[inline(always)]
    fn each_destinations(&self, moves: &KindMoves<W>, pieces: SquareSet<W>, visit: impl FnMut(Square, SquareSet<W>)) {
        moves.each_destinations(pieces, self.occupied, self.quiet_to, self.capturable, self.free, visit);
    }

    /// [`Targets::destinations`] with the lines read as if `occupied` were
    /// the occupied squares.
    fn destinations_over(&self, moves: &KindMoves<W>, from: Square, occupied: SquareSet<W>) -> SquareSet<W> {
        moves.destinations(from, occupied, self.quiet_to, self.capturable, self.free)
    }
}
