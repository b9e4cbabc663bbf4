//! The gains, timing and quiet-stance thresholds of the stepping
//! controller.

/// Gains and timing of [`SteppingBalance`](super::SteppingBalance), tuned
/// for a 1.75 m, 70 kg person (measured from 1.55 to 1.95 m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SteppingSettings {
    /// Stiffness of the torso's orientation PD, N m/rad.
    pub torso_kp: f64,
    /// Damping of the torso's orientation PD, N m s/rad.
    pub torso_kd: f64,
    /// Stiffness of the swing thigh's orientation PD, N m/rad.
    pub hip_kp: f64,
    /// Damping of the swing thigh's orientation PD, N m s/rad.
    pub hip_kd: f64,
    /// Stiffness of the knees' PD, N m/rad.
    pub knee_kp: f64,
    /// Damping of the knees' PD, N m s/rad.
    pub knee_kd: f64,
    /// Stiffness of the feet's orientation PD (flat on the floor, facing
    /// the heading), N m/rad.
    pub ankle_kp: f64,
    /// Damping of the feet's orientation PD, N m s/rad (explicit: above
    /// twice a free foot's inertia over the time step it is unstable).
    pub ankle_kd: f64,
    /// Strongest hip torque the posture may ask for, N m (the velocity
    /// damping through the stance leg comes on top).
    pub hip_max: f64,
    /// Strongest knee torque the posture may ask for, N m.
    pub knee_max: f64,
    /// Strongest ankle torque the posture may ask for, N m.
    pub ankle_max: f64,
    /// Time of one step, s.
    pub step_time_s: f64,
    /// A step that has not landed ends after this many step times.
    pub step_timeout: f64,
    /// A swing foot counts as landed when it touches the floor with its
    /// ankle at most this far above the ankle's standing height, metres.
    pub landed_height_m: f64,
    /// Time over which the weight moves onto a landed foot, s.
    pub weight_shift_s: f64,
    /// Swing thigh's forward angle at rest, rad.
    pub swing_forward_rad: f64,
    /// Swing thigh's outward angle at rest, rad.
    pub swing_out_rad: f64,
    /// Feedback on the centre of mass's offset ahead of the stance ankle,
    /// rad/m.
    pub forward_offset_gain: f64,
    /// Feedback on its forward velocity, rad/(m/s).
    pub forward_velocity_gain: f64,
    /// Feedback on its offset to the side, rad/m.
    pub side_offset_gain: f64,
    /// Feedback on its sideways velocity, rad/(m/s).
    pub side_velocity_gain: f64,
    /// Feedback on the integral of the forward velocity, rad/m.
    pub forward_drift_gain: f64,
    /// Feedback on the integral of the sideways velocity, rad/m.
    pub side_drift_gain: f64,
    /// Bound of each integral, m.
    pub drift_limit_m: f64,
    /// Largest forward or backward swing thigh angle, rad (a longer step
    /// vaults the body over a stiff landing leg).
    pub swing_forward_max_rad: f64,
    /// Swing knee's bend during the first half of a step, rad.
    pub swing_knee_rad: f64,
    /// Stance knee's bend, rad.
    pub stance_knee_rad: f64,
    /// Virtual force against the centre of mass's horizontal velocity,
    /// N/(m/s), through the stance leg.
    pub velocity_damping: f64,
    /// Stop stepping once the body is calm, and stand on both feet until
    /// the capture point leaves them (false: step in place throughout).
    pub quiet_stance: bool,
    /// Standing: stiffness of the centre of mass's horizontal PD, N/m.
    pub stand_kp: f64,
    /// Standing: damping of the centre of mass's horizontal PD, N s/m.
    pub stand_kd: f64,
    /// Standing: how far ahead of the ankles the centre of mass is held, m.
    pub stand_ahead_m: f64,
    /// Standing: share of the torso's roll PD the hips still give (the
    /// rest of their roll torque sways the legs sideways).
    pub stand_roll_share: f64,
    /// Time constant of the low-pass filter on the horizontal velocity
    /// that judges calm (the stepping sways from foot to foot), s.
    pub calm_filter_s: f64,
    /// The body counts as calm while that filtered speed stays below this,
    /// m/s.
    pub calm_speed: f64,
    /// A landing after this long calm starts a quiet stance, s.
    pub calm_time_s: f64,
    /// Standing ends when the capture point passes this far ahead of the
    /// foremost ankle, m.
    pub stand_toe_m: f64,
    /// Standing ends when the capture point passes this far behind the
    /// rearmost ankle, m.
    pub stand_heel_m: f64,
    /// Standing ends when the capture point passes this far beyond either
    /// outer ankle, m.
    pub stand_side_m: f64,
    /// Standing ends (and does not start) while the pelvis is turned this
    /// far from upright and its heading, rad.
    pub stand_turn_max_rad: f64,
    /// With a home ([`SteppingBalance::set_home`](super::SteppingBalance::set_home)):
    /// the velocity the placement aims for is the offset from home times
    /// this, 1/s (toward home), in place of standing still.
    pub home_rate_per_s: f64,
    /// With a home: the largest speed toward it, m/s.
    pub home_speed_m_s: f64,
    /// With a home: a standing body leans toward it, its centre of mass
    /// moved from over the feet by its offset up to this, m.
    pub home_lean_m: f64,
    /// With a home: a calm standing body this far from it steps, m.
    pub home_leave_m: f64,
    /// With a home: the body stands again only within this of it, m.
    pub home_arrive_m: f64,
}

impl Default for SteppingSettings {
    fn default() -> Self {
        SteppingSettings {
            torso_kp: 1710.0,
            torso_kd: 78.8,
            hip_kp: 514.0,
            hip_kd: 98.3,
            knee_kp: 781.0,
            knee_kd: 11.6,
            ankle_kp: 157.0,
            ankle_kd: 0.893,
            hip_max: 326.0,
            knee_max: 400.0,
            ankle_max: 150.0,
            step_time_s: 0.331,
            step_timeout: 1.06,
            landed_height_m: 0.02,
            weight_shift_s: 0.125,
            swing_forward_rad: 0.25,
            swing_out_rad: 0.063,
            forward_offset_gain: 1.07,
            forward_velocity_gain: 0.917,
            side_offset_gain: 0.155,
            side_velocity_gain: 0.497,
            forward_drift_gain: 0.218,
            side_drift_gain: 0.012,
            drift_limit_m: 0.472,
            swing_forward_max_rad: 0.5,
            swing_knee_rad: 0.638,
            stance_knee_rad: 0.22,
            velocity_damping: 160.0,
            quiet_stance: false,
            stand_kp: 2000.0,
            stand_kd: 500.0,
            stand_ahead_m: 0.04,
            stand_roll_share: 0.3,
            calm_filter_s: 0.5,
            calm_speed: 0.1,
            calm_time_s: 0.6,
            stand_toe_m: 0.12,
            stand_heel_m: 0.04,
            stand_side_m: 0.03,
            stand_turn_max_rad: 0.05,
            home_rate_per_s: 1.0,
            home_speed_m_s: 0.3,
            home_lean_m: 0.04,
            home_leave_m: 0.15,
            home_arrive_m: 0.1,
        }
    }
}
