//! Millimetres and points, and the colour type: the leaf every drawing module shares.

/// Points per millimetre.
pub const PT: f32 = 72.0 / 25.4;

/// A colour, each channel from 0 to 1.
pub type Rgb = (f32, f32, f32);
