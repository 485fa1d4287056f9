//! Riders counted all at once: on 16 x 16, where a rider's lines are
//! scanned for want of a magic lookup, counting the legal moves follows
//! every rider of a direction together. The count must be the number of
//! moves listed one by one, in check, under pins and with captures.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_geometry::{BoardSize, Geometry, U256};
use fairy_movement::Movement;
use fairy_position::{PieceSpec, Position, Variant, VariantSpec};

/// Kings, queens, rooks, bishops and knights on 16 x 16.
fn riders() -> Variant<U256> {
    let spec = VariantSpec::new(
        "riders16",
        Geometry::new(BoardSize::new(16, 16).unwrap()),
        "7k8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8 w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('Q', "queen", Movement::queen()))
    .piece(PieceSpec::new('R', "rook", Movement::rook()))
    .piece(PieceSpec::new('B', "bishop", Movement::bishop()))
    .piece(PieceSpec::new('N', "knight", Movement::knight()));
    Variant::new(spec).unwrap()
}

#[test]
fn a_pinned_rook_and_a_free_queen_count_as_reasoned() {
    // White: king a1, rook a8 (pinned on the a-file by Black's rook on
    // a16), queen h8; Black's king on p14, off every white line.
    //  - the rook keeps to the file: a2-a7, a9-a15 and the capture on a16,
    //    14 moves;
    //  - the king: a2 (shielded by its rook), b1 and b2, 3;
    //  - the queen from h8: b8-g8 (6, up to its rook), i8-p8 (8),
    //    h1-h7 (7), h9-h16 (8), g7-b2 (6, up to its king), i7-o1 (7),
    //    g9-a15 (7) and i9-p16 (8): 57.
    let variant = riders();
    let position = Position::from_fen(
        &variant,
        "r15/16/15k/16/16/16/16/16/R6Q8/16/16/16/16/16/16/K15 w - - 0 1",
    )
    .unwrap();
    assert_eq!(position.legal_moves().len(), 74);
    assert_eq!(position.count_legal_moves(), 74);
}

#[test]
fn a_check_leaves_the_riders_only_the_squares_that_answer_it() {
    // Black's queen on a16 checks the White king on p1 along the long
    // diagonal (files + ranks = 17, a16 to p1).
    //  - The rook on b3 blocks on b15 up its file, or on n3 along its
    //    rank: 2.
    //  - The bishop on h2 has the diagonals files - ranks = 6, which meets
    //    the check's line between squares, and files + ranks = 10, which
    //    runs beside it: 0.
    //  - The king steps off the line to o1 or p2 (o2 is on it): 2.
    let variant = riders();
    let position = Position::from_fen(
        &variant,
        "q14k/16/16/16/16/16/16/16/16/16/16/16/16/1R14/7B8/15K w - - 0 1",
    )
    .unwrap();
    assert!(position.is_check());
    assert_eq!(position.legal_moves().len(), 4);
    assert_eq!(position.count_legal_moves(), 4);
}

#[test]
fn riders_counted_all_at_once_agree_with_their_moves_listed() {
    let variant = riders();
    let starts = [
        "r2q3k3b3r/16/2n9n3/16/16/16/16/16/16/16/16/16/16/2N9N3/16/R2Q3K3B3R w - - 0 1",
        "3k12/16/5q10/16/2b13/16/16/8r7/16/3R12/16/10B5/16/6Q9/16/12K3 b - - 0 1",
    ];
    let (mut checks, mut positions) = (0, 0);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for start in starts {
        let mut position = Position::from_fen(&variant, start).unwrap();
        for _ in 0..120 {
            let moves = position.legal_moves();
            assert_eq!(position.count_legal_moves(), moves.len() as u64, "{}", position.fen());
            positions += 1;
            checks += usize::from(position.is_check());
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = moves[(state % moves.len() as u64) as usize];
            position = position.play(mv).unwrap();
        }
    }
    // The games passed checks, where the count keeps to the squares that
    // answer them.
    assert!(
        positions > 100 && checks > 0,
        "{positions} positions, {checks} in check"
    );
}
