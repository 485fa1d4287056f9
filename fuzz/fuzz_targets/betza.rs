//! Betza strings: reading never panics; what reads prints back to a string
//! that reads as the same movement, and compiles into move tables on
//! several boards for both colours.
#![no_main]

use fairy::geometry::{BoardSize, Geometry, SquareSet};
use fairy::movement::{Color, MoveTable, Movement, ShiftTable, TablePart};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(movement) = Movement::from_betza(text) else {
        return;
    };
    let printed = movement.betza();
    assert_eq!(
        Movement::from_betza(&printed).as_ref(),
        Ok(&movement),
        "{text:?} printed as {printed:?}"
    );
    let (Ok(small), Ok(large)) = (BoardSize::new(5, 6), BoardSize::new(9, 9)) else {
        return;
    };
    let boards = [
        Geometry::new(small),
        Geometry::new(large).with_cylinder(),
        Geometry::new(large).with_net(5).unwrap_or(Geometry::new(large)),
    ];
    for geometry in boards {
        for color in Color::ALL {
            let parts: Vec<TablePart<u128>> = movement
                .parts()
                .iter()
                .map(|&p| TablePart::new(p, color, geometry))
                .collect();
            let forward = MoveTable::compile(&geometry, &parts);
            let backward = MoveTable::compile_reverse(&geometry, &parts);
            let _ = ShiftTable::compile(&geometry, &parts);
            for from in geometry.size().squares() {
                for to in forward.attacks(from, SquareSet::EMPTY) {
                    assert!(backward.attacks(to, SquareSet::EMPTY).contains(from), "{text:?}");
                }
            }
        }
    }
});
