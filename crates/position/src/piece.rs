//! Piece kinds, pieces and their definitions.

use fairy_movement::{Color, Movement};

use crate::Zone;

/// The most piece kinds a variant may define.
pub const MAX_KINDS: usize = 16;

/// A piece kind of a variant: its index in the variant's list of pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceKind(u8);

impl PieceKind {
    /// The kind with this index in its variant's list; the variant decides
    /// whether it exists.
    pub const fn new(index: u8) -> PieceKind {
        PieceKind(index)
    }

    /// The index in the variant's list of pieces.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece on the board: a kind and a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind it is.
    pub kind: PieceKind,
}

/// Whether, and how, a piece kind may cross the board's net.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum NetCrossing {
    /// Crosses freely, also to capture (the default; Chennis knights).
    #[default]
    Free,
    /// Crosses by non-capturing moves only, and never captures or attacks
    /// across (Chennis pawns).
    MovesOnly,
    /// Never crosses (Chennis kings, queens, rooks and bishops).
    Never,
}

/// Promotion of a piece kind: where, into what, and whether it must.
///
/// A choice is offered on a square only if a piece of that kind may stand
/// there (not in its own compulsory promotion zone, say); where no choice
/// is left, a compulsory promotion cannot be made. So a compulsory
/// promotion without choices bars the piece from its zone, as
/// Fairy-Stockfish bars pawns that have no kind to promote to.
///
/// # Examples
///
/// ```
/// use fairy_movement::Color;
/// use fairy_position::{Promotion, Zone};
///
/// // Chigorin chess: White's pawns become knights' friends, Black's bishops'.
/// let promotion = Promotion::new(Zone::ranks([8]), ['C', 'R', 'N']).with_black_choices(['Q', 'R', 'B']);
/// assert_eq!(promotion.choices_for(Color::White), ['C', 'R', 'N']);
/// assert_eq!(promotion.choices_for(Color::Black), ['Q', 'R', 'B']);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Promotion {
    /// A move ending here promotes.
    pub zone: Zone,
    /// The letters of the kinds it may become.
    pub choices: Vec<char>,
    /// Black's choices, where they differ from White's.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub black_choices: Option<Vec<char>>,
    /// Whether promotion is compulsory (otherwise the piece may also stay
    /// what it is, where it could stand unpromoted).
    pub compulsory: bool,
    /// Whether a move that starts in the zone promotes too, wherever it
    /// ends: shogi's pieces promote on moves into, within and out of the
    /// zone. Then a compulsory promotion does not bar the piece from the
    /// zone (it may be dropped there), it only forces every such move to
    /// promote.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub on_leaving: bool,
    /// Whether only captures promote (micro shogi; Fairy-Stockfish's
    /// `piecePromotionOnCapture`): moves to empty squares never do, and a
    /// compulsory promotion binds captures only.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub captures_only: bool,
    /// Sittuyin's promotion (Fairy-Stockfish's `sittuyinPromotion`): no
    /// move promotes by arriving; instead a piece standing in the zone (or
    /// its side's last of its kind, anywhere) may, as its move, turn into
    /// a choice where it stands or one step of the new piece away, onto an
    /// empty square, provided the new piece attacks no enemy piece there
    /// and gives no check. Coordinate notation writes the promotion in
    /// place from the square to itself (`d5d5f`).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub in_place: bool,
}

impl Promotion {
    /// Compulsory promotion in `zone` to one of `choices`.
    pub fn new(zone: Zone, choices: impl IntoIterator<Item = char>) -> Promotion {
        Promotion {
            zone,
            choices: choices.into_iter().collect(),
            black_choices: None,
            compulsory: true,
            on_leaving: false,
            captures_only: false,
            in_place: false,
        }
    }

    /// Shogi's promotion in `zone` to the kind lettered `promoted`:
    /// optional, on moves into, within and out of the zone.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_position::{Promotion, Zone};
    ///
    /// let promotion = Promotion::shogi(Zone::ranks([7, 8, 9]), 'T');
    /// assert!(promotion.on_leaving && !promotion.compulsory);
    /// ```
    pub fn shogi(zone: Zone, promoted: char) -> Promotion {
        Promotion {
            on_leaving: true,
            ..Promotion::new(zone, [promoted]).optional()
        }
    }

    /// This promotion with other choices for Black.
    #[must_use]
    pub fn with_black_choices(self, choices: impl IntoIterator<Item = char>) -> Promotion {
        Promotion {
            black_choices: Some(choices.into_iter().collect()),
            ..self
        }
    }

    /// This promotion, optional.
    #[must_use]
    pub fn optional(self) -> Promotion {
        Promotion {
            compulsory: false,
            ..self
        }
    }

    /// This promotion, compulsory.
    #[must_use]
    pub fn compulsory(self) -> Promotion {
        Promotion {
            compulsory: true,
            ..self
        }
    }

    /// The letters of the kinds a piece of `color` may become.
    pub fn choices_for(&self, color: Color) -> &[char] {
        match (color, &self.black_choices) {
            (Color::Black, Some(choices)) => choices,
            _ => &self.choices,
        }
    }
}

/// The definition of a piece kind in a variant.
///
/// Besides what is given here, a variant derives the squares a kind can
/// never stand on, which positions are checked against: its compulsory
/// promotion zone, and, for a kind that never moves towards its own side
/// (pawns), the ranks behind the rearmost rank where the start position
/// has one.
///
/// # Examples
///
/// ```
/// use fairy_movement::Movement;
/// use fairy_position::{PieceSpec, Promotion, Zone};
///
/// let pawn = PieceSpec::new('P', "pawn", Movement::chess_pawn())
///     .initial(Zone::ranks([2]))
///     .promotion(Promotion::new(Zone::ranks([8]), ['Q', 'R', 'B', 'N']));
/// let king = PieceSpec::new('K', "king", Movement::king()).royal();
/// assert!(king.royal && !pawn.royal);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct PieceSpec {
    /// The upper-case ASCII letter of White's piece in FEN; Black's is its
    /// lower case.
    pub letter: char,
    /// The kind this one is the promoted form of, by letter (shogi's tokin
    /// is a promoted pawn): FEN writes it as `+` and that kind's letter
    /// (`+P`), and captured into a hand it goes back to that kind.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub unpromoted: Option<char>,
    /// A name for people.
    pub name: String,
    /// How it moves.
    pub movement: Movement,
    /// Whether it is royal: it must not be left attacked, and checkmating it
    /// ends the game. With one royal kind that no piece promotes to, a side
    /// has exactly one royal piece (none only where an extinction rule can
    /// end its game: horde); with several royal kinds, or promotion to one
    /// (coregal's queens), a side may have any number, and every one of them
    /// must be kept safe.
    pub royal: bool,
    /// Whether no move may capture it (Gnu's Ferz). It still attacks, blocks
    /// and gives check.
    pub uncapturable: bool,
    /// Whether it may not capture a piece of its own kind (the kings of
    /// atomar, which would otherwise blow each other up).
    pub spares_own_kind: bool,
    /// Whether a piece of its own kind may not be its screen: the Janggi
    /// cannon jumps no cannon (and, sparing its own kind, captures none).
    pub unscreened_by_own_kind: bool,
    /// Whether it turns into a wall when it captures (petrified chess:
    /// every kind but the pawn; Fairy-Stockfish's
    /// `petrifyOnCaptureTypes`). A royal piece of such a kind cannot
    /// capture, since its side would lose it, and so attacks nothing.
    pub petrifies: bool,
    /// How it may cross the net.
    pub net: NetCrossing,
    /// The squares from which its initial-move parts apply (pawns: their
    /// start rank).
    pub initial: Zone,
    /// How it promotes, if it does.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub promotion: Option<Promotion>,
    /// How many pieces of this kind a side may have on the board at most
    /// for a promotion to it to be allowed (spartan: two kings); no limit
    /// if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub promotion_limit: Option<u32>,
    /// Whether its moves reset the clock of the n-move rule, as captures
    /// and promotions do: those of its moves that its plain moves cannot
    /// undo (as in Fairy-Stockfish, a pawn's step sideways does not reset
    /// it). `None`: exactly when it can never move back towards its own
    /// side (pawns).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub resets_clock: Option<bool>,
    /// Where it may be dropped from the hand, counted from its owner's
    /// side (crazyhouse pawns: ranks 2 to 7), within the variant's drop
    /// zone; anywhere there if `None`. See [`Drops`](crate::Drops).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub drop_zone: Option<Zone>,
    /// The squares it may move to, be dropped on and attack, counted from
    /// its owner's side (the Xiangqi palace of the king and advisors, the
    /// elephant's side of the river; Fairy-Stockfish's `mobilityRegion`);
    /// the whole board if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub region: Option<Zone>,
    /// Moves it has only from some squares (the Xiangqi soldier's step
    /// sideways once it has crossed the river).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub zone_moves: Option<ZoneMoves>,
    /// Moves it has only while it stands unmoved on a gate of its side
    /// (Cambodian chess's king leap and met's double step;
    /// Fairy-Stockfish's `cambodianMoves`). The gates are state, written
    /// with the castling rights as file letters (`DEde`): a gate closes
    /// when its piece moves or is taken. These moves never capture, and a
    /// royal piece may not make them from check.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub gate_moves: Option<Movement>,
    /// Whether its move to a square from which it would attack an enemy
    /// royal piece on that piece's gate, on an empty board, closes the gate
    /// (the Cambodian rook takes the king's leap away).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub closes_royal_gates: bool,
}

/// Moves a piece has only while it stands in a zone.
///
/// # Examples
///
/// ```
/// use fairy_movement::Movement;
/// use fairy_position::{PieceSpec, Zone, ZoneMoves};
///
/// // The Xiangqi soldier steps forward, and sideways beyond the river.
/// let soldier = PieceSpec::new('P', "soldier", Movement::from_betza("fW")?)
///     .zone_moves(ZoneMoves::new(Zone::ranks(6..=10), Movement::from_betza("sW")?));
/// assert!(soldier.zone_moves.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ZoneMoves {
    /// Where the piece must stand, counted from its owner's side.
    pub zone: Zone,
    /// The moves it has there, beside its own.
    pub movement: Movement,
    /// Whether these moves also stay in the zone: a move ends before the
    /// first square outside it. The Janggi palace's diagonals are such a
    /// zone: its five squares on each palace's diagonals, where the rook
    /// slides, the cannon hops and the general steps diagonally.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub confined: bool,
}

impl ZoneMoves {
    /// The moves of `movement` from the squares of `zone`.
    pub fn new(zone: Zone, movement: Movement) -> ZoneMoves {
        ZoneMoves {
            zone,
            movement,
            confined: false,
        }
    }

    /// These moves, confined to their zone.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_movement::Movement;
    /// use fairy_position::{Zone, ZoneMoves};
    ///
    /// // The Janggi chariot's slides along the palace diagonals.
    /// let names = ["d1", "f1", "e2", "d3", "f3", "d8", "f8", "e9", "d10", "f10"];
    /// let diagonals = Zone::squares(names.iter().map(|name| name.parse()).collect::<Result<Vec<_>, _>>()?);
    /// let palace = ZoneMoves::new(diagonals, Movement::from_betza("B")?).confined();
    /// assert!(palace.confined);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn confined(self) -> ZoneMoves {
        ZoneMoves { confined: true, ..self }
    }
}

impl PieceSpec {
    /// A plain piece: not royal, capturable, crossing any net, no initial
    /// squares, no promotion.
    pub fn new(letter: char, name: impl Into<String>, movement: Movement) -> PieceSpec {
        PieceSpec {
            letter,
            unpromoted: None,
            name: name.into(),
            movement,
            royal: false,
            uncapturable: false,
            spares_own_kind: false,
            unscreened_by_own_kind: false,
            petrifies: false,
            net: NetCrossing::Free,
            initial: Zone::none(),
            promotion: None,
            promotion_limit: None,
            resets_clock: None,
            drop_zone: None,
            region: None,
            zone_moves: None,
            gate_moves: None,
            closes_royal_gates: false,
        }
    }

    /// This piece, the promoted form of the kind lettered `unpromoted`.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_movement::Movement;
    /// use fairy_position::PieceSpec;
    ///
    /// let tokin = PieceSpec::new('T', "tokin", Movement::from_betza("WfF")?).promoted_form_of('P');
    /// assert_eq!(tokin.unpromoted, Some('P'));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn promoted_form_of(self, unpromoted: char) -> PieceSpec {
        PieceSpec {
            unpromoted: Some(unpromoted),
            ..self
        }
    }

    /// This piece, royal.
    #[must_use]
    pub fn royal(self) -> PieceSpec {
        PieceSpec { royal: true, ..self }
    }

    /// This piece, uncapturable.
    #[must_use]
    pub fn uncapturable(self) -> PieceSpec {
        PieceSpec {
            uncapturable: true,
            ..self
        }
    }

    /// This piece, turned into a wall by its captures.
    #[must_use]
    pub fn petrifying(self) -> PieceSpec {
        PieceSpec {
            petrifies: true,
            ..self
        }
    }

    /// This piece, unable to capture a piece of its own kind.
    #[must_use]
    pub fn sparing_own_kind(self) -> PieceSpec {
        PieceSpec {
            spares_own_kind: true,
            ..self
        }
    }

    /// This piece, unable to hop over a piece of its own kind.
    #[must_use]
    pub fn unscreened_by_own_kind(self) -> PieceSpec {
        PieceSpec {
            unscreened_by_own_kind: true,
            ..self
        }
    }

    /// This piece with a net rule.
    #[must_use]
    pub fn net(self, net: NetCrossing) -> PieceSpec {
        PieceSpec { net, ..self }
    }

    /// This piece with initial squares.
    #[must_use]
    pub fn initial(self, initial: Zone) -> PieceSpec {
        PieceSpec { initial, ..self }
    }

    /// This piece with a promotion rule.
    #[must_use]
    pub fn promotion(self, promotion: Promotion) -> PieceSpec {
        PieceSpec {
            promotion: Some(promotion),
            ..self
        }
    }

    /// This piece, promoted to only while its side has fewer than `limit`
    /// of it on the board.
    #[must_use]
    pub fn promotion_limit(self, limit: u32) -> PieceSpec {
        PieceSpec {
            promotion_limit: Some(limit),
            ..self
        }
    }

    /// This piece, dropped only on `zone`'s squares.
    #[must_use]
    pub fn drop_zone(self, zone: Zone) -> PieceSpec {
        PieceSpec {
            drop_zone: Some(zone),
            ..self
        }
    }

    /// This piece kept to the squares of `region`.
    #[must_use]
    pub fn region(self, region: Zone) -> PieceSpec {
        PieceSpec {
            region: Some(region),
            ..self
        }
    }

    /// This piece with moves it has only in a zone.
    #[must_use]
    pub fn zone_moves(self, moves: ZoneMoves) -> PieceSpec {
        PieceSpec {
            zone_moves: Some(moves),
            ..self
        }
    }

    /// This piece with moves it has only on its gate: see
    /// [`PieceSpec::gate_moves`].
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_movement::Movement;
    /// use fairy_position::PieceSpec;
    ///
    /// // The Cambodian king's first move may be a knight's leap forward.
    /// let king = PieceSpec::new('K', "king", Movement::king()).royal().gate_moves("mfsN".parse()?);
    /// assert!(king.gate_moves.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn gate_moves(self, movement: Movement) -> PieceSpec {
        PieceSpec {
            gate_moves: Some(movement),
            ..self
        }
    }

    /// This piece, closing the gates of the enemy royal pieces it aims at:
    /// see [`PieceSpec::closes_royal_gates`].
    #[must_use]
    pub fn closing_royal_gates(self) -> PieceSpec {
        PieceSpec {
            closes_royal_gates: true,
            ..self
        }
    }

    /// Every move the piece may have somewhere: its movement, its zone
    /// moves and its gate moves.
    pub(crate) fn all_moves(&self) -> Movement {
        let mut all = self.movement.clone();
        if let Some(zoned) = &self.zone_moves {
            all = all.and(zoned.movement.clone());
        }
        if let Some(gated) = &self.gate_moves {
            all = all.and(gated.clone());
        }
        all
    }

    /// This piece with its moves resetting the n-move clock, or not.
    #[must_use]
    pub fn resets_clock(self, resets: bool) -> PieceSpec {
        PieceSpec {
            resets_clock: Some(resets),
            ..self
        }
    }
}
