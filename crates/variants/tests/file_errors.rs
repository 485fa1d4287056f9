//! Variant files: every error names its key, in one line.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

const VALID: &str = r#"
name = "knights"
files = 5
ranks = 5
start = "1nkn1/5/5/5/1NKN1 w - - 0 1"

[[piece]]
letter = "K"
betza = "K"
royal = true

[[piece]]
letter = "N"
primitive = "knight"
"#;

fn error(text: &str) -> String {
    let message = fairy_variants::from_toml(text).unwrap_err().to_string();
    assert!(!message.contains('\n'), "{message}");
    message
}

#[test]
fn the_valid_file_compiles() {
    let variant = fairy_variants::from_toml(VALID).unwrap();
    assert_eq!(variant.name(), "knights");
    assert_eq!((variant.size().files(), variant.size().ranks()), (5, 5));
}

#[test]
fn errors_name_their_key() {
    let cases = [
        (VALID.replace("name = \"knights\"\n", ""), "missing field `name`"),
        (VALID.replace("files = 5", "files = 17"), "files: a board of 17 files"),
        (VALID.replace("files = 5", "files = \"five\""), "(files = \"five\")"),
        (
            VALID.replace("files = 5", "files = 5\nfiels = 5"),
            "unknown field `fiels`",
        ),
        (
            VALID.replace("betza = \"K\"", "betza = \"KX\""),
            "piece[0].betza: Betza character 'X' at position 2",
        ),
        (
            VALID.replace("primitive = \"knight\"", "primitive = \"nightrider\""),
            "piece[1].primitive: unknown movement \"nightrider\"",
        ),
        (
            VALID.replace("primitive = \"knight\"", "primitive = \"knight\"\nbetza = \"N\""),
            "piece[1]: give the movement as either",
        ),
        (
            VALID.replace("letter = \"N\"", "letter = \"NN\""),
            "(letter = \"NN\"): invalid value",
        ),
        (
            VALID.replace("letter = \"N\"", "letter = \"n\""),
            "piece letter 'n' is not an upper-case ASCII letter",
        ),
        (
            VALID.replace("royal = true", "royal = true\nnet = \"sometimes\""),
            "unknown variant `sometimes`",
        ),
        (format!("net = 9\n{VALID}"), "net: a net above rank 9"),
        (
            format!("grid = [0, 2]\n{VALID}"),
            "grid: grid cells must be at least 1 x 1",
        ),
        (
            format!("net = 0\n{VALID}"),
            "net: a net above rank 0: ranks are numbered from 1",
        ),
        (
            VALID.replace(
                "start = \"1nkn1/5/5/5/1NKN1 w - - 0 1\"",
                "start = \"1nkn1/5/5/5/1NKQ1 w - - 0 1\"",
            ),
            "start position: piece letter 'Q' on d1",
        ),
        (
            format!(
                "{VALID}\n[[castling]]\nletter = \"K\"\nking_from = \"c1\"\nking_to = \"z9\"\nrook = \"N\"\nrook_from = \"d1\"\nrook_to = \"b1\""
            ),
            "castling[0].king_to: square name \"z9\"",
        ),
        (
            format!("{VALID}\n[[arrival]]\npiece = \"K\"\nsquares = [\"e9\"]"),
            "arrival zone of 'K': square e9 is not on the board",
        ),
        (
            format!("{VALID}\n[[arrival]]\npiece = \"Q\"\nranks = [5]"),
            "a winning arrival names piece letter 'Q'",
        ),
        ("name = \"unclosed".to_string(), "TOML parse error at line 1"),
    ];
    for (text, expected) in cases {
        let message = error(&text);
        assert!(message.contains(expected), "expected {expected:?} in {message:?}");
    }
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let message = fairy_variants::load("/nonexistent/variant.toml")
        .unwrap_err()
        .to_string();
    assert!(message.starts_with("/nonexistent/variant.toml: "), "{message}");
}
