//! Variants whose board size is known only at run time.

use fairy_geometry::{BoardSize, U256, Word};

use crate::{Legality, Variant, VariantError, VariantSpec};

/// Code to run on a variant of any word size: implemented once, generic
/// over the word, and called by [`AnyVariant::visit`] with the right one.
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, Geometry, Word};
/// use fairy_movement::Movement;
/// use fairy_position::{AnyVariant, PieceSpec, Variant, VariantSpec, VariantVisitor};
///
/// struct StartMoves;
///
/// impl VariantVisitor for StartMoves {
///     type Output = usize;
///     fn visit<W: Word>(self, variant: &Variant<W>) -> usize {
///         variant.start_position().legal_moves().len()
///     }
/// }
///
/// // A 12 x 12 board needs a 256-bit word; the visitor does not care.
/// let board = Geometry::new(BoardSize::new(12, 12)?);
/// let start = "k11/12/12/12/12/12/12/12/12/12/12/11K w - - 0 1";
/// let spec = VariantSpec::new("big", board, start).piece(PieceSpec::new('K', "king", Movement::king()).royal());
/// let variant = AnyVariant::new(spec)?;
/// assert_eq!(variant.visit(StartMoves), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait VariantVisitor {
    /// What the visit returns.
    type Output;

    /// Runs on the variant.
    fn visit<W: Word>(self, variant: &Variant<W>) -> Self::Output;
}

/// A variant compiled for the smallest square-set word its board fits:
/// `u64` up to 64 squares, `u128` up to 128, [`U256`] beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyVariant {
    /// A board of up to 64 squares.
    Small(Variant<u64>),
    /// A board of 65 to 128 squares.
    Medium(Variant<u128>),
    /// A board of 129 to 256 squares.
    Large(Variant<U256>),
}

impl AnyVariant {
    /// Compiles a definition with the smallest word that holds its board.
    ///
    /// # Errors
    ///
    /// The [`VariantError`] of [`Variant::new`].
    pub fn new(spec: VariantSpec) -> Result<AnyVariant, VariantError> {
        AnyVariant::compile(spec, None)
    }

    /// Compiles a definition with a given legality strategy (see
    /// [`Variant::with_legality`]).
    ///
    /// # Errors
    ///
    /// The [`VariantError`] of [`Variant::with_legality`].
    pub fn with_legality(spec: VariantSpec, legality: Legality) -> Result<AnyVariant, VariantError> {
        AnyVariant::compile(spec, Some(legality))
    }

    fn compile(spec: VariantSpec, legality: Option<Legality>) -> Result<AnyVariant, VariantError> {
        let squares = spec.geometry.size().square_count();
        Ok(if squares <= 64 {
            AnyVariant::Small(Variant::compile(spec, legality)?)
        } else if squares <= 128 {
            AnyVariant::Medium(Variant::compile(spec, legality)?)
        } else {
            AnyVariant::Large(Variant::compile(spec, legality)?)
        })
    }

    /// Runs `visitor` on the variant, whatever its word.
    pub fn visit<V: VariantVisitor>(&self, visitor: V) -> V::Output {
        match self {
            AnyVariant::Small(variant) => visitor.visit(variant),
            AnyVariant::Medium(variant) => visitor.visit(variant),
            AnyVariant::Large(variant) => visitor.visit(variant),
        }
    }

    /// The definition it was compiled from.
    pub fn spec(&self) -> &VariantSpec {
        match self {
            AnyVariant::Small(variant) => variant.spec(),
            AnyVariant::Medium(variant) => variant.spec(),
            AnyVariant::Large(variant) => variant.spec(),
        }
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.spec().name
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.spec().geometry.size()
    }
}
