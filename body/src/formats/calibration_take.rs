//! Calibration takes (`*.calibration.csv`, FORMATS.md section 2): a tracker
//! take with a `pose` column in front. The three pose blocks come back to
//! back, so time never decreases across the whole file.

use std::path::Path;

use super::csv::{self, TimeOrder};
use super::tracker_take;
use super::{CalibrationPose, CalibrationSample, CalibrationTake, FormatError, InvalidSamples};
use crate::device::DeviceSet;

/// The header of a calibration take.
const HEADER: [&str; 10] = [
    "pose", "time_s", "device", "px", "py", "pz", "qx", "qy", "qz", "qw",
];

/// Parses a pose name, or says which names are allowed.
fn pose(field: &str, path: &str, line: usize) -> Result<CalibrationPose, FormatError> {
    CalibrationPose::from_name(field).ok_or_else(|| {
        let names: Vec<&str> = CalibrationPose::EVERY.iter().map(|p| p.name()).collect();
        csv::syntax(
            path,
            line,
            format!(
                "unknown pose in field `pose` (expected one of {})",
                names.join(", ")
            ),
        )
    })
}

impl CalibrationTake {
    /// Parses the text of a calibration take; `path` names the file in
    /// errors. Same rules as [`super::TrackerTake::parse`].
    pub fn parse(text: &str, path: &str) -> Result<CalibrationTake, FormatError> {
        let (_, rows) = csv::read_header(text, path, &[&HEADER])?;
        let mut take = CalibrationTake {
            samples: Vec::with_capacity(text.len() / 90),
            invalid: InvalidSamples::default(),
        };
        let mut order = TimeOrder::default();
        for (line, row) in rows {
            let fields = csv::split_fields::<10>(row, path, line)?;
            let held = pose(fields[0], path, line)?;
            let sample =
                tracker_take::sample(&fields[1..], &mut order, &mut take.invalid, path, line)?;
            take.samples.push(CalibrationSample { held, sample });
        }
        Ok(take)
    }

    /// Reads a calibration take from a file.
    pub fn read(path: &Path) -> Result<CalibrationTake, FormatError> {
        let (text, name) = csv::read_text(path)?;
        CalibrationTake::parse(&text, &name)
    }

    /// The take as CSV text (same precision as a tracker take).
    pub fn to_csv(&self) -> String {
        let mut out = String::with_capacity(64 + self.samples.len() * 110);
        out.push_str(&HEADER.join(","));
        out.push('\n');
        for s in &self.samples {
            out.push_str(s.held.name());
            out.push(',');
            tracker_take::push_sample(&mut out, &s.sample);
            out.push('\n');
        }
        out
    }

    /// Writes the take to a file (atomically: a temporary file, then a
    /// rename).
    pub fn write(&self, path: &Path) -> Result<(), FormatError> {
        csv::write_atomic(path, &self.to_csv())
    }

    /// The devices that have at least one row (valid or not).
    pub fn devices(&self) -> DeviceSet {
        self.samples.iter().map(|s| s.sample.device).collect()
    }
}

#[cfg(test)]
mod tests {
    use glam::{DQuat, DVec3};

    use super::*;
    use crate::device::Device;
    use crate::formats::TrackerSample;
    use crate::transform::Transform;

    const H: &str = "pose,time_s,device,px,py,pz,qx,qy,qz,qw\n";

    fn syntax_error(text: &str) -> (String, usize, String) {
        match CalibrationTake::parse(text, "c.calibration.csv") {
            Err(FormatError::Syntax { path, line, reason }) => (path, line, reason),
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    #[test]
    fn format_calibration_take_round_trips_within_precision() {
        let mut samples = Vec::new();
        let mut t = 0.0;
        for held in [
            CalibrationPose::ArmsDown,
            CalibrationPose::ArmsForward,
            CalibrationPose::ForearmsUp,
        ] {
            for _ in 0..30 {
                for device in [
                    Device::Head,
                    Device::LeftHand,
                    Device::RightHand,
                    Device::Pelvis,
                ] {
                    let rotation = DQuat::from_rotation_y(t + 0.1) * DQuat::from_rotation_x(-0.4);
                    let position =
                        DVec3::new(t * 0.01, 1.0 + device.index() as f64 / 7.0, 0.333333333);
                    samples.push(CalibrationSample {
                        held,
                        sample: TrackerSample {
                            time_s: t,
                            device,
                            pose: Some(Transform::new(position, rotation)),
                            input: None,
                        },
                    });
                }
                t += 1.0 / 72.0;
            }
        }
        let take = CalibrationTake {
            samples,
            invalid: InvalidSamples::default(),
        };
        let text = take.to_csv();
        assert!(text.starts_with(H));
        let back = CalibrationTake::parse(&text, "x").expect("round trip parses");
        assert_eq!(back.samples.len(), take.samples.len());
        assert_eq!(back.invalid.count, 0);
        for (a, b) in take.samples.iter().zip(&back.samples) {
            assert_eq!(a.held, b.held);
            assert_eq!(a.sample.device, b.sample.device);
            assert!((a.sample.time_s - b.sample.time_s).abs() <= 5e-7);
            let (pa, pb) = (a.sample.pose.expect("valid"), b.sample.pose.expect("valid"));
            assert!((pa.position - pb.position).abs().max_element() <= 5.1e-7);
            assert!(crate::transform::angle_between(pa.rotation, pb.rotation) < 1e-6);
        }
        assert_eq!(back.devices(), DeviceSet::standard(4).expect("4 devices"));

        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("c.calibration.csv");
        take.write(&path).expect("write");
        assert_eq!(CalibrationTake::read(&path).expect("read"), back);
    }

    #[test]
    fn format_calibration_take_syntax_errors_name_file_line_and_reason() {
        let (path, line, reason) = syntax_error("\n");
        assert_eq!((path.as_str(), line), ("c.calibration.csv", 1));
        assert!(reason.contains("empty file"), "{reason}");

        let (_, line, reason) = syntax_error("time_s,device,px,py,pz,qx,qy,qz,qw\n");
        assert_eq!(line, 1);
        assert!(reason.starts_with("wrong header"), "{reason}");

        let (_, line, reason) =
            syntax_error("pose,time_s,device,px,py,pz,qx,qy,qz,qw,confidence\n");
        assert_eq!(line, 1);
        assert!(
            reason.starts_with("unknown column name in column 11 of the header"),
            "{reason}"
        );

        let (_, line, reason) = syntax_error(&format!(
            "{H}arms_down,0,head,0,1.6,0,0,0,0,1\nt_pose,0,head,0,1.6,0,0,0,0,1\n"
        ));
        assert_eq!(line, 3);
        assert_eq!(
            reason,
            "unknown pose in field `pose` (expected one of arms_forward, forearms_up, arms_down, hands_on_hips)"
        );

        let (_, line, reason) = syntax_error(&format!("{H}arms_down,0,head,0,1.6,0,0,0,0\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "expected 10 fields, found 9");

        let (_, line, reason) = syntax_error(&format!("{H}arms_down,0,foot,0,1.6,0,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert!(
            reason.starts_with("unknown device in field `device`"),
            "{reason}"
        );

        let (_, line, reason) = syntax_error(&format!("{H}arms_down,0,head,0,1.6,0,0,0,?,1\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "field `qz` is not a number");

        // Time runs on across the blocks: a new block may not restart at 0.
        let (_, line, reason) = syntax_error(&format!(
            "{H}arms_down,0.0,head,0,1.6,0,0,0,0,1\narms_down,1.5,head,0,1.6,0,0,0,0,1\narms_forward,0.0,head,0,1.6,0,0,0,0,1\n"
        ));
        assert_eq!(line, 4);
        assert_eq!(
            reason,
            "field `time_s` goes backwards (earlier than the previous row's)"
        );
    }

    #[test]
    fn format_calibration_take_counts_invalid_samples() {
        let text = format!(
            "{H}\
arms_forward,0,head,0,1.6,0,0,0,0,1.01\n\
arms_forward,0,left_hand,inf,1.6,0,0,0,0,1\n\
arms_forward,0.1,head,0,1.6,0,0,0,0,1.0005\n"
        );
        let take = CalibrationTake::parse(&text, "x").expect("not fatal");
        assert_eq!(take.invalid.count, 2);
        assert_eq!(take.invalid.first_lines, vec![2, 3]);
        assert!(take.samples[0].sample.pose.is_none());
        assert!(take.samples[1].sample.pose.is_none());
        let q = take.samples[2].sample.pose.expect("accepted").rotation;
        assert!((q.length() - 1.0).abs() < 1e-12);
        assert_eq!(
            take.devices().iter().collect::<Vec<_>>(),
            vec![Device::Head, Device::LeftHand]
        );
    }
}
