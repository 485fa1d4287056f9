//! Pieces in hand and drops (crazyhouse, shogi): the pieces a side holds
//! off the board, which it may put on an empty square as its move.

use fairy_geometry::{Square, SquareSet, Word};
use fairy_movement::Color;

use crate::compile::KindOf;
use crate::movegen::MoveSink;
use crate::variant::Kind;
use crate::{MAX_KINDS, PieceKind, Position, PositionError, Setup, SetupPiece, VariantError, VariantSpec, Zone};

/// The drop rules of a variant: each side has a hand of pieces, written in
/// FEN after the board (`[QNPqp]`), and may put one of them on an empty
/// square as its move (`P@e4`).
///
/// Where a kind may be dropped is the variant's zone (anywhere if none)
/// within the kind's own
/// [`PieceSpec::drop_zone`](crate::PieceSpec::drop_zone), and never where a
/// piece of the kind can never stand (a pawn on its last rank). A drop
/// that blocks a check answers it; a drop resets the n-move clock.
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, Geometry};
/// use fairy_movement::Movement;
/// use fairy_position::{Drops, PieceSpec, Variant, VariantSpec};
///
/// // Kings and rooks on a 3 x 3 board; White holds a rook.
/// let spec = VariantSpec::new("drops", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K[R] w - - 0 1")
///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
///     .piece(PieceSpec::new('R', "rook", Movement::rook()))
///     .drops(Drops::new().captures_to_hand());
/// let variant = Variant::<u64>::new(spec)?;
/// let position = variant.start_position();
/// // Two king moves (b2 touches the other king) and a drop on each of
/// // the seven empty squares.
/// assert_eq!(position.legal_moves().len(), 9);
/// let after = position.play_uci("R@a1")?;
/// assert_eq!(after.fen(), "k2/3/R1K[] b - - 0 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Drops {
    /// Whether a captured piece goes to the capturer's hand, changing
    /// sides (crazyhouse); otherwise it leaves the game, and hands hold
    /// only the pieces a position starts with.
    #[cfg_attr(feature = "serde", serde(default))]
    pub captures_to_hand: bool,
    /// Whether a promoted piece keeps its kind when captured (loop chess);
    /// otherwise it goes to the hand as the kind that promotes (a pawn),
    /// and FEN marks it promoted (`Q~`) while it is on the board.
    #[cfg_attr(feature = "serde", serde(default))]
    pub keep_promoted: bool,
    /// Where pieces may be dropped, counted from the dropping side
    /// (placement chess: its first rank); anywhere if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub zone: Option<Zone>,
    /// Whether a side holding pieces in hand must drop one while it can
    /// (placement chess's setting-up phase; Fairy-Stockfish's `mustDrop`):
    /// only drops are legal then.
    #[cfg_attr(feature = "serde", serde(default))]
    pub must_drop: bool,
    /// The kind that must be dropped, if not any: while the side holds
    /// one, no other kind may be dropped, and other moves only if it has
    /// no legal drop of it.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub must_drop_kind: Option<char>,
    /// A kind whose pieces must be dropped so that they end up on squares
    /// of both colours (placement chess's bishops): no drop may leave too
    /// few free squares of a colour for the ones still in hand.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub opposite_colors: Option<char>,
    /// Whether dropping a king or rook on its castling square gives the
    /// right to castle with it, once both stand there (placement chess).
    #[cfg_attr(feature = "serde", serde(default))]
    pub castling_by_drop: bool,
    /// A kind of which a side may not drop a piece onto a file where it
    /// has so many of them already (shogi's pawns, one; Fairy-Stockfish's
    /// `dropNoDoubled`).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub file_limit: Option<FileLimit>,
    /// Whether a piece in hand may also be dropped as its promoted form
    /// (Kyoto shogi; Fairy-Stockfish's `dropPromoted`): `+P@a2`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub drop_promoted: bool,
    /// Whether a piece leaving its back-rank square for the first time may
    /// have a piece from the hand put in its place (Seirawan chess;
    /// Fairy-Stockfish's `seirawanGating`): `b1c3h` moves the knight and
    /// puts a hawk on b1.
    #[cfg_attr(feature = "serde", serde(default))]
    pub gating: bool,
    /// Whether pieces in hand enter only by gating, never dropped as a move
    /// of their own (Seirawan chess, where captured pieces leave the game).
    #[cfg_attr(feature = "serde", serde(default))]
    pub gating_only: bool,
    /// Whether a drop may not give check (Fairy-Stockfish's `dropChecks =
    /// false`). As there, only a piece royal by kind is checked: in atomic
    /// crazyhouse, whose king is royal by count, the rule changes nothing.
    #[cfg_attr(feature = "serde", serde(default))]
    pub no_drop_checks: bool,
    /// Whether every side may drop a piece of any kind that is not royal
    /// whenever it likes, hands playing no part (ataxx; Fairy-Stockfish's
    /// `freeDrops`): FEN then lists no hands, and captured pieces leave
    /// the game.
    #[cfg_attr(feature = "serde", serde(default))]
    pub free: bool,
    /// Whether the hands are fed from outside the board, by the captures
    /// on a partner's board (bughouse; Fairy-Stockfish's `twoBoards`): a
    /// position is one board, its hands what the partner has passed on so
    /// far (in FEN, as any hand). A piece captured here leaves this board
    /// for the partner's hand, as the kind that promoted if it was
    /// promoted, so promoted pieces are marked (`Q~`) as in crazyhouse.
    #[cfg_attr(feature = "serde", serde(default))]
    pub partner_board: bool,
}

/// A limit on the pieces of a kind a side may have on one file for a drop
/// of another onto it.
///
/// # Examples
///
/// ```
/// use fairy_position::{Drops, FileLimit};
///
/// // Shogi's nifu: no pawn dropped where its side has a pawn on the file.
/// let drops = Drops::new().captures_to_hand().file_limit(FileLimit { piece: 'P', count: 1 });
/// assert_eq!(drops.file_limit, Some(FileLimit { piece: 'P', count: 1 }));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FileLimit {
    /// The kind's upper-case letter.
    pub piece: char,
    /// How many of the side's pieces of the kind on a file bar drops of
    /// another there.
    pub count: u32,
}

impl Drops {
    /// Drops anywhere, of the pieces the position starts with in hand;
    /// captured pieces leave the game.
    pub fn new() -> Drops {
        Drops::default()
    }

    /// Captured pieces go to the capturer's hand.
    #[must_use]
    pub fn captures_to_hand(self) -> Drops {
        Drops {
            captures_to_hand: true,
            ..self
        }
    }

    /// Promoted pieces keep their kind when captured.
    #[must_use]
    pub fn keep_promoted(self) -> Drops {
        Drops {
            keep_promoted: true,
            ..self
        }
    }

    /// Pieces are dropped only on `zone`'s squares.
    #[must_use]
    pub fn zone(self, zone: Zone) -> Drops {
        Drops {
            zone: Some(zone),
            ..self
        }
    }

    /// A side with pieces in hand must drop one while it can (of kind
    /// `kind`, if given).
    #[must_use]
    pub fn must_drop(self, kind: Option<char>) -> Drops {
        Drops {
            must_drop: true,
            must_drop_kind: kind,
            ..self
        }
    }

    /// Pieces of kind `letter` must be dropped onto squares of both
    /// colours.
    #[must_use]
    pub fn opposite_colors(self, letter: char) -> Drops {
        Drops {
            opposite_colors: Some(letter),
            ..self
        }
    }

    /// A side may not drop a piece of `limit`'s kind onto a file where it
    /// has `limit.count` of them.
    #[must_use]
    pub fn file_limit(self, limit: FileLimit) -> Drops {
        Drops {
            file_limit: Some(limit),
            ..self
        }
    }

    /// Pieces in hand may be gated onto the squares pieces leave on the
    /// back rank; with `only`, they are never dropped otherwise.
    #[must_use]
    pub fn gating(self, only: bool) -> Drops {
        Drops {
            gating: true,
            gating_only: only,
            ..self
        }
    }

    /// No drop may give check.
    #[must_use]
    pub fn no_drop_checks(self) -> Drops {
        Drops {
            no_drop_checks: true,
            ..self
        }
    }

    /// Pieces in hand may also be dropped as their promoted forms.
    #[must_use]
    pub fn drop_promoted(self) -> Drops {
        Drops {
            drop_promoted: true,
            ..self
        }
    }

    /// Pieces of every kind that is not royal may be dropped at will.
    #[must_use]
    pub fn free(self) -> Drops {
        Drops { free: true, ..self }
    }

    /// Dropping a king and a rook on a way's squares gives its castling
    /// right.
    #[must_use]
    pub fn castling_by_drop(self) -> Drops {
        Drops {
            castling_by_drop: true,
            ..self
        }
    }

    /// The hands are fed by a partner's board: promoted pieces are marked,
    /// as they go to the partner's hand as the kind that promoted when
    /// captured.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{Drops, PieceSpec, Promotion, Variant, VariantSpec, Zone};
    ///
    /// // One board of a bughouse game on 3 x 4: the pawn takes the rook
    /// // and promotes to a rook, marked promoted; the rook taken goes to
    /// // nobody's hand on this board.
    /// let spec = VariantSpec::new("minihouse", Geometry::new(BoardSize::new(3, 4)?), "kr1/2P/3/K2[R] w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()))
    ///     .piece(PieceSpec::new('P', "pawn", Movement::chess_pawn()).promotion(Promotion::new(Zone::ranks([4]), ['R'])))
    ///     .drops(Drops::new().partner_board());
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert_eq!(position.play_uci("c3b4r")?.fen(), "kR~1/3/3/K2[R] b - - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn partner_board(self) -> Drops {
        Drops {
            partner_board: true,
            ..self
        }
    }
}

/// The pieces one side holds in hand, by kind.
///
/// # Examples
///
/// ```
/// # use fairy_geometry::{BoardSize, Geometry};
/// # use fairy_movement::{Color, Movement};
/// # use fairy_position::{Drops, PieceSpec, Variant, VariantSpec};
/// # let spec = VariantSpec::new("drops", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K[RRr] w - - 0 1")
/// #     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
/// #     .piece(PieceSpec::new('R', "rook", Movement::rook()))
/// #     .drops(Drops::new());
/// # let variant = Variant::<u64>::new(spec)?;
/// let position = variant.start_position();
/// let rook = variant.kind_of_letter('R').unwrap();
/// assert_eq!(position.hand(Color::White).count(rook), 2);
/// assert_eq!(position.hand(Color::Black).iter().collect::<Vec<_>>(), [(rook, 1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand([u8; MAX_KINDS]);

impl Hand {
    /// How many pieces of `kind` it holds.
    pub fn count(&self, kind: PieceKind) -> u32 {
        self.0.get(kind.index()).map_or(0, |&count| u32::from(count))
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&count| count == 0)
    }

    /// How many pieces it holds.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&count| u32::from(count)).sum()
    }

    /// The kinds it holds, in the variant's order, each with its count.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, u32)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, count)| **count > 0)
            .map(|(index, &count)| (PieceKind::new(index as u8), u32::from(count)))
    }

    /// Adds a piece; returns the new count. Position setup bounds the
    /// pieces of a game so that no count can pass the byte.
    fn add(&mut self, kind: PieceKind) -> u8 {
        let slot = &mut self.0[kind.index() % MAX_KINDS];
        *slot = slot.saturating_add(1);
        *slot
    }

    /// Takes a piece out; returns the new count.
    fn remove(&mut self, kind: PieceKind) -> u8 {
        let slot = &mut self.0[kind.index() % MAX_KINDS];
        *slot = slot.saturating_sub(1);
        *slot
    }
}

/// The drop rules compiled for a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledDrops<W: Word> {
    /// Per kind, per colour: where a piece of it may be dropped.
    pub zones: Vec<[SquareSet<W>; 2]>,
    /// The kind a captured piece marked promoted goes to the hand as;
    /// `None` where promoted pieces keep their kind (or no promotion marks
    /// them), and then no square is marked promoted.
    pub demotes_to: Option<PieceKind>,
    /// Per kind: the kind a captured piece of it goes to the hand as (a
    /// promoted form's unpromoted kind, unless promoted pieces keep their
    /// kind).
    pub to_hand: Vec<PieceKind>,
    /// Per kind: the kind in hand a drop of it takes (itself, or for a
    /// promoted form dropped as such, its unpromoted kind).
    pub from_hand: Vec<PieceKind>,
    /// Per kind in hand: the promoted form it may also be dropped as.
    pub promoted_drops: Vec<Option<PieceKind>>,
    /// Whether pieces in hand enter only by gating (Seirawan chess).
    pub gating_only: bool,
    /// The kind limited per file, and the limit.
    pub file_limit: Option<(PieceKind, u32)>,
    /// The squares of each file.
    pub files: Vec<SquareSet<W>>,
    /// Must drop: the kind, or any kind (`None` inside).
    pub must_drop: Option<Option<PieceKind>>,
    /// The kind dropped onto both colours of squares.
    pub opposite_colors: Option<PieceKind>,
    pub castling_by_drop: bool,
    /// Whether pieces are dropped at will, hands playing no part.
    pub free: bool,
    /// The squares of one colour (a1's).
    pub dark: SquareSet<W>,
}

impl<W: Word> CompiledDrops<W> {
    /// Compiles the drop rules from each kind's `droppable` squares per
    /// colour (by the variant's and the kind's zones); `kinds` have their
    /// moves, so their forbidden squares, already.
    pub fn compile(
        spec: &VariantSpec,
        drops: &Drops,
        kinds: &[Kind<W>],
        droppable: &[[SquareSet<W>; 2]],
        kind_of: &KindOf<'_>,
    ) -> Result<CompiledDrops<W>, VariantError> {
        let zones = kinds
            .iter()
            .zip(droppable)
            .map(|(kind, squares)| Color::ALL.map(|color| squares[color.index()] - kind.moves[color.index()].forbidden))
            .collect();
        let demotes_to = if (drops.captures_to_hand || drops.partner_board) && !drops.keep_promoted {
            kinds
                .iter()
                .position(|kind| kind.moves.iter().any(|moves| moves.promotions.marks))
                .map(|index| PieceKind::new(index as u8))
        } else {
            None
        };
        let unpromoted: Vec<PieceKind> = spec
            .pieces
            .iter()
            .enumerate()
            .map(|(index, piece)| {
                let own = PieceKind::new(index as u8);
                piece.unpromoted.map_or(Ok(own), |letter| {
                    kind_of(letter, &|| format!("the unpromoted form of {:?}", piece.letter))
                })
            })
            .collect::<Result<_, _>>()?;
        let to_hand = if drops.keep_promoted {
            (0..kinds.len()).map(|index| PieceKind::new(index as u8)).collect()
        } else {
            unpromoted.clone()
        };
        let promoted_drops = (0..kinds.len())
            .map(|index| {
                let kind = PieceKind::new(index as u8);
                let promoted = unpromoted
                    .iter()
                    .enumerate()
                    .find(|&(form, &of)| of == kind && form != index)
                    .map(|(form, _)| PieceKind::new(form as u8));
                promoted.filter(|_| drops.drop_promoted)
            })
            .collect();
        let file_limit = drops
            .file_limit
            .map(|limit| {
                kind_of(limit.piece, &|| "the kind limited per file".to_owned()).map(|kind| (kind, limit.count))
            })
            .transpose()?;
        let must_drop = if drops.must_drop {
            Some(
                drops
                    .must_drop_kind
                    .map(|letter| kind_of(letter, &|| "the kind that must be dropped".to_owned()))
                    .transpose()?,
            )
        } else {
            None
        };
        let opposite_colors = drops
            .opposite_colors
            .map(|letter| kind_of(letter, &|| "the kind dropped on both colours".to_owned()))
            .transpose()?;
        let size = spec.geometry.size();
        let dark = size
            .squares()
            .filter(|&square| (size.file_of(square) + size.rank_of(square)) % 2 == 0)
            .collect();
        let files = (0..size.files())
            .map(|file| size.squares().filter(|&square| size.file_of(square) == file).collect())
            .collect();
        Ok(CompiledDrops {
            zones,
            demotes_to,
            to_hand,
            from_hand: unpromoted,
            promoted_drops,
            file_limit,
            files,
            gating_only: drops.gating_only,
            must_drop,
            opposite_colors,
            castling_by_drop: drops.castling_by_drop,
            free: drops.free,
            dark,
        })
    }
}

impl<'v, W: Word> Position<'v, W> {
    /// The pieces `color` holds in hand (none in a variant without drops).
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// This position with one more piece of `kind` in `color`'s hand: for
    /// a source of pieces outside the game, as the partner board of
    /// bughouse. The hash follows.
    ///
    /// # Errors
    ///
    /// [`PositionError::Hand`] if the variant has no drops or free ones,
    /// lacks the kind, or the game would have more pieces than a hand can
    /// count.
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairy_geometry::{BoardSize, Geometry};
    /// # use fairy_movement::{Color, Movement};
    /// # use fairy_position::{Drops, PieceSpec, Variant, VariantSpec};
    /// # let spec = VariantSpec::new("drops", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K[] w - - 0 1")
    /// #     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    /// #     .piece(PieceSpec::new('R', "rook", Movement::rook()))
    /// #     .drops(Drops::new());
    /// # let variant = Variant::<u64>::new(spec)?;
    /// let rook = variant.kind_of_letter('R').unwrap();
    /// let given = variant.start_position().with_piece_in_hand(Color::White, rook)?;
    /// assert_eq!(given.fen(), "k2/3/2K[R] w - - 0 1");
    /// assert_eq!(given.hash(), given.compute_hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_piece_in_hand(&self, color: Color, kind: PieceKind) -> Result<Position<'v, W>, PositionError> {
        let letter = self.variant.letter(kind);
        let error = |reason| PositionError::Hand {
            piece: SetupPiece::new(color, letter).fen_char(),
            reason,
        };
        match &self.variant.drops {
            None => return Err(error("the variant has no drops, so no pieces in hand")),
            Some(drops) if drops.free => return Err(error("the variant's drops are free, so hands hold nothing")),
            Some(_) => {}
        }
        if kind.index() >= self.variant.kinds.len() {
            return Err(error("not a piece of this variant"));
        }
        if self.pieces_in_play() >= MAX_PIECES_IN_PLAY {
            return Err(error("more than 255 pieces in play, board and hands together"));
        }
        let mut given = self.clone();
        given.give_to_hand(color, kind);
        Ok(given)
    }

    /// The squares of the pieces marked promoted (`Q~` in FEN): in a
    /// variant where captured pieces go to the hand, they go as the kind
    /// that promoted.
    pub fn promoted(&self) -> SquareSet<W> {
        self.promoted
    }

    /// The drops of the side to move onto `allowed` squares (empty ones:
    /// the caller has answered checks by them).
    // Kept out of line: variants without drops only test for them.
    #[inline(never)]
    pub(crate) fn generate_drops<S: MoveSink<W>>(&self, sink: &mut S, allowed: SquareSet<W>) {
        let Some(drops) = self.variant.drops.as_ref().filter(|drops| !drops.gating_only) else {
            return;
        };
        let us = self.turn.index();
        if !drops.free && self.hands[us].is_empty() {
            return;
        }
        let allowed = match &self.variant.enclosing {
            Some(enclosing) => self.enclosing_drops(enclosing, allowed),
            None => allowed,
        };
        let must = drops.must_drop.flatten().filter(|&kind| self.hands[us].count(kind) > 0);
        let mut drop_held = |held: PieceKind| {
            if must.is_some_and(|must| must != held) {
                return;
            }
            let promoted = drops.promoted_drops.get(held.index()).copied().flatten();
            for kind in std::iter::once(held).chain(promoted) {
                let to = self.drop_targets(drops, kind, allowed);
                if to.any() {
                    sink.drops(kind, to);
                }
            }
        };
        if drops.free {
            let kinds = (0..self.variant.kinds.len()).map(|index| PieceKind::new(index as u8));
            kinds
                .filter(|&kind| !self.variant.royal.contains(kind))
                .for_each(drop_held);
        } else {
            self.hands[us].iter().for_each(|(kind, _)| drop_held(kind));
        }
    }

    /// Where the side to move may drop a piece of `kind` among `allowed`
    /// squares.
    fn drop_targets(&self, drops: &CompiledDrops<W>, kind: PieceKind, allowed: SquareSet<W>) -> SquareSet<W> {
        let us = self.turn;
        let mut to = allowed & drops.zones[kind.index()][us.index()];
        if let Some((limited, count)) = drops.file_limit.filter(|&(limited, _)| limited == kind) {
            let own = self.pieces_of(us, limited);
            for &file in &drops.files {
                if (own & file).count() >= count {
                    to = to - file;
                }
            }
        }
        if let Some(paired) = drops.opposite_colors {
            to &= self.keeping_both_colors(drops, paired, kind);
        }
        if self.variant.royal.contains(kind) || self.variant.goals.is_counted_royal(kind) {
            // A royal piece is not dropped into check; nor, as in
            // Fairy-Stockfish, one of a kind royal by count, royal for its
            // drop whatever the count after it (see
            // `Position::royals_to_keep_safe`).
            let occupied = self.occupied();
            let them = us.other();
            to = to
                .iter()
                .filter(|&square| !self.is_attacked(square, them, occupied.with(square)))
                .collect();
        }
        to
    }

    /// Whether the side to move must drop, if it can: it holds a piece
    /// of the kind that must be dropped (of any kind, if none is named).
    pub(crate) fn must_drop(&self) -> bool {
        let hand = &self.hands[self.turn.index()];
        match self.variant.drops.as_ref().and_then(|drops| drops.must_drop) {
            None => false,
            Some(None) => !hand.is_empty(),
            Some(Some(kind)) => hand.count(kind) > 0,
        }
    }

    /// Where a piece of `kind` may be dropped so that the side to move's
    /// pieces of `paired` can still stand on squares of both colours: a
    /// `paired` piece not on a colour that has its share already, another
    /// piece not on the last free square of a colour that still needs one
    /// (Fairy-Stockfish's `dropOppositeColoredBishop`).
    fn keeping_both_colors(&self, drops: &CompiledDrops<W>, paired: PieceKind, kind: PieceKind) -> SquareSet<W> {
        let us = self.turn;
        let placed = self.pieces_of(us, paired);
        let total = placed.count() + self.hands[us.index()].count(paired);
        let dark = drops.dark;
        let light = self.variant.board - dark;
        if kind == paired {
            let half = total.div_ceil(2);
            let mut allowed = SquareSet::ALL;
            for color in [dark, light] {
                if (placed & color).count() + 1 > half {
                    allowed = allowed - color;
                }
            }
            return allowed;
        }
        let free = drops.zones[paired.index()][us.index()] - self.occupied();
        let needed = total / 2;
        let mut allowed = SquareSet::ALL;
        for color in [dark, light] {
            let room = ((placed | free) & color).count();
            if room < needed {
                return SquareSet::EMPTY;
            }
            if room == needed {
                // Its last free squares are the paired pieces'.
                allowed = allowed - (free & color);
            }
        }
        allowed
    }

    /// Plays a drop of `kind` onto `to`: the piece leaves the hand, and
    /// the n-move clock starts again, as in Fairy-Stockfish.
    #[cold]
    pub(crate) fn play_drop<const COUNT_CHECKS: bool>(&mut self, kind: PieceKind, to: Square) {
        let us = self.turn;
        if let Some(drops) = &self.variant.drops {
            if !drops.free {
                self.take_from_hand(us, drops.from_hand[kind.index()]);
            }
        }
        self.put(to, crate::position::code(us, kind));
        if let Some(enclosing) = &self.variant.enclosing {
            let flipped = self.flip_enclosed(enclosing, to, false);
            self.lose_castling(flipped);
            if self.variant.has_gates {
                self.close_gates(self.stale_gates());
            }
        }
        if self.variant.drops.as_ref().is_some_and(|drops| drops.castling_by_drop) {
            self.gain_castling(to);
        }
        self.clear_en_passant();
        self.end_turn::<COUNT_CHECKS>(true);
        self.remember_drop();
    }

    /// Adds a piece of `kind` to `color`'s hand, and its key to the hash.
    pub(crate) fn give_to_hand(&mut self, color: Color, kind: PieceKind) {
        let before = self.hands[color.index()].count(kind) as u8;
        let after = self.hands[color.index()].add(kind);
        let zobrist = &self.variant.zobrist;
        self.hash ^= zobrist.hand(color, kind, before) ^ zobrist.hand(color, kind, after);
    }

    /// Takes a piece of `kind` out of `color`'s hand, and its key out of
    /// the hash.
    pub(crate) fn take_from_hand(&mut self, color: Color, kind: PieceKind) {
        let before = self.hands[color.index()].count(kind) as u8;
        let after = self.hands[color.index()].remove(kind);
        let zobrist = &self.variant.zobrist;
        self.hash ^= zobrist.hand(color, kind, before) ^ zobrist.hand(color, kind, after);
    }

    /// After the piece `code` on `square` was taken off the board by a
    /// capture (taken, or blown up by it): it goes to the hand of its
    /// opponent, as the kind that promoted if it was marked promoted.
    /// The one place where captured pieces change hands.
    #[cold]
    pub(crate) fn capture_to_hand(&mut self, code: u8, square: Square) {
        let Some(drops) = &self.variant.drops else { return };
        let captured = PieceKind::new(code >> 1);
        let kind = match drops.demotes_to {
            Some(demoted) if self.promoted.contains(square) => demoted,
            _ => drops.to_hand[captured.index()],
        };
        let owner = if code & 1 == 0 { Color::White } else { Color::Black };
        self.give_to_hand(owner.other(), kind);
    }

    /// Moves the promoted marks with a move from `from` to `to` that took
    /// the piece on `captured` (if any) and promoted or not.
    #[cold]
    pub(crate) fn move_promoted_marks(&mut self, from: Square, to: Square, captured: Square, promotes: bool) {
        let moved = self.promoted.contains(from);
        let zobrist = &self.variant.zobrist;
        let mut marks = self.promoted;
        for square in [captured, from, to] {
            if marks.contains(square) {
                marks.remove(square);
                self.hash ^= zobrist.promoted(square.index());
            }
        }
        if promotes || moved {
            marks.insert(to);
            self.hash ^= zobrist.promoted(to.index());
        }
        self.promoted = marks;
    }

    /// Clears the promoted marks of squares a capture effect emptied.
    #[cold]
    pub(crate) fn forget_promoted_marks(&mut self) {
        for square in self.promoted - self.pieces_of_both() {
            self.promoted.remove(square);
            self.hash ^= self.variant.zobrist.promoted(square.index());
        }
    }
}

/// The most pieces a game with captures to hand may have, board and hands
/// together: a hand's count of a kind then fits its byte whatever is
/// captured.
const MAX_PIECES_IN_PLAY: u32 = u8::MAX as u32;

impl<W: Word> Position<'_, W> {
    /// Fills the hands and the promoted marks from a setup.
    pub(crate) fn read_hands(&mut self, setup: &Setup) -> Result<(), PositionError> {
        let listed = setup.hands.as_deref().unwrap_or_default();
        for &piece in listed {
            let error = |reason| PositionError::Hand {
                piece: piece.fen_char(),
                reason,
            };
            match &self.variant.drops {
                None => return Err(error("the variant has no drops, so no pieces in hand")),
                Some(drops) if drops.free => {
                    return Err(error("the variant's drops are free, so hands hold nothing"));
                }
                Some(_) => {}
            }
            let kind = self
                .variant
                .kind_of_setup_piece(piece)
                .ok_or_else(|| error("not a piece of this variant"))?;
            let hand = &mut self.hands[piece.color.index()];
            if hand.count(kind) >= u32::from(u8::MAX) {
                return Err(error("more than 255 of a kind in hand"));
            }
            hand.add(kind);
        }
        if self.variant.tracks_promoted {
            let pieces = self.pieces_of_both();
            self.promoted = setup.promoted.iter().copied().filter(|&s| pieces.contains(s)).collect();
        }
        if self.variant.captures_to_hand && self.pieces_in_play() > MAX_PIECES_IN_PLAY {
            let piece = listed.first().map_or('?', |piece| piece.fen_char());
            return Err(PositionError::Hand {
                piece,
                reason: "more than 255 pieces in play, board and hands together",
            });
        }
        Ok(())
    }

    /// The pieces on the board and in both hands.
    fn pieces_in_play(&self) -> u32 {
        self.pieces_of_both().count() + self.hands.iter().map(Hand::total).sum::<u32>()
    }

    /// The pieces in both hands as FEN lists them: White's, then Black's,
    /// each from the last kind of the variant to the first (pawns last,
    /// in Fairy-Stockfish's order of kinds).
    pub(crate) fn hand_pieces(&self) -> Vec<SetupPiece> {
        let mut pieces = Vec::new();
        for color in Color::ALL {
            for index in (0..self.variant.kinds.len()).rev() {
                let kind = PieceKind::new(index as u8);
                for _ in 0..self.hands[color.index()].count(kind) {
                    pieces.push(self.variant.setup_piece(color, kind));
                }
            }
        }
        pieces
    }
}
