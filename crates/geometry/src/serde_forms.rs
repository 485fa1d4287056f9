//! The forms in which geometry types read and write with serde: each goes
//! through the checks of the type's constructor.

use serde::{Deserialize, Serialize};

use crate::{BoardSize, Coord, File, Geometry, Rank};

/// A [`Geometry`] as a definition file writes it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GeometryForm {
    files: u8,
    ranks: u8,
    #[serde(default)]
    cylinder: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    net: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    grid: Option<(u8, u8)>,
}

impl TryFrom<GeometryForm> for Geometry {
    type Error = String;

    fn try_from(form: GeometryForm) -> Result<Geometry, String> {
        let size = BoardSize::new(form.files, form.ranks).map_err(|error| error.to_string())?;
        let mut geometry = Geometry::new(size);
        if form.cylinder {
            geometry = geometry.with_cylinder();
        }
        if let Some((files, ranks)) = form.grid {
            geometry = geometry.with_grid(files, ranks).map_err(|error| error.to_string())?;
        }
        if let Some(rank) = form.net {
            geometry = geometry.with_net(rank).map_err(|error| error.to_string())?;
        }
        Ok(geometry)
    }
}

impl From<Geometry> for GeometryForm {
    fn from(geometry: Geometry) -> GeometryForm {
        GeometryForm {
            files: geometry.size().files(),
            ranks: geometry.size().ranks(),
            cylinder: geometry.is_cylinder(),
            net: geometry.net().map(|net| net.rank_below()),
            grid: geometry.grid().map(|grid| (grid.cell_files(), grid.cell_ranks())),
        }
    }
}

impl TryFrom<u8> for File {
    type Error = String;

    fn try_from(index: u8) -> Result<File, String> {
        File::new(index).ok_or_else(|| format!("file index {index} is beyond the 16 files a board may have"))
    }
}

impl From<File> for u8 {
    fn from(file: File) -> u8 {
        file.index()
    }
}

impl TryFrom<u8> for Rank {
    type Error = String;

    fn try_from(index: u8) -> Result<Rank, String> {
        Rank::new(index).ok_or_else(|| format!("rank index {index} is beyond the 16 ranks a board may have"))
    }
}

impl From<Rank> for u8 {
    fn from(rank: Rank) -> u8 {
        rank.index()
    }
}

impl TryFrom<String> for Coord {
    type Error = String;

    fn try_from(name: String) -> Result<Coord, String> {
        name.parse().map_err(|error: crate::ParseCoordError| error.to_string())
    }
}

impl From<Coord> for String {
    fn from(coord: Coord) -> String {
        coord.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_geometry_is_checked_as_its_constructors_check_it() {
        let form = |files, ranks, net, grid| GeometryForm {
            files,
            ranks,
            cylinder: false,
            net,
            grid,
        };
        assert!(Geometry::try_from(form(8, 8, None, Some((0, 0)))).is_err());
        assert!(Geometry::try_from(form(0, 0, None, None)).is_err());
        assert!(Geometry::try_from(form(7, 7, Some(7), None)).is_err());
        assert!(Geometry::try_from(form(7, 7, Some(0), None)).is_err());
        let chennis = Geometry::try_from(form(7, 7, Some(4), None)).unwrap();
        assert_eq!(chennis.net().map(|net| net.rank_below()), Some(4));
        assert_eq!(GeometryForm::from(chennis).net, Some(4));
        assert!(File::try_from(16).is_err());
        assert!(Rank::try_from(200).is_err());
        assert!(Coord::try_from("z9".to_string()).is_err());
    }
}
