//! Orbat's language server: the validator's findings, navigation, completion and fixes for
//! game folders, in any editor that speaks LSP.
//!
//! Data flows one way: texts (open buffers over the files on disk) -> [`analysis`] (the
//! validator's loading and checks, the id [`index`]) -> [`features`] -> LSP messages
//! ([`server`]).

pub mod analysis;
pub mod context;
pub mod convert;
pub mod features;
pub mod index;
pub mod kinds;
pub mod position;
pub mod reuse;
pub mod schema_fields;
pub mod server;
pub mod timing;
pub mod uri;
pub mod workspace;
