//! How legality is decided: a strategy chosen when a variant is compiled.

use fairy_geometry::{Square, SquareSet, Word};
use smallvec::SmallVec;

use crate::kinds::KindSet;
use crate::movegen::{Attacker, Attackers, MoveCollector, MoveSink, each_move, shifted_from};
use crate::variant::Promotions;
use crate::{Move, MoveList, PieceKind, Position};

/// How a variant decides which of the moves its pieces can make are legal.
///
/// [`Variant::new`](crate::Variant::new) picks the fastest strategy that is
/// exact for the variant's rules; [`Variant::with_legality`] can ask for
/// [`MakeAndTest`](Legality::MakeAndTest) instead, to check the fast path
/// against the simple one.
///
/// [`Variant::with_legality`]: crate::Variant::with_legality
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, Geometry};
/// use fairy_movement::Movement;
/// use fairy_position::{Legality, PieceSpec, Variant, VariantSpec};
///
/// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(4, 4)?), "k3/1r2/4/K2R w - - 0 1")
///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
///     .piece(PieceSpec::new('R', "rook", Movement::rook()));
/// let fast = Variant::<u64>::new(spec.clone())?;
/// assert_eq!(fast.legality(), Legality::PinsAndChecks);
/// let slow = Variant::<u64>::with_legality(spec, Legality::MakeAndTest)?;
/// assert_eq!(slow.start_position().perft(4), fast.start_position().perft(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Legality {
    /// Checks on the side's royal piece and pins against it are read off
    /// the attack tables, and only legal moves are generated; the last ply
    /// of perft is counted without playing moves. Exact while a move can
    /// expose the royal piece only by vacating a square on a path to it
    /// (attacks only shrink as squares fill) and one royal piece per side
    /// decides legality: true of every leap, ride, lame leap and multi-step
    /// move on every board this library builds.
    PinsAndChecks,
    /// Quiet moves and castling as [`PinsAndChecks`](Legality::PinsAndChecks)
    /// decides them, against the side's one royal piece (which no piece
    /// attacks next to an enemy royal piece, under explosions); captures
    /// under explosions on the squares each blast leaves, and the other
    /// captures and en passant by playing them. Exact where captures have effects
    /// or royalty goes with the count of pieces (atomic, spartan), as long
    /// as no move promotes to a royal kind: a quiet move then changes
    /// neither. A side with other than one royal piece has all its moves
    /// played.
    PinsForQuietMoves,
    /// Every move the pieces can make is played, and kept if no royal piece
    /// of the side that moved is then attacked. Always exact, and slower.
    MakeAndTest,
}

impl Legality {
    /// The fastest strategy that is exact for rules with one royal piece
    /// a side at most by kind (`single_royal`) or not, with captures that
    /// have effects or royalty by count (`captures_or_counts_matter`),
    /// promotion to a royal kind or not, and attacks that filling a square
    /// can create (`attacks_grow`: a hopper's screen, royal pieces that may
    /// not face each other), which no pin foresees.
    pub(crate) fn for_rules(
        single_royal: bool,
        captures_or_counts_matter: bool,
        promotes_to_royal: bool,
        attacks_grow: bool,
    ) -> Legality {
        match (single_royal, captures_or_counts_matter) {
            _ if attacks_grow => Legality::MakeAndTest,
            (true, false) => Legality::PinsAndChecks,
            (_, true) if !promotes_to_royal => Legality::PinsForQuietMoves,
            _ => Legality::MakeAndTest,
        }
    }
}

/// Whether the side to move's royal piece is in check, where move
/// generation found out on the way (`None` where its strategy did not
/// ask): a rule that hangs on it, such as passing, then need not ask again.
pub(crate) type CheckFound = Option<bool>;

/// How move generation carries out a [`Legality`]: its strategies, with
/// pins and checks split by whether some riders are counted all at once
/// (see `Variant::rider_fills`), so that the choice is made where the
/// strategy is and costs the other variants nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Strategy {
    PinsAndChecks,
    PinsAndRiderFills,
    PinsForQuietMoves,
    MakeAndTest,
}

impl Strategy {
    /// The strategy for `legality`, where some riders are followed all at
    /// once (`fills_riders`) or none are.
    pub(crate) fn for_legality(legality: Legality, fills_riders: bool) -> Strategy {
        match legality {
            Legality::PinsAndChecks if fills_riders => Strategy::PinsAndRiderFills,
            Legality::PinsAndChecks => Strategy::PinsAndChecks,
            Legality::PinsForQuietMoves => Strategy::PinsForQuietMoves,
            Legality::MakeAndTest => Strategy::MakeAndTest,
        }
    }
}

/// What [`Position::find_royal_reach`] finds.
struct RoyalReach<W: Word> {
    royal: Square,
    in_check: bool,
    /// The squares a piece leaving may open an attack from: the paths
    /// from the royal square that an enemy piece stands on.
    danger: SquareSet<W>,
    /// The squares a piece arriving may open an attack from: the lines of
    /// the hops among them (it may be a screen).
    screens: SquareSet<W>,
    /// The enemy attack groups that could attack the royal square under
    /// some occupancy.
    threats: SmallVec<[Threat<W>; 8]>,
    /// The enemy attack groups (a bit each, by index) with pieces that
    /// could attack somewhere in the royal piece's region, where its moves
    /// end: the ones that judge where it may go. Bits, not the groups with
    /// their pieces: keeping the pieces at every node cost xiangqi 2% of
    /// its perft (its general seldom has two steps to judge) and saved
    /// janggi nothing measurable.
    near: u32,
}

impl<W: Word> RoyalReach<W> {
    /// The record for the royal piece on `royal`, before anything is found.
    fn new(royal: Square) -> Self {
        RoyalReach {
            royal,
            in_check: false,
            danger: SquareSet::EMPTY,
            screens: SquareSet::EMPTY,
            threats: SmallVec::new(),
            near: 0,
        }
    }
}

/// An enemy attack group that could attack the royal square.
#[derive(Copy, Clone)]
struct Threat<W: Word> {
    /// The group's index among the enemy's.
    group: usize,
    pieces: SquareSet<W>,
    /// The squares whose occupancy its attack depends on: the paths its
    /// pieces stand on.
    danger: SquareSet<W>,
    /// Those of them whose filling may open its attack (its hops').
    screens: SquareSet<W>,
}

/// The sink of make-and-test's fast path, passing on the legal moves of
/// those it gets. Out of check, the moves of a piece other than the royal
/// one that leave no square an enemy attack on the royal piece depends on,
/// and arrive on none where a screen opens one, are out of every attack's
/// reach and pass in bulk; the other plain moves
/// are judged on the occupancy after them, and the moves with effects
/// beyond their squares (castling, en passant, gating) by playing them.
struct SafeMoves<'r, 'p, 'v, W: Word, S: MoveSink<W>> {
    position: &'p Position<'v, W>,
    reach: &'r RoyalReach<W>,
    sink: &'r mut S,
}

impl<W: Word, S: MoveSink<W>> SafeMoves<'_, '_, '_, W, S> {
    /// The squares of `to` that moves from `from` (`None`: drops) reach
    /// without opening an attack on the royal piece: none if the piece
    /// moving is the royal one, the side is in check or the piece leaves
    /// a path an attack depends on; else those off every hop's screen
    /// squares (filling a square on a ride or a leg only blocks).
    #[inline]
    fn clear(&self, from: Option<Square>, to: SquareSet<W>) -> SquareSet<W> {
        let reach = self.reach;
        if reach.in_check || from.is_some_and(|from| from == reach.royal || reach.danger.contains(from)) {
            SquareSet::EMPTY
        } else {
            to - reach.screens
        }
    }

    /// Passes `mv`, a plain move, on if it leaves the royal piece safe.
    #[inline]
    fn tested(&mut self, mv: Move) {
        if self.position.is_safe_by_occupancy(mv, self.reach) {
            self.sink.one(mv);
        }
    }
}

impl<W: Word, S: MoveSink<W>> MoveSink<W> for SafeMoves<'_, '_, '_, W, S> {
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>) {
        if from == self.reach.royal && to.more_than_one() && !promotions.promoting(from, to).any() {
            let safe = self.position.safe_royal_destinations(from, to, self.reach.near);
            if safe.any() {
                self.sink.piece_moves(promotions, from, safe);
            }
            return;
        }
        let clear = self.clear(Some(from), to);
        if clear.any() {
            self.sink.piece_moves(promotions, from, clear);
        }
        for square in to - clear {
            each_move(promotions, from, square, |mv| self.tested(mv));
        }
    }

    fn shifted_moves(&mut self, promotions: &Promotions<W>, delta: i16, to: SquareSet<W>) {
        for square in to {
            each_move(promotions, shifted_from(square, delta), square, |mv| self.one(mv));
        }
    }

    fn drops(&mut self, kind: PieceKind, to: SquareSet<W>) {
        let clear = self.clear(None, to);
        if clear.any() {
            self.sink.drops(kind, clear);
        }
        for square in to - clear {
            self.tested(Move::drop(kind, square));
        }
    }

    const COUNTS_ONLY: bool = S::COUNTS_ONLY;

    #[inline]
    fn add_count(&mut self, count: u64) {
        self.sink.add_count(count);
    }

    /// All moves in check; out of check, those of the royal piece and of
    /// the pieces on paths an attack depends on, and those to screen
    /// squares: the moves [`SafeMoves::clear`] does not pass on untested.
    #[inline]
    fn held_from_count(&self) -> (SquareSet<W>, SquareSet<W>) {
        let reach = self.reach;
        if reach.in_check {
            return (SquareSet::ALL, SquareSet::ALL);
        }
        (reach.danger.with(reach.royal), reach.screens)
    }

    fn one(&mut self, mv: Move) {
        let plain = !mv.is_en_passant() && mv.gating().is_none() && mv.castling_index().is_none();
        let safe = if plain {
            self.clear(Some(mv.from()), SquareSet::from_square(mv.to())).any()
                || self.position.is_safe_by_occupancy(mv, self.reach)
        } else {
            self.position.is_safe_after(mv)
        };
        if safe {
            self.sink.one(mv);
        }
    }
}

/// The captures [`Position::generate_from_pins`] sets aside to be judged
/// together: each piece's, and each bulk move's, with the kind moving.
pub(crate) struct CaptureBatch<W: Word> {
    captures: SmallVec<[(PieceKind, CaptureOrigin, SquareSet<W>); 16]>,
}

/// Where the captures of a [`CaptureBatch`] entry come from.
#[derive(Copy, Clone, PartialEq, Eq)]
enum CaptureOrigin {
    /// The piece on this square.
    Piece(Square),
    /// Pieces of one kind by this displacement (see
    /// [`MoveSink::shifted_moves`]).
    Shifted(i16),
}

impl CaptureOrigin {
    /// The square the capture to `to` is made from.
    #[inline]
    fn from(self, to: Square) -> Square {
        match self {
            CaptureOrigin::Piece(from) => from,
            CaptureOrigin::Shifted(delta) => shifted_from(to, delta),
        }
    }
}

impl<W: Word> CaptureBatch<W> {
    pub(crate) fn new() -> CaptureBatch<W> {
        CaptureBatch {
            captures: SmallVec::new(),
        }
    }

    /// The captures of the piece of `kind` on `from` to each square of `to`.
    #[inline]
    pub(crate) fn piece(&mut self, kind: PieceKind, from: Square, to: SquareSet<W>) {
        if to.any() {
            self.captures.push((kind, CaptureOrigin::Piece(from), to));
        }
    }

    /// The captures of pieces of `kind` by `delta` to each square of `to`.
    #[inline]
    pub(crate) fn shifted(&mut self, kind: PieceKind, delta: i16, to: SquareSet<W>) {
        if to.any() {
            self.captures.push((kind, CaptureOrigin::Shifted(delta), to));
        }
    }
}

impl<W: Word> Position<'_, W> {
    /// Whether the side to move is in check: as move generation `found`
    /// it, or else asked.
    #[inline]
    pub(crate) fn is_check_unless_found(&self, found: CheckFound) -> bool {
        found.unwrap_or_else(|| self.is_check())
    }

    /// Generates the legal moves by playing every pseudo-legal move and
    /// keeping those after which the mover's royal pieces are safe.
    // Kept out of line: inlined, it would crowd the fast path's code.
    #[inline(never)]
    pub(crate) fn generate_by_make_and_test<S: MoveSink<W>>(&self, sink: &mut S) -> CheckFound {
        let royal = if self.variant.safety_by_occupancy {
            self.royal_square(self.turn)
        } else {
            None
        };
        let Some(royal) = royal else {
            let mut candidates = MoveList::new();
            self.generate_pseudo_legal(&mut MoveCollector(&mut candidates));
            for &mv in candidates.iter() {
                if self.is_safe_after(mv) {
                    sink.one(mv);
                }
            }
            return None;
        };
        // Filled in place: the record is several hundred bytes, and
        // returning it costs a copy or two at every node.
        let mut reach = RoyalReach::new(royal);
        self.find_royal_reach(&mut reach);
        self.generate_pseudo_legal(&mut SafeMoves {
            position: self,
            reach: &reach,
            sink,
        });
        Some(reach.in_check)
    }

    /// Fills in `reach` for the royal piece on `reach.royal`, where the
    /// side to move has one royal piece and a move has no effect on royal
    /// safety beyond its squares (`Variant::safety_by_occupancy`):
    /// whether it is in check, the squares whose
    /// occupancy some enemy attack on it depends on (the paths from it
    /// that an enemy piece stands on), and those of them where a piece
    /// arriving may be a hop's screen. Then a plain move's legality follows
    /// from the occupancy after it, and a move of a piece other than the
    /// royal one that leaves none of the first squares and arrives on none
    /// of the second leaves a royal piece not in check safe, as every
    /// attack table's result depends on those squares alone, filling a
    /// square off a hop's line only blocks, and a capture only removes
    /// attackers: the make-and-test strategy's fast path, exact for
    /// hoppers too.
    fn find_royal_reach(&self, reach: &mut RoyalReach<W>) {
        let them = self.turn.other();
        let royal = reach.royal;
        let occupied = self.occupied();
        // Off its region only where a position was set up so.
        let in_region = self.variant.royal_region[self.turn.index()].contains(royal);
        for (index, group) in self.variant.attackers[them.index()].iter().enumerate() {
            // A group none of whose pieces stands where it could attack
            // from under some occupancy never attacks: the side to move
            // can only take its pieces away.
            let pieces = self.group_pieces(them, group);
            if group.toward_royal_region.intersects(pieces) {
                reach.near |= 1 << index;
            } else if in_region {
                // Nor can it attack the royal square, in the region.
                continue;
            }
            if group.table.potential(royal).intersects(pieces) {
                reach.in_check |= group
                    .attacks_among(royal, occupied, pieces, |kinds| self.on_board(kinds))
                    .any();
                // Only the paths an enemy piece stands on: a move can open
                // no other.
                let (danger, screens) = group.table.blockers_and_screens_toward(royal, pieces);
                reach.danger |= danger;
                reach.screens |= screens;
                reach.threats.push(Threat {
                    group: index,
                    pieces,
                    danger,
                    screens,
                });
            }
        }
    }

    /// The squares of `to` where the royal piece on `from` is safe after
    /// going there by a plain move that promotes nothing: see
    /// [`Position::royal_attacked_after`]. The enemy's groups with pieces
    /// where they could attack the royal piece's region are gathered once
    /// for all the squares.
    fn safe_royal_destinations(&self, from: Square, to: SquareSet<W>, near: u32) -> SquareSet<W> {
        let mut attackers = Attackers::new();
        attackers.extend(self.near_attackers(near));
        let left = self.occupied() - SquareSet::from_square(from);
        to.iter()
            .filter(|&square| {
                let mv = Move::normal(from, square, None);
                !self.royal_attacked_after(attackers.iter().copied(), mv, left.with(square))
            })
            .collect()
    }

    /// The enemy's attack groups of `near` (a bit each, by index, as in
    /// [`RoyalReach::near`]), each with its pieces. None is disarmed:
    /// make-and-test's fast path is taken only without petrification.
    fn near_attackers(&self, near: u32) -> impl Iterator<Item = Attacker<'_, W>> + '_ {
        let them = self.turn.other();
        let groups = &self.variant.attackers[them.index()];
        let mut near = near;
        std::iter::from_fn(move || {
            while near != 0 {
                let index = near.trailing_zeros() as usize;
                near &= near - 1;
                if let Some(group) = groups.get(index) {
                    return Some((group, self.group_pieces(them, group)));
                }
            }
            None
        })
    }

    /// Whether one of `attackers` attacks the royal piece after its plain
    /// move `mv`, which leaves `occupied` occupied: the piece it captures
    /// attacks no more, and a hopper shy of its own kind finds that kind
    /// where it stands after the move.
    #[inline(always)]
    fn royal_attacked_after<'a>(
        &self,
        attackers: impl IntoIterator<Item = Attacker<'a, W>>,
        mv: Move,
        occupied: SquareSet<W>,
    ) -> bool
    where
        W: 'a,
    {
        let (to, captured) = (mv.to(), SquareSet::from_square(mv.to()));
        for (group, pieces) in attackers {
            let own_kind_after = |kinds| self.on_board_after(kinds, mv);
            if group
                .attacks_among(to, occupied, pieces - captured, own_kind_after)
                .any()
            {
                return true;
            }
        }
        false
    }

    /// Whether the royal piece is safe after the plain move `mv`, from the
    /// occupancy after it: see [`Position::find_royal_reach`]. Not in check, a
    /// move that leaves none of the squares an attack table's result
    /// depends on, and fills none of its screen squares, leaves that
    /// table's attack as it was: only the other tables are looked up.
    fn is_safe_by_occupancy(&self, mv: Move, reach: &RoyalReach<W>) -> bool {
        let (from, to, royal) = (mv.from(), mv.to(), reach.royal);
        let them = self.turn.other();
        // A drop leaves no square.
        let left = if mv.is_drop() {
            SquareSet::EMPTY
        } else {
            SquareSet::from_square(from)
        };
        let occupied = (self.occupied() - left).with(to);
        let captured = SquareSet::from_square(to);
        let own_kind_after = |kinds: KindSet| self.on_board_after(kinds, mv);
        let attackers = &self.variant.attackers[them.index()];
        if from == royal {
            // One square of the royal piece's region, which only the groups
            // near it can attack: each one's pieces are found only if it is
            // reached.
            return !self.royal_attacked_after(self.near_attackers(reach.near), mv, occupied);
        }
        !reach.threats.iter().any(|threat| {
            let group = &attackers[threat.group];
            if !reach.in_check && !threat.danger.intersects(left) && !threat.screens.contains(to) {
                return false;
            }
            let pieces = threat.pieces - captured;
            pieces.any() && group.attacks_among(royal, occupied, pieces, own_kind_after).any()
        })
    }

    /// Generates the legal moves by checks and pins for quiet moves and
    /// castling, and the captures judged apart (see
    /// [`Legality::PinsForQuietMoves`]).
    // Kept out of line: inlined, it would crowd the fast path's code.
    #[inline(never)]
    pub(crate) fn generate_by_quiet_pins<S: MoveSink<W>>(&self, sink: &mut S) {
        let us = self.turn;
        let royals = self.royal_pieces(us);
        let duple = self.pieces_of_kinds(us, self.variant.goals.duple_check);
        if royals.count() > 1 || (duple - royals).any() {
            self.generate_by_make_and_test(sink);
            return;
        }
        let royal = royals.first();
        // Under explosions, the enemy's royal pieces, found once for the
        // shield (see `Position::shield`) and the captures' judge; the
        // other variants of this strategy (royalty by count, petrification)
        // read neither.
        let theirs_royal = if self.variant.explosion.is_some() {
            self.royal_pieces(us.other())
        } else {
            SquareSet::EMPTY
        };
        let shield = self
            .variant
            .explosion
            .as_ref()
            .map_or(SquareSet::EMPTY, |explosion| explosion.around(theirs_royal));
        // The quiet moves go to the sink, castling judged whole (it sets
        // off no explosion) and en passant played; the captures are
        // gathered and judged together.
        let mut captures = CaptureBatch::new();
        self.generate_from_pins::<_, true, false>(sink, royal, self.targets(us), shield, true, &mut captures);
        self.judge_captures(&captures, royal, theirs_royal, sink);
    }

    /// Passes on the legal captures of `batch`, those of the side with the
    /// one royal piece `royal` (if any). Under explosions, where
    /// `theirs_royal` are the enemy's royal pieces (read only then), each
    /// is judged on sets gathered once (see
    /// [`Position::explosive_captures`]) and the safe ones passed on
    /// together; otherwise, and for the royal piece's own captures and an
    /// immune kind's, each is played.
    fn judge_captures<S: MoveSink<W>>(
        &self,
        batch: &CaptureBatch<W>,
        royal: Option<Square>,
        theirs_royal: SquareSet<W>,
        sink: &mut S,
    ) {
        if batch.captures.is_empty() {
            return;
        }
        let us = self.turn;
        let explosive = royal.and_then(|royal| self.explosive_captures(royal, theirs_royal));
        for &(kind, origin, to) in &batch.captures {
            let promotions = &self.variant.kinds[kind.index()].moves[us.index()].promotions;
            // The royal piece's own captures, and those of a kind that
            // survives them, are played.
            let judge = explosive.as_ref().filter(|judge| {
                royal.is_none_or(|royal| origin != CaptureOrigin::Piece(royal))
                    && self.blown_up_by_its_captures(judge, kind, promotions)
            });
            let Some(judge) = judge else {
                for square in to {
                    each_move(promotions, origin.from(square), square, |mv| {
                        if self.is_safe_after(mv) {
                            sink.one(mv);
                        }
                    });
                }
                continue;
            };
            let safe: SquareSet<W> = to
                .iter()
                .filter(|&square| self.explosive_capture_is_safe_by(judge, origin.from(square), square))
                .collect();
            if safe.any() {
                match origin {
                    CaptureOrigin::Piece(from) => sink.piece_moves(promotions, from, safe),
                    CaptureOrigin::Shifted(delta) => sink.shifted_moves(promotions, delta, safe),
                }
            }
        }
    }

    /// Whether every royal piece of the side to move is safe after `mv`.
    ///
    /// A royal piece may not capture if it would petrify. Under
    /// explosions, a capture may not blow up a royal piece of the mover's,
    /// and one that blows up an enemy royal piece is safe whatever it
    /// leaves attacked: the game is won.
    pub(crate) fn is_safe_after(&self, mv: Move) -> bool {
        if self.is_capture(mv) && self.capture_petrifies_royal(mv.from()) {
            return false;
        }
        // Worked out on the occupancy, which a wall placed after the move
        // would change.
        if self.variant.explosion.is_some()
            && self.variant.goals.duple_check.is_empty()
            && mv.promotion().is_none()
            && mv.wall().is_none()
            && self.is_capture(mv)
        {
            return self.explosive_capture_is_safe(mv);
        }
        let mut after = self.clone();
        after.play_unchecked(mv);
        let us = self.turn;
        if self.variant.explosion.is_some() && self.is_capture(mv) {
            let ours = after.by_color[us.index()];
            let mut lost = self.royal_pieces(us) - ours;
            if ours.contains(mv.to()) {
                // The capturing royal piece survived.
                lost.remove(mv.from());
            }
            if lost.any() {
                return false;
            }
            let them = us.other();
            if (self.royal_pieces(them) - after.by_color[them.index()]).any() {
                return true;
            }
        }
        after.checked_among(us, self.royals_to_keep_safe(mv, &after)).is_empty()
    }

    /// [`Position::is_safe_after`] for a capture without promotion under
    /// explosions, without playing it: the blast is worked out on the
    /// occupancy, and royalty by count on the pieces that remain.
    fn explosive_capture_is_safe(&self, mv: Move) -> bool {
        let Some(explosion) = &self.variant.explosion else {
            return true;
        };
        let (us, them) = (self.turn, self.turn.other());
        let (from, to) = (mv.from(), mv.to());
        let captured = if mv.is_en_passant() { self.victim } else { to };
        let Some(code) = self.code_at(from) else { return false };
        let capturer = PieceKind::new(code >> 1);
        let standing = self.pieces_of_both() - SquareSet::from_square(from) - SquareSet::from_square(captured);
        let blast = self.blast(explosion, to, standing);
        let survives = explosion.immune.contains(capturer);
        let mut removed = blast.with(from).with(captured);
        if !survives {
            removed.insert(to);
        }
        // Where each side's pieces stand afterwards, and each kind's.
        let ours_after = if survives {
            (self.by_color[us.index()] - removed).with(to)
        } else {
            self.by_color[us.index()] - removed
        };
        let theirs_after = self.by_color[them.index()] - removed;
        let occupied_after = ours_after | theirs_after | self.walls;
        let of_kinds_after = |kinds: KindSet| {
            let pieces = kinds.union_of(&self.by_kind) - removed - SquareSet::from_square(to);
            if survives && kinds.contains(capturer) {
                pieces.with(to)
            } else {
                pieces
            }
        };
        let ours_before = self.royal_pieces(us);
        let mut lost = ours_before & removed;
        if survives {
            lost.remove(from);
        }
        if lost.any() {
            return false;
        }
        if self.royal_pieces(them).intersects(removed) {
            return true;
        }
        let ours_royal = self.royal_among(ours_after, of_kinds_after);
        let theirs_royal = self.royal_among(theirs_after, of_kinds_after);
        ours_royal.iter().all(|royal| {
            explosion.neighbours(royal).intersects(theirs_royal)
                || !self.variant.attackers[them.index()].iter().any(|group| {
                    let pieces = self.group_pieces(them, group) - removed;
                    pieces.any()
                        && group
                            .attacks_among(royal, occupied_after, pieces, |kinds| self.on_board(kinds) - removed)
                            .any()
                })
        })
    }
}
