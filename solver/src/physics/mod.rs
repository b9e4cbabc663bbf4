//! The physics avatar (issue 4): a simulated body on rapier3d that follows
//! the devices through force arrays while it collides with the floor, the
//! scene and other avatars.
//!
//! - [`world`]: one world, the floor, a [`scene`], any number of avatars.
//! - [`avatar`]: the simulated body of one person (segments, shapes,
//!   limited joints with implicit motors, a residual root spring).
//! - [`joint_frames`]: each joint's anatomical axes and ranges.
//! - [`force_array`]: one torque per joint degree of freedom plus the root.
//! - [`inverse_dynamics`]: tracking the `ik` reference, gravity compensation.
//! - [`floating_feet`]: the lower reference foot put down while both float
//!   under a head that does not rise.
//! - [`grounded`]: the reference's feet on the floor (off by default).
//! - [`effectors`]: end-effector springs on the head, hands and feet.
//! - [`leg_support`]: the weight through the stance legs, at every
//!   physics substep (off by default).
//! - [`whole_body`]: inverse-dynamics tracking with an unactuated floating
//!   base at every substep, on [`articulated`] (the body's `M` and `h`),
//!   [`contact_qp`] (contact forces in friction cones) and [`dense`], its
//!   stepping [`whole_body_step`], both sharing `leg_task` (a leg solved
//!   for its foot's acceleration) (off by default).
//! - [`contact_filter`]: the contacts a real body does not have.
//! - [`controller`]: one avatar's control loop and what a frame reports;
//!   [`links`]: ghost hands and the camera link; [`reaction`]: the body's
//!   state (tracking, staggering, fallen, getting up) and its assist;
//!   [`avoid`]: bodies that step aside to pass each other;
//!   [`contact_impulses`]: what hits a body (objects, tools, other bodies).
//! - [`remote`]: bodies simulated by another node, as kinematic capsules.
//! - [`remote_contacts`]: how local avatars and remote bodies touch.
//! - [`remote_objects`]: objects of another node, as kinematic copies.
//! - [`stepping_balance`]: a self-supporting body that balances by
//!   stepping, at the torque level (what recovers a push on the chest);
//!   [`simbicon_legs`]: it drives the live avatar's legs (off by default),
//!   with a bounded residual on the pelvis ([`legs_residual`], off) and
//!   the person's knee bend and pelvis tilt ([`legs_posture`], off) and
//!   the swing foot aimed at the person's next footfall ([`landing_plan`],
//!   off).

pub mod articulated;
pub mod avoid;
pub mod balance;
pub mod contact_filter;
pub mod contact_impulses;
pub mod contact_qp;
pub mod controller;
pub mod convert;
pub mod dense;
pub mod effectors;
pub mod floating_feet;
pub mod force_array;
pub mod get_up;
pub mod grab;
pub mod grab_trials;
pub mod grip;
pub mod grounded;
pub mod hold_wrists;
pub mod hull;
pub mod inverse_dynamics;
pub mod joint_frames;
pub mod landing_plan;
pub mod leg_support;
mod leg_task;
pub mod legs_posture;
pub mod legs_residual;
pub mod links;
pub mod locomotion;
pub mod objects;
pub mod reaction;
pub mod remote;
pub mod remote_contacts;
pub mod remote_objects;
pub mod scene;
pub mod scene_objects;
pub mod sim_avatar;
pub mod simbicon_gains;
pub mod simbicon_legs;
pub mod stepping_balance;
pub mod tool;
pub mod trials;
mod vectors;
pub mod walk_gait;
pub mod whole_body;
pub mod whole_body_dcm;
#[cfg(test)]
mod whole_body_one_foot;
pub mod whole_body_qp;
#[cfg(test)]
mod whole_body_realised;
pub mod whole_body_step;
pub mod world;

pub use controller::{AvatarController, PhysicsFrame, PhysicsSettings, PhysicsSolver};
pub use force_array::ForceArray;
pub use objects::{ObjectError, ObjectId, ObjectShape, ObjectSpec, ObjectState};
pub use reaction::{BodyState, Reaction, ReactionCounts};
pub use scene::Scene;
pub use world::{AvatarId, PhysicsWorld, WorldSettings};
