//! The byte layout of each record's payload (little-endian throughout; see
//! docs/TAKES.md). Encoding refuses values that must not be stored;
//! decoding reports what it could not read.

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, ControllerInput, Device, Joint, JointMap, Touch, Transform};

use crate::hand_record::{decode_hands, encode_hands, plausible_hands, HAND_TRACKING_KIND};
use crate::object_codec::{decode_object, encode_object, plausible_object};
use crate::record::{
    AppliedPush, AvatarRecord, Marker, ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo,
    Tick, VitalCopy, AVATAR_KIND, COPY_KIND,
};
use crate::timecode::{TakeTimecode, TimecodeRate};

/// The longest string a record stores, bytes.
pub const MAX_STRING_BYTES: usize = 16 << 20;

/// Appends a record's payload to `out`; `Err` says what cannot be stored.
pub(crate) fn encode(record: &Record, out: &mut Vec<u8>) -> Result<(), String> {
    match record {
        Record::Info(i) => {
            string(out, &i.name)?;
            string(out, &i.avatar_id)?;
            out.extend_from_slice(&i.created_unix_ns.to_le_bytes());
            finite(out, i.rate_hz, "the rate")?;
            match &i.timecode_start {
                Some(tc) => {
                    out.push(1);
                    string(out, tc)?;
                }
                None => out.push(0),
            }
            string(out, &i.solver)?;
            string(out, &i.software)?;
        }
        Record::Profile(p) => {
            out.extend_from_slice(&p.from_sequence.to_le_bytes());
            string(out, &p.toml)?;
        }
        Record::Config(c) => string(out, c)?,
        Record::Tick(t) => {
            out.extend_from_slice(&t.sequence.to_le_bytes());
            finite(out, t.time_s, "the tick time")?;
            let n = u32::try_from(t.samples.len()).map_err(|_| "too many samples".to_string())?;
            out.extend_from_slice(&n.to_le_bytes());
            for s in &t.samples {
                sample(out, s)?;
            }
        }
        Record::Version(v) => {
            out.extend_from_slice(&v.version.to_le_bytes());
            out.extend_from_slice(&v.created_unix_ns.to_le_bytes());
            string(out, &v.description)?;
        }
        Record::Solved(f) => {
            out.extend_from_slice(&f.version.to_le_bytes());
            out.extend_from_slice(&f.sequence.to_le_bytes());
            finite(out, f.time_s, "the frame time")?;
            vec3(out, f.pose.root, "the pelvis position")?;
            for j in Joint::ALL {
                quat(out, f.pose.rotations[j], j.name())?;
            }
            out.push(u8::from(f.contacts[0]) | (u8::from(f.contacts[1]) << 1));
        }
        Record::Marker(m) => {
            finite(out, m.time_s, "the marker time")?;
            string(out, &m.label)?;
        }
        Record::Renamed(name) => string(out, name)?,
        Record::End(why) => string(out, why)?,
        Record::Push(p) => {
            out.extend_from_slice(&p.sequence.to_le_bytes());
            finite(out, p.time_s, "the push time")?;
            out.push(p.joint.index() as u8);
            vec3(out, p.impulse, "the impulse")?;
        }
        Record::ObjectSeen(_)
        | Record::ObjectMotion(_)
        | Record::ObjectGone(_)
        | Record::ObjectChange(_) => {
            encode_object(record, out)?;
        }
        Record::Copy(copy) => {
            let original = copy.original();
            out.push(original.kind());
            encode(&original, out)?;
        }
        Record::Avatar(a) => {
            let kind = a.record.kind();
            if !AvatarRecord::allowed_kind(kind) {
                return Err(format!("a record of kind {kind} as an avatar's own"));
            }
            string(out, &a.avatar)?;
            out.push(kind);
            encode(&a.record, out)?;
        }
        Record::HandTracking(h) => encode_hands(h, out)?,
        Record::Timecode(tc) => {
            if tc.start_frame >= tc.rate.frames_per_day() {
                return Err(format!("timecode frame {} is past a day", tc.start_frame));
            }
            out.extend_from_slice(&tc.start_frame.to_le_bytes());
            out.push(tc.rate.code());
            out.push(u8::from(tc.from_clock));
        }
    }
    Ok(())
}

pub(crate) fn string(out: &mut Vec<u8>, s: &str) -> Result<(), String> {
    if s.len() > MAX_STRING_BYTES {
        return Err(format!(
            "a text of {} bytes (at most {MAX_STRING_BYTES})",
            s.len()
        ));
    }
    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
    Ok(())
}

pub(crate) fn finite(out: &mut Vec<u8>, v: f64, what: &str) -> Result<(), String> {
    if !v.is_finite() {
        return Err(format!("{what}: {v} is not a finite number"));
    }
    out.extend_from_slice(&v.to_le_bytes());
    Ok(())
}

pub(crate) fn vec3(out: &mut Vec<u8>, v: DVec3, what: &str) -> Result<(), String> {
    for c in v.to_array() {
        finite(out, c, what)?;
    }
    Ok(())
}

pub(crate) fn quat(out: &mut Vec<u8>, q: DQuat, what: &str) -> Result<(), String> {
    if !q.is_finite() || (q.length() - 1.0).abs() > 1e-6 {
        return Err(format!("{what}: rotation {q} is not a unit quaternion"));
    }
    for c in q.to_array() {
        out.extend_from_slice(&c.to_le_bytes());
    }
    Ok(())
}

fn sample(out: &mut Vec<u8>, s: &TrackerSample) -> Result<(), String> {
    out.push(s.device.index() as u8);
    finite(out, s.time_s, "a sample time")?;
    let input = s.input.map(ControllerInput::sanitized);
    out.push(u8::from(s.pose.is_some()) | u8::from(input.is_some()) << 1);
    if let Some(p) = s.pose {
        vec3(out, p.position, s.device.name())?;
        quat(out, p.rotation, s.device.name())?;
    }
    if let Some(i) = input {
        for v in [i.grip, i.trigger, i.thumbstick[0], i.thumbstick[1]] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.push(u8::from(i.primary) | u8::from(i.secondary) << 1 | i.touch.bits() << 4);
    }
    Ok(())
}

/// A sample's controller input (what [`sample`] writes after the pose).
fn read_input(p: &mut Payload<'_>) -> Result<ControllerInput, String> {
    let grip = p.f64("a sample's grip")?;
    let trigger = p.f64("a sample's trigger")?;
    let stick = [
        p.f64("a sample's thumbstick")?,
        p.f64("a sample's thumbstick")?,
    ];
    let buttons = p.u8("a sample's buttons")?;
    let touch = Touch::from_bits(buttons >> 4).ok_or("a sample's touch flags")?;
    if buttons & 0b1100 != 0 {
        return Err(format!("button bits {buttons:#04x} (bits 2-3 are unused)"));
    }
    let input = ControllerInput {
        grip,
        trigger,
        primary: buttons & 1 != 0,
        secondary: buttons & 2 != 0,
        thumbstick: stick,
        touch,
    };
    if input.sanitized() != input {
        return Err("a sample's input out of its range".into());
    }
    Ok(input)
}

/// Reads a payload front to back; every failure says what was being read.
pub(crate) struct Payload<'a> {
    bytes: &'a [u8],
    pub(crate) at: usize,
}

impl<'a> Payload<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Payload { bytes, at: 0 }
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| format!("the record ends inside {what}"))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], String> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N, what)?);
        Ok(a)
    }

    pub(crate) fn u8(&mut self, what: &str) -> Result<u8, String> {
        Ok(self.array::<1>(what)?[0])
    }

    pub(crate) fn u16(&mut self, what: &str) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }

    pub(crate) fn u32(&mut self, what: &str) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }

    pub(crate) fn u64(&mut self, what: &str) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.array(what)?))
    }

    fn i64(&mut self, what: &str) -> Result<i64, String> {
        Ok(i64::from_le_bytes(self.array(what)?))
    }

    pub(crate) fn f64(&mut self, what: &str) -> Result<f64, String> {
        let v = f64::from_le_bytes(self.array(what)?);
        if v.is_finite() {
            Ok(v)
        } else {
            Err(format!("{what} is {v}"))
        }
    }

    /// An `f32` read as `f64`, refused unless finite.
    pub(crate) fn f32(&mut self, what: &str) -> Result<f64, String> {
        let v = f32::from_le_bytes(self.array(what)?);
        if v.is_finite() {
            Ok(f64::from(v))
        } else {
            Err(format!("{what} is {v}"))
        }
    }

    pub(crate) fn vec3(&mut self, what: &str) -> Result<DVec3, String> {
        Ok(DVec3::new(
            self.f64(what)?,
            self.f64(what)?,
            self.f64(what)?,
        ))
    }

    pub(crate) fn quat(&mut self, what: &str) -> Result<DQuat, String> {
        let q = DQuat::from_xyzw(
            self.f64(what)?,
            self.f64(what)?,
            self.f64(what)?,
            self.f64(what)?,
        );
        if (q.length() - 1.0).abs() > 1e-6 {
            return Err(format!("{what}: rotation {q} is not a unit quaternion"));
        }
        Ok(q)
    }

    pub(crate) fn string(&mut self, what: &str) -> Result<String, String> {
        let n = self.u32(what)? as usize;
        let bytes = self.take(n, what)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| format!("{what} is not UTF-8"))
    }

    pub(crate) fn finish(&self) -> Result<(), String> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(format!(
                "{} bytes left over after the record's fields",
                self.bytes.len() - self.at
            ))
        }
    }
}

/// Decodes a payload of a known kind; `Ok(None)` for a kind this version
/// does not know (skipped by the reader).
pub(crate) fn decode(kind: u8, bytes: &[u8]) -> Result<Option<Record>, String> {
    if kind == COPY_KIND {
        return decode_copy(bytes).map(Some);
    }
    if kind == AVATAR_KIND {
        return decode_avatar(bytes).map(Some);
    }
    let mut p = Payload::new(bytes);
    let record = match kind {
        1 => Record::Info(TakeInfo {
            name: p.string("the take name")?,
            avatar_id: p.string("the avatar id")?,
            created_unix_ns: p.i64("the creation time")?,
            rate_hz: p.f64("the rate")?,
            timecode_start: match p.u8("the timecode flag")? {
                0 => None,
                1 => Some(p.string("the timecode")?),
                other => return Err(format!("timecode flag {other} (expected 0 or 1)")),
            },
            solver: p.string("the solver")?,
            software: p.string("the software")?,
        }),
        2 => Record::Profile(ProfileChange {
            from_sequence: p.u64("the profile's first tick")?,
            toml: p.string("the profile")?,
        }),
        3 => Record::Config(p.string("the configuration")?),
        4 => {
            let sequence = p.u64("the tick sequence")?;
            let time_s = p.f64("the tick time")?;
            let n = p.u32("the sample count")? as usize;
            // Each sample is at least 10 bytes: a count beyond the payload
            // is a lie, not a reason to allocate.
            if n > bytes.len() / 10 {
                return Err(format!("{n} samples cannot fit in {} bytes", bytes.len()));
            }
            let mut samples = Vec::with_capacity(n);
            for _ in 0..n {
                let index = p.u8("a sample's device")? as usize;
                let device = *Device::ALL
                    .get(index)
                    .ok_or_else(|| format!("device number {index} (0-5 exist)"))?;
                let time_s = p.f64("a sample time")?;
                let flags = p.u8("a sample's pose flag")?;
                if flags > 3 {
                    return Err(format!("pose flag {flags} (expected 0-3)"));
                }
                let pose = if flags & 1 != 0 {
                    Some(Transform::new(
                        p.vec3(device.name())?,
                        p.quat(device.name())?,
                    ))
                } else {
                    None
                };
                let input = if flags & 2 != 0 {
                    Some(read_input(&mut p)?)
                } else {
                    None
                };
                samples.push(TrackerSample {
                    time_s,
                    device,
                    pose,
                    input,
                });
            }
            Record::Tick(Tick {
                sequence,
                time_s,
                samples,
            })
        }
        5 => Record::Version(SolveVersion {
            version: p.u32("the version")?,
            created_unix_ns: p.i64("the version's time")?,
            description: p.string("the version's description")?,
        }),
        6 => {
            let version = p.u32("the frame's version")?;
            let sequence = p.u64("the frame's sequence")?;
            let time_s = p.f64("the frame time")?;
            let root = p.vec3("the pelvis position")?;
            let mut rotations = JointMap::splat(DQuat::IDENTITY);
            for j in Joint::ALL {
                rotations[j] = p.quat(j.name())?;
            }
            let c = p.u8("the contacts")?;
            Record::Solved(SolvedFrame {
                version,
                sequence,
                time_s,
                pose: BodyPose { root, rotations },
                contacts: [c & 1 != 0, c & 2 != 0],
            })
        }
        7 => Record::Marker(Marker {
            time_s: p.f64("the marker time")?,
            label: p.string("the marker label")?,
        }),
        8 => Record::Renamed(p.string("the new name")?),
        9 => Record::End(p.string("the reason recording stopped")?),
        10 => Record::Push(AppliedPush {
            sequence: p.u64("the push's tick")?,
            time_s: p.f64("the push time")?,
            joint: {
                let index = p.u8("the pushed joint")? as usize;
                *Joint::ALL
                    .get(index)
                    .ok_or_else(|| format!("joint number {index} (0-20 exist)"))?
            },
            impulse: p.vec3("the impulse")?,
        }),
        17 => {
            let start_frame = p.u64("the timecode's first frame")?;
            let code = p.u8("the timecode rate")?;
            let rate = TimecodeRate::of_code(code)
                .ok_or_else(|| format!("timecode rate code {code} (0-6 exist)"))?;
            if start_frame >= rate.frames_per_day() {
                return Err(format!("timecode frame {start_frame} is past a day"));
            }
            let from_clock = match p.u8("the timecode's source")? {
                0 => false,
                1 => true,
                other => return Err(format!("timecode source {other} (expected 0 or 1)")),
            };
            Record::Timecode(TakeTimecode {
                start_frame,
                rate,
                from_clock,
            })
        }
        HAND_TRACKING_KIND => Record::HandTracking(decode_hands(&mut p)?),
        11..=14 => match decode_object(kind, &mut p) {
            Some(record) => record?,
            None => return Ok(None),
        },
        _ => return Ok(None),
    };
    p.finish()?;
    Ok(Some(record))
}

/// An avatar's record in a scene take: the avatar's id, the record's kind
/// (2, 4, 6, 9 or 10) then its payload.
fn decode_avatar(bytes: &[u8]) -> Result<Record, String> {
    let mut p = Payload::new(bytes);
    let avatar = p.string("the avatar's id")?;
    let kind = p.u8("the avatar's record kind")?;
    if !AvatarRecord::allowed_kind(kind) {
        return Err(format!(
            "an avatar's record of kind {kind} (2, 4, 6, 9 and 10 are an avatar's own)"
        ));
    }
    let record = decode(kind, &bytes[p.at..])?
        .ok_or_else(|| format!("an avatar's record of kind {kind} that does not read"))?;
    Ok(Record::Avatar(AvatarRecord {
        avatar,
        record: Box::new(record),
    }))
}

/// A vital record's copy: the original's kind (1-3, or 16 holding an
/// avatar's profile) then its payload.
fn decode_copy(bytes: &[u8]) -> Result<Record, String> {
    let (&kind, payload) = bytes
        .split_first()
        .ok_or("the record ends inside the copied kind")?;
    if !(1..=3).contains(&kind) && kind != AVATAR_KIND {
        return Err(format!(
            "a copy of a record of kind {kind} (only 1-3 and 16 are copied)"
        ));
    }
    decode(kind, payload)?
        .as_ref()
        .and_then(VitalCopy::of)
        .map(Record::Copy)
        .ok_or_else(|| format!("a copy of kind {kind} that does not read"))
}

/// Bytes of a solved frame's payload: version, sequence, time, pelvis
/// position, one quaternion per joint, contacts.
const SOLVED_PAYLOAD_BYTES: usize = 4 + 8 + 8 + 24 + Joint::COUNT * 32 + 1;

/// Bytes of a tick's payload before its samples, and of a sample without
/// and with a pose and controller input (the most it can take).
const TICK_HEAD_BYTES: usize = 20;
const SAMPLE_BYTES: usize = 10;
const SAMPLE_MAX_BYTES: usize = SAMPLE_BYTES + 24 + 32 + INPUT_BYTES;
/// Bytes of a sample's controller input: grip, trigger, thumbstick x and
/// y, then buttons and touch flags in one byte.
const INPUT_BYTES: usize = 4 * 8 + 1;

/// Bytes of a push's payload: sequence, time, joint, impulse.
const PUSH_PAYLOAD_BYTES: usize = 8 + 8 + 1 + 24;

/// Whether a payload's lengths agree with its kind's layout: a test that
/// costs nothing, made before decoding a stretch of bytes that may not be a
/// record at all (the reader looking for the next record after damage).
pub(crate) fn plausible(kind: u8, payload: &[u8]) -> bool {
    let len = payload.len();
    let u32_at = |at: usize| -> Option<usize> {
        let b = payload.get(at..at + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    // A record whose only string is last: its length says where it ends.
    let ends_with_string_at =
        |at: usize| u32_at(at).is_some_and(|n| Some(n) == len.checked_sub(at + 4));
    match kind {
        1 => u32_at(0).is_some_and(|n| n + 33 <= len),
        2 | 7 => ends_with_string_at(8),
        3 | 8 | 9 => ends_with_string_at(0),
        4 => u32_at(16).is_some_and(|n| {
            let samples = len.saturating_sub(TICK_HEAD_BYTES);
            len >= TICK_HEAD_BYTES
                && n.checked_mul(SAMPLE_BYTES).is_some_and(|lo| lo <= samples)
                && n.checked_mul(SAMPLE_MAX_BYTES)
                    .is_some_and(|hi| samples <= hi)
        }),
        5 => ends_with_string_at(12),
        6 => len == SOLVED_PAYLOAD_BYTES,
        10 => len == PUSH_PAYLOAD_BYTES,
        11..=14 => plausible_object(kind, payload),
        COPY_KIND => payload.split_first().is_some_and(|(&k, rest)| {
            ((1..=3).contains(&k) || k == AVATAR_KIND) && plausible(k, rest)
        }),
        AVATAR_KIND => u32_at(0).is_some_and(|n| {
            n.checked_add(5).is_some_and(|head| {
                payload.get(head - 1).is_some_and(|&k| {
                    AvatarRecord::allowed_kind(k) && plausible(k, &payload[head..])
                })
            })
        }),
        17 => len == 10,
        HAND_TRACKING_KIND => plausible_hands(payload),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Tick;

    fn tick(input: Option<ControllerInput>, pose: bool) -> Record {
        Record::Tick(Tick {
            sequence: 7,
            time_s: 0.5,
            samples: vec![TrackerSample {
                time_s: 0.49,
                device: Device::RightHand,
                pose: pose.then(|| Transform::new(DVec3::new(0.1, 1.0, 0.2), DQuat::IDENTITY)),
                input,
            }],
        })
    }

    fn round_trip(record: &Record) -> Record {
        let mut bytes = Vec::new();
        encode(record, &mut bytes).expect("encodes");
        assert!(plausible(4, &bytes), "the tick's length is plausible");
        decode(4, &bytes).expect("decodes").expect("a record")
    }

    #[test]
    fn a_samples_controller_input_round_trips_with_and_without_a_pose() {
        let input = ControllerInput {
            grip: 0.8,
            trigger: 0.25,
            primary: true,
            secondary: false,
            thumbstick: [-0.5, 1.0],
            touch: Touch::from_bits(0b1010).expect("bits"),
        };
        for pose in [true, false] {
            for i in [Some(input), None] {
                let r = tick(i, pose);
                assert_eq!(round_trip(&r), r);
            }
        }
    }

    #[test]
    fn a_damaged_input_is_named_not_taken() {
        let mut bytes = Vec::new();
        let input = ControllerInput {
            grip: 0.5,
            ..ControllerInput::default()
        };
        encode(&tick(Some(input), false), &mut bytes).expect("encodes");
        // The grip is the first f64 after the flags byte at 20 + 1 + 8.
        let grip_at = TICK_HEAD_BYTES + 1 + 8 + 1;
        bytes[grip_at..grip_at + 8].copy_from_slice(&2.0f64.to_le_bytes());
        let err = decode(4, &bytes).expect_err("a grip of 2 is refused");
        assert!(err.contains("range"), "{err}");
        let flags_at = TICK_HEAD_BYTES + 1 + 8;
        bytes[flags_at] = 4;
        let err = decode(4, &bytes).expect_err("an unknown flag is refused");
        assert!(err.contains("pose flag 4"), "{err}");
    }
}
