//! Attributes a game declares (game.ron `attributes`): each declared soundly (A003), each
//! value an entity carries declared for its kind (A001) and of its type and range (A002).
//! The ids `Ref` attributes name are R002's, through the reference walk. A value an entity takes
//! under a ruleset must fit the field it changes (A004).

pub mod a001_undeclared_attribute;
pub mod a002_attribute_value;
pub mod a003_bad_attribute_declaration;
pub mod a004_value_under_ruleset;
pub mod judge;

use super::check::Check;

pub const CHECKS: &[&Check] = &[
    &a001_undeclared_attribute::CHECK,
    &a002_attribute_value::CHECK,
    &a003_bad_attribute_declaration::CHECK,
    &a004_value_under_ruleset::CHECK,
];
