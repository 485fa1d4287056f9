//! Sittuyin's promotion in place: a piece standing in its zone (or its
//! side's last of its kind) turns, as its move, into a choice where it
//! stands or one step of the new piece away (see
//! [`Promotion::in_place`](crate::Promotion::in_place)). A move rule: the
//! moves are added to the legal ones, each checked by playing it.

use fairy_geometry::{SquareSet, Word};
use fairy_movement::Color;
use smallvec::SmallVec;

use crate::compile::{KindOf, ZoneOf};
use crate::{Move, MoveList, PieceKind, Position, VariantError, VariantSpec};

/// One kind's promotion in place, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InPlacePromotion<W: Word> {
    kind: PieceKind,
    /// Per colour: where a piece of the kind may promote.
    zone: [SquareSet<W>; 2],
    /// Per colour: the kinds it may become.
    choices: [SmallVec<[PieceKind; 4]>; 2],
}

/// The promotions in place of a definition's kinds.
pub(crate) fn compile<W: Word>(
    spec: &VariantSpec,
    kind_of: &KindOf<'_>,
    zone: &ZoneOf<'_, W>,
) -> Result<Vec<InPlacePromotion<W>>, VariantError> {
    let mut compiled = Vec::new();
    for (index, piece) in spec.pieces.iter().enumerate() {
        let Some(promotion) = piece.promotion.as_ref().filter(|p| p.in_place) else {
            continue;
        };
        let name = || format!("the promotion zone of {:?}", piece.letter);
        let choices = |color: Color| {
            promotion
                .choices_for(color)
                .iter()
                .map(|&letter| kind_of(letter, &|| format!("the promotion of {:?}", piece.letter)))
                .collect::<Result<SmallVec<[PieceKind; 4]>, VariantError>>()
        };
        compiled.push(InPlacePromotion {
            kind: PieceKind::new(index as u8),
            zone: [
                zone(&promotion.zone, Color::White, &name)?,
                zone(&promotion.zone, Color::Black, &name)?,
            ],
            choices: [choices(Color::White)?, choices(Color::Black)?],
        });
    }
    Ok(compiled)
}

impl<W: Word> Position<'_, W> {
    /// Adds the side to move's legal promotions in place to `moves`.
    pub(crate) fn add_in_place_promotions(&self, moves: &mut MoveList) {
        let us = self.turn;
        let them = us.other();
        let occupied = self.occupied();
        for rule in &self.variant.in_place {
            let pieces = self.pieces_of(us, rule.kind);
            let eligible = if pieces.more_than_one() {
                pieces & rule.zone[us.index()]
            } else {
                pieces
            };
            for from in eligible {
                for &choice in &rule.choices[us.index()] {
                    let steps = self.variant.reach(choice, us, from, occupied) - occupied;
                    for to in steps.with(from) {
                        // The new piece may not threaten an enemy piece.
                        let threatens =
                            self.variant
                                .reach(choice, us, to, (occupied - SquareSet::from_square(from)).with(to));
                        if threatens.intersects(self.pieces(them)) {
                            continue;
                        }
                        let mv = Move::normal(from, to, Some(choice));
                        if self.is_safe_after(mv) && !self.gives_check(mv) {
                            moves.push(mv);
                        }
                    }
                }
            }
        }
    }
}
