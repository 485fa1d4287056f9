//! Random variant definitions read from bytes, for property tests and
//! fuzzing: boards with nets, cylinders and grids; pieces of leaps, rides,
//! lame leaps, multi-step moves and initial-only parts; pawn-like kinds with
//! double steps, en passant and chains of promotions; castling (in chess960
//! mode too), by a royal king or not; arrivals (at once or after a reply), extinction, check
//! counting, compulsory capture, checks forbidden; explosions, kings royal
//! by their count, duple check, kings that spare their own kind, a king
//! held in check, promotion limits; walls, and captures that petrify;
//! passing on stalemate; moves confined to a zone, hoppers that spare
//! their own kind, passing with bikjang and counting; walls placed by
//! moves; Cambodian first moves from gates; drops from hands or free, that
//! may have to enclose, and moves that flip, with a full board's end.
//! The same bytes always give the same definition, so a failure found by
//! the fuzzer or by proptest can be replayed.

#![allow(dead_code, clippy::unwrap_used)]

use fairy_geometry::{BoardSize, Coord, File, Geometry, Rank};
use fairy_movement::{Atom, Color, Directions, Movement, Part};
use fairy_position::{
    ALL_PIECES, Arrival, CastlingSpec, Counting, Drops, Enclosing, Enclosure, Explosion, Extinction, GameResult, Goal,
    Legality, NetCrossing, Passing, PieceSpec, Position, Promotion, Setup, SetupPiece, Variant, VariantSpec, WallRule,
    Walling, Zone, ZoneMoves,
};

use crate::common::moves;
use crate::generic_reference;

/// Bytes read as a sequence of choices; past the end, every choice is 0.
pub struct Choices<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Choices<'a> {
    pub fn new(bytes: &'a [u8]) -> Choices<'a> {
        Choices { bytes, at: 0 }
    }

    pub fn byte(&mut self) -> u8 {
        let byte = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte
    }

    /// A number in `0..n` (0 if `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { usize::from(self.byte()) % n }
    }

    /// True with probability `p` / 8.
    pub fn chance(&mut self, p: u8) -> bool {
        self.byte() % 8 < p
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.at..).unwrap_or_default()
    }
}

const ATOMS: [Atom; 8] = [
    Atom::WAZIR,
    Atom::FERZ,
    Atom::DABBABA,
    Atom::KNIGHT,
    Atom::ALFIL,
    Atom::CAMEL,
    Atom::ZEBRA,
    Atom::THREELEAPER,
];

const SECTORS: [Directions; 8] = [
    Directions::NNE,
    Directions::ENE,
    Directions::ESE,
    Directions::SSE,
    Directions::SSW,
    Directions::WSW,
    Directions::WNW,
    Directions::NNW,
];

/// A random part with at least one move.
fn part(choices: &mut Choices<'_>) -> Part {
    let atom = ATOMS[choices.below(ATOMS.len())];
    let mut part = Part::leap(atom);
    if choices.chance(3) {
        let mask = choices.byte();
        let directions = SECTORS
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .fold(Directions::empty(), |all, (_, &sector)| all | sector);
        let restricted = part.only(directions);
        if !restricted.offsets().is_empty() {
            part = restricted;
        }
    }
    part = match choices.below(10) {
        0 | 1 => part.range(0),
        2 => part.range(2),
        3 if atom.legs().0 >= 2 => part.lame(),
        4 if atom.legs().0 == 1 => part.steps(2),
        // Hoppers: the cannon's and the grasshopper's.
        8 | 9 if atom == Atom::WAZIR || atom == Atom::FERZ => {
            let hop = Part::hop(atom).only(part.directions());
            let hop = if choices.chance(1) { hop.landing_within(1) } else { hop };
            return match choices.below(3) {
                0 => hop.capture_only(),
                _ => hop,
            };
        }
        _ => part,
    };
    part = match choices.below(6) {
        0 => part.move_only(),
        1 => part.capture_only(),
        _ => part,
    };
    if choices.chance(1) {
        part = part.initial();
    }
    part
}

/// A random pawn-like movement: a forward step, a forward capture, and
/// maybe a double step leaving en passant squares.
fn pawn(choices: &mut Choices<'_>) -> Movement {
    let forward = Directions::FORWARD;
    let step = match choices.below(3) {
        0 => Part::leap(Atom::FERZ).only(forward),
        _ => Part::leap(Atom::WAZIR).only(forward),
    }
    .move_only();
    let capture = match choices.below(4) {
        0 => Part::leap(Atom::WAZIR).only(forward),
        1 => Part::leap(Atom::KNIGHT).only(forward & Directions::SIDEWAYS),
        _ => Part::leap(Atom::FERZ).only(forward),
    }
    .capture_only()
    .en_passant();
    let mut parts = vec![step, capture];
    match choices.below(4) {
        0 => {}
        1 => parts.push(step.steps(2).initial().en_passant()),
        _ => {
            let double = if step.atom() == Atom::FERZ {
                Atom::ALFIL
            } else {
                Atom::DABBABA
            };
            parts.push(
                Part::leap(double)
                    .only(forward)
                    .lame()
                    .move_only()
                    .initial()
                    .en_passant(),
            );
        }
    }
    Movement::new(parts)
}

fn coord(file: u8, rank: u8) -> Coord {
    Coord::new(File::new(file).unwrap(), Rank::new(rank).unwrap())
}

/// A random variant definition, or `None` where the bytes make none worth
/// trying (the compiler still gets to refuse what it refuses).
pub fn spec(choices: &mut Choices<'_>) -> Option<VariantSpec> {
    let files = 4 + choices.below(5) as u8;
    let ranks = 5 + choices.below(4) as u8;
    let size = BoardSize::new(files, ranks).ok()?;
    let mut geometry = Geometry::new(size);
    if choices.chance(2) {
        geometry = geometry.with_cylinder();
    }
    if choices.chance(2) {
        geometry = geometry
            .with_grid(1 + choices.below(3) as u8, 1 + choices.below(3) as u8)
            .ok()?;
    }
    let net = choices.chance(2);
    if net {
        geometry = geometry
            .with_net(2 + choices.below(usize::from(ranks) - 3) as u8)
            .ok()?;
    }
    let letters: Vec<char> = "PQRSTUVW".chars().collect();
    let kinds = 2 + choices.below(4);
    let mut pieces: Vec<PieceSpec> = Vec::new();
    let mut pawn_like = Vec::new();
    for &letter in letters.iter().take(kinds) {
        let is_pawn = letter == 'P' || choices.chance(1);
        let movement = if is_pawn {
            pawn(choices)
        } else {
            (0..1 + choices.below(3)).map(|_| part(choices)).collect()
        };
        let mut piece = PieceSpec::new(letter, "random", movement).initial(Zone::ranks([1, 2]));
        if net {
            piece = piece.net(match choices.below(3) {
                0 => NetCrossing::MovesOnly,
                1 => NetCrossing::Never,
                _ => NetCrossing::Free,
            });
        }
        if choices.chance(1) && letter != 'P' {
            piece = piece.uncapturable();
        }
        if choices.chance(1) {
            // A region: the owner's half of the board, or all but its
            // first rank.
            let half = (1..=ranks / 2).collect::<Vec<u8>>();
            let beyond_first = (2..=ranks).collect::<Vec<u8>>();
            piece = piece.region(Zone::ranks(if choices.chance(1) { half } else { beyond_first }));
        }
        pawn_like.push(is_pawn);
        pieces.push(piece);
    }
    // Promotions: pawn-like kinds promote on the last rank (or two) to
    // other kinds, pawn-like ones included: chains of promotions.
    for index in 0..pieces.len() {
        if !pawn_like[index] {
            continue;
        }
        let mut to: Vec<char> = Vec::new();
        for _ in 0..1 + choices.below(3) {
            let choice = letters[choices.below(kinds)];
            if choice != pieces[index].letter && !to.contains(&choice) {
                to.push(choice);
            }
        }
        if to.is_empty() {
            continue;
        }
        let zone = if choices.chance(2) {
            Zone::ranks([ranks - 1, ranks])
        } else {
            Zone::ranks([ranks])
        };
        let mut promotion = Promotion::new(zone, to.clone());
        if choices.chance(2) {
            promotion = promotion.optional();
        }
        if choices.chance(1) {
            let mut black = to;
            black.reverse();
            black.truncate(1);
            promotion = promotion.with_black_choices(black);
        }
        pieces[index] = pieces[index].clone().promotion(promotion);
    }
    // A king that is not royal (antichess, extinction chess) castles
    // through attacks; then an extinction rule usually ends the game.
    let royal_king = !choices.chance(2);
    let king = PieceSpec::new('K', "king", Movement::king());
    let king = if royal_king { king.royal() } else { king };
    let king = if net && choices.chance(3) {
        king.net(NetCrossing::Never)
    } else {
        king
    };

    // The start position: the king on the first rank, a rook-like kind in
    // the corners, the other kinds spread over the first two ranks; Black
    // mirrored.
    let king_file = 1 + choices.below(usize::from(files) - 2) as u8;
    let rook = letters[choices.below(kinds)];
    let mut board: Vec<Option<SetupPiece>> = vec![None; size.square_count()];
    let mut place = |file: u8, rank: u8, letter: char| {
        if let (Some(white), Some(black)) = (size.square_at(file, rank), size.square_at(file, ranks - 1 - rank)) {
            if board[white.index()].is_none() && board[black.index()].is_none() {
                board[white.index()] = Some(SetupPiece::new(fairy_movement::Color::White, letter));
                board[black.index()] = Some(SetupPiece::new(fairy_movement::Color::Black, letter));
            }
        }
    };
    place(king_file, 0, 'K');
    let castles = !pawn_like[letters.iter().position(|&l| l == rook).unwrap()] && choices.chance(4);
    if castles {
        place(0, 0, rook);
        place(files - 1, 0, rook);
    }
    if !royal_king && choices.chance(2) {
        // A second king, for kings royal by their count.
        place(choices.below(usize::from(files)) as u8, choices.below(2) as u8, 'K');
    }
    for _ in 0..2 + choices.below(6) {
        let kind = choices.below(kinds);
        let rank = if pawn_like[kind] { 1 } else { choices.below(2) as u8 };
        place(choices.below(usize::from(files)) as u8, rank, letters[kind]);
    }
    let mut setup = Setup::empty(size);
    setup.board = board;
    // Sometimes a second royal kind (coregal's queens): every piece of
    // both must be kept safe.
    let mut pieces = pieces;
    let second_royal = royal_king && choices.chance(1) && {
        let index = choices.below(kinds);
        let free = pieces[index].promotion.is_none();
        if free {
            pieces[index].royal = true;
        }
        free
    };
    let mut spec = VariantSpec::new("random", geometry, setup.fen()).piece(king);
    for piece in pieces {
        spec = spec.piece(piece);
    }
    // In chess960 mode the ways to castle are given for a king elsewhere:
    // the king and rooks castle from where they stand.
    let chess960 = castles && choices.chance(2);
    let ways_file = if chess960 {
        1 + choices.below(usize::from(files) - 2) as u8
    } else {
        king_file
    };
    if castles {
        let mut rights = Vec::new();
        if ways_file + 2 < files {
            spec = spec.castling(
                CastlingSpec::new(
                    'K',
                    coord(ways_file, 0),
                    coord(ways_file + 2, 0),
                    rook,
                    coord(files - 1, 0),
                    coord(ways_file + 1, 0),
                )
                .by('K'),
            );
            rights.extend(['K', 'k']);
        }
        if ways_file >= 2 {
            spec = spec.castling(
                CastlingSpec::new(
                    'Q',
                    coord(ways_file, 0),
                    coord(ways_file - 2, 0),
                    rook,
                    coord(0, 0),
                    coord(ways_file - 1, 0),
                )
                .by('K'),
            );
            rights.extend(['Q', 'q']);
        }
        setup.castling = rights;
        spec.start_fen = setup.fen();
        if chess960 {
            spec = spec.chess960();
        }
        if royal_king && !second_royal {
            // The royal piece castles unless another king is named.
            for rule in &mut spec.castling {
                rule.king = None;
            }
        }
    }
    if choices.chance(1) {
        let piece = letters[choices.below(kinds)];
        let arrival = Arrival::new(piece, Zone::ranks([ranks]));
        spec = spec.arrival(if choices.chance(3) {
            arrival.with_reply()
        } else {
            arrival
        });
    }
    let results = [GameResult::Loss, GameResult::Draw, GameResult::Win];
    if choices.chance(1) {
        spec = spec.stalemate(results[choices.below(3)]);
    } else if choices.chance(1) {
        spec = spec.goal(Goal::StalemateByPieceCount(results[choices.below(3)]));
    }
    if !royal_king || choices.chance(1) {
        let counted = match choices.below(3) {
            0 => ALL_PIECES,
            1 => 'K',
            _ => letters[choices.below(kinds)],
        };
        let mut rule = Extinction::of(results[choices.below(3)], [counted]).at_most(choices.below(2) as u32);
        if choices.chance(2) {
            rule = rule.opponent_at_least(1 + choices.below(2) as u32);
        }
        if choices.chance(2) {
            rule = rule.with_claim();
        }
        spec = spec.goal(Goal::Extinction(rule));
    }
    if choices.chance(2) {
        spec = spec.compulsory_capture();
    }
    if royal_king && choices.chance(1) {
        spec = spec.flying_royals();
    }
    if royal_king && choices.chance(1) {
        spec = spec.goal(Goal::CheckCount(1 + choices.below(3) as u8));
    }
    if royal_king && choices.chance(1) {
        spec = spec.forbid_checks();
    }
    if choices.chance(1) {
        spec = spec.hold_royal_in_check();
    }
    if choices.chance(1) {
        spec = spec.checkmate(results[choices.below(3)]);
    }
    if !royal_king && choices.chance(2) {
        // The last kings royal (atomic's one king), maybe with a duple
        // check on all of them (spartan).
        let mut rule = Extinction::of(results[choices.below(3)], ['K'])
            .at_most(choices.below(2) as u32)
            .royal();
        if choices.chance(3) {
            rule = rule.with_duple_check();
        }
        spec = spec.goal(Goal::Extinction(rule));
    }
    if !royal_king && choices.chance(2) {
        let mut explosion = Explosion::sparing([letters[choices.below(kinds)]]);
        if choices.chance(2) {
            explosion = explosion.immune(['K']);
        }
        spec = spec.explosion(explosion);
    }
    if choices.chance(1) {
        spec.pieces[0].spares_own_kind = true;
    }
    if choices.chance(2) {
        let index = choices.below(spec.pieces.len());
        spec.pieces[index].promotion_limit = Some(1 + choices.below(2) as u32);
    }
    if spec.explosion.is_none() && choices.chance(2) {
        // Captures that petrify: the king's, and some other kinds'.
        for index in 0..spec.pieces.len() {
            if index == 0 || choices.chance(3) {
                spec.pieces[index].petrifies = true;
            }
        }
    }
    if choices.chance(2) {
        // Walls on empty squares off the first two ranks of each side,
        // mirrored.
        let mut setup: Setup = spec.start_fen.parse().unwrap();
        for _ in 0..1 + choices.below(3) {
            // Ranks are at least five: `rank` is from the third rank to
            // the third from the top.
            let (file, rank) = (
                choices.below(usize::from(files)) as u8,
                2 + choices.below(usize::from(ranks - 4)) as u8,
            );
            if let (Some(white), Some(black)) = (size.square_at(file, rank), size.square_at(file, ranks - 1 - rank)) {
                if setup.piece_at(white).is_none() && setup.piece_at(black).is_none() {
                    setup.walls.extend([white, black]);
                }
            }
        }
        setup.walls.sort();
        setup.walls.dedup();
        spec.start_fen = setup.fen();
    }
    if choices.chance(1) {
        spec = spec.pass_on_stalemate();
    }
    // Janggi's rules, drawn last so that the choices above keep their
    // meaning: moves confined to a zone (the palace diagonals), a kind
    // that may not hop over or capture its own kind (the cannon), passing
    // with bikjang and counting.
    if choices.chance(1) {
        let index = choices.below(spec.pieces.len());
        let zone = if choices.chance(4) {
            Zone::ranks([1, 2])
        } else {
            Zone::ranks([ranks - 1, ranks])
        };
        let movement: Movement = (0..1 + choices.below(2)).map(|_| part(choices)).collect();
        // Not the king: a move of its own to where it castles would be
        // written as the castling is.
        if spec.pieces[index].letter != 'K' {
            spec.pieces[index] = spec.pieces[index]
                .clone()
                .zone_moves(ZoneMoves::new(zone, movement).confined());
        }
    }
    if choices.chance(1) && !spec.geometry.is_cylinder() && spec.pieces.len() > 1 {
        // A kind that only hops (the cannon), not the king, and not royal.
        let index = 1 + choices.below(spec.pieces.len() - 1);
        let hoppers = ["pR", "gB", "pRpB", "gQ", "pRgR"];
        let movement: Movement = hoppers[choices.below(hoppers.len())].parse().unwrap();
        let mut piece = spec.pieces[index].clone().unscreened_by_own_kind().sparing_own_kind();
        piece.movement = movement;
        piece.zone_moves = None;
        piece.royal = false;
        spec.pieces[index] = piece;
    }
    if spec.pieces.iter().any(|piece| piece.royal) && !spec.pass_on_stalemate && choices.chance(2) {
        let mut passing = Passing::new();
        if choices.chance(4) {
            passing = passing.with_bikjang();
        }
        if choices.chance(4) {
            let values = spec
                .pieces
                .iter()
                .map(|piece| (piece.letter, choices.below(4) as u32))
                .collect();
            spec = spec.counting(Counting::new(values, choices.below(4) as u32));
        }
        spec = spec.passing(passing);
    }
    // Walls placed by moves, where no rule they do not combine with is
    // drawn: by each rule, maybe kept off some squares.
    if choices.chance(2) {
        let rules = [
            WallRule::Duck,
            WallRule::Arrow,
            WallRule::Past,
            WallRule::Static,
            WallRule::Edge,
        ];
        let mut walling = Walling::new(rules[choices.below(rules.len())]);
        if choices.chance(3) {
            walling = walling.or_move();
        }
        if choices.chance(3) {
            walling = walling.region(Zone::ranks(1..=ranks - 1 - choices.below(2) as u8));
        }
        if choices.chance(3) {
            let coord = Coord::new(
                File::new(choices.below(usize::from(files)) as u8).unwrap(),
                Rank::new(choices.below(usize::from(ranks)) as u8).unwrap(),
            );
            walling = walling.except([coord]);
        }
        let walled = spec.clone().walling(walling);
        if Variant::<u64>::new(walled.clone()).is_ok() {
            spec = walled;
        }
    }
    // Cambodian first moves, where nothing castles: a kind that does not
    // promote moves so from its gates, the files of its pieces on the back
    // ranks; a kind may take the royal pieces' gates away by aiming.
    if spec.castling.is_empty() && choices.chance(2) {
        let index = choices.below(spec.pieces.len());
        if spec.pieces[index].promotion.is_none() {
            let moves = ["mfD", "mfsN", "mN", "mW", "mfR"];
            let movement: Movement = moves[choices.below(moves.len())].parse().unwrap();
            let mut gated = spec.clone();
            gated.pieces[index] = gated.pieces[index].clone().gate_moves(movement);
            if choices.chance(4) {
                let closer = choices.below(gated.pieces.len());
                gated.pieces[closer].closes_royal_gates = true;
            }
            let mut setup: Setup = gated.start_fen.parse().unwrap();
            let letter = gated.pieces[index].letter;
            let mut gates = Vec::new();
            for (color, rank) in [(Color::White, 0), (Color::Black, ranks - 1)] {
                for file in 0..files {
                    let square = size.square_at(file, rank).unwrap();
                    if setup.piece_at(square) == Some(SetupPiece::new(color, letter)) {
                        let name = (b'a' + file) as char;
                        gates.push(if color == Color::White {
                            name.to_ascii_uppercase()
                        } else {
                            name
                        });
                    }
                }
            }
            setup.castling = gates;
            gated.start_fen = setup.fen();
            if Variant::<u64>::new(gated.clone()).is_ok() {
                spec = gated;
            }
        }
    }
    // The reversi family's rules, which take every piece's royalty away:
    // drops from hands of two pieces a side, or free; drops that must
    // enclose (after an opening on the middle files of the third rank),
    // moves that flip, and a full board's end.
    if choices.chance(2) {
        let drop_rules = [Enclosure::Reversi, Enclosure::Ataxx, Enclosure::Snort];
        let flip_rules = [Enclosure::Reversi, Enclosure::Ataxx, Enclosure::Quadwrangle];
        let mut drops = Drops::new();
        let mut setup: Setup = spec.start_fen.parse().unwrap();
        if choices.chance(2) {
            drops = drops.free();
        } else {
            let letter = spec.pieces[choices.below(spec.pieces.len())].letter;
            setup.hands = Some(
                [
                    SetupPiece::new(Color::White, letter),
                    SetupPiece::new(Color::Black, letter),
                ]
                .into_iter()
                .flat_map(|piece| [piece, piece])
                .collect(),
            );
        }
        let mut enclosing = Enclosing::new();
        if choices.chance(4) {
            enclosing = enclosing.drops(drop_rules[choices.below(3)]);
            if choices.chance(3) {
                let middle = |file: u8| Coord::new(File::new(file).unwrap(), Rank::new(2).unwrap());
                let opening = vec![middle(files / 2 - 1), middle(files / 2)];
                enclosing = enclosing.opening(Zone::squares(opening.clone()).with_black_squares(opening));
            }
        }
        if choices.chance(4) {
            enclosing = enclosing.flips(flip_rules[choices.below(3)]);
        }
        let mut enclosed = spec.clone().drops(drops).enclosing(enclosing);
        for piece in &mut enclosed.pieces {
            piece.royal = false;
        }
        enclosed.start_fen = setup.fen();
        if choices.chance(2) {
            enclosed = enclosed.goal(Goal::FullBoard);
        }
        if Variant::<u64>::new(enclosed.clone()).is_ok() {
            spec = enclosed;
        }
    }
    Some(spec)
}

/// Compiles the definition `bytes` give, plays the game the rest of them
/// choose, and checks every position on the way: the legal moves equal the
/// slow reference generator's and the general legality strategy's, their
/// count equals the bulk count, and the FEN reads back as the position.
/// Returns the number of positions checked (0 if the bytes give no
/// variant).
pub fn check(bytes: &[u8], plies: usize) -> usize {
    let mut choices = Choices::new(bytes);
    let Some(spec) = spec(&mut choices) else { return 0 };
    let Ok(variant) = Variant::<u64>::new(spec.clone()) else {
        return 0;
    };
    let general = Variant::<u64>::with_legality(spec, Legality::MakeAndTest).unwrap();
    let mut position = variant.start_position();
    // The same game under the general strategy, played move by move: the
    // passes that led to a position are not in its FEN.
    let mut by_playing = general.start_position();
    let mut checked = 0;
    for _ in 0..=plies {
        let fen = position.fen();
        let again = Position::from_fen(&variant, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(again, position, "{fen}");
        assert_eq!(again.hash(), position.hash(), "{fen}");
        let legal = moves(&position);
        assert_eq!(legal, generic_reference::legal_moves(&position), "{fen}");
        assert_eq!(legal, moves(&by_playing), "{fen}");
        assert_eq!(position.count_legal_moves(), legal.len() as u64, "{fen}");
        checked += 1;
        let list = position.legal_moves();
        if list.is_empty() {
            break;
        }
        let chosen = list[choices.below(list.len())];
        if std::env::var("TRACE").is_ok() {
            eprintln!("{} {}", position.fen(), position.uci(chosen));
        }
        by_playing = by_playing.play_uci(&position.uci(chosen).to_string()).unwrap();
        position.play_unchecked(chosen);
    }
    checked
}
