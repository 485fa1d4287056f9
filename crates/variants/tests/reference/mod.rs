//! A slow, obviously-correct move generator for the seed variants, written
//! from the rules files with none of the library's machinery: a mailbox of
//! characters, file and rank arithmetic, every pseudo-legal move made and
//! the king tested for attack. The fast generator is compared with it.

#![allow(dead_code)]

use std::collections::BTreeSet;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    Chennis,
    Gnu,
    Cgnp,
}

impl Rules {
    fn size(self) -> (i32, i32) {
        match self {
            Rules::Chennis => (7, 7),
            Rules::Gnu => (5, 10),
            Rules::Cgnp => (8, 8),
        }
    }
}

/// A piece: colour and upper-case letter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Piece {
    white: bool,
    kind: char,
}

/// A square as (file, rank), from 0.
type Coord = (i32, i32);

#[derive(Clone, Debug)]
pub struct Board {
    rules: Rules,
    files: i32,
    ranks: i32,
    cells: Vec<Option<Piece>>,
    white_to_move: bool,
    /// En passant squares and the pawn taken by capturing there.
    en_passant: Option<(Vec<Coord>, Coord)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    from: (i32, i32),
    to: (i32, i32),
    promotion: Option<char>,
    en_passant: bool,
}

fn name((file, rank): (i32, i32)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Move {
    pub fn uci(&self) -> String {
        let mut text = format!("{}{}", name(self.from), name(self.to));
        if let Some(letter) = self.promotion {
            text.push(letter.to_ascii_lowercase());
        }
        text
    }
}

impl Board {
    /// Reads the board, side and en passant fields of a FEN.
    pub fn from_fen(rules: Rules, fen: &str) -> Board {
        let (files, ranks) = rules.size();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = vec![None; (files * ranks) as usize];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = ranks - 1 - row as i32;
            let mut file = 0;
            let mut digits = String::new();
            for c in text.chars().chain(std::iter::once('/')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    file += digits.parse::<i32>().unwrap();
                    digits.clear();
                }
                if c.is_ascii_alphabetic() {
                    cells[(rank * files + file) as usize] = Some(Piece {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase(),
                    });
                    file += 1;
                }
            }
            assert_eq!(file, files, "rank {rank} of {fen}");
        }
        let white_to_move = fields.get(1) != Some(&"b");
        let mut board = Board {
            rules,
            files,
            ranks,
            cells,
            white_to_move,
            en_passant: None,
        };
        if let Some(&field) = fields.get(3) {
            if field != "-" {
                let file = i32::from(field.as_bytes()[0] - b'a');
                let rank: i32 = field[1..].parse::<i32>().unwrap() - 1;
                // The pawn that passed stands one or two steps further on.
                let forward = if white_to_move { -1 } else { 1 };
                let victim = board.double_step_victim((file, rank), forward);
                board.en_passant = victim.map(|v| (vec![(file, rank)], v));
            }
        }
        board
    }

    fn double_step_victim(&self, passed: (i32, i32), forward: i32) -> Option<(i32, i32)> {
        let candidates: Vec<(i32, i32)> = match self.rules {
            Rules::Cgnp => vec![
                self.wrap(passed.0 - 1, passed.1 + forward),
                self.wrap(passed.0 + 1, passed.1 + forward),
            ]
            .into_iter()
            .flatten()
            .filter(|&to| self.cell(to) != self.cell(passed))
            .collect(),
            _ => vec![(passed.0, passed.1 + forward)],
        };
        candidates.into_iter().find(|&s| {
            self.at(s)
                .is_some_and(|p| p.kind == 'P' && p.white != self.white_to_move)
        })
    }

    fn at(&self, (file, rank): (i32, i32)) -> Option<Piece> {
        self.cells[(rank * self.files + file) as usize]
    }

    fn set(&mut self, (file, rank): (i32, i32), piece: Option<Piece>) {
        self.cells[(rank * self.files + file) as usize] = piece;
    }

    /// The square `df` files and `dr` ranks away, wrapping files on CGNP's
    /// cylinder.
    fn wrap(&self, file: i32, rank: i32) -> Option<(i32, i32)> {
        if !(0..self.ranks).contains(&rank) {
            return None;
        }
        if self.rules == Rules::Cgnp {
            return Some((file.rem_euclid(self.files), rank));
        }
        (0..self.files).contains(&file).then_some((file, rank))
    }

    fn cell(&self, (file, rank): (i32, i32)) -> (i32, i32) {
        match self.rules {
            Rules::Cgnp => (file / 2, rank / 2),
            // No grid: every square is its own cell.
            _ => (file, rank),
        }
    }

    /// Chennis: whether going from `a` to `b` crosses the net.
    fn across_net(&self, a: (i32, i32), b: (i32, i32)) -> bool {
        self.rules == Rules::Chennis && (a.1 <= 3) != (b.1 <= 3)
    }

    fn may_capture(&self, mover: Piece, target: Option<Piece>) -> bool {
        match target {
            Some(t) => t.white != mover.white && !(self.rules == Rules::Gnu && t.kind == 'F'),
            None => false,
        }
    }

    /// The squares the piece on `from` could capture on if an enemy piece
    /// stood there (its attacks), and the squares it could move to.
    fn targets(&self, from: (i32, i32), piece: Piece) -> (Vec<(i32, i32)>, Vec<Move>) {
        let mut attacks = Vec::new();
        let mut moves = Vec::new();
        let forward = if piece.white { 1 } else { -1 };
        let cgnp = self.rules == Rules::Cgnp;
        let other_cell = |to: (i32, i32)| self.cell(to) != self.cell(from);
        let net_free = piece.kind == 'N' || self.rules != Rules::Chennis;
        let add = |to: (i32, i32), can_move: bool, can_capture: bool, attacks: &mut Vec<_>, moves: &mut Vec<Move>| {
            if can_capture {
                attacks.push(to);
            }
            let target = self.at(to);
            if (target.is_none() && can_move) || (can_capture && self.may_capture(piece, target)) {
                moves.push(Move {
                    from,
                    to,
                    promotion: None,
                    en_passant: false,
                });
            }
        };
        let leaps: &[(i32, i32)] = match piece.kind {
            'K' => &[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)],
            'F' => &[(1, 1), (-1, 1), (-1, -1), (1, -1)],
            'N' => &[(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
            'G' => &[
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
                (1, 3),
                (3, 1),
                (-1, 3),
                (-3, 1),
                (1, -3),
                (3, -1),
                (-1, -3),
                (-3, -1),
            ],
            _ => &[],
        };
        for &(df, dr) in leaps {
            if let Some(to) = self.wrap(from.0 + df, from.1 + dr) {
                if to != from && other_cell(to) && (net_free || !self.across_net(from, to)) {
                    add(to, true, true, &mut attacks, &mut moves);
                }
            }
        }
        let rays: &[(i32, i32)] = match piece.kind {
            'R' => &[(1, 0), (0, 1), (-1, 0), (0, -1)],
            'B' => &[(1, 1), (-1, 1), (-1, -1), (1, -1)],
            'Q' => &[(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)],
            _ => &[],
        };
        for &(df, dr) in rays {
            let mut at = from;
            while let Some(to) = self.wrap(at.0 + df, at.1 + dr) {
                if to == from || self.across_net(at, to) {
                    break;
                }
                if other_cell(to) {
                    add(to, true, true, &mut attacks, &mut moves);
                }
                if self.at(to).is_some() {
                    break;
                }
                at = to;
            }
        }
        if piece.kind == 'P' {
            let start_rank = if piece.white { 1 } else { self.ranks - 2 };
            if cgnp {
                for df in [-1, 1] {
                    let Some(one) = self.wrap(from.0 + df, from.1 + forward) else {
                        continue;
                    };
                    if !other_cell(one) || self.at(one).is_some() {
                        continue;
                    }
                    moves.push(Move {
                        from,
                        to: one,
                        promotion: None,
                        en_passant: false,
                    });
                    if from.1 == start_rank {
                        for df2 in [-1, 1] {
                            let Some(two) = self.wrap(one.0 + df2, one.1 + forward) else {
                                continue;
                            };
                            if self.cell(two) != self.cell(one) && self.at(two).is_none() {
                                moves.push(Move {
                                    from,
                                    to: two,
                                    promotion: None,
                                    en_passant: false,
                                });
                            }
                        }
                    }
                }
                for df in [-2, 2] {
                    if let Some(to) = self.wrap(from.0 + df, from.1 + forward) {
                        if other_cell(to) {
                            add(to, false, true, &mut attacks, &mut moves);
                        }
                    }
                }
            } else {
                if let Some(one) = self.wrap(from.0, from.1 + forward) {
                    if self.at(one).is_none() {
                        moves.push(Move {
                            from,
                            to: one,
                            promotion: None,
                            en_passant: false,
                        });
                        let two = self.wrap(from.0, from.1 + 2 * forward);
                        if self.rules == Rules::Gnu && from.1 == start_rank {
                            if let Some(two) = two.filter(|&t| self.at(t).is_none()) {
                                moves.push(Move {
                                    from,
                                    to: two,
                                    promotion: None,
                                    en_passant: false,
                                });
                            }
                        }
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = self.wrap(from.0 + df, from.1 + forward) {
                        if !self.across_net(from, to) {
                            add(to, false, true, &mut attacks, &mut moves);
                        }
                    }
                }
            }
            // En passant onto the passed square.
            if let Some((squares, victim)) = &self.en_passant {
                let victim_piece = self.at(*victim);
                for &to in squares {
                    if attacks.contains(&to) && self.may_capture(piece, victim_piece) {
                        moves.push(Move {
                            from,
                            to,
                            promotion: None,
                            en_passant: true,
                        });
                    }
                }
            }
        }
        // Deduplicate (a destination reached along two paths is one move).
        let mut seen = BTreeSet::new();
        moves.retain(|m| seen.insert((m.to, m.en_passant)));
        (attacks, moves)
    }

    fn king(&self, white: bool) -> Option<(i32, i32)> {
        self.squares().find(|&s| self.at(s) == Some(Piece { white, kind: 'K' }))
    }

    fn squares(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| (f, r)))
    }

    fn attacked(&self, square: (i32, i32), by_white: bool) -> bool {
        self.squares().any(|from| match self.at(from) {
            Some(piece) if piece.white == by_white => self.targets(from, piece).0.contains(&square),
            _ => false,
        })
    }

    /// The side that won by arrival with the last move, if any.
    fn arrival_winner(&self) -> Option<bool> {
        let mover = !self.white_to_move;
        let far = if mover { self.ranks - 1 } else { 0 };
        let kind = match self.rules {
            Rules::Chennis => 'P',
            Rules::Gnu => 'K',
            Rules::Cgnp => return None,
        };
        (0..self.files)
            .any(|file| self.at((file, far)) == Some(Piece { white: mover, kind }))
            .then_some(mover)
    }

    fn play(&self, mv: &Move) -> Board {
        let mut next = self.clone();
        let Some(mut piece) = self.at(mv.from) else {
            panic!("no piece on {:?}", mv.from)
        };
        if mv.en_passant {
            if let Some((_, victim)) = &self.en_passant {
                next.set(*victim, None);
            }
        }
        next.set(mv.from, None);
        if let Some(kind) = mv.promotion {
            piece.kind = kind;
        }
        next.set(mv.to, Some(piece));
        next.en_passant = None;
        if self.at(mv.from).is_some_and(|p| p.kind == 'P') && (mv.to.1 - mv.from.1).abs() == 2 {
            let passed = match self.rules {
                Rules::Cgnp => {
                    // The intermediate square: a single step from both ends
                    // that changes cell at each step.
                    let forward = (mv.to.1 - mv.from.1) / 2;
                    [-1, 1]
                        .into_iter()
                        .filter_map(|df| self.wrap(mv.from.0 + df, mv.from.1 + forward))
                        .filter(|&mid| {
                            self.at(mid).is_none()
                                && self.cell(mid) != self.cell(mv.from)
                                && self.cell(mid) != self.cell(mv.to)
                                && [-1, 1]
                                    .iter()
                                    .any(|df| self.wrap(mid.0 + df, mid.1 + forward) == Some(mv.to))
                        })
                        .collect()
                }
                _ => vec![(mv.from.0, (mv.from.1 + mv.to.1) / 2)],
            };
            next.en_passant = Some((passed, mv.to));
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    /// Every pseudo-legal move of the side to move, promotions spelt out.
    fn pseudo_moves(&self) -> Vec<(Piece, Move)> {
        let mut moves = Vec::new();
        for from in self.squares() {
            let Some(piece) = self.at(from) else { continue };
            if piece.white == self.white_to_move {
                for mv in self.targets(from, piece).1 {
                    moves.extend(self.with_promotions(piece, mv).into_iter().map(|mv| (piece, mv)));
                }
            }
        }
        moves
    }

    /// The legal moves, in coordinate notation, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.arrival_winner().is_some() {
            return Vec::new();
        }
        let mut legal: Vec<String> = self
            .pseudo_moves()
            .into_iter()
            .filter(|(piece, mv)| {
                let after = self.play(mv);
                after
                    .king(piece.white)
                    .is_none_or(|king| !after.attacked(king, !piece.white))
            })
            .map(|(_, mv)| mv.uci())
            .collect();
        legal.sort();
        legal
    }

    fn with_promotions(&self, piece: Piece, mv: Move) -> Vec<Move> {
        let far = if piece.white { self.ranks - 1 } else { 0 };
        let promotes = mv.to.1 == far
            && match self.rules {
                Rules::Gnu => piece.kind == 'P' || piece.kind == 'N',
                Rules::Cgnp => piece.kind == 'P',
                Rules::Chennis => false,
            };
        if !promotes {
            return vec![mv];
        }
        let choices: &[char] = if self.rules == Rules::Gnu {
            &['G']
        } else {
            &['Q', 'R', 'B', 'N']
        };
        choices
            .iter()
            .map(|&c| Move {
                promotion: Some(c),
                ..mv.clone()
            })
            .collect()
    }

    /// Plays a legal move given in coordinate notation.
    pub fn play_uci(&self, uci: &str) -> Board {
        match self.pseudo_moves().into_iter().find(|(_, mv)| mv.uci() == uci) {
            Some((_, mv)) => self.play(&mv),
            None => panic!("{uci} is not a move here"),
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play_uci(m).perft(depth - 1)).sum()
    }
}
