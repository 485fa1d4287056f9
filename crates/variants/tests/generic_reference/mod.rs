//! A slow, obviously-correct legal move generator for any variant, driven
//! by its definition and working on plain [`Setup`] data: every
//! pseudo-legal move is found by walking each part's paths square by
//! square, made on a copy of the board, and kept if the mover's royal piece
//! is then not attacked, attacks being found by walking the enemy's capture
//! paths the same way. It shares nothing with the library's move tables,
//! magic lookups, bulk shifts, check and pin logic, or its make.

#![allow(dead_code, clippy::unwrap_used)]

use fairy_geometry::{Geometry, Square, SquareSet, Word};
use fairy_movement::{Color, Mode, Part, Reach};
use fairy_position::{
    CheckCounters, Enclosure, Goal, NetCrossing, PieceSpec, Position, Setup, SetupPiece, Variant, WallRule,
};

/// A move found by the reference.
#[derive(Clone, Debug)]
struct Candidate {
    from: Square,
    to: Square,
    promotion: Option<char>,
    /// The square of the piece taken en passant.
    en_passant_victim: Option<Square>,
    /// The rook's move when castling.
    rook: Option<(Square, Square)>,
    /// The destination written in coordinate notation, where it is not
    /// `to` (a castling written as the king taking its rook).
    written_to: Option<Square>,
    /// The letter of the piece dropped from the hand onto `to`.
    drop: Option<char>,
    /// The square of the wall placed after the move.
    wall: Option<Square>,
}

impl Candidate {
    /// A move of the piece on `from` to `to`, and nothing else.
    fn plain(from: Square, to: Square) -> Candidate {
        Candidate {
            from,
            to,
            promotion: None,
            en_passant_victim: None,
            rook: None,
            written_to: None,
            drop: None,
            wall: None,
        }
    }
}

/// The definition of the piece lettered `letter`.
fn spec_of<W: Word>(variant: &Variant<W>, letter: char) -> &PieceSpec {
    variant.piece(variant.kind_of_letter(letter).unwrap()).unwrap()
}

fn in_zone<W: Word>(variant: &Variant<W>, zone: &fairy_position::Zone, color: Color, square: Square) -> bool {
    zone.squares_for::<W>(variant.size(), color).unwrap().contains(square)
}

/// A part a piece may use from where it stands, with the zone its moves
/// must stay in, if any (confined zone moves).
struct Usable<'s> {
    part: Part,
    within: Option<&'s fairy_position::Zone>,
}

impl std::ops::Deref for Usable<'_> {
    type Target = Part;

    fn deref(&self) -> &Part {
        &self.part
    }
}

impl Usable<'_> {
    /// The part's paths from `from`, each as its squares and the index of
    /// its first destination; a confined part's paths end before their
    /// first square outside the zone.
    fn paths<W: Word>(
        &self,
        variant: &Variant<W>,
        color: Color,
        from: Square,
        cross: bool,
    ) -> Vec<(Vec<Square>, usize)> {
        self.part
            .paths(variant.geometry(), color, from, cross)
            .iter()
            .filter_map(|path| {
                let first_destination = path.squares().len() - path.destinations().len();
                let mut squares = path.squares().to_vec();
                if let Some(zone) = self.within {
                    let inside = squares
                        .iter()
                        .take_while(|&&s| in_zone(variant, zone, color, s))
                        .count();
                    squares.truncate(inside);
                }
                (squares.len() > first_destination).then_some((squares, first_destination))
            })
            .collect()
    }
}

/// The parts of `spec`'s movement a piece of `color` on `from` may use:
/// its movement, and its zone moves if it stands in their zone.
fn usable_parts<'s, W: Word>(variant: &Variant<W>, spec: &'s PieceSpec, color: Color, from: Square) -> Vec<Usable<'s>> {
    let mut parts: Vec<Usable<'s>> = spec
        .movement
        .parts()
        .iter()
        .map(|&part| Usable { part, within: None })
        .collect();
    if let Some(zoned) = &spec.zone_moves {
        if in_zone(variant, &zoned.zone, color, from) {
            let within = zoned.confined.then_some(&zoned.zone);
            parts.extend(zoned.movement.parts().iter().map(|&part| Usable { part, within }));
        }
    }
    parts
}

/// May a piece of `spec` and `color` end a move on (or attack) `square`?
fn in_region<W: Word>(variant: &Variant<W>, spec: &PieceSpec, color: Color, square: Square) -> bool {
    spec.region
        .as_ref()
        .is_none_or(|region| in_zone(variant, region, color, square))
}

/// The squares of a path a move can end on given what stands on them, in
/// path order: up to and including the first occupied square or wall;
/// for a hop, those beyond its screen (the first occupied square, within
/// its limit) up to and including the next, at most its landing limit. A
/// hopper that may not hop over its own kind (`unscreened_by`, its letter)
/// has no landing behind a screen of its kind, and none on one.
fn open_squares(setup: &Setup, part: &Part, squares: &[Square], unscreened_by: Option<char>) -> Vec<(usize, Square)> {
    let blocked = |s: Square| setup.piece_at(s).is_some() || setup.is_wall(s);
    let own_kind =
        |s: Square| unscreened_by.is_some_and(|letter| setup.piece_at(s).is_some_and(|p| p.letter == letter));
    let Reach::Hop {
        screen_within,
        land_within,
    } = part.reach()
    else {
        let end = squares
            .iter()
            .position(|&s| blocked(s))
            .map_or(squares.len(), |i| i + 1);
        return squares[..end].iter().copied().enumerate().collect();
    };
    let Some(screen) = squares.iter().position(|&s| blocked(s)) else {
        return Vec::new();
    };
    if screen_within.is_some_and(|within| screen >= usize::from(within)) || own_kind(squares[screen]) {
        return Vec::new();
    }
    let mut open = Vec::new();
    for (index, &square) in squares.iter().enumerate().skip(screen + 1) {
        if land_within.is_some_and(|within| open.len() >= usize::from(within)) {
            break;
        }
        if own_kind(square) {
            break;
        }
        open.push((index, square));
        if blocked(square) {
            break;
        }
    }
    open
}

/// May `part` of `spec`, for `color`, start from `from`?
fn may_start<W: Word>(variant: &Variant<W>, spec: &PieceSpec, part: &Part, color: Color, from: Square) -> bool {
    !part.is_initial() || in_zone(variant, &spec.initial, color, from)
}

fn may_cross(spec: &PieceSpec, capturing: bool) -> bool {
    match spec.net {
        NetCrossing::Free => true,
        NetCrossing::MovesOnly => !capturing,
        NetCrossing::Never => false,
    }
}

/// What a walk along a part's paths looks for.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Landing {
    /// Empty squares, crossing a net as moves may.
    Empty,
    /// Enemy pieces it may take, crossing a net as captures may.
    Capture,
    /// Empty squares reached as a capture would (en passant).
    EmptyAsCapture,
}

/// The destinations of `part` from `from` on `setup`'s board for
/// `landing`, walking each path until the first occupied square.
fn destinations<W: Word>(
    variant: &Variant<W>,
    setup: &Setup,
    spec: &PieceSpec,
    part: &Usable<'_>,
    color: Color,
    from: Square,
    landing: Landing,
) -> Vec<Square> {
    let geometry = variant.geometry();
    let mut found = Vec::new();
    if !may_start(variant, spec, part, color, from) {
        return found;
    }
    let unscreened_by = spec.unscreened_by_own_kind.then_some(spec.letter);
    for (squares, first_destination) in part.paths(variant, color, from, may_cross(spec, landing != Landing::Empty)) {
        for (index, to) in open_squares(setup, part, &squares, unscreened_by) {
            let occupant = setup.piece_at(to);
            let wall = setup.is_wall(to);
            if index >= first_destination
                && !geometry.same_cell(from, to)
                && !wall
                && in_region(variant, spec, color, to)
            {
                let fits = match occupant {
                    None => landing != Landing::Capture,
                    Some(piece) => {
                        landing == Landing::Capture
                            && piece.color != color
                            && !spec_of(variant, piece.letter).uncapturable
                    }
                };
                if fits {
                    found.push(to);
                }
            }
        }
    }
    found
}

/// Whether a piece lettered `letter` of `color` may be put on `square` by
/// a move or a drop: not in its compulsory promotion zone (unless moves
/// from the zone promote too), nor, where immobility is illegal, where it
/// has no move on an empty board.
fn may_land<W: Word>(variant: &Variant<W>, letter: char, color: Color, square: Square) -> bool {
    let spec = spec_of(variant, letter);
    if let Some(promotion) = spec
        .promotion
        .as_ref()
        .filter(|p| p.compulsory && !p.on_leaving && !p.in_place)
    {
        if in_zone(variant, &promotion.zone, color, square) {
            return false;
        }
    }
    if variant.spec().immobility_illegal {
        let empty = Setup::empty(variant.size());
        let moves = usable_parts(variant, spec, color, square)
            .iter()
            .filter(|part| part.mode().can_move())
            .any(|part| !destinations(variant, &empty, spec, part, color, square, Landing::Empty).is_empty());
        if !moves {
            return false;
        }
    }
    true
}

/// Whether a piece lettered `letter` of `color` may ever stand on `square`:
/// where it may land, and, if it can never move back towards its side, not
/// behind the rearmost rank where the start position has one.
fn may_stand<W: Word>(variant: &Variant<W>, letter: char, color: Color, square: Square) -> bool {
    let spec = spec_of(variant, letter);
    if !may_land(variant, letter, color, square) {
        return false;
    }
    let all_moves = match &spec.zone_moves {
        Some(zoned) => spec.movement.clone().and(zoned.movement.clone()),
        None => spec.movement.clone(),
    };
    if all_moves.can_retreat() {
        return true;
    }
    let size = variant.size();
    let relative = |s: Square| match color {
        Color::White => size.rank_of(s),
        Color::Black => size.ranks() - 1 - size.rank_of(s),
    };
    let start = variant.start_setup();
    let rearmost = size
        .squares()
        .filter(|&s| start.piece_at(s) == Some(SetupPiece::new(color, letter)))
        .map(relative)
        .min();
    rearmost.is_none_or(|rearmost| relative(square) >= rearmost)
}

/// Whether a piece of `by` could capture an enemy royal piece on `square`
/// (a royal piece that would petrify cannot).
pub fn attacked<W: Word>(variant: &Variant<W>, setup: &Setup, square: Square, by: Color) -> bool {
    let royals = royal_squares(variant, setup, by);
    faced_by_royal(variant, setup, square, by)
        || variant.size().squares().any(|from| {
            setup.piece_at(from).is_some_and(|p| p.color == by)
                && !(royals.contains(&from) && petrifies(variant, setup, from))
                && attacks_from(variant, setup, from, square)
        })
}

/// Whether the piece on `from` turns into a wall when it captures.
fn petrifies<W: Word>(variant: &Variant<W>, setup: &Setup, from: Square) -> bool {
    setup
        .piece_at(from)
        .is_some_and(|p| spec_of(variant, p.letter).petrifies)
}

/// Whether the piece on `from` could capture an enemy royal piece on
/// `square`.
fn attacks_from<W: Word>(variant: &Variant<W>, setup: &Setup, from: Square, square: Square) -> bool {
    let geometry = variant.geometry();
    let Some(piece) = setup.piece_at(from) else {
        return false;
    };
    let by = piece.color;
    let spec = spec_of(variant, piece.letter);
    if !in_region(variant, spec, by, square) {
        return false;
    }
    usable_parts(variant, spec, by, from)
        .iter()
        .filter(|part| part.mode().can_capture())
        .any(|part| {
            may_start(variant, spec, part, by, from)
                && part
                    .paths(variant, by, from, may_cross(spec, true))
                    .iter()
                    .any(|(squares, first_destination)| {
                        let unscreened_by = spec.unscreened_by_own_kind.then_some(spec.letter);
                        open_squares(setup, part, squares, unscreened_by)
                            .iter()
                            .any(|&(index, to)| {
                                to == square && index >= *first_destination && !geometry.same_cell(from, to)
                            })
                    })
        })
}

/// Whether a royal piece of `by` faces `square` on a file or rank with
/// nothing between, where royal pieces may not face each other: as a rook
/// would attack it, so not from its own grid cell.
fn faced_by_royal<W: Word>(variant: &Variant<W>, setup: &Setup, square: Square, by: Color) -> bool {
    if !variant.spec().flying_royals {
        return false;
    }
    let geometry = variant.geometry();
    let rook = Part::ride(fairy_movement::Atom::WAZIR);
    let royals = royal_squares(variant, setup, by);
    rook.paths(geometry, by, square, true).iter().any(|path| {
        open_squares(setup, &rook, path.squares(), None)
            .last()
            .is_some_and(|&(_, end)| royals.contains(&end) && !geometry.same_cell(square, end))
    })
}

/// Whether the two sides' royal pieces stand on a file or rank with
/// nothing between (bikjang): as a rook would attack, so not within one
/// grid cell.
fn royals_face<W: Word>(variant: &Variant<W>, setup: &Setup) -> bool {
    let geometry = variant.geometry();
    let rook = Part::ride(fairy_movement::Atom::WAZIR);
    let theirs = royal_squares(variant, setup, setup.turn.other());
    royal_squares(variant, setup, setup.turn).iter().any(|&ours| {
        rook.paths(geometry, setup.turn, ours, true).iter().any(|path| {
            open_squares(setup, &rook, path.squares(), None)
                .last()
                .is_some_and(|&(_, end)| theirs.contains(&end) && !geometry.same_cell(ours, end))
        })
    })
}

/// The royal pieces of `color`: of royal kinds, and the last pieces of the
/// kinds a royal extinction rule counts.
fn royal_squares<W: Word>(variant: &Variant<W>, setup: &Setup, color: Color) -> Vec<Square> {
    let count = |letter: char| {
        setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.color == color && p.letter == letter)
            .count() as u32
    };
    // Kinds counted together count as one.
    let royal_by_count = |letter: char| {
        variant.spec().goals.iter().any(|goal| {
            let Goal::Extinction(rule) = goal else { return false };
            let counted = if rule.together {
                rule.pieces.iter().map(|&l| count(l)).sum()
            } else {
                count(letter)
            };
            rule.royal && rule.pieces.contains(&letter) && counted <= rule.at_most + 1
        })
    };
    variant
        .size()
        .squares()
        .filter(|&s| {
            setup
                .piece_at(s)
                .is_some_and(|p| p.color == color && (spec_of(variant, p.letter).royal || royal_by_count(p.letter)))
        })
        .collect()
}

/// The squares next to `square` (a king's step, wrapping on a cylinder,
/// across nets).
fn neighbours<W: Word>(variant: &Variant<W>, square: Square) -> Vec<Square> {
    let mut found = Vec::new();
    for files in -1..=1 {
        for ranks in -1..=1 {
            if let Some(step) = variant.geometry().step(square, files, ranks) {
                if step.to != square && !found.contains(&step.to) {
                    found.push(step.to);
                }
            }
        }
    }
    found
}

/// Whether a royal piece of `color` on `square` is in check: attacked, and
/// under explosions not next to an enemy royal piece.
fn checked_at<W: Word>(variant: &Variant<W>, setup: &Setup, square: Square, color: Color) -> bool {
    let shielded = variant.spec().explosion.is_some() && {
        let theirs = royal_squares(variant, setup, color.other());
        neighbours(variant, square).iter().any(|s| theirs.contains(s))
    };
    !shielded && attacked(variant, setup, square, color.other())
}

/// The royal pieces of `color` in check, and (duple check) every piece of
/// the duple kinds if all are attacked.
fn checked_squares<W: Word>(variant: &Variant<W>, setup: &Setup, color: Color) -> Vec<Square> {
    let mut checked: Vec<Square> = royal_squares(variant, setup, color)
        .into_iter()
        .filter(|&king| checked_at(variant, setup, king, color))
        .collect();
    let duple: Vec<char> = variant
        .spec()
        .goals
        .iter()
        .filter_map(|goal| match goal {
            Goal::Extinction(rule) if rule.duple_check => Some(rule.pieces.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    let candidates: Vec<Square> = variant
        .size()
        .squares()
        .filter(|&s| {
            setup
                .piece_at(s)
                .is_some_and(|p| p.color == color && duple.contains(&p.letter))
        })
        .collect();
    if !candidates.is_empty() && candidates.iter().all(|&s| checked_at(variant, setup, s, color)) {
        for square in candidates {
            if !checked.contains(&square) {
                checked.push(square);
            }
        }
    }
    checked
}

/// Whether `color` is in check.
fn in_check<W: Word>(variant: &Variant<W>, setup: &Setup, color: Color) -> bool {
    !checked_squares(variant, setup, color).is_empty()
}

/// The piece that passed the en passant squares: the one the FEN names (an
/// occupied square of the list), or else an enemy piece that can have
/// reached its square by an initial non-capturing multi-square move from an
/// empty square, passing all of them (by one way, or several ways to the
/// same square).
fn en_passant_victim<W: Word>(variant: &Variant<W>, setup: &Setup) -> Option<Square> {
    let named = setup.en_passant.iter().copied().find(|&s| setup.piece_at(s).is_some());
    if named.is_some() {
        return named;
    }
    let squares: SquareSet<W> = setup.en_passant.iter().copied().collect();
    let mover = setup.turn.other();
    let blocked = |s: Square| setup.piece_at(s).is_some() || setup.is_wall(s);
    // A move that places walls may have walled the square it left.
    let walled_behind = variant.spec().walling.is_some();
    let origin_blocked = |s: Square| setup.piece_at(s).is_some() || (setup.is_wall(s) && !walled_behind);
    for from in variant.size().squares().filter(|&s| !origin_blocked(s)) {
        for spec in &variant.spec().pieces {
            // Each square the piece may have reached, with every square its
            // ways there passed.
            let mut reached: Vec<(Square, SquareSet<W>)> = Vec::new();
            for part in spec
                .movement
                .parts()
                .iter()
                .filter(|p| p.is_initial() && p.mode() == Mode::Move && p.is_en_passant())
            {
                if !may_start(variant, spec, part, mover, from) {
                    continue;
                }
                for path in part.paths(variant.geometry(), mover, from, may_cross(spec, false)) {
                    let passed: SquareSet<W> = path.passed().iter().copied().collect();
                    let Some(end) = path.end() else { continue };
                    if passed.is_empty() || passed.iter().any(blocked) {
                        continue;
                    }
                    match reached.iter_mut().find(|(square, _)| *square == end) {
                        Some((_, all)) => *all |= passed,
                        None => reached.push((end, passed)),
                    }
                }
            }
            for (end, passed) in reached {
                let stands = setup.piece_at(end) == Some(SetupPiece::new(mover, spec.letter));
                if stands && passed == squares {
                    return Some(end);
                }
            }
        }
    }
    None
}

/// Every pseudo-legal move of the side to move.
fn pseudo_moves<W: Word>(variant: &Variant<W>, setup: &Setup) -> Vec<Candidate> {
    let size = variant.size();
    let us = setup.turn;
    let mut found = Vec::new();
    for from in size.squares() {
        let Some(piece) = setup.piece_at(from).filter(|p| p.color == us) else {
            continue;
        };
        let spec = spec_of(variant, piece.letter);
        // Where this piece may move plainly: it does not take en passant
        // there (the capture would read as the plain move).
        let parts = usable_parts(variant, spec, us, from);
        let moves_to: Vec<Square> = parts
            .iter()
            .filter(|part| part.mode().can_move())
            .flat_map(|part| destinations(variant, setup, spec, part, us, from, Landing::Empty))
            .collect();
        for part in &parts {
            for capturing in [false, true] {
                let allowed = if capturing {
                    part.mode().can_capture()
                } else {
                    part.mode().can_move()
                };
                if !allowed {
                    continue;
                }
                let landing = if capturing { Landing::Capture } else { Landing::Empty };
                for to in destinations(variant, setup, spec, part, us, from, landing) {
                    if capturing && spec.spares_own_kind && setup.piece_at(to).is_some_and(|p| p.letter == piece.letter)
                    {
                        continue;
                    }
                    let plain = Candidate {
                        from,
                        to,
                        promotion: None,
                        en_passant_victim: None,
                        wall: None,
                        rook: None,
                        written_to: None,
                        drop: None,
                    };
                    // Shogi's pieces promote leaving the zone too; some
                    // only by captures.
                    let promotes = spec.promotion.as_ref().filter(|p| {
                        !p.in_place
                            && (in_zone(variant, &p.zone, us, to)
                                || (p.on_leaving && in_zone(variant, &p.zone, us, from)))
                            && (capturing || !p.captures_only)
                    });
                    match promotes {
                        Some(promotion) => {
                            if !promotion.compulsory && may_land(variant, piece.letter, us, to) {
                                found.push(plain.clone());
                            }
                            let choices = promotion.choices_for(us);
                            let below_limit = |letter: char| {
                                spec_of(variant, letter).promotion_limit.is_none_or(|limit| {
                                    let count = setup
                                        .board
                                        .iter()
                                        .flatten()
                                        .filter(|p| p.color == us && p.letter == letter)
                                        .count();
                                    (count as u32) < limit
                                })
                            };
                            for &letter in choices
                                .iter()
                                .filter(|&&letter| may_stand(variant, letter, us, to) && below_limit(letter))
                            {
                                found.push(Candidate {
                                    promotion: Some(letter),
                                    ..plain.clone()
                                });
                            }
                        }
                        None => {
                            if may_land(variant, piece.letter, us, to) {
                                found.push(plain);
                            }
                        }
                    }
                }
            }
            // En passant: a capturing part marked e, reaching an en passant
            // square (empty) along its path.
            if part.is_en_passant() && part.mode().can_capture() && !setup.en_passant.is_empty() {
                let Some(victim) = en_passant_victim(variant, setup) else {
                    continue;
                };
                let victim_letter = setup.piece_at(victim).unwrap().letter;
                if spec_of(variant, victim_letter).uncapturable
                    || (spec.spares_own_kind && victim_letter == piece.letter)
                {
                    continue;
                }
                for to in destinations(variant, setup, spec, part, us, from, Landing::EmptyAsCapture) {
                    if setup.en_passant.contains(&to) && !moves_to.contains(&to) {
                        found.push(Candidate {
                            from,
                            to,
                            promotion: None,
                            en_passant_victim: Some(victim),
                            wall: None,
                            rook: None,
                            written_to: None,
                            drop: None,
                        });
                    }
                }
            }
        }
    }
    // Castling, from the definition, under chess's conditions; in chess960
    // mode from the squares the FEN's letters name.
    let castlings: Vec<(&fairy_position::CastlingSpec, Square, Square)> = if variant.is_chess960() {
        chess960_castlings(variant, setup, us)
    } else {
        let letters: Vec<char> = variant.castling_letters().collect();
        letters
            .iter()
            .filter(|&&letter| letter.is_ascii_uppercase() == (us == Color::White) && setup.castling.contains(&letter))
            .map(|&letter| {
                let rule = variant
                    .spec()
                    .castling
                    .iter()
                    .find(|c| c.letter == letter.to_ascii_uppercase())
                    .unwrap();
                (
                    rule,
                    own_square(variant, us, rule.king_from),
                    own_square(variant, us, rule.rook_from),
                )
            })
            .collect()
    };
    for (rule, king_from, rook_from) in castlings {
        let (king_to, rook_to) = (
            own_square(variant, us, rule.king_to),
            own_square(variant, us, rule.rook_to),
        );
        let between = |a: Square, b: Square| {
            let (low, high) = (a.index().min(b.index()), a.index().max(b.index()));
            size.squares()
                .filter(move |s| (low..=high).contains(&s.index()) && size.rank_of(*s) == size.rank_of(a))
        };
        let clear = between(king_from, king_to)
            .chain(between(rook_from, rook_to))
            .all(|s| s == king_from || s == rook_from || (setup.piece_at(s).is_none() && !setup.is_wall(s)));
        // The castling king: the one named, or the royal piece. Only a
        // royal king's castling is barred by attacks.
        let king_spec = match rule.king {
            Some(letter) => spec_of(variant, letter),
            None => variant.spec().pieces.iter().find(|p| p.royal).unwrap(),
        };
        // Where moves place walls, each wall's castling is judged with it
        // standing (`with_walls`).
        let walled_after = variant.spec().walling.as_ref().is_some_and(|walling| !walling.or_move);
        let safe = walled_after || castles_safely(variant, setup, king_from, king_to);
        // Written as the king taking its rook where a plain king move has
        // the castling's coordinates.
        let plain_king_move = king_spec.movement.parts().iter().any(|part| {
            part.mode().can_move()
                && may_start(variant, king_spec, part, us, king_from)
                && part
                    .paths(variant.geometry(), us, king_from, may_cross(king_spec, false))
                    .iter()
                    .any(|path| path.destinations().contains(&king_to))
        });
        if clear && safe {
            found.push(Candidate {
                from: king_from,
                to: king_to,
                written_to: (plain_king_move || variant.is_chess960()).then_some(rook_from),
                promotion: None,
                en_passant_victim: None,
                wall: None,
                rook: Some((rook_from, rook_to)),
                drop: None,
            });
        }
    }
    found.extend(drops(variant, setup));
    found.extend(in_place_promotions(variant, setup));
    found.extend(gate_moves(variant, setup));
    found
}

/// The gate moves of the side to move (Cambodian chess): from each piece
/// standing on a gate, which FEN names by its file among the castling
/// letters, its gate movement onto empty squares; a royal piece's not
/// from check.
fn gate_moves<W: Word>(variant: &Variant<W>, setup: &Setup) -> Vec<Candidate> {
    let size = variant.size();
    let us = setup.turn;
    let mut found = Vec::new();
    if !variant.spec().pieces.iter().any(|p| p.gate_moves.is_some()) {
        return found;
    }
    let rank = if us == Color::White { 0 } else { size.ranks() - 1 };
    for &letter in &setup.castling {
        if letter.is_ascii_uppercase() != (us == Color::White) || !letter.is_ascii_alphabetic() {
            continue;
        }
        let file = letter.to_ascii_lowercase() as u8 - b'a';
        let Some(from) = size.square_at(file, rank) else {
            continue;
        };
        let Some(piece) = setup.piece_at(from).filter(|p| p.color == us) else {
            continue;
        };
        let spec = spec_of(variant, piece.letter);
        let Some(movement) = &spec.gate_moves else { continue };
        if spec.royal && in_check(variant, setup, us) {
            continue;
        }
        for &part in movement.parts() {
            let usable = Usable { part, within: None };
            for to in destinations(variant, setup, spec, &usable, us, from, Landing::Empty) {
                found.push(Candidate::plain(from, to));
            }
        }
    }
    found
}

/// Sittuyin's promotions in place: a piece in its zone (or its side's last
/// of its kind) becomes a choice where it stands or a step of the new
/// piece away, onto an empty square, below the choice's limit, if the new
/// piece then attacks no enemy piece and gives no check. King safety is
/// left to the caller, as for every pseudo-legal move.
fn in_place_promotions<W: Word>(variant: &Variant<W>, setup: &Setup) -> Vec<Candidate> {
    let us = setup.turn;
    let size = variant.size();
    let own = |letter: char| {
        size.squares()
            .filter(|&s| setup.piece_at(s) == Some(SetupPiece::new(us, letter)))
            .collect::<Vec<Square>>()
    };
    let mut found = Vec::new();
    for piece in &variant.spec().pieces {
        let Some(promotion) = piece.promotion.as_ref().filter(|p| p.in_place) else {
            continue;
        };
        let pieces = own(piece.letter);
        for &from in &pieces {
            if pieces.len() > 1 && !in_zone(variant, &promotion.zone, us, from) {
                continue;
            }
            for &letter in promotion.choices_for(us) {
                let spec = spec_of(variant, letter);
                if spec
                    .promotion_limit
                    .is_some_and(|limit| own(letter).len() as u32 >= limit)
                {
                    continue;
                }
                let mut targets = vec![from];
                for part in usable_parts(variant, spec, us, from)
                    .iter()
                    .filter(|p| p.mode().can_move())
                {
                    targets.extend(destinations(variant, setup, spec, part, us, from, Landing::Empty));
                }
                targets.sort();
                targets.dedup();
                for to in targets {
                    let mut after = setup.clone();
                    after.board[from.index()] = None;
                    after.board[to.index()] = Some(SetupPiece::new(us, letter));
                    let threatens = size.squares().any(|s| {
                        after.piece_at(s).is_some_and(|p| p.color != us) && attacks_from(variant, &after, to, s)
                    });
                    after.turn = us.other();
                    if threatens || in_check(variant, &after, us.other()) {
                        continue;
                    }
                    found.push(Candidate {
                        from,
                        to,
                        promotion: Some(letter),
                        en_passant_victim: None,
                        wall: None,
                        rook: None,
                        written_to: None,
                        drop: None,
                    });
                }
            }
        }
    }
    found
}

/// The drops of the side to move: each kind it holds, onto each empty
/// square that the variant's and the kind's drop zones allow and where
/// the piece is not in its compulsory promotion zone.
fn drops<W: Word>(variant: &Variant<W>, setup: &Setup) -> Vec<Candidate> {
    let Some(rules) = variant.spec().drops.as_ref().filter(|rules| !rules.gating_only) else {
        return Vec::new();
    };
    let us = setup.turn;
    let mut letters: Vec<char> = if rules.free {
        // Free drops: of every kind that is not royal, hands aside.
        variant
            .spec()
            .pieces
            .iter()
            .filter(|p| !p.royal)
            .map(|p| p.letter)
            .collect()
    } else {
        setup
            .hands
            .iter()
            .flatten()
            .filter(|piece| piece.color == us)
            .map(|piece| piece.letter)
            .collect()
    };
    if rules.drop_promoted {
        // A piece may go down as its promoted form.
        let promoted: Vec<char> = variant
            .spec()
            .pieces
            .iter()
            .filter(|p| p.unpromoted.is_some_and(|of| letters.contains(&of)))
            .map(|p| p.letter)
            .collect();
        letters.extend(promoted);
    }
    letters.sort();
    letters.dedup();
    let mut found = Vec::new();
    for letter in letters {
        let spec = spec_of(variant, letter);
        let on_file = |to: Square| {
            let file = variant.size().file_of(to);
            variant
                .size()
                .squares()
                .filter(|&s| {
                    variant.size().file_of(s) == file && setup.piece_at(s) == Some(SetupPiece::new(us, letter))
                })
                .count() as u32
        };
        for to in variant.size().squares() {
            let allowed = setup.piece_at(to).is_none()
                && !setup.is_wall(to)
                && rules.zone.as_ref().is_none_or(|zone| in_zone(variant, zone, us, to))
                && spec
                    .drop_zone
                    .as_ref()
                    .is_none_or(|zone| in_zone(variant, zone, us, to))
                && in_region(variant, spec, us, to)
                && may_land(variant, letter, us, to)
                && rules
                    .file_limit
                    .is_none_or(|limit| limit.piece != letter || on_file(to) < limit.count)
                && rules
                    .opposite_colors
                    .is_none_or(|paired| keeps_both_colors(variant, setup, paired, letter, to))
                && encloses(variant, setup, to);
            if allowed {
                found.push(Candidate {
                    from: to,
                    to,
                    promotion: None,
                    en_passant_victim: None,
                    wall: None,
                    rook: None,
                    written_to: None,
                    drop: Some(letter),
                });
            }
        }
    }
    found
}

/// Whether a drop on the empty square `to` meets the enclosing rules: on
/// an empty opening square while there is one; otherwise enclosing a run
/// (reversi), next to a piece of the mover's (ataxx), or next to no enemy
/// piece along a file or rank (snort).
fn encloses<W: Word>(variant: &Variant<W>, setup: &Setup, to: Square) -> bool {
    let Some(enclosing) = variant.spec().enclosing.as_ref() else {
        return true;
    };
    let us = setup.turn;
    if let Some(opening) = &enclosing.opening {
        let open = |s: Square| setup.piece_at(s).is_none() && !setup.is_wall(s) && in_zone(variant, opening, us, s);
        if variant.size().squares().any(open) {
            return open(to);
        }
    }
    match enclosing.drops {
        None => true,
        Some(Enclosure::Ataxx) => neighbours(variant, to)
            .into_iter()
            .any(|s| setup.piece_at(s).is_some_and(|p| p.color == us)),
        Some(Enclosure::Reversi) => !enclosed_runs(variant, setup, to, us).is_empty(),
        Some(Enclosure::Snort) => [(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter().all(|(files, ranks)| {
            variant
                .geometry()
                .step(to, files, ranks)
                .is_none_or(|step| setup.piece_at(step.to).is_none_or(|p| p.color == us))
        }),
        Some(_) => unreachable!("an enclosing rule the reference does not know"),
    }
}

/// The enemy pieces a piece of `us` on `square` would enclose along the
/// eight queen lines: runs of them ended by a piece of `us`.
fn enclosed_runs<W: Word>(variant: &Variant<W>, setup: &Setup, square: Square, us: Color) -> Vec<Square> {
    let mut found = Vec::new();
    for (files, ranks) in [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)] {
        let mut run = Vec::new();
        let mut at = square;
        for _ in 0..256 {
            let Some(step) = variant.geometry().step(at, files, ranks) else {
                break;
            };
            at = step.to;
            match setup.piece_at(at) {
                _ if at == square || setup.is_wall(at) => break,
                Some(piece) if piece.color != us => run.push(at),
                Some(_) => {
                    found.append(&mut run);
                    break;
                }
                None => break,
            }
        }
    }
    found
}

/// The board after `candidate` (only the board matters for legality, so
/// flips, which only variants without royal pieces have, are left out).
fn make<W: Word>(variant: &Variant<W>, setup: &Setup, candidate: &Candidate) -> Setup {
    let mut after = setup.clone();
    if let Some(wall) = candidate.wall {
        if variant
            .spec()
            .walling
            .as_ref()
            .is_some_and(|w| w.rule == WallRule::Duck)
        {
            after.walls.clear();
        }
        after.walls.push(wall);
        after.walls.sort();
    }
    if let Some(letter) = candidate.drop {
        after.board[candidate.to.index()] = Some(SetupPiece::new(setup.turn, letter));
        after.turn = setup.turn.other();
        return after;
    }
    let moving = after.board[candidate.from.index()].take();
    if let Some((rook_from, rook_to)) = candidate.rook {
        let rook = after.board[rook_from.index()].take();
        after.board[rook_to.index()] = rook;
    }
    if let Some(victim) = candidate.en_passant_victim {
        after.board[victim.index()] = None;
    }
    after.board[candidate.to.index()] = moving.map(|piece| SetupPiece {
        letter: candidate.promotion.unwrap_or(piece.letter),
        ..piece
    });
    let captured = candidate.en_passant_victim.is_some()
        || (candidate.rook.is_none() && setup.piece_at(candidate.to).is_some_and(|p| p.color != setup.turn));
    if let (Some(explosion), true) = (variant.spec().explosion.as_ref(), captured) {
        let spared = |square: Square, at_centre: bool| {
            after.piece_at(square).is_some_and(|p| {
                explosion.immune.contains(&p.letter) || (!at_centre && explosion.spared.contains(&p.letter))
            })
        };
        let mut blasted: Vec<Square> = neighbours(variant, candidate.to)
            .into_iter()
            .filter(|&s| !spared(s, false))
            .collect();
        if !spared(candidate.to, true) {
            blasted.push(candidate.to);
        }
        for square in blasted {
            after.board[square.index()] = None;
        }
    }
    if captured && petrifies(variant, setup, candidate.from) {
        after.board[candidate.to.index()] = None;
        after.walls.push(candidate.to);
        after.walls.sort();
    }
    after.turn = setup.turn.other();
    after
}

/// Whether a castling king on `king_from` may go to `king_to`: a king
/// that is not royal always may; a royal one not from check, nor across
/// an attacked square. A king royal only by its count (atomic's) is
/// looked at off its square as it passes, as Fairy-Stockfish does.
fn castles_safely<W: Word>(variant: &Variant<W>, setup: &Setup, king_from: Square, king_to: Square) -> bool {
    let us = setup.turn;
    let size = variant.size();
    let Some(king) = setup.piece_at(king_from) else {
        return false;
    };
    let king_spec = spec_of(variant, king.letter);
    let royal = king_spec.royal || royal_squares(variant, setup, us).contains(&king_from);
    if !royal {
        return true;
    }
    if checked_at(variant, setup, king_from, us) {
        return false;
    }
    let mut without_king = setup.clone();
    without_king.board[king_from.index()] = None;
    let passed = if king_spec.royal { setup } else { &without_king };
    let (low, high) = (
        king_from.index().min(king_to.index()),
        king_from.index().max(king_to.index()),
    );
    size.squares()
        .filter(|s| (low..=high).contains(&s.index()) && size.rank_of(*s) == size.rank_of(king_from))
        .filter(|&s| s != king_from && s != king_to)
        .all(|s| !checked_at(variant, passed, s, us))
}

/// Each of `candidates` with each wall the variant's walling rule allows
/// after it (the candidates themselves without walling): on a square
/// empty once the piece has moved (before any capture's effect, as
/// Fairy-Stockfish reads it), open to the side's walls and not excepted;
/// by the rule, the square the piece left, or one the piece could move to
/// from where it landed.
fn with_walls<W: Word>(variant: &Variant<W>, setup: &Setup, candidates: Vec<Candidate>) -> Vec<Candidate> {
    let Some(walling) = variant.spec().walling.as_ref() else {
        return candidates;
    };
    if walling.or_move {
        // Walls come instead of moves (see `walls_alone`).
        return candidates;
    }
    let mut walled = Vec::new();
    for candidate in candidates {
        for wall in wall_squares(variant, walling, setup, &candidate) {
            if candidate.rook.is_some() {
                // Castling is judged with the wall standing, the duck lifted.
                let mut walled_setup = setup.clone();
                if walling.rule == WallRule::Duck {
                    walled_setup.walls.clear();
                }
                walled_setup.walls.push(wall);
                walled_setup.walls.sort();
                if !castles_safely(variant, &walled_setup, candidate.from, candidate.to) {
                    continue;
                }
            }
            walled.push(Candidate {
                wall: Some(wall),
                ..candidate.clone()
            });
        }
    }
    walled
}

/// The squares where the wall after `candidate` may go, sorted.
fn wall_squares<W: Word>(
    variant: &Variant<W>,
    walling: &fairy_position::Walling,
    setup: &Setup,
    candidate: &Candidate,
) -> Vec<Square> {
    let us = setup.turn;
    let size = variant.size();
    // The board with the piece moved, and nothing else done.
    let mut moved = setup.clone();
    let piece = moved.board[candidate.from.index()].take();
    if let Some(victim) = candidate.en_passant_victim {
        moved.board[victim.index()] = None;
    }
    if let Some((rook_from, rook_to)) = candidate.rook {
        let rook = moved.board[rook_from.index()].take();
        moved.board[rook_to.index()] = rook;
    }
    let letter = candidate.drop.or(piece.map(|piece| piece.letter)).unwrap();
    moved.board[candidate.to.index()] = Some(SetupPiece::new(us, letter));
    let squares: Vec<Square> = match walling.rule {
        WallRule::Past => vec![candidate.from],
        WallRule::Arrow => {
            // The piece as it moved, before any promotion.
            let spec = spec_of(variant, letter);
            usable_parts(variant, spec, us, candidate.to)
                .iter()
                .filter(|part| part.mode().can_move())
                .flat_map(|part| destinations(variant, &moved, spec, part, us, candidate.to, Landing::Empty))
                .collect()
        }
        _ => size.squares().collect(),
    };
    let mut squares: Vec<Square> = squares
        .into_iter()
        .filter(|&square| open_to_wall(variant, walling, &moved, square))
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

/// Whether the side to move in `setup` may place a wall on `square`: an
/// empty square, open to its walls, not excepted, and under the edge rule
/// at the board's edge or next to a wall along a file or rank.
fn open_to_wall<W: Word>(
    variant: &Variant<W>,
    walling: &fairy_position::Walling,
    setup: &Setup,
    square: Square,
) -> bool {
    let size = variant.size();
    let geometry = Geometry::new(size);
    let geometry = if variant.geometry().is_cylinder() {
        geometry.with_cylinder()
    } else {
        geometry
    };
    let orthogonal = [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(files, ranks)| geometry.step(square, files, ranks));
    let sinking = walling.rule != WallRule::Edge
        || orthogonal
            .iter()
            .any(|step| step.as_ref().is_none_or(|step| setup.is_wall(step.to)));
    setup.piece_at(square).is_none()
        && !setup.is_wall(square)
        && sinking
        && !walling.except.iter().any(|&coord| size.square(coord) == Some(square))
        && walling
            .region
            .as_ref()
            .is_none_or(|zone| in_zone(variant, zone, setup.turn, square))
}

/// Where a side moves or places a wall: its walls alone, unless it is in
/// check, each written from its first piece and with no royal piece of
/// its attacked once the wall stands.
fn walls_alone<W: Word>(variant: &Variant<W>, setup: &Setup) -> Vec<String> {
    let Some(walling) = variant.spec().walling.as_ref().filter(|walling| walling.or_move) else {
        return Vec::new();
    };
    let size = variant.size();
    let us = setup.turn;
    let first = size
        .squares()
        .find(|&s| setup.piece_at(s).is_some_and(|p| p.color == us));
    let Some(first) = first.filter(|_| !in_check(variant, setup, us)) else {
        return Vec::new();
    };
    // A pass from the first piece: where its wall goes is worked out as
    // for a move of that piece to its own square.
    let pass = Candidate::plain(first, first);
    wall_squares(variant, walling, setup, &pass)
        .into_iter()
        .filter(|&square| {
            let mut walled = setup.clone();
            if walling.rule == WallRule::Duck {
                walled.walls.clear();
            }
            walled.walls.push(square);
            walled.walls.sort();
            !in_check(variant, &walled, us)
        })
        .map(|square| format!("{0}{0},{0}{1}", size.name(first), size.name(square)))
        .collect()
}

/// The legal moves of `position`, in coordinate notation, sorted.
pub fn legal_moves<W: Word>(position: &Position<'_, W>) -> Vec<String> {
    let variant = position.variant();
    let setup = own_letters(variant, position.to_setup());
    let size = variant.size();
    if game_over(variant, &setup) {
        return Vec::new();
    }
    let passing = variant.spec().passing.as_ref();
    // Bikjang: royal pieces facing each other must be parted, or the side
    // passes; a pass that leaves them facing has ended the game.
    let facing = passing.is_some_and(|rule| rule.bikjang) && royals_face(variant, &setup);
    let may_pass = passing.is_some() || variant.spec().pass_on_stalemate;
    if may_pass && (position.passes() >= 2 || (position.passes() == 1 && facing)) {
        return Vec::new();
    }
    let mut candidates = under_rules(variant, &setup);
    if facing {
        candidates.retain(|candidate| !royals_face(variant, &make(variant, &setup, candidate)));
    }
    let gated = gating_moves(variant, &setup, &candidates);
    let mut legal: Vec<String> = candidates
        .into_iter()
        .map(|candidate| {
            let to = candidate.written_to.unwrap_or(candidate.to);
            // Where walls come instead of moves, a move is written with
            // Fairy-Stockfish's placeholder wall on the first square.
            let placeholder = variant
                .spec()
                .walling
                .as_ref()
                .is_some_and(|walling| walling.or_move)
                .then(|| Square::new(0));
            let wall = candidate
                .wall
                .or(placeholder)
                .map(|wall| format!(",{}{}", size.name(to), size.name(wall)))
                .unwrap_or_default();
            if let Some(letter) = candidate.drop {
                return match spec_of(variant, letter).unpromoted {
                    Some(unpromoted) => format!("+{unpromoted}@{}{wall}", size.name(candidate.to)),
                    None => format!("{letter}@{}{wall}", size.name(candidate.to)),
                };
            }
            let mut text = format!("{}{}", size.name(candidate.from), size.name(to));
            if let Some(letter) = candidate.promotion {
                // Shogi's own promoted form `+`, and back `-`.
                let moving = setup.piece_at(candidate.from).unwrap().letter;
                if spec_of(variant, letter).unpromoted == Some(moving) {
                    text.push('+');
                } else if spec_of(variant, moving).unpromoted == Some(letter) {
                    text.push('-');
                } else {
                    text.push(letter.to_ascii_lowercase());
                }
            }
            text + &wall
        })
        .collect();
    legal.extend(gated);
    legal.extend(walls_alone(variant, &setup));
    legal.sort();
    legal.dedup();
    // A pass, from and to the royal piece's square, or the first piece's:
    // with passing, whenever not in check (or the royal pieces face each
    // other); on stalemate, when there is no other move.
    let may_pass = if passing.is_some() {
        facing || !in_check(variant, &setup, setup.turn)
    } else {
        variant.spec().pass_on_stalemate && legal.is_empty() && !in_check(variant, &setup, setup.turn)
    };
    if may_pass {
        let ours = || {
            size.squares()
                .filter(|&s| setup.piece_at(s).is_some_and(|p| p.color == setup.turn))
        };
        let royal = ours().find(|&s| setup.piece_at(s).is_some_and(|p| spec_of(variant, p.letter).royal));
        if let Some(square) = royal.or_else(|| ours().next()) {
            legal.push(format!("{0}{0}", size.name(square)));
            legal.sort();
        }
    }
    legal
}

/// The gating forms of the legal `candidates` (Seirawan chess), written as
/// Fairy-Stockfish writes them: a piece from the hand may go on the square
/// a piece leaves if the castling field names it (a file letter of the
/// back rank, or a castling right's king and rook squares) and the side's
/// piece stands there; castling gates on its king's square (`e1g1h`) or
/// its rook's (`h1e1h`), unless the king or rook ends there.
fn gating_moves<W: Word>(variant: &Variant<W>, setup: &Setup, candidates: &[Candidate]) -> Vec<String> {
    if !variant.spec().drops.as_ref().is_some_and(|rules| rules.gating) {
        return Vec::new();
    }
    let us = setup.turn;
    let size = variant.size();
    let back_rank = match us {
        Color::White => 0,
        Color::Black => size.ranks() - 1,
    };
    let mut gates: Vec<Square> = Vec::new();
    for &letter in setup
        .castling
        .iter()
        .filter(|l| l.is_ascii_uppercase() == (us == Color::White))
    {
        match variant
            .spec()
            .castling
            .iter()
            .find(|c| c.letter == letter.to_ascii_uppercase())
        {
            Some(rule) => {
                gates.push(own_square(variant, us, rule.king_from));
                gates.push(own_square(variant, us, rule.rook_from));
            }
            None => {
                let file = (letter.to_ascii_lowercase() as u8).wrapping_sub(b'a');
                gates.extend(size.square_at(file, back_rank));
            }
        }
    }
    gates.retain(|&s| setup.piece_at(s).is_some_and(|p| p.color == us));
    let mut hand: Vec<char> = setup
        .hands
        .iter()
        .flatten()
        .filter(|p| p.color == us)
        .map(|p| p.letter.to_ascii_lowercase())
        .collect();
    hand.sort();
    hand.dedup();
    // Only where the piece could be dropped (no pawn on the first rank).
    let rules = variant.spec().drops.as_ref().unwrap();
    let droppable = |letter: char, square: Square| {
        let upper = letter.to_ascii_uppercase();
        rules
            .zone
            .as_ref()
            .is_none_or(|zone| in_zone(variant, zone, us, square))
            && spec_of(variant, upper)
                .drop_zone
                .as_ref()
                .is_none_or(|zone| in_zone(variant, zone, us, square))
            && may_land(variant, upper, us, square)
    };
    let mut found = Vec::new();
    for candidate in candidates {
        if candidate.drop.is_some() || candidate.en_passant_victim.is_some() || candidate.promotion.is_some() {
            continue;
        }
        let written = |from: Square, to: Square, letter: char| format!("{}{}{letter}", size.name(from), size.name(to));
        for &letter in &hand {
            match candidate.rook {
                Some((rook_from, rook_to)) => {
                    let shown_to = candidate.written_to.unwrap_or(candidate.to);
                    let clear = |s: Square| s != candidate.to && s != rook_to;
                    if gates.contains(&candidate.from) && clear(candidate.from) && droppable(letter, candidate.from) {
                        found.push(written(candidate.from, shown_to, letter));
                    }
                    if gates.contains(&rook_from) && clear(rook_from) && droppable(letter, rook_from) {
                        found.push(written(rook_from, candidate.from, letter));
                    }
                }
                None if gates.contains(&candidate.from) && droppable(letter, candidate.from) => {
                    found.push(written(candidate.from, candidate.to, letter));
                }
                None => {}
            }
        }
    }
    found
}

/// `setup` with each promoted form (`+P`) under its own kind's letter.
fn own_letters<W: Word>(variant: &Variant<W>, mut setup: Setup) -> Setup {
    let own = |piece: SetupPiece| {
        if !piece.promoted {
            return piece;
        }
        let spec = variant
            .spec()
            .pieces
            .iter()
            .find(|p| p.unpromoted == Some(piece.letter))
            .unwrap();
        SetupPiece::new(piece.color, spec.letter)
    };
    for square in setup.board.iter_mut().flatten() {
        *square = own(*square);
    }
    for piece in setup.hands.iter_mut().flatten() {
        *piece = own(*piece);
    }
    setup
}

/// Whether a piece of `color` lettered `letter` stands in `zone`.
fn stands_in<W: Word>(
    variant: &Variant<W>,
    setup: &Setup,
    color: Color,
    letter: char,
    zone: &fairy_position::Zone,
) -> bool {
    variant
        .size()
        .squares()
        .any(|s| setup.piece_at(s) == Some(SetupPiece::new(color, letter)) && in_zone(variant, zone, color, s))
}

/// Whether the game is over by a rule that needs no look at the moves.
fn game_over<W: Word>(variant: &Variant<W>, setup: &Setup) -> bool {
    let (us, mover) = (setup.turn, setup.turn.other());
    let applies = |arrival: &&fairy_position::Arrival, color: Color| arrival.side.is_none_or(|side| side == color);
    // A winning arrival by the last move ends the game.
    let arrivals: Vec<_> = variant.spec().arrivals().collect();
    if arrivals
        .iter()
        .filter(|a| !a.reply && !a.safe && applies(a, mover))
        .any(|a| stands_in(variant, setup, mover, a.piece, &a.zone))
    {
        return true;
    }
    // A safe arrival: a piece alone in its zone, unattacked, of either side.
    let safe_in = |color: Color| {
        arrivals.iter().filter(|a| a.safe && applies(a, color)).any(|a| {
            let arrived: Vec<Square> = variant
                .size()
                .squares()
                .filter(|&s| {
                    setup.piece_at(s) == Some(SetupPiece::new(color, a.piece)) && in_zone(variant, &a.zone, color, s)
                })
                .collect();
            arrived.len() > 1
                || arrived
                    .first()
                    .is_some_and(|&s| !attacked(variant, setup, s, color.other()))
        })
    };
    if safe_in(us) || safe_in(mover) {
        return true;
    }
    // An arrival that waited for the reply: over if ours still stands, or
    // if theirs stands and our royal piece, racing, cannot follow at once
    // (only Black, moving second, may try).
    let with_reply = |color: Color| arrivals.iter().filter(move |a| a.reply && applies(a, color)).copied();
    let royal = |letter: char| spec_of(variant, letter).royal;
    if with_reply(us).any(|a| stands_in(variant, setup, us, a.piece, &a.zone)) {
        return true;
    }
    if with_reply(mover).any(|a| stands_in(variant, setup, mover, a.piece, &a.zone))
        && with_reply(us).any(|a| royal(a.piece))
    {
        let in_check = in_check(variant, setup, us);
        let can_follow = us == Color::Black
            && !in_check
            && under_rules(variant, setup).iter().any(|candidate| {
                let letter = setup.piece_at(candidate.from).map(|p| p.letter);
                with_reply(us)
                    .any(|a| royal(a.piece) && Some(a.piece) == letter && in_zone(variant, &a.zone, us, candidate.to))
            });
        if !can_follow {
            return true;
        }
    }
    if extinct(variant, setup) {
        return true;
    }
    let full = || {
        variant
            .size()
            .squares()
            .all(|s| setup.piece_at(s).is_some() || setup.is_wall(s))
    };
    if variant.spec().goals.contains(&Goal::FullBoard) && full() {
        return true;
    }
    // The side that just moved has given its last check.
    matches!(setup.checks, Some(CheckCounters::Remaining(remaining)) if remaining[mover.index()] == 0)
}

/// The moves that leave no royal piece of the mover attacked, under the
/// variant's move rules: no checks where they are forbidden, and only
/// captures where one is possible and captures are compulsory.
fn under_rules<W: Word>(variant: &Variant<W>, setup: &Setup) -> Vec<Candidate> {
    let us = setup.turn;
    let mut kept: Vec<Candidate> = with_walls(variant, setup, pseudo_moves(variant, setup))
        .into_iter()
        .filter(|candidate| {
            let after = make(variant, setup, candidate);
            let captured = candidate.en_passant_victim.is_some()
                || (candidate.rook.is_none() && setup.piece_at(candidate.to).is_some_and(|p| p.color != us));
            if captured
                && petrifies(variant, setup, candidate.from)
                && royal_squares(variant, setup, us).contains(&candidate.from)
            {
                // A royal piece may not turn into a wall.
                return false;
            }
            if variant.spec().explosion.is_some() {
                // No royal piece of ours may go up; one of theirs going up
                // wins whatever is left attacked.
                let ours_lost = royal_squares(variant, setup, us).into_iter().any(|s| {
                    let now_at = if s == candidate.from { candidate.to } else { s };
                    after.piece_at(now_at).is_none_or(|p| p.color != us)
                });
                if ours_lost {
                    return false;
                }
                if royal_squares(variant, setup, us.other())
                    .into_iter()
                    .any(|s| after.piece_at(s).is_none_or(|p| p.color == us))
                {
                    return true;
                }
            }
            !in_check(variant, &after, us)
        })
        .collect();
    if variant.spec().royal_held_in_check && in_check(variant, setup, us) {
        // The royal piece moves only to take its one checker.
        let royals = royal_squares(variant, setup, us);
        let checked = checked_squares(variant, setup, us);
        let checkers: Vec<Square> = variant
            .size()
            .squares()
            .filter(|&s| {
                setup.piece_at(s).is_some_and(|p| p.color != us)
                    && checked.iter().any(|&royal| attacks_from(variant, setup, s, royal))
            })
            .collect();
        kept.retain(|candidate| !royals.contains(&candidate.from) || checkers == [candidate.to]);
    }
    if variant.spec().checks_forbidden {
        kept.retain(|candidate| {
            let after = make(variant, setup, candidate);
            !in_check(variant, &after, us.other())
        });
    }
    let takes = |candidate: &Candidate| {
        candidate.en_passant_victim.is_some()
            || (candidate.rook.is_none() && setup.piece_at(candidate.to).is_some_and(|p| p.color != us))
    };
    if let Some(rules) = variant.spec().drops.as_ref().filter(|rules| rules.must_drop) {
        let held = |letter: Option<char>| {
            setup
                .hands
                .iter()
                .flatten()
                .any(|piece| piece.color == us && letter.is_none_or(|l| l == piece.letter))
        };
        if held(rules.must_drop_kind) {
            if let Some(letter) = rules.must_drop_kind {
                kept.retain(|candidate| candidate.drop.is_none_or(|dropped| dropped == letter));
            }
            if kept.iter().any(|candidate| candidate.drop.is_some()) {
                kept.retain(|candidate| candidate.drop.is_some());
            }
        }
    }
    if variant.spec().compulsory_capture && kept.iter().any(takes) {
        kept.retain(takes);
    }
    kept
}

/// Whether dropping a piece lettered `letter` on `to` leaves the side to
/// move's pieces lettered `paired` able to stand on both colours: those
/// of one colour at most half (rounded up) of all of them, and, for any
/// other piece, at least half (rounded down) of them placeable on each.
fn keeps_both_colors<W: Word>(variant: &Variant<W>, setup: &Setup, paired: char, letter: char, to: Square) -> bool {
    let us = setup.turn;
    let size = variant.size();
    let color_of = |square: Square| (size.file_of(square) + size.rank_of(square)) % 2;
    let ours = |square: Square| setup.piece_at(square) == Some(SetupPiece::new(us, paired));
    let placed: Vec<Square> = size.squares().filter(|&square| ours(square)).collect();
    let in_hand = setup
        .hands
        .iter()
        .flatten()
        .filter(|piece| piece.color == us && piece.letter == paired)
        .count();
    let total = placed.len() + in_hand;
    if letter == paired {
        let same = placed
            .iter()
            .filter(|&&square| color_of(square) == color_of(to))
            .count();
        return same < total.div_ceil(2);
    }
    let spec = spec_of(variant, paired);
    let rules = variant.spec().drops.as_ref().unwrap();
    let droppable = |square: Square| {
        square != to
            && setup.piece_at(square).is_none()
            && !setup.is_wall(square)
            && rules
                .zone
                .as_ref()
                .is_none_or(|zone| in_zone(variant, zone, us, square))
            && spec
                .drop_zone
                .as_ref()
                .is_none_or(|zone| in_zone(variant, zone, us, square))
    };
    (0..2).all(|color| {
        size.squares()
            .filter(|&square| color_of(square) == color && (ours(square) || droppable(square)))
            .count()
            >= total / 2
    })
}

/// Whether an extinction rule has ended the game: a side (the one that
/// just moved first) has at most the rule's count of a kind it counts
/// while its opponent has enough of that kind.
fn extinct<W: Word>(variant: &Variant<W>, setup: &Setup) -> bool {
    // Board and hand.
    let count = |side: Color, letter: char| {
        setup
            .board
            .iter()
            .flatten()
            .chain(setup.hands.iter().flatten())
            .filter(|p| p.color == side && (letter == '*' || p.letter == letter))
            .count() as u32
    };
    let explodes = variant.spec().explosion.is_some();
    variant.spec().goals.iter().any(|goal| {
        let Goal::Extinction(rule) = goal else { return false };
        // Royal pieces are lost by checkmate, or at once by an explosion.
        if rule.royal && !explodes {
            return false;
        }
        [setup.turn.other(), setup.turn].into_iter().any(|side| {
            let reply = u32::from(rule.claim && side == setup.turn);
            let dwindled = |mine: u32, theirs: u32| mine <= rule.at_most && theirs >= rule.opponent_at_least + reply;
            if rule.together {
                let all = |color: Color| rule.pieces.iter().map(|&letter| count(color, letter)).sum::<u32>();
                dwindled(all(side), all(side.other()))
            } else {
                rule.pieces
                    .iter()
                    .any(|&letter| dwindled(count(side, letter), count(side.other(), letter)))
            }
        })
    })
}

/// Whether the reference sees a rider part (for tests that want rides).
pub fn has_ride(part: &Part) -> bool {
    matches!(part.reach(), Reach::Ride { .. })
}

/// A square of a castling definition (as White sees it) for `color`.
fn own_square<W: Word>(variant: &Variant<W>, color: Color, coord: fairy_geometry::Coord) -> Square {
    let size = variant.size();
    let square = size.square(coord).unwrap();
    if color == Color::White {
        square
    } else {
        size.mirror(square)
    }
}

/// The ways `us` may castle in chess960 mode, read afresh from the FEN's
/// letters: file letters (as Shredder-FEN writes them) name the rook, or,
/// where a castling king stands on that file, the king that castles
/// (otherwise the one on the lowest file); the rook's side of the king
/// picks the way.
fn chess960_castlings<'a, W: Word>(
    variant: &'a Variant<W>,
    setup: &Setup,
    us: Color,
) -> Vec<(&'a fairy_position::CastlingSpec, Square, Square)> {
    let size = variant.size();
    let mut found = Vec::new();
    let mut chosen_king = None;
    for &letter in &setup.castling {
        if letter.is_ascii_uppercase() != (us == Color::White) {
            continue;
        }
        let file = (letter.to_ascii_lowercase() as u8).wrapping_sub(b'a');
        for rule in &variant.spec().castling {
            let rank = size.rank_of(own_square(variant, us, rule.king_from));
            let king_letter = rule
                .king
                .unwrap_or_else(|| variant.spec().pieces.iter().find(|p| p.royal).unwrap().letter);
            let is = |square: Square, wanted: char| {
                setup
                    .piece_at(square)
                    .is_some_and(|p| p.color == us && p.letter == wanted)
            };
            let kings: Vec<Square> = (0..size.files())
                .filter_map(|f| size.square_at(f, rank))
                .filter(|&s| is(s, king_letter))
                .collect();
            let Some(square) = size.square_at(file, rank) else {
                continue;
            };
            if is(square, king_letter) {
                chosen_king = Some(square);
                break;
            }
            let king = chosen_king.filter(|k| kings.contains(k)).or(kings.first().copied());
            let Some(king) = king else { continue };
            let long = rule.rook_from.file < rule.king_from.file;
            if (size.file_of(square) < size.file_of(king)) == long && is(square, rule.rook) {
                found.push((rule, king, square));
            }
        }
    }
    found
}
