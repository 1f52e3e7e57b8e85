//! Fitting the spaces to a new backdrop: from two points on the old image and the two
//! matching points on the new one, the scale and shift that carry every space across. No
//! egui.
//!
//! One scale for both axes by default (a map redrawn or rescanned keeps its proportions): the
//! least-squares fit of the two pairs, which is exact when they agree; pairs that would also
//! turn the map are refused, as a fit never rotates. Separate x and y scales are offered for
//! an image stretched on one axis: each is then exact, and needs points apart on both axes.

use orbat_validator::model::MapFile;

/// The pairs differ by more than this angle: not a shift and scale (degrees).
const MAX_TURN: f32 = 5.0;

/// A point on an image, in its pixels (map units).
pub type Point = [f32; 2];

/// The change from old map units to new ones: `new = old * scale + shift`, per axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub scale: [f32; 2],
    pub shift: [f32; 2],
}

impl Fit {
    /// From two points on the old image (`old`) and where they are on the new one (`new`);
    /// `separate` scales x and y each on its own. The message says what to change.
    pub fn from_pairs(old: [Point; 2], new: [Point; 2], separate: bool) -> Result<Fit, String> {
        let finite = old.iter().chain(&new).flatten().all(|v| v.is_finite());
        if !finite {
            return Err("every coordinate must be a number".into());
        }
        let d = [old[1][0] - old[0][0], old[1][1] - old[0][1]];
        let e = [new[1][0] - new[0][0], new[1][1] - new[0][1]];
        let (dd, ee) = (d[0] * d[0] + d[1] * d[1], e[0] * e[0] + e[1] * e[1]);
        if dd < 1e-6 {
            return Err(
                "the two points on the old image are the same: pick two points far apart".into(),
            );
        }
        if ee < 1e-6 {
            return Err(
                "the two points on the new image are the same: pick the two points matching \
                 the old ones"
                    .into(),
            );
        }
        let scale = if separate {
            if d[0].abs() < 1e-3 || d[1].abs() < 1e-3 {
                return Err(
                    "separate x and y scales need two points apart both across and down (these \
                     share a coordinate): pick others, or use one scale"
                        .into(),
                );
            }
            [e[0] / d[0], e[1] / d[1]]
        } else {
            let turn = (d[0] * e[1] - d[1] * e[0])
                .atan2(d[0] * e[0] + d[1] * e[1])
                .to_degrees();
            if turn.abs() > MAX_TURN {
                return Err(format!(
                    "the pairs turn the map by {:.0}°, and a fit only shifts and scales: check \
                     that each new point is the one matching its old point",
                    turn.abs()
                ));
            }
            let s = (d[0] * e[0] + d[1] * e[1]) / dd;
            [s, s]
        };
        if scale.iter().any(|s| *s <= 0.0) {
            return Err(
                "the new points lie in the opposite order of the old ones (the map would be \
                 mirrored): check that each new point matches its old point"
                    .into(),
            );
        }
        // the shift that carries the pairs' midpoints onto each other (exact for each pair
        // when the scale is)
        let mid = |p: [Point; 2], a: usize| (p[0][a] + p[1][a]) / 2.0;
        let shift = [
            mid(new, 0) - mid(old, 0) * scale[0],
            mid(new, 1) - mid(old, 1) * scale[1],
        ];
        Ok(Fit { scale, shift })
    }

    /// Where an old point goes, rounded to a tenth of a unit as the map tools round.
    pub fn apply(&self, p: Point) -> Point {
        let f = |a: usize| ((p[a] * self.scale[a] + self.shift[a]) * 10.0).round() / 10.0;
        [f(0), f(1)]
    }

    /// Every space's new position, by index (for `Edit::MoveSpaces`).
    pub fn moves(&self, map: &MapFile) -> Vec<(usize, Point)> {
        map.spaces
            .iter()
            .enumerate()
            .map(|(i, s)| (i, self.apply([s.x, s.y])))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Fit;

    #[test]
    fn two_pairs_give_the_scale_and_shift_that_carry_them() {
        // the image doubled and moved 100 right, 50 down
        let fit = Fit::from_pairs(
            [[10.0, 20.0], [110.0, 220.0]],
            [[120.0, 90.0], [320.0, 490.0]],
            false,
        )
        .unwrap();
        assert_eq!(fit.scale, [2.0, 2.0]);
        assert_eq!(fit.shift, [100.0, 50.0]);
        assert_eq!(fit.apply([10.0, 20.0]), [120.0, 90.0]);
        assert_eq!(fit.apply([110.0, 220.0]), [320.0, 490.0]);
        assert_eq!(fit.apply([0.0, 0.0]), [100.0, 50.0]);
    }

    #[test]
    fn separate_scales_stretch_each_axis() {
        let fit = Fit::from_pairs(
            [[0.0, 0.0], [100.0, 100.0]],
            [[0.0, 0.0], [300.0, 150.0]],
            true,
        )
        .unwrap();
        assert_eq!(fit.scale, [3.0, 1.5]);
        assert_eq!(fit.apply([10.0, 10.0]), [30.0, 15.0]);
        // one scale refuses what is not a scale: it would turn the map
        let e = Fit::from_pairs(
            [[0.0, 0.0], [100.0, 100.0]],
            [[0.0, 0.0], [300.0, 150.0]],
            false,
        )
        .unwrap_err();
        assert!(e.contains("turn the map"), "{e}");
    }

    #[test]
    fn degenerate_pairs_say_what_to_pick() {
        let same_old = Fit::from_pairs([[5.0, 5.0], [5.0, 5.0]], [[0.0, 0.0], [9.0, 9.0]], false);
        assert!(same_old.unwrap_err().contains("old image are the same"));
        let same_new = Fit::from_pairs([[0.0, 0.0], [9.0, 9.0]], [[5.0, 5.0], [5.0, 5.0]], false);
        assert!(same_new.unwrap_err().contains("new image are the same"));
        let level = Fit::from_pairs([[0.0, 5.0], [9.0, 5.0]], [[0.0, 5.0], [18.0, 5.0]], true);
        assert!(level.unwrap_err().contains("apart both across and down"));
        let mirrored = Fit::from_pairs([[0.0, 0.0], [10.0, 0.0]], [[10.0, 0.0], [0.0, 0.0]], false);
        assert!(mirrored.unwrap_err().contains("turn the map"));
        let flipped = Fit::from_pairs([[0.0, 0.0], [10.0, 10.0]], [[0.0, 10.0], [10.0, 0.0]], true);
        assert!(flipped.unwrap_err().contains("mirrored"));
        let nan = Fit::from_pairs(
            [[f32::NAN, 0.0], [1.0, 1.0]],
            [[0.0, 0.0], [1.0, 1.0]],
            false,
        );
        assert!(nan.unwrap_err().contains("number"));
    }
}
