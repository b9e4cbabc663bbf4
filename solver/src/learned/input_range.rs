//! How far a network's input lies from what it was trained on: the root
//! mean square of the standardised input (about 1 on the training data),
//! and a weight that falls as it grows, so that a component leans on its
//! rules where the network extrapolates.

use super::mlp::Mlp;

/// The root mean square of `input` standardised by `mlp`'s input mean and
/// scale (the training data's); `None` for an input of another length or
/// one that is not finite.
pub fn standardised_rms(mlp: &Mlp, input: &[f32]) -> Option<f64> {
    if input.len() != mlp.inputs() || input.is_empty() {
        return None;
    }
    let sum: f64 = input
        .iter()
        .zip(mlp.in_mean.iter().zip(&mlp.in_scale))
        .map(|(x, (m, s))| f64::from((x - m) / s).powi(2))
        .sum();
    let rms = (sum / input.len() as f64).sqrt();
    rms.is_finite().then_some(rms)
}

/// The weight's fall with the distance (`[solver.ik.learned_legs.range]`):
/// full up to `start_sd`, falling linearly to `floor` at `end_sd` and
/// beyond. `start_sd = 0` (the default): off.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct InputRangeSettings {
    /// The distance (standardised RMS) where the weight starts to fall; 0:
    /// never.
    pub start_sd: f64,
    /// Where it reaches `floor`.
    pub end_sd: f64,
    /// The share of the network's weight left far out of range (0-1).
    pub floor: f64,
}

impl Default for InputRangeSettings {
    fn default() -> Self {
        InputRangeSettings {
            start_sd: 0.0,
            end_sd: 3.0,
            floor: 0.5,
        }
    }
}

impl InputRangeSettings {
    /// The share (`floor` to 1) of the network's weight at `distance`;
    /// 1 when off, `floor` for an unknown distance.
    pub fn share(&self, distance: Option<f64>) -> f64 {
        if self.start_sd <= 0.0 || !self.start_sd.is_finite() {
            return 1.0;
        }
        let floor = self.floor.clamp(0.0, 1.0);
        let Some(d) = distance.filter(|d| d.is_finite()) else {
            return floor;
        };
        let span = (self.end_sd - self.start_sd).max(1e-6);
        let t = ((d - self.start_sd) / span).clamp(0.0, 1.0);
        1.0 - t * (1.0 - floor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_distance_is_the_standardised_rms_and_the_share_falls_with_it() {
        let mut m = Mlp::zeros(&[2, 3, 1]);
        m.in_mean = vec![1.0, -1.0];
        m.in_scale = vec![2.0, 0.5];
        // (3 - 1) / 2 = 1, (-1 - -1) / 0.5 = 0: rms sqrt(1/2).
        let d = standardised_rms(&m, &[3.0, -1.0]).unwrap_or(f64::NAN);
        assert!((d - 0.5f64.sqrt()).abs() < 1e-6, "{d}");
        assert_eq!(standardised_rms(&m, &[3.0]), None);
        assert_eq!(standardised_rms(&m, &[f32::NAN, 0.0]), None);

        let off = InputRangeSettings::default();
        assert_eq!(off.share(Some(100.0)), 1.0);
        let on = InputRangeSettings {
            start_sd: 2.0,
            end_sd: 4.0,
            floor: 0.5,
        };
        assert_eq!(on.share(Some(1.0)), 1.0);
        assert!((on.share(Some(3.0)) - 0.75).abs() < 1e-12);
        assert_eq!(on.share(Some(9.0)), 0.5);
        assert_eq!(on.share(None), 0.5);
    }
}
