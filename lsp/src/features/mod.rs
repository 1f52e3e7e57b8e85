//! The requests the server answers, one module each.

pub mod actions;
pub mod complete;
pub mod hover;
pub mod navigate;
pub mod symbols;
