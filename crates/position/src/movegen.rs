//! Legal move generation.
//!
//! Moves are produced in bulk, one origin and a set of destinations at a
//! time, so that counting them (perft's last ply) is a popcount. Legality
//! is decided without playing moves, from the checks on the royal piece and
//! the pins against it, both read off the attack tables; only en passant
//! captures are tried by playing them. This is exact on every board because
//! attacks only ever shrink as squares fill: a move can expose the royal
//! piece only by vacating a square on a path to it.

use fairy_geometry::{Square, SquareSet, Word};
use smallvec::SmallVec;

use crate::variant::{AttackGroup, Kind};
use crate::{Move, MoveList, Position};

/// Receives generated moves.
pub(crate) trait MoveSink<W: Word> {
    /// The moves of the piece of kind `kind` on `from` to each square of
    /// `to`; those in `promoting` promote.
    fn piece_moves(&mut self, kind: &Kind<W>, from: Square, to: SquareSet<W>, promoting: SquareSet<W>);

    /// The moves of several pieces of kind `kind` by one displacement: a
    /// move to `t` comes from `t - delta`.
    fn shifted_moves(&mut self, kind: &Kind<W>, delta: i16, to: SquareSet<W>, promoting: SquareSet<W>);

    /// A castling or en passant move.
    fn special(&mut self, mv: Move);
}

/// Counts moves without listing them.
pub(crate) struct MoveCounter(pub u64);

impl MoveCounter {
    #[inline]
    fn add<W: Word>(&mut self, kind: &Kind<W>, to: SquareSet<W>, promoting: SquareSet<W>) {
        let choices = kind.promotion_choices.len() as u64 + u64::from(kind.promotion_optional);
        self.0 += u64::from((to - promoting).count()) + u64::from(promoting.count()) * choices;
    }
}

impl<W: Word> MoveSink<W> for MoveCounter {
    #[inline]
    fn piece_moves(&mut self, kind: &Kind<W>, _from: Square, to: SquareSet<W>, promoting: SquareSet<W>) {
        self.add(kind, to, promoting);
    }

    #[inline]
    fn shifted_moves(&mut self, kind: &Kind<W>, _delta: i16, to: SquareSet<W>, promoting: SquareSet<W>) {
        self.add(kind, to, promoting);
    }

    #[inline]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Lists moves.
pub(crate) struct MoveCollector<'a>(pub &'a mut MoveList);

impl MoveCollector<'_> {
    fn push<W: Word>(&mut self, kind: &Kind<W>, from: Square, to: Square, promotes: bool) {
        if !promotes || kind.promotion_optional {
            self.0.push(Move::normal(from, to, None));
        }
        if promotes {
            for &choice in &kind.promotion_choices {
                self.0.push(Move::normal(from, to, Some(choice)));
            }
        }
    }
}

impl<W: Word> MoveSink<W> for MoveCollector<'_> {
    fn piece_moves(&mut self, kind: &Kind<W>, from: Square, to: SquareSet<W>, promoting: SquareSet<W>) {
        for square in to {
            self.push(kind, from, square, promoting.contains(square));
        }
    }

    fn shifted_moves(&mut self, kind: &Kind<W>, delta: i16, to: SquareSet<W>, promoting: SquareSet<W>) {
        for square in to {
            let from = Square::new((square.index() as i32 - i32::from(delta)) as u8);
            self.push(kind, from, square, promoting.contains(square));
        }
    }

    fn special(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// The attack groups of the side not to move that have pieces, each with
/// those pieces.
type Attackers<'v, W> = SmallVec<[(&'v AttackGroup<W>, SquareSet<W>); 8]>;

fn attacked<W: Word>(attackers: &Attackers<'_, W>, square: Square, occupied: SquareSet<W>) -> bool {
    attackers
        .iter()
        .any(|(group, pieces)| group.table.attacks(square, occupied).intersects(*pieces))
}

impl<W: Word> Position<'_, W> {
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
        let variant = self.variant;
        let ours = self.by_color[color.index()];
        let theirs = self.by_color[color.other().index()];
        let occupied = ours | theirs;
        let empty = variant.board - occupied;
        let capturable = theirs - self.pieces_of_kinds(color.other(), variant.uncapturable);
        let free = empty | capturable;
        let mut count = 0;
        for (index, kind) in variant.kinds.iter().enumerate() {
            let moves = &kind.moves[color.index()];
            for from in self.by_kind[index] & ours {
                count += moves.destinations(from, occupied, empty, capturable, free).count();
            }
        }
        count
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Generates every legal move into `sink`.
    pub(crate) fn generate<S: MoveSink<W>>(&self, sink: &mut S) {
        let variant = self.variant;
        if self.arrival_winner().is_some() {
            return;
        }
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occupied = ours | theirs;
        let empty = variant.board - occupied;
        let capturable = theirs - self.pieces_of_kinds(them, variant.uncapturable);
        let royal = self.royal_square(us);

        let attackers: Attackers<'_, W> = variant.attackers[them.index()]
            .iter()
            .map(|group| (group, self.pieces_of_kinds(them, group.kinds)))
            .filter(|(_, pieces)| pieces.any())
            .collect();

        // Where a non-royal move must end to answer every check, and the
        // pieces pinned against the royal piece with the squares they may
        // go to.
        let mut evasion = SquareSet::ALL;
        let mut in_check = false;
        let mut pinned = SquareSet::<W>::EMPTY;
        let mut pins: SmallVec<[(Square, SquareSet<W>); 4]> = SmallVec::new();
        if let Some(king) = royal {
            for &(group, pieces) in &attackers {
                for checker in group.table.leaps(king) & pieces {
                    evasion &= SquareSet::from_square(checker);
                    in_check = true;
                }
                if group.table.is_leaper() {
                    continue;
                }
                let allowed = group.table.allowed(king);
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
            }
        }

        let free = empty | capturable;
        let royal_set = royal.map_or(SquareSet::EMPTY, SquareSet::from_square);
        for (index, kind) in variant.kinds.iter().enumerate() {
            let pieces = (self.by_kind[index] & ours) - royal_set;
            if pieces.is_empty() {
                continue;
            }
            let moves = &kind.moves[us.index()];
            let mut one_by_one = pieces;
            if let Some((quiet, capture)) = &moves.bulk {
                // Pinned pieces are left to the loop below.
                let movers = pieces - pinned;
                let zone = moves.promotion_zone;
                quiet.for_each(movers, empty, |delta, to| {
                    let to = to & empty & evasion;
                    if to.any() {
                        sink.shifted_moves(kind, delta, to, to & zone);
                    }
                });
                capture.for_each(movers, empty, |delta, to| {
                    let to = to & capturable & evasion;
                    if to.any() {
                        sink.shifted_moves(kind, delta, to, to & zone);
                    }
                });
                one_by_one &= pinned;
            }
            for from in one_by_one {
                let mut to = moves.destinations(from, occupied, empty, capturable, free) & evasion;
                if pinned.contains(from) {
                    for &(square, line) in &pins {
                        if square == from {
                            to &= line;
                        }
                    }
                }
                if to.any() {
                    sink.piece_moves(kind, from, to, to & moves.promotion_zone);
                }
            }
        }

        if let Some(king) = royal {
            let Some(code) = self.code_at(king) else { return };
            let kind = &variant.kinds[usize::from(code >> 1)];
            let moves = &kind.moves[us.index()];
            let candidates = moves.destinations(king, occupied, empty, capturable, free);
            let without_king = occupied - royal_set;
            let safe: SquareSet<W> = candidates
                .iter()
                .filter(|&to| !attacked(&attackers, to, without_king))
                .collect();
            if safe.any() {
                sink.piece_moves(kind, king, safe, safe & moves.promotion_zone);
            }
            if !in_check {
                self.generate_castling(king, &attackers, sink);
            }
        }

        if self.en_passant.any() {
            self.generate_en_passant(sink);
        }
    }

    fn generate_castling<S: MoveSink<W>>(&self, king: Square, attackers: &Attackers<'_, W>, sink: &mut S) {
        let us = self.turn;
        let occupied = self.occupied();
        for (index, rule) in self.variant.castling.iter().enumerate() {
            if rule.color != us || !self.castling.has(index) || rule.king_from != king {
                continue;
            }
            if !self.pieces_of(us, rule.rook).contains(rule.rook_from) {
                continue;
            }
            let others = occupied - SquareSet::from_square(rule.king_from) - SquareSet::from_square(rule.rook_from);
            if rule.empty.intersects(others) {
                continue;
            }
            // The squares the king passes are tested as they stand, the
            // square it lands on with both pieces moved.
            let passing = rule.king_path - SquareSet::from_square(rule.king_to);
            if passing.iter().any(|square| attacked(attackers, square, occupied)) {
                continue;
            }
            let after = others.with(rule.king_to).with(rule.rook_to);
            if attacked(attackers, rule.king_to, after) {
                continue;
            }
            sink.special(Move::castling(rule.king_from, rule.king_to, index));
        }
    }

    /// En passant captures are rare: each is tried by playing it.
    fn generate_en_passant<S: MoveSink<W>>(&self, sink: &mut S) {
        let variant = self.variant;
        let us = self.turn;
        let occupied = self.occupied();
        for kind in variant.en_passant_capturers.iter() {
            let Some(table) = &variant.kinds[kind.index()].moves[us.index()].en_passant else {
                continue;
            };
            for from in self.pieces_of(us, kind) {
                for to in table.attacks(from, occupied) & self.en_passant {
                    let mv = Move::en_passant(from, to);
                    if self.is_safe_after(mv) {
                        sink.special(mv);
                    }
                }
            }
        }
    }

    /// Whether the mover's royal piece is safe after playing `mv`.
    fn is_safe_after(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.play_unchecked(mv);
        match after.royal_square(self.turn) {
            Some(king) => !after.is_attacked(king, after.turn, after.occupied()),
            None => true,
        }
    }
}
