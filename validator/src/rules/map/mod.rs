//! The map: links join two spaces (M001) once (M002), the map is one piece (M003) in which
//! every space is linked (M004), and every area has spaces (M005).

pub mod m001_self_link;
pub mod m002_duplicate_link;
pub mod m003_disconnected_map;
pub mod m004_unlinked_space;
pub mod m005_empty_area;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &m001_self_link::CHECK,
    &m002_duplicate_link::CHECK,
    &m003_disconnected_map::CHECK,
    &m004_unlinked_space::CHECK,
    &m005_empty_area::CHECK,
];
