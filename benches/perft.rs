//! Perft benchmarks: move generation speed on the built-in variants.
//!
//! `cargo bench --bench perft` reports the time per perft run; the element
//! throughput is the number of leaves, so criterion prints nodes per second.
//! The seed variants, chess (on one thread and on two), each variant of
//! the README's table shared with Fairy-Stockfish, and chess16 on 16x16
//! (`cargo bench --bench perft -- grand` for one).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_main};
use fairy::geometry::Word;
use fairy::position::{Position, Variant, VariantVisitor};

/// Benchmarks perft of `fen` (or the start position) to `depth` of a built-in
/// variant, with the leaf count as throughput.
fn bench_perft(criterion: &mut Criterion, name: &str, variant: &str, fen: Option<&str>, depth: u32) {
    let Some(variant) = fairy::variants::by_name(variant) else {
        panic!("no built-in variant {variant}");
    };
    let position = match fen {
        Some(fen) => Position::from_fen(variant, fen).unwrap_or_else(|error| panic!("{fen}: {error}")),
        None => variant.start_position(),
    };
    let nodes = position.perft(depth);
    let mut group = criterion.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(name, |bencher| {
        bencher.iter(|| black_box(&position).perft(black_box(depth)))
    });
    group.finish();
}

fn chess(criterion: &mut Criterion) {
    bench_perft(criterion, "chess start d5", "chess", None, 5);
    bench_perft(
        criterion,
        "chess kiwipete d4",
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        4,
    );
}

/// Chess perft 5 from the start on one thread and on two (see
/// `Position::perft_split`): the speed issue's target is 1.8x on two
/// cores.
fn threads(criterion: &mut Criterion) {
    let position = fairy::variants::chess().start_position();
    let depth = 5;
    let nodes = position.perft(depth);
    let mut group = criterion.benchmark_group("perft threads");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    for threads in [1, 2] {
        group.bench_function(format!("chess start d{depth} threads {threads}"), |bencher| {
            bencher.iter(|| black_box(&position).perft_threads(black_box(depth), threads))
        });
    }
    group.finish();
}

fn seed_variants(criterion: &mut Criterion) {
    bench_perft(criterion, "chennis start d6", "chennis", None, 6);
    bench_perft(criterion, "gnu start d6", "gnu", None, 6);
    bench_perft(criterion, "cgnp start d4", "cgnp", None, 4);
}

/// The same variant defined in a file runs on the same compiled tables as
/// the built-in one: the two should time alike.
fn data_defined(criterion: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/variants/gnu.toml");
    let variant = match fairy::variants::load(path) {
        Ok(fairy::position::AnyVariant::Small(variant)) => variant,
        Ok(_) => panic!("gnu.toml is a 5 x 10 board"),
        Err(error) => panic!("{path}: {error}"),
    };
    let start = variant.start_position();
    let mut group = criterion.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(start.perft(6)));
    group.bench_function("gnu.toml start d6", |bencher| {
        bencher.iter(|| black_box(&start).perft(black_box(6)))
    });
    group.finish();
}

/// Perft of a gallery variant's start position, whatever the size of its
/// board.
struct GalleryPerft<'c> {
    criterion: &'c mut Criterion,
    name: String,
    depth: u32,
}

impl VariantVisitor for GalleryPerft<'_> {
    type Output = ();

    fn visit<W: Word>(self, variant: &Variant<W>) {
        let start = variant.start_position();
        let mut group = self.criterion.benchmark_group("perft");
        group.sample_size(10);
        group.throughput(Throughput::Elements(start.perft(self.depth)));
        group.bench_function(&self.name, |bencher| {
            bencher.iter(|| black_box(&start).perft(black_box(self.depth)))
        });
        group.finish();
    }
}

/// The variants of the README's table shared with Fairy-Stockfish, read
/// from the gallery, each a depth below the table's so that a sample stays
/// short.
fn shared_with_fairy_stockfish(criterion: &mut Criterion) {
    let rows = [
        ("capablanca", 4),
        ("makruk", 5),
        ("atomic", 5),
        ("antichess", 5),
        ("3check", 5),
        ("racingkings", 4),
        ("crazyhouse", 5),
        ("placement", 4),
        ("shogi", 4),
        ("minishogi", 5),
        ("xiangqi", 4),
        ("janggi", 4),
        ("grand", 4),
    ];
    for (name, depth) in rows {
        gallery_perft(criterion, name, depth);
    }
}

/// Boards of more than 64 squares without a Fairy-Stockfish row: chess's
/// pieces on 16x16, the largest board, measured against 8x8 chess.
fn large_boards(criterion: &mut Criterion) {
    gallery_perft(criterion, "chess16", 4);
}

/// Perft of the start of the gallery's variant `name` to `depth`.
fn gallery_perft(criterion: &mut Criterion, name: &str, depth: u32) {
    let path = format!("{}/examples/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let variant = fairy::variants::load(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    variant.visit(GalleryPerft {
        criterion,
        name: format!("{name} start d{depth}"),
        depth,
    });
}

/// The harness functions the criterion macros generate.
mod harness {
    #![allow(missing_docs)]
    use super::{chess, data_defined, large_boards, seed_variants, shared_with_fairy_stockfish, threads};
    use criterion::criterion_group;

    criterion_group!(
        benches,
        chess,
        threads,
        seed_variants,
        data_defined,
        shared_with_fairy_stockfish,
        large_boards
    );
}

criterion_main!(harness::benches);
