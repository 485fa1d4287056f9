//! The malformed-input corpus, `tests/data/malformed.txt`, read for the
//! tests that feed it to the library and to the `fairy` tool.

#![allow(dead_code, clippy::unwrap_used)] // test helpers may unwrap

/// The corpus: (kind, input) pairs.
pub fn corpus() -> Vec<(String, String)> {
    include_str!("../data/malformed.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (kind, escaped) = line.split_once('\t').unwrap();
            let mut text = String::new();
            let mut chars = escaped.chars();
            while let Some(c) = chars.next() {
                match (c, c == '\\') {
                    (_, true) => match chars.next() {
                        Some('n') => text.push('\n'),
                        Some('t') => text.push('\t'),
                        Some(other) => text.push(other),
                        None => {}
                    },
                    (c, false) => text.push(c),
                }
            }
            (kind.to_owned(), text)
        })
        .collect()
}

/// The inputs of the corpus of one of `kinds`.
pub fn inputs(kinds: &[&str]) -> Vec<String> {
    corpus()
        .into_iter()
        .filter(|(kind, _)| kinds.contains(&kind.as_str()))
        .map(|(_, text)| text)
        .collect()
}
