//! A synthetic calibration take from a known skeleton, made the way
//! EVALUATION.md section 1 makes them: bones posed per the pose table, the
//! whole body turned to a heading and placed on the floor, devices at
//! offset and mount, a slow sway about the ankles and optional white noise.

#![allow(dead_code)]

use posewire_body::formats::{CalibrationPose, CalibrationSample, CalibrationTake, TrackerSample};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::yaw_rotation;
use posewire_body::{BodyPose, BodyProfile, Device, Joint, Skeleton, Transform};
use posewire_calibration::poses::bone_rotation;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rand_distr::{Distribution, Normal, UnitSphere};

/// A person, how they wear the devices, and how the take is recorded.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The true body.
    pub truth: BodyProfile,
    /// Heading, degrees.
    pub heading_deg: f64,
    /// Floor position of the pelvis (y ignored).
    pub position: DVec3,
    /// The devices worn.
    pub devices: Vec<Device>,
    /// True offsets, indexed by `Device::index`.
    pub offsets: [DVec3; Device::COUNT],
    /// True mounts, indexed by `Device::index`.
    pub mounts: [DQuat; Device::COUNT],
    /// Order of the pose blocks.
    pub order: [CalibrationPose; 3],
    /// Sway amplitude, degrees, and frequency, Hz.
    pub sway_deg: f64,
    /// Sway frequency, Hz.
    pub sway_hz: f64,
    /// Horizontal axis of the sway (radians from +X) and phase.
    pub sway_axis: f64,
    /// Sway phase, radians.
    pub sway_phase: f64,
    /// Whether to add 1.5 mm / 0.5 degree white noise.
    pub noise: bool,
    /// Samples per block.
    pub samples_per_block: usize,
    /// Seed of the noise.
    pub seed: u64,
}

/// A CMU-like body that differs from the default ratios (shoulders wider,
/// forearm longer relative to the upper arm).
pub fn test_body() -> BodyProfile {
    let mut p = BodyProfile::from_stature(1.72);
    p.body.shoulder_width = 0.375;
    p.body.shoulder_forward = -0.02;
    p.segments.upper_arm = 0.30;
    p.segments.forearm = 0.285;
    p
}

/// A uniformly random point in a ball of radius `r`.
pub fn in_ball(rng: &mut StdRng, r: f64) -> DVec3 {
    loop {
        let v = DVec3::new(
            rng.gen_range(-1.0..1.0),
            rng.gen_range(-1.0..1.0),
            rng.gen_range(-1.0..1.0),
        );
        if v.length_squared() <= 1.0 {
            return r * v;
        }
    }
}

/// A uniformly random rotation.
pub fn random_rotation(rng: &mut StdRng) -> DQuat {
    let q = DQuat::from_xyzw(
        rng.sample(rand_distr::StandardNormal),
        rng.sample(rand_distr::StandardNormal),
        rng.sample(rand_distr::StandardNormal),
        rng.sample(rand_distr::StandardNormal),
    );
    q.normalize()
}

impl Scenario {
    /// A scenario with random mounts and offsets perturbed up to 3 cm
    /// (`hand_unobservable`: whether the hand perturbations may have
    /// components along the bone's x and y, which the poses cannot see).
    pub fn new(seed: u64, heading_deg: f64, position: DVec3, hand_unobservable: bool) -> Scenario {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut offsets = [DVec3::ZERO; Device::COUNT];
        let mut mounts = [DQuat::IDENTITY; Device::COUNT];
        for d in Device::ALL {
            let mut delta = in_ball(&mut rng, 0.03);
            if matches!(d, Device::LeftHand | Device::RightHand) && !hand_unobservable {
                delta.x = 0.0;
                delta.y = 0.0;
            }
            offsets[d.index()] = d.nominal_offset() + delta;
            mounts[d.index()] = random_rotation(&mut rng);
        }
        Scenario {
            truth: test_body(),
            heading_deg,
            position,
            devices: Device::ALL.to_vec(),
            offsets,
            mounts,
            order: [
                CalibrationPose::ForearmsUp,
                CalibrationPose::ArmsDown,
                CalibrationPose::ArmsForward,
            ],
            sway_deg: 0.2 + 0.3 * rng.gen::<f64>(),
            sway_hz: 0.2 + 0.4 * rng.gen::<f64>(),
            sway_axis: rng.gen_range(0.0..std::f64::consts::TAU),
            sway_phase: rng.gen_range(0.0..std::f64::consts::TAU),
            noise: true,
            samples_per_block: 90,
            seed,
        }
    }

    /// Only the head and hands.
    pub fn three_devices(mut self) -> Scenario {
        self.devices = vec![Device::Head, Device::LeftHand, Device::RightHand];
        self
    }

    /// The world pose (without sway) of the body holding `pose`.
    pub fn body_pose(&self, pose: CalibrationPose) -> (Skeleton, BodyPose) {
        let skeleton = Skeleton::from_profile(&self.truth);
        let yaw = yaw_rotation(self.heading_deg.to_radians());
        let b = &self.truth;
        let hip_height = b.body.ankle_height + b.segments.shin + b.segments.thigh;
        let body = BodyPose {
            root: DVec3::new(self.position.x, hip_height, self.position.z),
            rotations: posewire_body::JointMap::from_fn(|j| yaw * bone_rotation(j, pose)),
        };
        (skeleton, body)
    }

    /// The true shoulder joints' distance.
    pub fn shoulder_width(&self) -> f64 {
        let (skeleton, body) = self.body_pose(CalibrationPose::ArmsDown);
        let p = body.positions(&skeleton);
        (p[Joint::LeftShoulder] - p[Joint::RightShoulder]).length()
    }

    /// Where every worn device is (no sway, no noise) while `pose` is
    /// held, and the sway pivot (between the ankles).
    pub fn device_poses(&self, pose: CalibrationPose) -> (Vec<(Device, Transform)>, DVec3) {
        let (skeleton, body) = self.body_pose(pose);
        let joints = body.transforms(&skeleton);
        let pivot = 0.5 * (joints[Joint::LeftAnkle].position + joints[Joint::RightAnkle].position);
        let devices = self
            .devices
            .iter()
            .map(|&device| {
                let bone: Transform = joints[device.bone()];
                let position = bone.transform_point(self.offsets[device.index()]);
                let rotation = bone.rotation * self.mounts[device.index()];
                (device, Transform::new(position, rotation))
            })
            .collect();
        (devices, pivot)
    }

    /// The sway tilt at time `t`.
    pub fn tilt(&self, t: f64) -> DQuat {
        let axis = DVec3::new(self.sway_axis.cos(), 0.0, self.sway_axis.sin());
        DQuat::from_axis_angle(
            axis,
            self.sway_deg.to_radians()
                * (std::f64::consts::TAU * self.sway_hz * t + self.sway_phase).sin(),
        )
    }

    /// One device sample: `pose` swayed at time `t`, with noise if the
    /// scenario has it, and a random quaternion sign.
    pub fn observe(
        &self,
        device: Device,
        pose: Transform,
        pivot: DVec3,
        t: f64,
        rng: &mut StdRng,
    ) -> TrackerSample {
        let pos_noise = Normal::new(0.0, 0.0015).expect("sigma");
        let ang_noise = Normal::new(0.0, 0.5f64.to_radians()).expect("sigma");
        let tilt = self.tilt(t);
        let mut position = pivot + tilt * (pose.position - pivot);
        let mut rotation = tilt * pose.rotation;
        if self.noise {
            position += DVec3::new(
                pos_noise.sample(rng),
                pos_noise.sample(rng),
                pos_noise.sample(rng),
            );
            let a: [f64; 3] = UnitSphere.sample(rng);
            rotation =
                DQuat::from_axis_angle(DVec3::from_array(a), ang_noise.sample(rng)) * rotation;
        }
        if rng.gen_bool(0.5) {
            rotation = -rotation;
        }
        TrackerSample {
            time_s: t,
            device,
            pose: Some(Transform::new(position, rotation.normalize())),
            input: None,
        }
    }

    /// A random number generator for this scenario's noise.
    pub fn rng(&self) -> StdRng {
        StdRng::seed_from_u64(self.seed ^ 0x5eed)
    }

    /// The take: the blocks back to back at 90 Hz.
    pub fn take(&self) -> CalibrationTake {
        let mut rng = self.rng();
        let mut samples = Vec::new();
        let mut k = 0usize;
        for pose in self.order {
            let (devices, pivot) = self.device_poses(pose);
            for _ in 0..self.samples_per_block {
                let t = k as f64 / 90.0;
                k += 1;
                for &(device, at) in &devices {
                    samples.push(CalibrationSample {
                        held: pose,
                        sample: self.observe(device, at, pivot, t, &mut rng),
                    });
                }
            }
        }
        CalibrationTake {
            samples,
            invalid: Default::default(),
        }
    }
}
