//! A variant's rules in compiled form, as positions play by them.

use fairy_geometry::{BoardSize, Geometry, Square, SquareSet, Word};
use fairy_movement::{Color, DirectionFill, MoveTable, ShiftTable, Sightlines};
use smallvec::SmallVec;

use crate::castling::CastlingRules;
use crate::counting::CompiledCounting;
use crate::enclosing::CompiledEnclosing;
use crate::explosion::CompiledExplosion;
use crate::goal::Goals;
use crate::hand::CompiledDrops;
use crate::kinds::{KindSet, KindUnion};
use crate::legality::Strategy;
use crate::passing::CompiledPassing;
use crate::walling::CompiledWalling;
use crate::zobrist::Zobrist;
use crate::{Legality, MAX_KINDS, PieceKind, PieceSpec, Position, Setup, SetupPiece, VariantSpec};

/// A variant's rules compiled for boards stored in words of type `W`: move
/// and attack tables for every piece kind and colour, castling, promotions,
/// goals, the legality strategy, Zobrist keys and the start position.
///
/// Built once from a [`VariantSpec`] by [`Variant::new`]; positions borrow
/// it. Nothing in the move generator depends on which variant it is.
#[derive(Clone, Debug)]
pub struct Variant<W: Word = u64> {
    pub(crate) spec: VariantSpec,
    pub(crate) board: SquareSet<W>,
    pub(crate) kinds: Vec<Kind<W>>,
    /// Per attacking colour.
    pub(crate) attackers: [Vec<AttackGroup<W>>; 2],
    /// Per attacking colour and kind, the attack groups holding the kind
    /// (bits by index in `attackers`).
    pub(crate) groups_of_kind: [[u32; MAX_KINDS]; 2],
    pub(crate) royal: KindSet,
    /// Whether each side has one royal piece at most (one royal kind, which
    /// no piece promotes to): the pins-and-checks fast path's condition.
    pub(crate) single_royal: bool,
    pub(crate) uncapturable: KindSet,
    /// Kinds promoted to only while a side has fewer of them than this.
    pub(crate) promotion_limits: SmallVec<[(PieceKind, u32); 2]>,
    /// Kinds that promote by captures only, and those of them that must.
    pub(crate) promoting_on_captures: KindSet,
    pub(crate) must_promote_on_captures: KindSet,
    /// Promotions in place (sittuyin), a move rule.
    pub(crate) in_place: Vec<crate::in_place::InPlacePromotion<W>>,
    /// Kinds that may not capture their own kind.
    pub(crate) spares_own_kind: KindSet,
    /// Hoppers that may not hop over their own kind.
    pub(crate) unscreened_by_own_kind: KindSet,
    /// Whether a piece placed can only block attacks, never open one: no
    /// attack group hops over a screen. Then a square found safe for a
    /// royal piece with it lifted off the board stays safe with it on.
    pub(crate) occupancy_only_blocks: bool,
    /// Per moving colour, the directions in which riders are followed all
    /// at once when their moves are only counted.
    pub(crate) rider_fills: [Vec<RiderFill<W>>; 2],
    /// Kinds that turn into walls when they capture.
    pub(crate) petrifying: KindSet,
    /// Whether move rules (compulsory capture, checks forbidden, a royal
    /// piece held in check, promotion limits) filter the legal moves.
    pub(crate) move_rules: bool,
    /// Whether the legal moves are the legality strategy's alone: no move
    /// rules, no pass on stalemate.
    pub(crate) plain_moves: bool,
    pub(crate) explosion: Option<CompiledExplosion<W>>,
    /// Hands and drops, if the variant has them.
    pub(crate) drops: Option<CompiledDrops<W>>,
    /// Whether captured pieces go to the capturer's hand.
    pub(crate) captures_to_hand: bool,
    /// Whether positions mark promoted pieces (captured, they go to the
    /// hand as the kind that promoted).
    pub(crate) tracks_promoted: bool,
    /// Whether pieces in hand gate (Seirawan chess).
    pub(crate) gating: bool,
    /// Whether some kind has moves only from its gate (Cambodian chess).
    pub(crate) gate_moves: bool,
    /// Whether positions keep gates: for gating or for gate moves.
    pub(crate) has_gates: bool,
    /// Kinds whose moves close the gates of the enemy royal pieces they aim
    /// at.
    pub(crate) closes_royal_gates: KindSet,
    pub(crate) en_passant_capturers: KindSet,
    pub(crate) castling: CastlingRules<W>,
    pub(crate) goals: Goals<W>,
    /// Passing as a move, if the variant has it.
    pub(crate) passing: Option<CompiledPassing<W>>,
    /// How games adjudicated by a rule are scored, if by counting.
    pub(crate) counting: Option<CompiledCounting>,
    /// Walls placed by moves, if the variant has them.
    pub(crate) walling: Option<CompiledWalling<W>>,
    /// Enclosing drops and flips, if the variant has them.
    pub(crate) enclosing: Option<CompiledEnclosing<W>>,
    /// Whether a rule may end the game at once, before moves are generated:
    /// a goal (an arrival, an extinction, checks given, a full board) or
    /// passing.
    pub(crate) ends_at_once: bool,
    pub(crate) legality: Legality,
    /// How move generation carries the legality out.
    pub(crate) strategy: Strategy,
    /// Whether a move's effect on royal safety is its squares' alone: one
    /// royal piece a side, no explosions, royalty by count, petrifying
    /// royals or duple check. Then make-and-test need not play plain
    /// moves (see `legality`).
    pub(crate) safety_by_occupancy: bool,
    /// The squares each colour's royal pieces may move to (their kinds'
    /// regions). A position set up from FEN may have one elsewhere, where
    /// no move of it can go.
    pub(crate) royal_region: [SquareSet<W>; 2],
    pub(crate) zobrist: Zobrist,
    pub(crate) start: Setup,
}

/// The move tables of one piece kind for one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KindMoves<W: Word> {
    /// Non-capturing moves (destinations still include occupied squares).
    pub quiet: MoveTable<W>,
    /// Captures, when they differ from the non-capturing moves.
    pub capture: Option<MoveTable<W>>,
    /// Captures that may take en passant.
    pub en_passant: Option<MoveTable<W>>,
    /// The reverse of `en_passant`: where such a capturer must stand.
    pub en_passant_from: Option<MoveTable<W>>,
    /// Whether a plain move may land where the piece could also take en
    /// passant: such a move is the plain move, and the capture is not
    /// generated (coordinate notation could not tell the two apart).
    pub quiet_meets_en_passant: bool,
    /// For each origin, the moves that leave en passant squares.
    pub double_steps: Vec<SmallVec<[DoubleStep<W>; 2]>>,
    /// Where some move of `double_steps` ends: a move ending elsewhere
    /// leaves nothing to take en passant, known without a look at its
    /// origin's steps.
    pub double_step_ends: SquareSet<W>,
    /// Where a move ending promotes, and into what.
    pub promotions: Promotions<W>,
    /// Squares a piece of this kind can never stand on.
    pub forbidden: SquareSet<W>,
    /// For pawn-like kinds (many pieces, few moves): their moves grouped
    /// by displacement, to move them all at once.
    pub bulk: Option<Bulk<W>>,
    /// For riders whose lines are scanned for want of a magic lookup: the
    /// directions of their rides, followed for every rider at once where
    /// only the count of moves is wanted (the variant's `rider_fills`
    /// gather them over the kinds).
    pub fill: Option<Vec<DirectionFill<W>>>,
    /// The moves it has only on a gate of its side (see
    /// [`PieceSpec::gate_moves`]).
    pub gate: Option<MoveTable<W>>,
}

/// A pawn-like kind's moves grouped by displacement (see
/// [`KindMoves::bulk`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bulk<W: Word> {
    /// The non-capturing moves.
    pub quiet: ShiftTable<W>,
    /// The captures, where they differ from the non-capturing moves (a
    /// chess pawn's); where they do not (a shogi pawn's), one pass finds
    /// both.
    pub capture: Option<ShiftTable<W>>,
}

/// The directions in which the riders of `kinds` are followed all at once
/// when only their moves are counted (see [`KindMoves::fill`]): gathered by
/// the set of kinds that ride them, so that those kinds' pieces are found
/// once for all their directions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RiderFill<W: Word> {
    pub kinds: KindSet,
    pub directions: Vec<DirectionFill<W>>,
}

impl<W: Word> KindMoves<W> {
    /// Where a piece on `from` may go, before checks and pins: squares it
    /// reaches that are `empty`, and those it captures on that are
    /// `capturable` (`free` is the union of the two, given by the caller,
    /// which computes it once for all its pieces).
    #[inline(always)]
    pub fn destinations(
        &self,
        from: Square,
        occupied: SquareSet<W>,
        empty: SquareSet<W>,
        capturable: SquareSet<W>,
        free: SquareSet<W>,
    ) -> SquareSet<W> {
        let reach = self.quiet.attacks(from, occupied);
        match &self.capture {
            None => reach & free,
            Some(capture) => (reach & empty) | (capture.attacks(from, occupied) & capturable),
        }
    }

    /// [`KindMoves::destinations`] from each square of `pieces`, handed to
    /// `visit` in turn; where captures are the plain moves' (most kinds),
    /// the table's shape is matched once for all of them (see
    /// [`MoveTable::each_attacks`]).
    #[inline(always)]
    pub fn each_destinations(
        &self,
        pieces: SquareSet<W>,
        occupied: SquareSet<W>,
        empty: SquareSet<W>,
        capturable: SquareSet<W>,
        free: SquareSet<W>,
        mut visit: impl FnMut(Square, SquareSet<W>),
    ) {
        match &self.capture {
            None => self
                .quiet
                .each_attacks(pieces, occupied, |from, reach| visit(from, reach & free)),
            Some(_) => {
                for from in pieces {
                    visit(from, self.destinations(from, occupied, empty, capturable, free));
                }
            }
        }
    }
}

/// The promotions of a kind for one colour: the squares where a move
/// promotes, grouped by the kinds it may become there.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Promotions<W: Word> {
    /// Every square where a move promotes (or could, if optional).
    pub zone: SquareSet<W>,
    /// The squares from which a move promotes wherever it ends: the zone
    /// where moves out of it promote (shogi), else none. Only kinds that
    /// can leave the zone have such squares, and they are not moved in
    /// bulk (`shifted_moves` knows no origin).
    pub leaving: SquareSet<W>,
    /// Squares with the same choices; a square with none cannot be reached
    /// by a compulsory promotion.
    pub groups: SmallVec<[PromotionGroup<W>; 1]>,
    /// The squares where a promoting move may also leave the piece as it
    /// is (none for a compulsory promotion; for an optional one, where the
    /// piece could stand).
    pub may_stay: SquareSet<W>,
    /// Whether promoting resets the n-move clock: unless the promoted
    /// piece may turn back (Kyoto shogi), a promotion cannot be undone.
    pub resets_clock: bool,
    /// Whether the promoted piece is marked promoted where captured
    /// pieces go to the hand (crazyhouse's queen from a pawn, `Q~`): a
    /// promotion to a kind of its own that is not the piece's promoted
    /// form (`+P`) nor the form it came from.
    pub marks: bool,
}

/// Promotion squares that offer the same choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PromotionGroup<W: Word> {
    pub squares: SquareSet<W>,
    pub choices: SmallVec<[PieceKind; 8]>,
}

impl<W: Word> Promotions<W> {
    /// The squares of `to` where a move from `from` promotes.
    #[inline]
    pub fn promoting(&self, from: Square, to: SquareSet<W>) -> SquareSet<W> {
        if self.leaving.contains(from) {
            to
        } else {
            to & self.zone
        }
    }

    /// The number of moves from `from` to the squares of `to`: one each,
    /// and one per choice (plus staying, where allowed) on promotion
    /// squares.
    #[inline]
    pub fn count(&self, from: Square, to: SquareSet<W>) -> u64 {
        // Most kinds never promote: no look at the zone or at `from`.
        if self.zone.is_empty() {
            return u64::from(to.count());
        }
        self.count_promoting(to, self.promoting(from, to))
    }

    /// As [`count`](Self::count), for moves whose origins are not known
    /// one by one (moved in bulk): only kinds without `on_leaving`.
    #[inline]
    pub fn count_arriving(&self, to: SquareSet<W>) -> u64 {
        self.count_promoting(to, self.promoting_arriving(to))
    }

    /// As [`promoting`](Self::promoting), for moves whose origins are not
    /// known one by one (moved in bulk): only kinds without `on_leaving`.
    #[inline]
    pub fn promoting_arriving(&self, to: SquareSet<W>) -> SquareSet<W> {
        debug_assert!(
            self.leaving.is_empty(),
            "moves from the zone promote: their origins count"
        );
        to & self.zone
    }

    #[inline]
    fn count_promoting(&self, to: SquareSet<W>, promoting: SquareSet<W>) -> u64 {
        let mut count = u64::from((to - promoting).count());
        if promoting.any() {
            count += u64::from((promoting & self.may_stay).count());
            for group in &self.groups {
                count += u64::from((promoting & group.squares).count()) * group.choices.len() as u64;
            }
        }
        count
    }

    /// The choices on a promotion square (none off the squares where the
    /// kind promotes).
    pub fn choices(&self, to: Square) -> &[PieceKind] {
        self.groups
            .iter()
            .find(|group| group.squares.contains(to))
            .map_or(&[], |group| &group.choices)
    }
}

/// A move that leaves en passant squares behind: where it ends and the
/// squares it passes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct DoubleStep<W: Word> {
    pub to: Square,
    pub passed: SquareSet<W>,
    /// Where an enemy piece could stand to take en passant on a square of
    /// `passed`, under some occupancy: with no enemy piece there, the move
    /// leaves nothing to take, known without asking the capturers' tables
    /// (most double steps in a game).
    pub takers_from: SquareSet<W>,
}

/// A piece kind compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Kind<W: Word> {
    /// Boxed: move generation reads the tables beside it, not the
    /// definition.
    pub spec: Box<PieceSpec>,
    /// Per colour.
    pub moves: [KindMoves<W>; 2],
    /// It never moves towards its own side: SAN writes it without a
    /// letter, and it cannot stand behind where it starts.
    pub pawn_like: bool,
    /// Its moves reset the n-move clock, unless another of its plain moves
    /// could undo them (which only a kind that is not pawn-like has).
    pub resets_clock: bool,
    /// Some move of it leaves en passant squares.
    pub leaves_en_passant: bool,
}

/// The most attack groups a side has. A variant whose pieces' parts would
/// make more gets one group per kind instead (at most [`MAX_KINDS`] and
/// the flying royals' group), so that move generation can gather them in
/// a vector of fixed capacity.
///
/// [`MAX_KINDS`]: crate::MAX_KINDS
pub(crate) const MAX_ATTACK_GROUPS: usize = 32;

// `Variant::groups_of_kind` holds a side's groups as bits of a `u32`.
const _: () = assert!(MAX_ATTACK_GROUPS <= u32::BITS as usize);

/// Pieces that attack through one reverse table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AttackGroup<W: Word> {
    /// From a target square: the squares attacking it.
    pub table: MoveTable<W>,
    /// The kinds attacking by this table, laid out for
    /// [`AttackGroup::pieces`] (see [`AttackGroup::kinds`] for the set).
    union: KindUnion,
    /// Whether the group's one kind may not hop over pieces of its kind
    /// (the Janggi cannon).
    pub unscreened: bool,
    /// The squares from which the group may attack some square that the
    /// enemy's royal pieces may stand on (the palace, in xiangqi and
    /// janggi): a group with no piece there cannot attack where the royal
    /// piece steps.
    pub toward_royal_region: SquareSet<W>,
    /// For each square an enemy royal piece may stand on, the squares from
    /// which the group may attack some square that piece may move to: a
    /// group with no piece there attacks none of its moves, which is
    /// settled by one look instead of one a move. Every square index has
    /// a record, so reading one needs no bounds check. Filled in only
    /// where it is read (see [`AttackGroup::SCREENS_ROYAL_STEPS`]).
    pub around_royal: Box<[SquareSet<W>; Square::INDICES]>,
    /// The table's lines square by square, where it has some and they
    /// allow it (see [`Sightlines`]): checks and pins along them are then
    /// found attacker by attacker. Set once every group is made.
    pub sightlines: Option<Sightlines<W>>,
}

impl<W: Word> AttackGroup<W> {
    /// Whether a royal piece's steps are judged group by group, past the
    /// groups with no piece around it ([`AttackGroup::around_royal`]):
    /// on boards beyond 64 squares, where a test is two words or more and
    /// the groups many (shogi's eight), and the look that passes a group
    /// over paid (shogi 5 0.136 s to 0.116 s). On 64 squares it took as
    /// many instructions as each square asking every group, and more
    /// time (chess 6 and Kiwipete 5 about 2%).
    pub const SCREENS_ROYAL_STEPS: bool = W::BITS > 64;

    /// The group of `kinds` attacking by `table`; `unscreened` for a kind
    /// that may not hop over its own kind. Its squares toward the royal
    /// region are set once every group is made, and those around a royal
    /// piece once every kind's moves are.
    pub fn new(table: MoveTable<W>, kinds: KindUnion, unscreened: bool) -> AttackGroup<W> {
        AttackGroup {
            table,
            union: kinds,
            unscreened,
            toward_royal_region: SquareSet::EMPTY,
            around_royal: Box::new([SquareSet::EMPTY; Square::INDICES]),
            sightlines: None,
        }
    }

    /// Adds a kind that attacks by the group's table.
    pub fn add_kind(&mut self, kind: PieceKind) {
        self.union = self.union.with(kind);
    }

    /// The kinds attacking by the group's table.
    pub fn kinds(&self) -> KindSet {
        self.union.kinds()
    }

    /// Where the pieces of the group's kinds stand, of both colours, given
    /// a position's per-kind sets.
    #[inline(always)]
    pub fn pieces(&self, by_kind: &[SquareSet<W>; MAX_KINDS]) -> SquareSet<W> {
        self.union.union_of(by_kind)
    }

    /// The squares of `among` from which the group's moves reach `square`
    /// when `occupied` are occupied, with no lookup where none of `among`
    /// stands where the group could attack from at all. For a hopper that
    /// may not hop over its own kind, `own_kind` gives where that kind
    /// stands (both colours): a screen must be the same with them as
    /// without them.
    #[inline(always)]
    pub fn attacks_among(
        &self,
        square: Square,
        occupied: SquareSet<W>,
        among: SquareSet<W>,
        own_kind: impl FnOnce(KindSet) -> SquareSet<W>,
    ) -> SquareSet<W> {
        let reach = self.table.attacks_among(square, occupied, among);
        if self.unscreened && reach.any() {
            reach & self.table.attacks(square, occupied - own_kind(self.kinds()))
        } else {
            reach
        }
    }
}

impl<W: Word> PartialEq for Variant<W> {
    fn eq(&self, other: &Variant<W>) -> bool {
        self.spec == other.spec
    }
}

impl<W: Word> Eq for Variant<W> {}

impl<W: Word> Variant<W> {
    /// The definition this variant was compiled from.
    pub fn spec(&self) -> &VariantSpec {
        &self.spec
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.spec.geometry
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.spec.geometry.size()
    }

    /// The number of piece kinds.
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// The piece kinds, in order.
    pub fn kinds(&self) -> impl ExactSizeIterator<Item = PieceKind> + use<W> {
        (0..self.kinds.len() as u8).map(PieceKind::new)
    }

    /// The definition of a piece kind, if the variant has it.
    pub fn piece(&self, kind: PieceKind) -> Option<&PieceSpec> {
        self.kinds.get(kind.index()).map(|k| &*k.spec)
    }

    /// The kind with this letter (either case), if any.
    pub fn kind_of_letter(&self, letter: char) -> Option<PieceKind> {
        let letter = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.spec.letter == letter)
            .map(|index| PieceKind::new(index as u8))
    }

    /// The kind of a piece as FEN writes it: by its letter, or for `+P`,
    /// the kind that is the promoted form of the lettered one.
    pub fn kind_of_setup_piece(&self, piece: SetupPiece) -> Option<PieceKind> {
        if !piece.promoted {
            return self.kind_of_letter(piece.letter);
        }
        let letter = piece.letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.spec.unpromoted == Some(letter))
            .map(|index| PieceKind::new(index as u8))
    }

    /// A piece of `kind` and `color` as FEN writes it: a promoted form as
    /// `+` and its unpromoted kind's letter.
    pub fn setup_piece(&self, color: Color, kind: PieceKind) -> SetupPiece {
        let spec = self.kinds.get(kind.index()).map(|k| &k.spec);
        match spec.and_then(|spec| spec.unpromoted) {
            Some(unpromoted) => SetupPiece {
                color,
                letter: unpromoted,
                promoted: true,
            },
            None => SetupPiece::new(color, self.letter(kind)),
        }
    }

    /// The upper-case letter of a kind (`?` for a kind the variant lacks).
    pub fn letter(&self, kind: PieceKind) -> char {
        self.kinds.get(kind.index()).map_or('?', |k| k.spec.letter)
    }

    /// Whether pieces of `kind` never move towards their own side (pawns):
    /// they cannot stand behind their start rank, and SAN writes their
    /// moves without a letter.
    pub fn is_pawn_like(&self, kind: PieceKind) -> bool {
        self.kinds.get(kind.index()).is_some_and(|k| k.pawn_like)
    }

    /// The squares a piece of `kind` and `color` on `from` reaches when
    /// `occupied` are the occupied squares, by moving or by capturing, as
    /// compiled for this board (nets, grids, initial squares applied):
    /// what the engine's evaluation measures mobility with.
    pub fn reach(&self, kind: PieceKind, color: Color, from: Square, occupied: SquareSet<W>) -> SquareSet<W> {
        self.kinds.get(kind.index()).map_or(SquareSet::EMPTY, |k| {
            let moves = &k.moves[color.index()];
            let captures = moves
                .capture
                .as_ref()
                .map_or(SquareSet::EMPTY, |table| table.attacks(from, occupied));
            moves.quiet.attacks(from, occupied) | captures
        })
    }

    /// The squares where a piece of `kind` and `color` can never stand (its
    /// compulsory promotion zone; for a pawn-like kind, behind its start).
    pub fn forbidden(&self, kind: PieceKind, color: Color) -> SquareSet<W> {
        self.kinds
            .get(kind.index())
            .map_or(SquareSet::EMPTY, |k| k.moves[color.index()].forbidden)
    }

    /// The squares where a move of a piece of `kind` and `color` promotes.
    pub fn promotion_zone(&self, kind: PieceKind, color: Color) -> SquareSet<W> {
        self.kinds
            .get(kind.index())
            .map_or(SquareSet::EMPTY, |k| k.moves[color.index()].promotions.zone)
    }

    /// The kinds a piece of `kind` and `color` may promote to on `to`.
    pub fn promotion_choices(&self, kind: PieceKind, color: Color, to: Square) -> &[PieceKind] {
        self.kinds
            .get(kind.index())
            .map_or(&[], |k| k.moves[color.index()].promotions.choices(to))
    }

    /// The squares where the arrival of a piece of `kind` and `color` wins.
    pub fn arrival_zone(&self, kind: PieceKind, color: Color) -> SquareSet<W> {
        let goals = &self.goals;
        goals.arrivals[color.index()]
            .iter()
            .chain(&goals.arrivals_with_reply[color.index()])
            .filter(|(arriving, _)| *arriving == kind)
            .fold(SquareSet::EMPTY, |all, &(_, squares)| all | squares)
    }

    /// The squares a piece of `kind` and `color` may move to and attack:
    /// its region (a Xiangqi palace), or the whole board.
    pub fn region(&self, kind: PieceKind, color: Color) -> SquareSet<W> {
        let board = self.board;
        self.piece(kind)
            .and_then(|spec| spec.region.as_ref())
            .and_then(|region| region.squares_for::<W>(self.size(), color).ok())
            .map_or(board, |squares| squares & board)
    }

    /// Whether a rule can end the game before moves are generated (an
    /// arrival, two passes in a row): then [`Position::terminal`] may end
    /// it after any move.
    pub fn has_immediate_goals(&self) -> bool {
        self.ends_at_once
    }

    /// How legality is decided (chosen when the variant was compiled).
    pub fn legality(&self) -> Legality {
        self.legality
    }

    /// Whether moves that give check are illegal.
    pub fn checks_forbidden(&self) -> bool {
        self.spec.checks_forbidden
    }

    /// Whether a royal piece in check may move only to take its checker.
    pub fn royal_held_in_check(&self) -> bool {
        self.spec.royal_held_in_check
    }

    /// Whether a side that can capture must.
    pub fn compulsory_capture(&self) -> bool {
        self.spec.compulsory_capture
    }

    /// The n-move rule's number of moves by each side (0: no such rule).
    pub fn n_move_rule(&self) -> u32 {
        self.spec.n_move_rule
    }

    /// The occurrence of a position at which the game may be ended by
    /// repetition (3 unless a [`Repetition`](crate::Repetition) rule says
    /// otherwise).
    pub fn repetition_count(&self) -> usize {
        self.goals.repetition.count as usize
    }

    /// The FEN letters of the castling rights, in the order of their indices
    /// in [`CastlingRights`](crate::CastlingRights).
    pub fn castling_letters(&self) -> impl Iterator<Item = char> + '_ {
        (0..self.castling.rights()).filter_map(|index| self.castling.of_right(index).first().map(|rule| rule.letter))
    }

    /// Whether the king and rooks castle from wherever they start on the
    /// back rank, as in Fischer random chess (see
    /// [`VariantSpec::chess960`](crate::VariantSpec::chess960)).
    pub fn is_chess960(&self) -> bool {
        self.spec.chess960
    }

    /// Whether sides have hands of pieces they may drop (see
    /// [`Drops`](crate::Drops)).
    pub fn has_drops(&self) -> bool {
        self.drops.is_some()
    }

    /// Where a piece of `kind` and `color` may be dropped.
    pub fn drop_zone(&self, kind: PieceKind, color: Color) -> SquareSet<W> {
        self.drops
            .as_ref()
            .and_then(|drops| drops.zones.get(kind.index()))
            .map_or(SquareSet::EMPTY, |zones| zones[color.index()])
    }

    /// The start position as set up.
    pub fn start_setup(&self) -> &Setup {
        &self.start
    }

    /// The start position.
    pub fn start_position(&self) -> Position<'_, W> {
        match Position::from_setup(self, &self.start) {
            Ok(position) => position,
            Err(_) => unreachable!("the start position was validated when the variant was built"),
        }
    }

    /// Every square of the board.
    pub fn board(&self) -> SquareSet<W> {
        self.board
    }
}
