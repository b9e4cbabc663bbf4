//! Joint tracks (`*.joints.csv`, FORMATS.md section 3): read and write.
//!
//! Every frame lists every canonical joint exactly once at the frame's time
//! (any joint order within a frame). A joint track is solver output, so it
//! must hold finite numbers and unit rotations only: anything else is a
//! syntax error, not an invalid sample.

use std::path::Path;

use glam::{DQuat, DVec3};

use super::csv;
use super::{FingerFrame, FormatError, JointFrame, JointTrack};
use crate::fingers::FingerJoint;
use crate::joint::{Joint, JointMap};
use crate::transform::Transform;

/// The header with rotations (what posewire writes).
const HEADER: [&str; 9] = ["time_s", "joint", "x", "y", "z", "qx", "qy", "qz", "qw"];
/// The position-only header another tool may write.
const POSITION_HEADER: [&str; 5] = ["time_s", "joint", "x", "y", "z"];

/// A row's joint: a canonical body joint or a finger joint.
#[derive(Clone, Copy)]
enum RowJoint {
    Body(Joint),
    Finger(FingerJoint),
}

impl std::fmt::Display for RowJoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RowJoint::Body(j) => j.fmt(f),
            RowJoint::Finger(j) => j.fmt(f),
        }
    }
}

/// Parses a joint name, or says which names are allowed.
fn joint(field: &str, path: &str, line: usize) -> Result<RowJoint, FormatError> {
    if let Some(j) = Joint::from_name(field) {
        return Ok(RowJoint::Body(j));
    }
    if let Some(j) = FingerJoint::from_name(field) {
        return Ok(RowJoint::Finger(j));
    }
    let names: Vec<&str> = Joint::ALL.iter().map(|j| j.name()).collect();
    Err(csv::syntax(
        path,
        line,
        format!(
            "unknown joint in field `joint` (expected one of {}, or a finger joint such as `left_index_1`)",
            names.join(", ")
        ),
    ))
}

/// The frame being read: its time and which line held each joint.
struct OpenFrame {
    time_s: f64,
    first_line: usize,
    last_line: usize,
    joints: JointMap<Transform>,
    lines: [usize; Joint::COUNT],
    fingers: FingerFrame,
    finger_lines: [usize; FingerJoint::COUNT],
}

impl OpenFrame {
    fn new(time_s: f64, line: usize) -> Self {
        OpenFrame {
            time_s,
            first_line: line,
            last_line: line,
            joints: JointMap::splat(Transform::IDENTITY),
            lines: [0; Joint::COUNT],
            fingers: [Transform::IDENTITY; FingerJoint::COUNT],
            finger_lines: [0; FingerJoint::COUNT],
        }
    }

    /// Where the frame is, for errors.
    fn lines_text(&self) -> String {
        if self.first_line == self.last_line {
            format!("line {}", self.first_line)
        } else {
            format!("lines {}-{}", self.first_line, self.last_line)
        }
    }

    /// Its finger joints: none, or all 30 (else an error naming those it
    /// lacks).
    fn finger_frame(&self, path: &str) -> Result<Option<FingerFrame>, FormatError> {
        let present = self.finger_lines.iter().filter(|l| **l != 0).count();
        if present == 0 {
            return Ok(None);
        }
        if present < FingerJoint::COUNT {
            let missing: Vec<String> = FingerJoint::all()
                .filter(|j| self.finger_lines[j.index()] == 0)
                .map(|j| format!("`{j}`"))
                .collect();
            return Err(csv::syntax(
                path,
                self.last_line,
                format!(
                    "the frame on {} is missing finger joints {} (a frame with fingers must list all {})",
                    self.lines_text(),
                    missing.join(", "),
                    FingerJoint::COUNT
                ),
            ));
        }
        Ok(Some(self.fingers))
    }

    /// The finished frame, or an error naming the joints it lacks.
    fn close(self, path: &str) -> Result<(JointFrame, Option<FingerFrame>), FormatError> {
        let fingers = self.finger_frame(path)?;
        let missing: Vec<String> = Joint::ALL
            .iter()
            .filter(|j| self.lines[j.index()] == 0)
            .map(|j| format!("`{j}`"))
            .collect();
        if !missing.is_empty() {
            let lines = if self.first_line == self.last_line {
                format!("line {}", self.first_line)
            } else {
                format!("lines {}-{}", self.first_line, self.last_line)
            };
            let noun = if missing.len() > 1 { "joints" } else { "joint" };
            return Err(csv::syntax(
                path,
                self.last_line,
                format!(
                    "the frame on {lines} is missing {noun} {} (every frame must list all {} joints)",
                    missing.join(", "),
                    Joint::COUNT
                ),
            ));
        }
        Ok((
            JointFrame {
                time_s: self.time_s,
                joints: self.joints,
            },
            fingers,
        ))
    }
}

/// Parses the numbers of one row (3 or 7 after time and joint) into a
/// transform; rejects non-finite values and non-unit quaternions.
fn transform(
    fields: &[&str],
    joint: RowJoint,
    path: &str,
    line: usize,
) -> Result<Transform, FormatError> {
    const COLUMNS: [&str; 7] = ["x", "y", "z", "qx", "qy", "qz", "qw"];
    let mut v = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0];
    for ((out, field), column) in v.iter_mut().zip(fields).zip(COLUMNS) {
        let x = csv::number(field, column, path, line)?;
        if !x.is_finite() {
            return Err(csv::syntax(
                path,
                line,
                format!(
                    "field `{column}` of joint `{joint}` is not finite: a joint track must hold finite numbers only"
                ),
            ));
        }
        *out = x;
    }
    let q = DQuat::from_xyzw(v[3], v[4], v[5], v[6]);
    let length = q.length();
    if (length - 1.0).abs() > csv::UNIT_TOLERANCE {
        return Err(csv::syntax(
            path,
            line,
            format!(
                "rotation of joint `{joint}` has length {length} (a unit quaternion must have length 1 within {})",
                csv::UNIT_TOLERANCE
            ),
        ));
    }
    Ok(Transform::new(DVec3::new(v[0], v[1], v[2]), q / length))
}

/// The finger frames read so far, and whether the track has fingers
/// (decided by its first frame: then every frame has them).
#[derive(Default)]
struct FingerFrames {
    frames: Vec<FingerFrame>,
    first: Option<bool>,
}

impl FingerFrames {
    /// Closes a frame into `frames`, keeping its fingers, or says which
    /// frame has them when the first did not (or lacks them when it did).
    fn close(
        &mut self,
        frame: OpenFrame,
        frames: &mut Vec<JointFrame>,
        path: &str,
    ) -> Result<(), FormatError> {
        let (lines, last) = (frame.lines_text(), frame.last_line);
        let (body, fingers) = frame.close(path)?;
        let has = fingers.is_some();
        if *self.first.get_or_insert(has) != has {
            let what = if has {
                "has finger joints but the first frame has none"
            } else {
                "has no finger joints but the first frame has them"
            };
            return Err(csv::syntax(
                path,
                last,
                format!(
                    "the frame on {lines} {what} (a track with fingers has them in every frame)"
                ),
            ));
        }
        frames.push(body);
        self.frames.extend(fingers);
        Ok(())
    }
}

impl JointTrack {
    /// Parses the text of a joint track; `path` names the file in errors.
    ///
    /// Accepts `time_s,joint,x,y,z,qx,qy,qz,qw` and the position-only
    /// `time_s,joint,x,y,z` (then `has_rotations` is false and every
    /// rotation is the identity).
    pub fn parse(text: &str, path: &str) -> Result<JointTrack, FormatError> {
        let (variant, rows) = csv::read_header(text, path, &[&HEADER, &POSITION_HEADER])?;
        let has_rotations = variant == 0;
        let mut frames = Vec::with_capacity(text.len() / (Joint::COUNT * 80) + 1);
        let mut open: Option<OpenFrame> = None;
        let mut fingers = FingerFrames::default();
        for (line, row) in rows {
            let mut fields = [""; 9];
            let count = if has_rotations {
                fields = csv::split_fields::<9>(row, path, line)?;
                9
            } else {
                fields[..5].copy_from_slice(&csv::split_fields::<5>(row, path, line)?);
                5
            };
            let time_s = csv::time(fields[0], path, line)?;
            let frame = match open.take() {
                Some(frame) if frame.time_s == time_s => frame,
                Some(frame) => {
                    if time_s < frame.time_s {
                        return Err(csv::syntax(
                            path,
                            line,
                            format!(
                                "field `time_s` goes backwards (earlier than the frame starting on line {})",
                                frame.first_line
                            ),
                        ));
                    }
                    fingers.close(frame, &mut frames, path)?;
                    OpenFrame::new(time_s, line)
                }
                None => OpenFrame::new(time_s, line),
            };
            let frame = open.insert(frame);
            let j = joint(fields[1], path, line)?;
            let slot = match j {
                RowJoint::Body(b) => &mut frame.lines[b.index()],
                RowJoint::Finger(f) => &mut frame.finger_lines[f.index()],
            };
            let first = *slot;
            if first != 0 {
                return Err(csv::syntax(
                    path,
                    line,
                    format!(
                        "joint `{j}` appears twice in the frame starting on line {} (first on line {first})",
                        frame.first_line
                    ),
                ));
            }
            *slot = line;
            let value = transform(&fields[2..count], j, path, line)?;
            match j {
                RowJoint::Body(b) => frame.joints[b] = value,
                RowJoint::Finger(f) => frame.fingers[f.index()] = value,
            }
            frame.last_line = line;
        }
        if let Some(frame) = open {
            fingers.close(frame, &mut frames, path)?;
        }
        Ok(JointTrack {
            frames,
            has_rotations,
            fingers: fingers.frames,
        })
    }

    /// Reads a joint track from a file.
    pub fn read(path: &Path) -> Result<JointTrack, FormatError> {
        let (text, name) = csv::read_text(path)?;
        JointTrack::parse(&text, &name)
    }

    /// The track as CSV text: always with rotation columns (identity
    /// rotations for a position-only track), joints in canonical order
    /// within each frame, positions to 6 decimals, quaternions to 7.
    pub fn to_csv(&self) -> String {
        let mut out = String::with_capacity(64 + self.frames.len() * Joint::COUNT * 100);
        out.push_str(&HEADER.join(","));
        out.push('\n');
        let names: Vec<String> = FingerJoint::all().map(|j| j.name()).collect();
        for (index, frame) in self.frames.iter().enumerate() {
            for (j, t) in frame.joints.iter() {
                csv::push_time(&mut out, frame.time_s);
                out.push(',');
                out.push_str(j.name());
                csv::push_pose(&mut out, Some(t));
                out.push('\n');
            }
            for (name, t) in names
                .iter()
                .zip(self.fingers.get(index).into_iter().flatten())
            {
                csv::push_time(&mut out, frame.time_s);
                out.push(',');
                out.push_str(name);
                csv::push_pose(&mut out, Some(t));
                out.push('\n');
            }
        }
        out
    }

    /// Writes the track to a file (atomically: a temporary file, then a
    /// rename). A track holding a non-finite number, a non-unit rotation or
    /// frame times that do not increase (as written, to 6 decimals) is
    /// refused with [`FormatError::Invalid`] naming the frame (and joint),
    /// since [`JointTrack::read`] would reject the file.
    pub fn write(&self, path: &Path) -> Result<(), FormatError> {
        if let Some(reason) = self.first_unwritable() {
            return Err(FormatError::Invalid {
                path: path.display().to_string(),
                reason,
            });
        }
        csv::write_atomic(path, &self.to_csv())
    }

    /// Why the track cannot be written, for the first offending value:
    /// a time or position that is not finite, a rotation that is not a
    /// unit quaternion, or a frame whose time, as written (6 decimals),
    /// does not come after the previous frame's (the reader would merge or
    /// reject them).
    fn first_unwritable(&self) -> Option<String> {
        if !self.fingers.is_empty() && self.fingers.len() != self.frames.len() {
            return Some(format!(
                "the track has {} frames but {} finger frames (a track with fingers has them in every frame)",
                self.frames.len(),
                self.fingers.len()
            ));
        }
        let mut previous: Option<(f64, String)> = None;
        for (index, frame) in self.frames.iter().enumerate() {
            if !frame.time_s.is_finite() {
                return Some(format!("frame {index} has time_s {}", frame.time_s));
            }
            let mut written = String::new();
            csv::push_time(&mut written, frame.time_s);
            let value = written.parse::<f64>().unwrap_or(frame.time_s);
            if let Some((before, before_text)) = &previous {
                if value <= *before {
                    return Some(format!(
                        "frame {index} has time_s {written}, not after the previous frame's \
                         {before_text} (times are written to {} decimals)",
                        csv::TIME_DECIMALS
                    ));
                }
            }
            previous = Some((value, written));
            let fingers = self.fingers.get(index).into_iter().flatten();
            let names = FingerJoint::all().map(|j| j.name());
            let rows = frame
                .joints
                .iter()
                .map(|(j, t)| (j.name().to_string(), t))
                .chain(names.zip(fingers));
            for (joint, t) in rows {
                let length = t.rotation.length();
                if !t.position.is_finite()
                    || !t.rotation.is_finite()
                    || (length - 1.0).abs() > csv::UNIT_TOLERANCE
                {
                    return Some(format!(
                        "joint `{joint}` at time_s {} (frame {index}) has position {} and rotation {} \
                         (a joint track holds finite positions and unit rotations only)",
                        frame.time_s, t.position, t.rotation
                    ));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: &str = "time_s,joint,x,y,z,qx,qy,qz,qw\n";

    fn syntax_error(text: &str) -> (String, usize, String) {
        match JointTrack::parse(text, "j.joints.csv") {
            Err(FormatError::Syntax { path, line, reason }) => (path, line, reason),
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    fn frame_rows(t: &str, skip: Option<Joint>, rotations: bool) -> String {
        let mut s = String::new();
        for j in Joint::ALL.into_iter().rev() {
            if Some(j) == skip {
                continue;
            }
            let q = if rotations { ",0,0,0,1" } else { "" };
            s.push_str(&format!("{t},{j},0.1,{},0.2{q}\n", j.index()));
        }
        s
    }

    fn track(frames: usize) -> JointTrack {
        let frames = (0..frames)
            .map(|i| {
                let t = i as f64 / 90.0;
                JointFrame {
                    time_s: t,
                    joints: JointMap::from_fn(|j| {
                        let k = j.index() as f64;
                        Transform::new(
                            DVec3::new(0.01 * k - t, 0.05 * k, t * 1.5 - 0.123456789),
                            DQuat::from_euler(glam::EulerRot::XYZ, 0.1 * k, t, -0.3 * t),
                        )
                    }),
                }
            })
            .collect();
        JointTrack {
            frames,
            has_rotations: true,
            fingers: Vec::new(),
        }
    }

    #[test]
    fn fingers_round_trip_and_a_frame_must_have_all_or_none() {
        let mut track = track(3);
        track.fingers = (0..3)
            .map(|i| {
                std::array::from_fn(|k| {
                    Transform::new(
                        DVec3::new(k as f64 * 0.01, i as f64, 0.5),
                        DQuat::from_rotation_z(0.1 * k as f64),
                    )
                })
            })
            .collect();
        let text = track.to_csv();
        assert_eq!(text.lines().count(), 1 + 3 * (Joint::COUNT + 30));
        let back = JointTrack::parse(&text, "x").expect("a track with fingers parses");
        assert_eq!(back.fingers.len(), 3);
        for (a, b) in track.fingers.iter().zip(&back.fingers) {
            for (a, b) in a.iter().zip(b) {
                assert!((a.position - b.position).length() < 1e-6);
                assert!(a.rotation.abs_diff_eq(b.rotation, 1e-6));
            }
        }
        // A frame missing one finger joint is refused, naming it.
        let cut: String = text
            .lines()
            .filter(|l| !l.starts_with("0.011111,right_ring_2"))
            .map(|l| format!("{l}\n"))
            .collect();
        let (_, _, reason) = syntax_error(&cut);
        assert!(reason.contains("`right_ring_2`"), "{reason}");
        // A later frame without fingers when the first had them is refused.
        let lines: Vec<&str> = text.lines().collect();
        let per = Joint::COUNT + 30;
        let mixed: String = lines[..1 + 2 * per + Joint::COUNT]
            .iter()
            .map(|l| format!("{l}\n"))
            .collect();
        let (_, _, reason) = syntax_error(&mixed);
        assert!(reason.contains("no finger joints"), "{reason}");
        // A body-only track reads with no fingers.
        let plain = JointTrack::parse(&track_without_fingers(), "x").expect("parses");
        assert!(plain.fingers.is_empty());
    }

    fn track_without_fingers() -> String {
        track(2).to_csv()
    }

    #[test]
    fn format_joint_track_round_trips_within_precision() {
        let track = track(40);
        let text = track.to_csv();
        assert!(text.starts_with(H));
        assert_eq!(text.lines().count(), 1 + 40 * Joint::COUNT);
        let back = JointTrack::parse(&text, "x").expect("round trip parses");
        assert!(back.has_rotations);
        assert_eq!(back.frames.len(), 40);
        for (a, b) in track.frames.iter().zip(&back.frames) {
            assert!((a.time_s - b.time_s).abs() <= 5e-7);
            for j in Joint::ALL {
                let (ta, tb) = (a.joints[j], b.joints[j]);
                assert!((ta.position - tb.position).abs().max_element() <= 5.1e-7);
                assert!(crate::transform::angle_between(ta.rotation, tb.rotation) < 1e-6);
            }
        }

        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("t.joints.csv");
        track.write(&path).expect("write");
        track.write(&path).expect("overwrite");
        assert_eq!(JointTrack::read(&path).expect("read"), back);
        assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 1);
    }

    #[test]
    fn format_joint_track_reads_position_only_and_any_joint_order() {
        let text = format!(
            "time_s,joint,x,y,z\n{}{}",
            frame_rows("0.0", None, false),
            frame_rows("0.011111", None, false)
        );
        let track = JointTrack::parse(&text, "x").expect("position-only parses");
        assert!(!track.has_rotations);
        assert_eq!(track.frames.len(), 2);
        assert_eq!(track.frames[1].time_s, 0.011111);
        for j in Joint::ALL {
            let t = track.frames[1].joints[j];
            assert_eq!(t.position, DVec3::new(0.1, j.index() as f64, 0.2));
            assert_eq!(t.rotation, DQuat::IDENTITY);
        }
        // Written back with rotations, as posewire always does.
        assert!(track.to_csv().starts_with(H));
        let empty = JointTrack::parse(H, "x").expect("header only");
        assert!(empty.frames.is_empty() && empty.has_rotations);
    }

    #[test]
    fn format_joint_track_syntax_errors_name_file_line_and_reason() {
        let (path, line, reason) = syntax_error("");
        assert_eq!((path.as_str(), line), ("j.joints.csv", 1));
        assert!(reason.contains("empty file"), "{reason}");

        let (_, line, reason) = syntax_error("time_s,joint,x,y\n");
        assert_eq!(line, 1);
        assert!(reason.starts_with("wrong header"), "{reason}");

        let (_, line, reason) = syntax_error("time_s,joint,x,y,z,vx\n");
        assert_eq!(line, 1);
        assert!(
            reason.starts_with("unknown column name in column 6 of the header"),
            "{reason}"
        );

        let (_, line, reason) = syntax_error(&format!("{H}0,pelvis,0,1,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "expected 9 fields, found 8");

        let (_, line, reason) = syntax_error("time_s,joint,x,y,z\n0,pelvis,0,1,0,0,0,0,1\n");
        assert_eq!(line, 2);
        assert_eq!(reason, "expected 5 fields, found 9");

        let (_, line, reason) = syntax_error(&format!("{H}0,pelvis,0,1,0,0,0,zero,1\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "field `qz` is not a number");

        let (_, line, reason) = syntax_error(&format!("{H}0,left_hand,0,1,0,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert!(
            reason.starts_with(
                "unknown joint in field `joint` (expected one of pelvis, spine, chest,"
            ),
            "{reason}"
        );

        let (_, line, reason) = syntax_error(&format!("{H}0,pelvis,nan,1,0,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert_eq!(
            reason,
            "field `x` of joint `pelvis` is not finite: a joint track must hold finite numbers only"
        );

        let (_, line, reason) = syntax_error(&format!("{H}0,pelvis,0,1,0,0,0,0,1.01\n"));
        assert_eq!(line, 2);
        assert!(
            reason.starts_with("rotation of joint `pelvis` has length 1.01"),
            "{reason}"
        );

        // A frame missing a joint, detected when the next frame starts.
        let text = format!(
            "{H}{}{}",
            frame_rows("0", Some(Joint::LeftToe), true),
            frame_rows("0.5", None, true)
        );
        let (_, line, reason) = syntax_error(&text);
        assert_eq!(line, 21);
        assert_eq!(
            reason,
            "the frame on lines 2-21 is missing joint `left_toe` (every frame must list all 21 joints)"
        );

        // ... and at the end of the file.
        let text = format!("{H}{}", frame_rows("0", Some(Joint::Neck), true));
        let (_, line, reason) = syntax_error(&text);
        assert_eq!(line, 21);
        assert!(reason.contains("is missing joint `neck`"), "{reason}");

        // A joint repeated within a frame.
        let text = format!("{H}{}0,head,0,1,0,0,0,0,1\n", frame_rows("0", None, true));
        let (_, line, reason) = syntax_error(&text);
        assert_eq!(line, 23);
        assert_eq!(
            reason,
            "joint `head` appears twice in the frame starting on line 2 (first on line 18)"
        );

        let text = format!(
            "{H}{}{}",
            frame_rows("0.5", None, true),
            frame_rows("0.25", None, true)
        );
        let (_, line, reason) = syntax_error(&text);
        assert_eq!(line, 23);
        assert_eq!(
            reason,
            "field `time_s` goes backwards (earlier than the frame starting on line 2)"
        );

        let (_, line, reason) = syntax_error(&format!("{H}inf,pelvis,0,1,0,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "field `time_s` is not a finite number");
    }

    #[test]
    fn format_joint_track_refuses_to_write_non_finite_values() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("t.joints.csv");
        let good = track(3);
        good.write(&path).expect("write");
        let mut bad = good.clone();
        bad.frames[2].joints[Joint::LeftKnee].position.y = f64::NAN;
        match bad.write(&path) {
            Err(FormatError::Invalid { path: p, reason }) => {
                assert!(p.ends_with("t.joints.csv"), "{p}");
                assert!(
                    reason.contains("`left_knee`") && reason.contains("frame 2"),
                    "{reason}"
                );
            }
            other => panic!("expected an invalid-data error, got {other:?}"),
        }
        let mut bad = good.clone();
        bad.frames[0].joints[Joint::Head].rotation = DQuat::from_xyzw(0.0, 0.0, 0.0, 0.0);
        assert!(matches!(bad.write(&path), Err(FormatError::Invalid { .. })));
        let mut bad = good.clone();
        bad.frames[1].time_s = f64::INFINITY;
        assert!(matches!(bad.write(&path), Err(FormatError::Invalid { .. })));
        // Frames closer than the written precision would share a time.
        let mut bad = good.clone();
        bad.frames[1].time_s = bad.frames[0].time_s + 1e-8;
        match bad.write(&path) {
            Err(FormatError::Invalid { reason, .. }) => {
                assert!(reason.contains("not after the previous frame"), "{reason}")
            }
            other => panic!("expected an invalid-data error, got {other:?}"),
        }
        // The good file written first is untouched.
        assert_eq!(
            JointTrack::read(&path).expect("read"),
            JointTrack::parse(&good.to_csv(), "x").expect("parse")
        );
    }

    #[test]
    fn format_joint_track_normalises_nearly_unit_rotations() {
        let mut text = H.to_owned();
        for j in Joint::ALL {
            text.push_str(&format!("0,{j},0,1,0,0,0,0,1.0005\n"));
        }
        let track = JointTrack::parse(&text, "x").expect("1.0005 accepted");
        let q = track.frames[0].joints[Joint::Head].rotation;
        assert!((q.length() - 1.0).abs() < 1e-12);
    }
}
