//! The compiled look-at chain (radians, indices) and its working state.

use glam::{DMat3, DQuat, DVec3};

use super::config::{JointConfig, LookAtConfig, LookAtConfigError, RuleSchedule, FREE_AXIS};
use crate::transform::Transform;

/// One rotation axis of a compiled joint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChainAxis {
    /// Unit axis in the parent frame.
    pub axis: DVec3,
    /// Smallest angle, radians.
    pub min_rad: f64,
    /// Largest angle, radians.
    pub max_rad: f64,
}

/// One compiled joint.
#[derive(Debug, Clone, PartialEq)]
pub struct ChainJoint {
    /// The joint's name from the configuration.
    pub name: String,
    /// Rest offset to the next joint (or the gaze origin), in this bone's frame.
    pub offset: DVec3,
    /// The axes, outermost first.
    pub axes: Vec<ChainAxis>,
    /// Index of the first axis in the flat angle array.
    pub first_angle: usize,
    /// For 2-3 axes: the rotation taking x, y, z onto the axes (the third
    /// completed or sign-fixed to a right-handed frame), for decomposition.
    pub(crate) basis: DQuat,
    /// +1 or -1: the third basis vector is `sign * axes[2]`.
    pub(crate) third_sign: f64,
}

/// Which rotation an entry uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AxisChoice {
    /// One axis (index into the joint's axes).
    Axis(usize),
    /// All the joint's axes (shortest arc, decomposed).
    Free,
}

/// A compiled phase entry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AimEntry {
    /// The turning joint.
    pub joint: usize,
    /// Its axis or free.
    pub axis: AxisChoice,
    /// The bone whose axis is aimed.
    pub bone: usize,
    /// The aimed axis in that bone's frame (unit).
    pub bone_axis: DVec3,
    /// Largest share of the full rotation.
    pub fraction: f64,
    /// Largest rotation, radians.
    pub max_rad: f64,
}

/// One compiled roll entry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RollShare {
    /// Flat angle index of the axis.
    pub(crate) index: usize,
    /// +1 if the axis points along the gaze axis, -1 if against it.
    pub(crate) sign: f64,
    /// Largest share of the remaining roll.
    pub(crate) fraction: f64,
    /// Largest roll angle, radians.
    pub(crate) max_rad: f64,
}

/// A look-at chain ready to solve: see the module documentation.
#[derive(Debug, Clone, PartialEq)]
pub struct LookAtChain {
    pub(crate) joints: Vec<ChainJoint>,
    pub(crate) angle_count: usize,
    pub(crate) gaze_axis: DVec3,
    /// The end joint's roll axis (flat angle index, sign) when its last axis
    /// lies along the gaze axis.
    pub(crate) roll: Option<(usize, f64)>,
    /// The roll shares, in order, before phase 1.
    pub(crate) roll_shares: Vec<RollShare>,
    pub(crate) phase1: Vec<AimEntry>,
    pub(crate) phase2: Vec<AimEntry>,
    pub(crate) passes: u32,
    pub(crate) tolerance_rad: f64,
    pub(crate) phase3: bool,
    pub(crate) schedule: RuleSchedule,
    pub(crate) behind_band_rad: f64,
}

/// Working buffers and the previous solution; reuse one per chain so a
/// solve does not allocate.
#[derive(Debug, Clone, Default)]
pub struct LookAtState {
    pub(crate) angles: Vec<f64>,
    pub(crate) hint: Vec<f64>,
    pub(crate) has_hint: bool,
    pub(crate) local: Vec<DQuat>,
    pub(crate) world: Vec<Transform>,
}

impl LookAtState {
    /// Sizes the buffers for `chain` (allocates only when they do not fit).
    pub(crate) fn fit(&mut self, chain: &LookAtChain) {
        let n = chain.joints.len();
        if self.angles.len() != chain.angle_count || self.local.len() != n {
            self.angles = vec![0.0; chain.angle_count];
            self.hint = vec![0.0; chain.angle_count];
            self.has_hint = false;
            self.local = vec![DQuat::IDENTITY; n];
            self.world = vec![Transform::IDENTITY; n];
        }
    }

    /// Forgets the previous solution (the next solve has no side to keep
    /// when a target is behind).
    pub fn reset(&mut self) {
        self.has_hint = false;
        self.hint.iter_mut().for_each(|h| *h = 0.0);
    }

    /// The axis angles of the last solve, radians, joint by joint in axis
    /// order (flat; see [`LookAtChain::angle_range`]).
    pub fn angles(&self) -> &[f64] {
        &self.angles
    }
}

/// A configuration error at `key`.
fn bad(key: String, reason: &str) -> LookAtConfigError {
    LookAtConfigError::Invalid {
        source_name: "look-at config".to_string(),
        key,
        reason: reason.to_string(),
    }
}

/// Checks the chain-wide settings; returns the unit gaze axis.
fn check_settings(config: &LookAtConfig) -> Result<DVec3, LookAtConfigError> {
    if config.joints.is_empty() {
        return Err(bad("joints".into(), "the chain needs at least one joint"));
    }
    let gaze = vec3(config.gaze_axis);
    if !gaze.is_finite() || gaze.length() < 1e-9 {
        return Err(bad("gaze_axis".into(), "must be a finite non-zero vector"));
    }
    if !(config.tolerance_deg.is_finite() && config.tolerance_deg > 0.0) {
        return Err(bad("tolerance_deg".into(), "must be a positive number"));
    }
    if config.passes > 1000 {
        return Err(bad("passes".into(), "at most 1000"));
    }
    let band = config.behind_hysteresis_deg;
    if !(band.is_finite() && (0.0..90.0).contains(&band)) {
        return Err(bad(
            "behind_hysteresis_deg".into(),
            "must be in 0..90 degrees",
        ));
    }
    Ok(gaze.normalize())
}

/// The chain's joints, checked, and how many angles they have in all.
fn compile_joints(config: &LookAtConfig) -> Result<(Vec<ChainJoint>, usize), LookAtConfigError> {
    let mut joints: Vec<ChainJoint> = Vec::with_capacity(config.joints.len());
    let mut angle_count = 0;
    for (j, jc) in config.joints.iter().enumerate() {
        if jc.name.is_empty() || joints.iter().any(|o| o.name == jc.name) {
            return Err(bad(
                format!("joints[{j}].name"),
                "must be non-empty and unique",
            ));
        }
        let offset = vec3(jc.offset);
        if !offset.is_finite() {
            return Err(bad(format!("joints[{j}].offset"), "must be finite"));
        }
        let axes = compile_axes(j, jc)?;
        let (basis, third_sign) = basis_of(&axes);
        joints.push(ChainJoint {
            name: jc.name.clone(),
            offset,
            first_angle: angle_count,
            axes,
            basis,
            third_sign,
        });
        angle_count += jc.axes.len();
    }
    Ok((joints, angle_count))
}

/// Joint `j`'s axes, checked: one to three, named, mutually perpendicular,
/// with limits on either side of zero.
fn compile_axes(j: usize, jc: &JointConfig) -> Result<Vec<ChainAxis>, LookAtConfigError> {
    if jc.axes.is_empty() || jc.axes.len() > 3 {
        return Err(bad(
            format!("joints[{j}].axes"),
            "a joint has one to three axes",
        ));
    }
    let mut axes: Vec<ChainAxis> = Vec::with_capacity(jc.axes.len());
    for (k, ac) in jc.axes.iter().enumerate() {
        let akey = |s: &str| format!("joints[{j}].axes[{k}].{s}");
        if ac.name.is_empty()
            || ac.name == FREE_AXIS
            || jc.axes[..k].iter().any(|o| o.name == ac.name)
        {
            return Err(bad(
                akey("name"),
                "must be non-empty, unique and not `free`",
            ));
        }
        let a = vec3(ac.axis);
        if !a.is_finite() || a.length() < 1e-9 {
            return Err(bad(akey("axis"), "must be a finite non-zero vector"));
        }
        let a = a.normalize();
        if axes.iter().any(|o| o.axis.dot(a).abs() > 1e-6) {
            return Err(bad(
                akey("axis"),
                "the axes of one joint must be mutually perpendicular",
            ));
        }
        if !(ac.min_deg.is_finite() && ac.min_deg <= 0.0) {
            return Err(bad(akey("min_deg"), "must be finite and at most 0"));
        }
        if !(ac.max_deg.is_finite() && ac.max_deg >= 0.0) {
            return Err(bad(akey("max_deg"), "must be finite and at least 0"));
        }
        axes.push(ChainAxis {
            axis: a,
            min_rad: ac.min_deg.to_radians(),
            max_rad: ac.max_deg.to_radians(),
        });
    }
    Ok(axes)
}

/// Checks a share of a rotation: a fraction in 0..=1 and a finite limit.
fn check_share(
    fraction: f64,
    max_deg: f64,
    key: &dyn Fn(&str) -> String,
) -> Result<(), LookAtConfigError> {
    if !(fraction.is_finite() && (0.0..=1.0).contains(&fraction)) {
        return Err(bad(key("fraction"), "must be in 0..=1"));
    }
    if !(max_deg.is_finite() && max_deg >= 0.0) {
        return Err(bad(key("max_deg"), "must be finite and at least 0"));
    }
    Ok(())
}

/// The compiled joints, to resolve the names the phases and roll entries
/// give.
struct Names<'a> {
    config: &'a LookAtConfig,
    joints: &'a [ChainJoint],
}

impl Names<'_> {
    fn joint(&self, name: &str, key: String) -> Result<usize, LookAtConfigError> {
        self.joints
            .iter()
            .position(|jt| jt.name == name)
            .ok_or_else(|| bad(key, "no joint of that name"))
    }

    fn axis(&self, joint: usize, name: &str, key: String) -> Result<AxisChoice, LookAtConfigError> {
        if name == FREE_AXIS {
            return Ok(AxisChoice::Free);
        }
        self.config.joints[joint]
            .axes
            .iter()
            .position(|a| a.name == name)
            .map(AxisChoice::Axis)
            .ok_or_else(|| bad(key, "not an axis of that joint (nor `free`)"))
    }

    /// Phase 1: each joint aims a bone at or after it.
    fn phase1(&self) -> Result<Vec<AimEntry>, LookAtConfigError> {
        let mut phase1 = Vec::with_capacity(self.config.phase1.len());
        for (i, e) in self.config.phase1.iter().enumerate() {
            let key = |s: &str| format!("phase1[{i}].{s}");
            let joint = self.joint(&e.joint, key("joint"))?;
            let axis = self.axis(joint, &e.axis, key("axis"))?;
            let bone = self.joint(&e.bone, key("bone"))?;
            if bone < joint {
                return Err(bad(
                    key("bone"),
                    "the bone comes before the joint in the chain, so the joint cannot turn it",
                ));
            }
            let bone_axis = vec3(e.bone_axis);
            if !bone_axis.is_finite() || bone_axis.length() < 1e-9 {
                return Err(bad(key("bone_axis"), "must be a finite non-zero vector"));
            }
            check_share(e.fraction, e.max_deg, &key)?;
            phase1.push(AimEntry {
                joint,
                axis,
                bone,
                bone_axis: bone_axis.normalize(),
                fraction: e.fraction,
                max_rad: e.max_deg.to_radians(),
            });
        }
        Ok(phase1)
    }

    /// Phase 2: each joint aims the end joint's gaze.
    fn phase2(&self, gaze_axis: DVec3) -> Result<Vec<AimEntry>, LookAtConfigError> {
        let last = self.joints.len() - 1;
        let mut phase2 = Vec::with_capacity(self.config.phase2.len());
        for (i, e) in self.config.phase2.iter().enumerate() {
            let key = |s: &str| format!("phase2[{i}].{s}");
            let joint = self.joint(&e.joint, key("joint"))?;
            let axis = self.axis(joint, &e.axis, key("axis"))?;
            check_share(e.fraction, e.max_deg, &key)?;
            phase2.push(AimEntry {
                joint,
                axis,
                bone: last,
                bone_axis: gaze_axis,
                fraction: e.fraction,
                max_rad: e.max_deg.to_radians(),
            });
        }
        Ok(phase2)
    }

    /// The roll entries: axes along the gaze taking a share of the roll
    /// (the end joint's own roll axis, `roll`, takes the rest).
    fn roll_shares(
        &self,
        gaze_axis: DVec3,
        roll: Option<(usize, f64)>,
    ) -> Result<Vec<RollShare>, LookAtConfigError> {
        let mut roll_shares: Vec<RollShare> = Vec::with_capacity(self.config.roll.len());
        for (i, e) in self.config.roll.iter().enumerate() {
            let key = |s: &str| format!("roll[{i}].{s}");
            let joint = self.joint(&e.joint, key("joint"))?;
            let k = match self.axis(joint, &e.axis, key("axis"))? {
                AxisChoice::Axis(k) => k,
                AxisChoice::Free => {
                    return Err(bad(key("axis"), "a roll entry names one axis, not `free`"))
                }
            };
            check_share(e.fraction, e.max_deg, &key)?;
            let d = self.joints[joint].axes[k].axis.dot(gaze_axis);
            if d.abs() < 1.0 - 1e-9 {
                return Err(bad(key("axis"), "must lie along the gaze axis"));
            }
            let index = self.joints[joint].first_angle + k;
            if roll.is_some_and(|(r, _)| r == index) {
                return Err(bad(
                    key("axis"),
                    "the end joint's roll axis takes what the roll entries leave; do not list it",
                ));
            }
            if roll_shares.iter().any(|r| r.index == index) {
                return Err(bad(key("axis"), "this axis is listed twice"));
            }
            roll_shares.push(RollShare {
                index,
                sign: d.signum(),
                fraction: e.fraction,
                max_rad: e.max_deg.to_radians(),
            });
        }
        Ok(roll_shares)
    }
}

fn vec3(v: [f64; 3]) -> DVec3 {
    DVec3::from_array(v)
}

impl LookAtChain {
    /// Compiles and checks a configuration (errors name the key at fault).
    pub fn from_config(config: &LookAtConfig) -> Result<LookAtChain, LookAtConfigError> {
        let gaze_axis = check_settings(config)?;
        let (joints, angle_count) = compile_joints(config)?;
        let names = Names {
            config,
            joints: &joints,
        };
        let phase1 = names.phase1()?;
        let phase2 = names.phase2(gaze_axis)?;
        let end = &joints[joints.len() - 1];
        let roll = end.axes.last().and_then(|a| {
            let d = a.axis.dot(gaze_axis);
            (d.abs() > 1.0 - 1e-9).then_some((end.first_angle + end.axes.len() - 1, d.signum()))
        });
        let roll_shares = names.roll_shares(gaze_axis, roll)?;
        let band = config.behind_hysteresis_deg;
        Ok(LookAtChain {
            joints,
            angle_count,
            gaze_axis,
            roll,
            roll_shares,
            phase1,
            phase2,
            passes: config.passes,
            tolerance_rad: config.tolerance_deg.to_radians(),
            phase3: config.phase3,
            schedule: config.rule,
            behind_band_rad: band.to_radians(),
        })
    }

    /// A fresh state sized for this chain.
    pub fn new_state(&self) -> LookAtState {
        let mut s = LookAtState::default();
        s.fit(self);
        s
    }

    /// The joints, root first.
    pub fn joints(&self) -> &[ChainJoint] {
        &self.joints
    }

    /// Index of the joint called `name`.
    pub fn joint_index(&self, name: &str) -> Option<usize> {
        self.joints.iter().position(|j| j.name == name)
    }

    /// Where joint `joint`'s axis angles sit in the flat angle array.
    pub fn angle_range(&self, joint: usize) -> std::ops::Range<usize> {
        self.joints
            .get(joint)
            .map_or(0..0, |j| j.first_angle..j.first_angle + j.axes.len())
    }

    /// The gaze axis in the end bone's frame.
    pub fn gaze_axis(&self) -> DVec3 {
        self.gaze_axis
    }

    /// The axis behind flat angle `index` (an index the chain made itself).
    pub(crate) fn axis_of(&self, index: usize) -> ChainAxis {
        self.joints
            .iter()
            .find(|j| (j.first_angle..j.first_angle + j.axes.len()).contains(&index))
            .and_then(|j| j.axes.get(index - j.first_angle))
            .copied()
            .unwrap_or(ChainAxis {
                axis: DVec3::Z,
                min_rad: 0.0,
                max_rad: 0.0,
            })
    }

    /// Whether angle `index` is held at its roll share (free turns and
    /// phase 3 leave it as set).
    pub(crate) fn holds(&self, index: usize) -> bool {
        self.roll.is_some_and(|(i, _)| i == index)
            || self.roll_shares.iter().any(|r| r.index == index)
    }

    /// Whether the end joint can apply a head roll (its last axis lies along
    /// the gaze axis).
    pub fn supports_roll(&self) -> bool {
        self.roll.is_some()
    }

    /// The local rotation of joint `joint` for its axis angles `angles`
    /// (the product of the per-axis rotations, outermost first).
    pub fn local_rotation(&self, joint: usize, angles: &[f64]) -> DQuat {
        let Some(j) = self.joints.get(joint) else {
            return DQuat::IDENTITY;
        };
        let mut q = DQuat::IDENTITY;
        for (a, &t) in j.axes.iter().zip(&angles[j.first_angle..]) {
            q *= DQuat::from_axis_angle(a.axis, t);
        }
        q
    }

    /// Recomputes local and world transforms from joint `from` outward.
    pub(crate) fn forward(&self, state: &mut LookAtState, root: &Transform, from: usize) {
        for j in from..self.joints.len() {
            let local = self.local_rotation(j, &state.angles);
            state.local[j] = local;
            state.world[j] = if j == 0 {
                Transform::new(root.position, (root.rotation * local).normalize())
            } else {
                let p = state.world[j - 1];
                Transform::new(
                    p.transform_point(self.joints[j - 1].offset),
                    (p.rotation * local).normalize(),
                )
            };
        }
    }

    /// The rotation of joint `j`'s parent frame in the world.
    pub(crate) fn parent_rotation(&self, state: &LookAtState, root: &Transform, j: usize) -> DQuat {
        if j == 0 {
            root.rotation
        } else {
            state.world[j - 1].rotation
        }
    }

    /// Splits a local rotation of joint `j` into its axis angles (exact for
    /// three axes; for two, the rotation about their cross product is
    /// dropped; for one, the twist about it).
    pub(crate) fn decompose(&self, j: usize, local: DQuat, out: &mut [f64]) {
        let joint = &self.joints[j];
        match joint.axes.len() {
            1 => {
                let a = joint.axes[0].axis;
                let v = DVec3::new(local.x, local.y, local.z);
                out[0] = wrap(2.0 * v.dot(a).atan2(local.w));
            }
            n => {
                let r = joint.basis.inverse() * local * joint.basis;
                let (x, y, z) = r.to_euler(glam::EulerRot::XYZ);
                out[0] = x;
                out[1] = y;
                if n == 3 {
                    out[2] = joint.third_sign * z;
                }
            }
        }
    }
}

/// The basis rotation of a joint's axes and the sign of its third vector.
fn basis_of(axes: &[ChainAxis]) -> (DQuat, f64) {
    if axes.len() < 2 {
        return (DQuat::IDENTITY, 1.0);
    }
    let a = axes[0].axis;
    let b = axes[1].axis;
    let c = a.cross(b);
    let (third, sign) = match axes.get(2) {
        Some(t) if t.axis.dot(c) < 0.0 => (-t.axis, -1.0),
        Some(t) => (t.axis, 1.0),
        None => (c, 1.0),
    };
    (
        DQuat::from_mat3(&DMat3::from_cols(a, b, third)).normalize(),
        sign,
    )
}

/// An angle wrapped into (-pi, pi].
pub(crate) fn wrap(a: f64) -> f64 {
    let t = std::f64::consts::TAU;
    let w = a - t * (a / t).round();
    if w <= -std::f64::consts::PI {
        w + t
    } else {
        w
    }
}
