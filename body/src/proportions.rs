//! Default body proportions from a standing height.
//!
//! Ratios of stature H from Drillis and Contini (1966), "Body segment
//! parameters", Report 1166-03, New York University, as reproduced in
//! D. A. Winter, *Biomechanics and Motor Control of Human Movement*, 4th ed.
//! (2009), figure 4.1: shoulder height 0.818 H, upper arm 0.186 H, forearm
//! 0.146 H, thigh 0.245 H (hip 0.530 H to knee 0.285 H), shin 0.246 H (knee to
//! ankle 0.039 H), foot length 0.152 H, chin 0.870 H. Joint-centre widths are
//! narrower than the figure's outer breadths (shoulder breadth 0.259 H, hip
//! breadth 0.191 H): shoulder joint centres sit about 0.04 H inside each
//! acromion, hip joint centres about half the hip breadth apart (Bell, Pedersen
//! and Brand 1990 place each hip centre about 0.14 of the inter-ASIS width
//! medially of the ASIS). The skull base (the `head` joint) sits a little
//! above the chin, at about 0.89 H.

/// Floor to the `head` joint (skull base), per stature.
pub const HEAD_HEIGHT: f64 = 0.89;
/// Floor to the shoulder joints, per stature.
pub const SHOULDER_HEIGHT: f64 = 0.818;
/// Between the shoulder joint centres, per stature.
pub const SHOULDER_WIDTH: f64 = 0.21;
/// Between the hip joint centres, per stature.
pub const HIP_WIDTH: f64 = 0.10;
/// Shoulder to elbow, per stature.
pub const UPPER_ARM: f64 = 0.186;
/// Elbow to wrist, per stature.
pub const FOREARM: f64 = 0.146;
/// Hip to knee, per stature.
pub const THIGH: f64 = 0.245;
/// Knee to ankle, per stature.
pub const SHIN: f64 = 0.246;
/// Floor to the ankle joint, per stature.
pub const ANKLE_HEIGHT: f64 = 0.039;
/// Ankle to the ball of the foot (half the foot length), per stature.
pub const FOOT: f64 = 0.076;
/// Neck base to skull base, per stature (chin 0.870 H less the shoulder's
/// 0.818 H, plus the skull base above the chin).
pub const NECK: f64 = 0.10;
/// Body mass index used for a default mass when none is known (kg/m^2).
pub const DEFAULT_BMI: f64 = 22.5;

/// Floor to the hip joints, per stature (the legs' ratios summed).
pub const HIP_HEIGHT: f64 = ANKLE_HEIGHT + SHIN + THIGH;
/// Hip centre to neck base, per stature.
pub const TRUNK: f64 = HEAD_HEIGHT - NECK - HIP_HEIGHT;

/// Share of the trunk (hip centre to neck base) below the `spine` joint.
pub const LUMBAR_SHARE: f64 = 0.5;
/// Share of the trunk between `spine` and `chest`.
pub const THORACIC_SHARE: f64 = 0.25;
