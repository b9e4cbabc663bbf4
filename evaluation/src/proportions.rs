//! Bodies of other proportions: a BVH clip's skeleton with its segment
//! lengths rescaled per region (trunk against legs, ankle height, shoulder
//! and hip width, arm length) while every joint angle of the motion is
//! kept. The root's translation is scaled with the pelvis height and the
//! clip re-grounded so the feet meet the floor where the original's did;
//! the synthetic devices then follow the altered body.

use posewire_body::bvh::cmu::CmuMap;
use posewire_body::bvh::{Bvh, BvhError, Channel};
use posewire_body::glam::DVec3;
use posewire_body::Joint;
use serde::Serialize;

/// The smallest and largest factor accepted for any ratio.
pub const FACTOR_RANGE: (f64, f64) = (0.5, 2.0);
/// The percentile of the lowest foot point over a clip's frames that is
/// kept where the original's was when re-grounding.
pub const GROUND_PERCENTILE: f64 = 0.05;

/// Segment ratios relative to the clip's own skeleton (1 = unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Proportions {
    /// Trunk length (hip joints to head) over leg length (hip to ankle), as a
    /// factor of the original's ratio; the standing height (ankle to head)
    /// is kept.
    pub trunk_leg: f64,
    /// Scale of the foot (ankle to toe and the toe's end): the ankle's
    /// height above the floor.
    pub ankle: f64,
    /// Scale of each shoulder's distance from the clavicle (shoulder width).
    pub shoulders: f64,
    /// Scale of the hips' sideways distance from the pelvis (hip width).
    pub hips: f64,
    /// Scale of the arms below the shoulder (upper arm, forearm, hand).
    pub arms: f64,
}

impl Default for Proportions {
    fn default() -> Self {
        Proportions {
            trunk_leg: 1.0,
            ankle: 1.0,
            shoulders: 1.0,
            hips: 1.0,
            arms: 1.0,
        }
    }
}

/// Why a proportions setting or an alteration was refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ProportionsError {
    /// An item is not `NAME=FACTOR`.
    #[error(
        "proportions: `{item}` is not NAME=FACTOR (names: trunk-leg, ankle, shoulders, hips, arms)"
    )]
    Syntax {
        /// The item.
        item: String,
    },
    /// An unknown ratio name.
    #[error(
        "proportions: unknown ratio `{name}` (known: trunk-leg, ankle, shoulders, hips, arms)"
    )]
    Unknown {
        /// The name given.
        name: String,
    },
    /// A factor that is not a number in [`FACTOR_RANGE`].
    #[error("proportions: `{name}` = `{value}` is not a number from 0.5 to 2")]
    Factor {
        /// The ratio.
        name: String,
        /// The value given.
        value: String,
    },
    /// The same ratio named twice.
    #[error("proportions: `{name}` is given twice")]
    Repeated {
        /// The ratio.
        name: String,
    },
    /// The clip's skeleton cannot be mapped or measured.
    #[error("proportions: {0}")]
    Skeleton(String),
}

impl From<BvhError> for ProportionsError {
    fn from(e: BvhError) -> Self {
        ProportionsError::Skeleton(e.to_string())
    }
}

impl std::str::FromStr for Proportions {
    type Err = ProportionsError;

    /// Parses `trunk-leg=0.85,ankle=1.2` (comma separated; unnamed ratios
    /// stay 1).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut p = Proportions::default();
        let mut seen: Vec<&str> = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .map(|(n, v)| (n.trim(), v.trim()))
                .ok_or_else(|| ProportionsError::Syntax {
                    item: item.to_string(),
                })?;
            let slot = match name {
                "trunk-leg" => &mut p.trunk_leg,
                "ankle" => &mut p.ankle,
                "shoulders" => &mut p.shoulders,
                "hips" => &mut p.hips,
                "arms" => &mut p.arms,
                _ => {
                    return Err(ProportionsError::Unknown {
                        name: name.to_string(),
                    })
                }
            };
            if seen.contains(&name) {
                return Err(ProportionsError::Repeated {
                    name: name.to_string(),
                });
            }
            seen.push(name);
            let factor: f64 = value.parse().map_err(|_| ProportionsError::Factor {
                name: name.to_string(),
                value: value.to_string(),
            })?;
            if !(FACTOR_RANGE.0..=FACTOR_RANGE.1).contains(&factor) {
                return Err(ProportionsError::Factor {
                    name: name.to_string(),
                    value: value.to_string(),
                });
            }
            *slot = factor;
        }
        Ok(p)
    }
}

impl std::fmt::Display for Proportions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let items: Vec<String> = [
            ("trunk-leg", self.trunk_leg),
            ("ankle", self.ankle),
            ("shoulders", self.shoulders),
            ("hips", self.hips),
            ("arms", self.arms),
        ]
        .iter()
        .filter(|(_, v)| *v != 1.0)
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
        if items.is_empty() {
            f.write_str("unaltered")
        } else {
            f.write_str(&items.join(","))
        }
    }
}

/// Which ratio scales a BVH joint's offset (the segment from its parent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Region {
    /// The root: not scaled (its translation is handled apart).
    Root,
    /// Pelvis to head, clavicles included.
    Trunk,
    /// Hip to ankle.
    Leg,
    /// Ankle to toe and beyond.
    Foot,
    /// The pelvis-to-hip segment: its sideways part scales with the hips,
    /// its vertical part with the trunk.
    HipWidth,
    /// Clavicle to shoulder.
    Shoulder,
    /// Below the shoulder.
    Arm,
}

impl Proportions {
    /// A body drawn for `clip` and `seed`: every ratio uniform in
    /// `1 +- spread` (`spread` clamped to 0..0.5), from its own stream, so
    /// the same clip and seed always give the same body.
    pub fn drawn(seed: u64, clip: &str, spread: f64) -> Proportions {
        let s = spread.clamp(0.0, 0.5);
        if s == 0.0 {
            return Proportions::default();
        }
        let mut rng = crate::random::stream(seed, &[clip, "training", "proportions"]);
        let mut draw = || rand::Rng::gen_range(&mut rng, 1.0 - s..=1.0 + s);
        Proportions {
            trunk_leg: draw(),
            ankle: draw(),
            shoulders: draw(),
            hips: draw(),
            arms: draw(),
        }
    }

    /// Whether every ratio is 1.
    pub fn is_identity(&self) -> bool {
        *self == Proportions::default()
    }

    /// The clip with this body: segment offsets rescaled, root translation
    /// scaled with the pelvis height, re-grounded. Channels, frame count
    /// and frame time are unchanged; the identity returns the clip as is.
    pub fn apply(&self, bvh: &Bvh) -> Result<Bvh, ProportionsError> {
        if self.is_identity() {
            return Ok(bvh.clone());
        }
        let map = CmuMap::new(bvh)?;
        let regions = regions(bvh, &map);
        let rest: Vec<DVec3> = bvh
            .rest_world_transforms()
            .into_iter()
            .map(|t| t.position)
            .collect();
        let y = |j: Joint| rest[map.bvh_joint(j)].y;
        let hip_y = 0.5 * (y(Joint::LeftHip) + y(Joint::RightHip));
        let ankle_y = 0.5 * (y(Joint::LeftAnkle) + y(Joint::RightAnkle));
        let trunk = y(Joint::Head) - hip_y;
        let leg = hip_y - ankle_y;
        if !(trunk > 0.0 && leg > 0.0) {
            return Err(ProportionsError::Skeleton(
                "the rest skeleton's head is not above its hips, or its hips above its ankles"
                    .to_string(),
            ));
        }
        // Keep trunk + leg: s_t * T + s_l * L = T + L with s_t = r * s_l.
        let leg_scale = (trunk + leg) / (self.trunk_leg * trunk + leg);
        let trunk_scale = self.trunk_leg * leg_scale;
        let body_inverse = map.body_rotation().inverse();
        let body = map.body_rotation();
        let mut out = bvh.clone();
        for (joint, region) in out.joints.iter_mut().zip(&regions) {
            joint.offset = match region.0 {
                Region::Root => joint.offset,
                Region::Trunk => joint.offset * trunk_scale,
                Region::Leg => joint.offset * leg_scale,
                Region::Foot => joint.offset * self.ankle,
                Region::Shoulder => joint.offset * self.shoulders,
                Region::Arm => joint.offset * self.arms,
                Region::HipWidth => {
                    // Sideways (the body's left axis) by the hip width; the
                    // drop from the pelvis to the hips is part of the trunk.
                    let local = body_inverse * joint.offset;
                    body * DVec3::new(local.x * self.hips, local.y * trunk_scale, local.z)
                }
            };
            if let Some(end) = joint.end_site {
                joint.end_site = Some(match region.1 {
                    Region::Trunk => end * trunk_scale,
                    Region::Leg => end * leg_scale,
                    Region::Foot => end * self.ankle,
                    Region::Arm => end * self.arms,
                    _ => end,
                });
            }
        }
        let old_height = -lowest_foot_point(bvh, &map, &bvh.rest_world_transforms());
        let new_height = -lowest_foot_point(&out, &map, &out.rest_world_transforms());
        if !(old_height > 0.0 && new_height > 0.0) {
            return Err(ProportionsError::Skeleton(
                "the rest skeleton's feet are not below its root".to_string(),
            ));
        }
        let k = new_height / old_height;
        let slots = root_position_slots(bvh);
        for values in &mut out.frames {
            for slot in slots.iter().flatten() {
                if let Some(v) = values.get_mut(*slot) {
                    *v *= k;
                }
            }
        }
        if let Some(y_slot) = slots[1] {
            let lift = ground_height(bvh, &map) - ground_height(&out, &map);
            for values in &mut out.frames {
                if let Some(v) = values.get_mut(y_slot) {
                    *v += lift;
                }
            }
        }
        Ok(out)
    }
}

/// The slots of the root's X, Y and Z position channels in a frame.
fn root_position_slots(bvh: &Bvh) -> [Option<usize>; 3] {
    let mut slots = [None; 3];
    if let Some(root) = bvh.joints.first() {
        for (k, c) in root.channels.iter().enumerate() {
            match c {
                Channel::Xposition => slots[0] = Some(k),
                Channel::Yposition => slots[1] = Some(k),
                Channel::Zposition => slots[2] = Some(k),
                _ => {}
            }
        }
    }
    slots
}

/// The lowest point of either foot (ankles, toes, the toes' end sites) in
/// one frame's world transforms, file units.
fn lowest_foot_point(bvh: &Bvh, map: &CmuMap, world: &[posewire_body::Transform]) -> f64 {
    let mut lowest = f64::INFINITY;
    for j in [
        Joint::LeftAnkle,
        Joint::RightAnkle,
        Joint::LeftToe,
        Joint::RightToe,
    ] {
        let i = map.bvh_joint(j);
        if let Some(t) = world.get(i) {
            lowest = lowest.min(t.position.y);
        }
        if let Some(end) = bvh.end_site_position(world, i) {
            lowest = lowest.min(end.y);
        }
    }
    lowest
}

/// The [`GROUND_PERCENTILE`] of the lowest foot point over every frame.
fn ground_height(bvh: &Bvh, map: &CmuMap) -> f64 {
    let mut world = Vec::with_capacity(bvh.joints.len());
    let mut lows: Vec<f64> = (0..bvh.frame_count())
        .map(|f| {
            bvh.world_transforms_into(f, &mut world);
            lowest_foot_point(bvh, map, &world)
        })
        .filter(|v| v.is_finite())
        .collect();
    if lows.is_empty() {
        return 0.0;
    }
    lows.sort_by(f64::total_cmp);
    let x = GROUND_PERCENTILE * (lows.len() - 1) as f64;
    let (i, a) = (x.floor() as usize, x.fract());
    let j = (i + 1).min(lows.len() - 1);
    lows[i] + (lows[j] - lows[i]) * a
}

/// Per BVH joint: the region of its offset and of its end site.
fn regions(bvh: &Bvh, map: &CmuMap) -> Vec<(Region, Region)> {
    let mut canonical: Vec<Option<Joint>> = vec![None; bvh.joints.len()];
    for j in Joint::ALL {
        if let Some(slot) = canonical.get_mut(map.bvh_joint(j)) {
            *slot = Some(j);
        }
    }
    // Whether a joint has a hip below it.
    let mut above_hip = vec![false; bvh.joints.len()];
    for hip in [map.left_hip(), map.right_hip()] {
        let mut at = bvh.joints.get(hip).and_then(|j| j.parent);
        while let Some(i) = at {
            above_hip[i] = true;
            at = bvh.joints.get(i).and_then(|j| j.parent);
        }
    }
    // The region a child segment of joint `i` belongs to.
    let mut below: Vec<Region> = Vec::with_capacity(bvh.joints.len());
    let mut out = Vec::with_capacity(bvh.joints.len());
    for (i, joint) in bvh.joints.iter().enumerate() {
        let parent_below = joint.parent.and_then(|p| below.get(p).copied());
        let own = match (joint.parent, canonical[i]) {
            (None, _) => Region::Root,
            (_, Some(Joint::LeftHip | Joint::RightHip)) => Region::HipWidth,
            (
                _,
                Some(Joint::LeftKnee | Joint::RightKnee | Joint::LeftAnkle | Joint::RightAnkle),
            ) => Region::Leg,
            (_, Some(Joint::LeftToe | Joint::RightToe)) => Region::Foot,
            (_, Some(Joint::LeftShoulder | Joint::RightShoulder)) => Region::Shoulder,
            (
                _,
                Some(Joint::LeftElbow | Joint::RightElbow | Joint::LeftWrist | Joint::RightWrist),
            ) => Region::Arm,
            _ if above_hip[i] => Region::HipWidth,
            _ => parent_below.unwrap_or(Region::Trunk),
        };
        let child = match canonical[i] {
            Some(Joint::LeftAnkle | Joint::RightAnkle | Joint::LeftToe | Joint::RightToe) => {
                Region::Foot
            }
            Some(Joint::LeftHip | Joint::RightHip | Joint::LeftKnee | Joint::RightKnee) => {
                Region::Leg
            }
            Some(
                Joint::LeftShoulder
                | Joint::RightShoulder
                | Joint::LeftElbow
                | Joint::RightElbow
                | Joint::LeftWrist
                | Joint::RightWrist,
            ) => Region::Arm,
            Some(_) => Region::Trunk,
            None => match own {
                Region::Root | Region::HipWidth | Region::Shoulder => Region::Trunk,
                r => r,
            },
        };
        below.push(child);
        out.push((own, child));
    }
    out
}

#[cfg(test)]
#[path = "proportions_tests.rs"]
mod tests;
