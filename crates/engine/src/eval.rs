//! Static evaluation: material, mobility, and progress towards winning
//! squares.

use fairy_geometry::{BoardSize, Square, SquareSet, Word};
use fairy_movement::Color;
use fairy_position::{ALL_PIECES, GameResult, Goal, PieceKind, Position, Variant};

/// Centipawns per move of mobility.
const MOBILITY: i32 = 2;
/// What a piece on the square where its arrival wins would be worth, at
/// most, for being near it.
const ARRIVAL: i32 = 400;

/// Scores positions of one variant from the side to move's point of view,
/// in centipawns.
///
/// # Examples
///
/// ```
/// use fairy_engine::Evaluator;
///
/// let gnu = fairy_variants::gnu();
/// let evaluator = Evaluator::new(gnu);
/// let value = |letter| evaluator.value(gnu.kind_of_letter(letter).unwrap());
/// // The Gnu leaps like a knight and like a camel: it is worth more.
/// assert!(value('G') > value('N'));
/// assert_eq!(evaluator.evaluate(&gnu.start_position()), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Evaluator {
    values: Vec<i32>,
    /// Per kind and colour: the bonus for standing on each square.
    bonus: Vec<[Vec<i32>; 2]>,
    /// 1, or -1 where losing every piece wins (antichess): material is
    /// then a burden.
    material_sign: i32,
}

impl Evaluator {
    /// The evaluator of a variant: piece values from mobility on the empty
    /// board, bonuses for approaching promotion and arrival zones; where
    /// losing every piece wins, material counts against its owner.
    pub fn new<W: Word>(variant: &Variant<W>) -> Evaluator {
        let size = variant.size();
        let mut values = Vec::new();
        for kind in variant.kinds() {
            let Some(spec) = variant.piece(kind) else { continue };
            if spec.royal {
                values.push(0);
                continue;
            }
            // The variant's own tables: nets, grids and initial squares
            // count as they do in play.
            let total: u32 = size
                .squares()
                .map(|s| variant.reach(kind, Color::White, s, SquareSet::EMPTY).count())
                .sum();
            let mobility = total as f64 / size.square_count() as f64;
            let mut value = 40.0 * mobility + 40.0;
            if variant.is_pawn_like(kind) {
                value *= 0.6;
            }
            values.push(value.round() as i32);
        }
        let bonus = variant
            .kinds()
            .map(|kind| Color::ALL.map(|color| Evaluator::approach_bonus(variant, &values, kind, color, size)))
            .collect();
        let loses_to_win = variant.spec().goals.iter().any(|goal| {
            matches!(goal, Goal::Extinction(rule) if rule.result == GameResult::Win && rule.pieces.contains(&ALL_PIECES))
        });
        Evaluator {
            values,
            bonus,
            material_sign: if loses_to_win { -1 } else { 1 },
        }
    }

    /// The bonus of each square for a piece of `kind` and `color`: growing
    /// as it nears a square where it promotes or where its arrival wins.
    fn approach_bonus<W: Word>(
        variant: &Variant<W>,
        values: &[i32],
        kind: PieceKind,
        color: Color,
        size: BoardSize,
    ) -> Vec<i32> {
        let mut bonus = vec![0; size.square_count()];
        let value = |kind: PieceKind| values.get(kind.index()).copied().unwrap_or(0);
        let mut targets: Vec<(SquareSet<W>, i32)> = Vec::new();
        let promotion_zone = variant.promotion_zone(kind, color);
        let best = promotion_zone
            .iter()
            .flat_map(|square| variant.promotion_choices(kind, color, square).iter().copied())
            .map(value)
            .max()
            .unwrap_or(0);
        targets.push((promotion_zone, (best - value(kind)).max(0) / 2));
        targets.push((variant.arrival_zone(kind, color), ARRIVAL));
        let far = i32::from(size.files().max(size.ranks()));
        for (zone, weight) in targets {
            if zone.is_empty() || weight == 0 {
                continue;
            }
            for square in size.squares() {
                // Steep: a piece gains mostly in its last steps.
                let near = (far - i32::from(distance(size, square, zone))).max(0);
                let bonus = &mut bonus[square.index()];
                *bonus = (*bonus).max(weight * near.pow(4) / far.pow(4));
            }
        }
        bonus
    }

    /// The value of a piece kind in centipawns (0 for royal pieces).
    pub fn value(&self, kind: PieceKind) -> i32 {
        self.values.get(kind.index()).copied().unwrap_or(0)
    }

    /// The score of `position` for the side to move, in centipawns.
    pub fn evaluate<W: Word>(&self, position: &Position<'_, W>) -> i32 {
        let us = position.turn();
        let mut score = 0;
        for square in position.occupied() {
            let Some(piece) = position.piece_at(square) else {
                continue;
            };
            let kind = piece.kind.index();
            let bonus = self
                .bonus
                .get(kind)
                .map_or(0, |b| b[piece.color.index()].get(square.index()).copied().unwrap_or(0));
            let worth = self.material_sign * self.values.get(kind).copied().unwrap_or(0) + bonus;
            score += if piece.color == us { worth } else { -worth };
        }
        // Pieces in hand count as material: each can enter the game
        // where it is needed.
        if position.variant().has_drops() {
            for color in Color::ALL {
                for (kind, count) in position.hand(color).iter() {
                    let worth = self.material_sign * self.value(kind) * count as i32;
                    score += if color == us { worth } else { -worth };
                }
            }
        }
        let mobility = position.mobility(us) as i32 - position.mobility(us.other()) as i32;
        score + MOBILITY * mobility
    }
}

/// King-step distance from `square` to the nearest square of `zone`.
fn distance<W: Word>(size: BoardSize, square: Square, zone: SquareSet<W>) -> u8 {
    let (file, rank) = (size.file_of(square), size.rank_of(square));
    zone.iter()
        .map(|target| {
            let files = file.abs_diff(size.file_of(target));
            let ranks = rank.abs_diff(size.rank_of(target));
            files.max(ranks)
        })
        .min()
        .unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_values_are_ordered_as_chess_players_expect() {
        let chess = fairy_variants::chess();
        let evaluator = Evaluator::new(chess);
        let value = |letter| evaluator.value(chess.kind_of_letter(letter).unwrap());
        assert!(value('P') < value('N'));
        assert!(value('N') < value('R'));
        assert!(value('B') < value('R'));
        assert!(value('R') < value('Q'));
        assert_eq!(value('K'), 0);
        assert_eq!(evaluator.evaluate(&chess.start_position()), 0);
    }

    #[test]
    fn material_is_a_burden_where_losing_every_piece_wins() {
        struct Scores;
        impl fairy_position::VariantVisitor for Scores {
            type Output = (i32, i32);
            fn visit<W: Word>(self, variant: &Variant<W>) -> (i32, i32) {
                let evaluator = Evaluator::new(variant);
                let score = |fen| evaluator.evaluate(&Position::from_fen(variant, fen).unwrap());
                (
                    score("7r/8/8/8/8/8/8/R7 w - - 0 1"),
                    score("7r/8/8/8/8/8/8/RR6 w - - 0 1"),
                )
            }
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants/antichess.toml");
        let (one_rook, two_rooks) = fairy_variants::load(path).unwrap().visit(Scores);
        assert!(one_rook > two_rooks, "{one_rook} {two_rooks}");
        let chess = fairy_variants::chess();
        let evaluator = Evaluator::new(chess);
        let score = |fen| evaluator.evaluate(&Position::from_fen(chess, fen).unwrap());
        assert!(score("k5r1/8/8/8/8/8/8/1RR4K w - - 0 1") > score("k5r1/8/8/8/8/8/8/1R5K w - - 0 1"));
    }

    #[test]
    fn the_gnu_is_worth_more_than_a_knight() {
        let gnu = fairy_variants::gnu();
        let evaluator = Evaluator::new(gnu);
        let value = |letter| evaluator.value(gnu.kind_of_letter(letter).unwrap());
        assert!(value('G') > value('N'));
        assert!(value('N') > value('P'));
    }

    #[test]
    fn pieces_near_a_winning_zone_gain() {
        let chennis = fairy_variants::chennis();
        let evaluator = Evaluator::new(chennis);
        let pawn = chennis.kind_of_letter('P').unwrap();
        let size = chennis.size();
        let bonus = |name: &str| evaluator.bonus[pawn.index()][0][size.parse_square(name).unwrap().index()];
        assert!(bonus("d6") > bonus("d4"));
        assert!(bonus("d4") > bonus("d2"));
    }
}
