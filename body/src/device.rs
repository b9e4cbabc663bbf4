//! The six kinds of tracked device a take may carry (FORMATS.md section 1).

use std::fmt;

use glam::DVec3;

use crate::joint::Joint;

/// A tracked device, named by where it is worn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Device {
    /// The headset.
    Head,
    /// The left-hand controller.
    LeftHand,
    /// The right-hand controller.
    RightHand,
    /// A tracker on the pelvis (belt).
    Pelvis,
    /// A tracker on the left foot.
    LeftFoot,
    /// A tracker on the right foot.
    RightFoot,
}

impl Device {
    /// Number of device kinds.
    pub const COUNT: usize = 6;

    /// Every device, in file order.
    pub const ALL: [Device; Device::COUNT] = [
        Device::Head,
        Device::LeftHand,
        Device::RightHand,
        Device::Pelvis,
        Device::LeftFoot,
        Device::RightFoot,
    ];

    /// Index into `ALL`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name used in files.
    pub const fn name(self) -> &'static str {
        match self {
            Device::Head => "head",
            Device::LeftHand => "left_hand",
            Device::RightHand => "right_hand",
            Device::Pelvis => "pelvis",
            Device::LeftFoot => "left_foot",
            Device::RightFoot => "right_foot",
        }
    }

    /// Parses a file name; `None` for anything else.
    pub fn from_name(name: &str) -> Option<Device> {
        Device::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The bone the device is strapped to.
    pub const fn bone(self) -> Joint {
        match self {
            Device::Head => Joint::Head,
            Device::LeftHand => Joint::LeftWrist,
            Device::RightHand => Joint::RightWrist,
            Device::Pelvis => Joint::Pelvis,
            Device::LeftFoot => Joint::LeftAnkle,
            Device::RightFoot => Joint::RightAnkle,
        }
    }

    /// The usual place of the device on its bone, in the bone frame (x left,
    /// y up, z forward at rest), metres (EVALUATION.md section 1 item 4).
    /// Calibration starts from it and keeps it where the poses reveal nothing.
    pub fn nominal_offset(self) -> DVec3 {
        match self {
            Device::Head => DVec3::new(0.0, 0.08, 0.10),
            Device::LeftHand => DVec3::new(0.08, -0.02, 0.0),
            Device::RightHand => DVec3::new(-0.08, -0.02, 0.0),
            Device::Pelvis => DVec3::new(0.0, 0.05, -0.12),
            Device::LeftFoot | Device::RightFoot => DVec3::new(0.0, 0.04, 0.08),
        }
    }
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A small set of devices (which devices a take carries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DeviceSet(u8);

impl DeviceSet {
    /// No device.
    pub const EMPTY: DeviceSet = DeviceSet(0);

    /// The evaluation's standard sets: 3 (head + hands), 4 (+ pelvis) or 6
    /// (+ feet). `None` for any other count.
    pub fn standard(count: usize) -> Option<DeviceSet> {
        let devices: &[Device] = match count {
            3 => &[Device::Head, Device::LeftHand, Device::RightHand],
            4 => &[
                Device::Head,
                Device::LeftHand,
                Device::RightHand,
                Device::Pelvis,
            ],
            6 => &Device::ALL,
            _ => return None,
        };
        Some(devices.iter().copied().collect())
    }

    /// Adds a device.
    pub fn insert(&mut self, device: Device) {
        self.0 |= 1 << device.index();
    }

    /// Whether the set holds the device.
    pub fn contains(self, device: Device) -> bool {
        self.0 & (1 << device.index()) != 0
    }

    /// How many devices the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The devices in file order.
    pub fn iter(self) -> impl Iterator<Item = Device> {
        Device::ALL.into_iter().filter(move |d| self.contains(*d))
    }
}

impl FromIterator<Device> for DeviceSet {
    fn from_iter<I: IntoIterator<Item = Device>>(iter: I) -> Self {
        let mut set = DeviceSet::EMPTY;
        for d in iter {
            set.insert(d);
        }
        set
    }
}
