//! `fairy show`: diagrams of a position.

use std::io::Write;
use std::path::PathBuf;

use fairy::Variant;
use fairy::diagram::{SvgOptions, TextOptions};
use fairy::geometry::Word;
use fairy::position::VariantVisitor;

use crate::{Failure, Start, game};

/// The `show` command.
pub(crate) struct Show<'a, O: Write> {
    pub start: &'a Start,
    pub svg: Option<PathBuf>,
    pub ascii: bool,
    pub out: &'a mut O,
}

impl<O: Write> VariantVisitor for Show<'_, O> {
    type Output = Result<(), Failure>;

    fn visit<W: Word>(self, variant: &Variant<W>) -> Result<(), Failure> {
        let game = game(variant, self.start)?;
        let position = game.position();
        let options = TextOptions { unicode: !self.ascii };
        write!(self.out, "{}", fairy::diagram::text(position, &options))?;
        writeln!(self.out, "FEN: {}", position.fen())?;
        if let Some(path) = self.svg {
            let picture = fairy::diagram::svg(
                position,
                &SvgOptions {
                    show_check: true,
                    ..SvgOptions::default()
                },
            );
            std::fs::write(&path, picture)
                .map_err(|error| Failure::Message(format!("cannot write {}: {error}", path.display())))?;
            writeln!(self.out, "SVG written to {}", path.display())?;
        }
        Ok(())
    }
}
