//! Tracker takes (`*.trackers.csv`, FORMATS.md section 1): read and write.

use std::path::Path;

use super::csv::{self, TimeOrder};
use super::input_columns;
use super::{FormatError, InvalidSamples, TrackerSample, TrackerTake};
use crate::device::{Device, DeviceSet};

/// The header of a tracker take.
pub(crate) const HEADER: [&str; 9] = ["time_s", "device", "px", "py", "pz", "qx", "qy", "qz", "qw"];

/// The header of a tracker take with controller input: [`HEADER`], then
/// [`super::input_columns::INPUT_COLUMNS`].
const HEADER_WITH_INPUT: [&str; 16] = [
    "time_s",
    "device",
    "px",
    "py",
    "pz",
    "qx",
    "qy",
    "qz",
    "qw",
    "grip",
    "trigger",
    "primary",
    "secondary",
    "thumb_x",
    "thumb_y",
    "touch",
];

/// Parses a device name, or says which names are allowed.
pub(crate) fn device(field: &str, path: &str, line: usize) -> Result<Device, FormatError> {
    Device::from_name(field).ok_or_else(|| {
        let names: Vec<&str> = Device::ALL.iter().map(|d| d.name()).collect();
        csv::syntax(
            path,
            line,
            format!(
                "unknown device in field `device` (expected one of {})",
                names.join(", ")
            ),
        )
    })
}

/// Parses the `time_s,device,px,…,qw` part of a row, nine fields (shared
/// with the calibration take). Times are checked for order; an invalid sample is
/// recorded in `invalid` and gets no pose.
pub(crate) fn sample(
    fields: &[&str],
    order: &mut TimeOrder,
    invalid: &mut InvalidSamples,
    path: &str,
    line: usize,
) -> Result<TrackerSample, FormatError> {
    let time_s = csv::time(fields[0], path, line)?;
    order.check(time_s, path, line)?;
    let device = device(fields[1], path, line)?;
    let numbers = csv::pose_numbers(&fields[2..], path, line)?;
    let pose = csv::pose_from_numbers(numbers);
    if pose.is_none() {
        invalid.record(line);
    }
    Ok(TrackerSample {
        time_s,
        device,
        pose,
        input: None,
    })
}

/// Appends one row's `time_s,device,px,…,qw` (no newline).
pub(crate) fn push_sample(out: &mut String, s: &TrackerSample) {
    csv::push_time(out, s.time_s);
    out.push(',');
    out.push_str(s.device.name());
    csv::push_pose(out, s.pose.as_ref());
}

/// A tracker take being parsed: which header it has, the time order so
/// far, the samples so far.
struct Rows {
    which: usize,
    order: TimeOrder,
    take: TrackerTake,
}

impl Rows {
    /// Reads the header of `text`; returns the parser and `text`'s rows.
    fn start<'a>(
        text: &'a str,
        path: &str,
    ) -> Result<(Rows, impl Iterator<Item = (usize, &'a str)>), FormatError> {
        let (which, lines) = csv::read_header(text, path, &[&HEADER, &HEADER_WITH_INPUT])?;
        let rows = Rows {
            which,
            order: TimeOrder::default(),
            take: TrackerTake {
                samples: Vec::with_capacity(text.len() / 80),
                invalid: InvalidSamples::default(),
            },
        };
        Ok((rows, lines))
    }

    /// Parses rows (line number, text) onto the samples.
    fn add<'a>(
        &mut self,
        lines: impl Iterator<Item = (usize, &'a str)>,
        path: &str,
    ) -> Result<(), FormatError> {
        let take = &mut self.take;
        for (line, row) in lines {
            let s = if self.which == 0 {
                let fields = csv::split_fields::<9>(row, path, line)?;
                sample(&fields, &mut self.order, &mut take.invalid, path, line)?
            } else {
                let fields = csv::split_fields::<16>(row, path, line)?;
                let mut s = sample(&fields[..9], &mut self.order, &mut take.invalid, path, line)?;
                s.input = input_columns::parse(&fields[9..], path, line)?;
                if s.input.is_some() && !matches!(s.device, Device::LeftHand | Device::RightHand) {
                    return Err(csv::syntax(
                        path,
                        line,
                        format!(
                            "input fields given for device {} (only left_hand and right_hand carry input)",
                            s.device.name()
                        ),
                    ));
                }
                s
            };
            take.samples.push(s);
        }
        Ok(())
    }
}

impl TrackerTake {
    /// Parses the text of a tracker take; `path` names the file in errors.
    ///
    /// A syntax error stops the read; invalid samples are kept without a
    /// pose and counted in [`TrackerTake::invalid`]. Valid rotations are
    /// normalised.
    pub fn parse(text: &str, path: &str) -> Result<TrackerTake, FormatError> {
        let (mut rows, lines) = Rows::start(text, path)?;
        rows.add(lines, path)?;
        Ok(rows.take)
    }

    /// Reads a tracker take from a file, a block of lines at a time: the
    /// file's text is never whole in memory, only the samples parsed.
    pub fn read(path: &Path) -> Result<TrackerTake, FormatError> {
        let name = path.display().to_string();
        let mut rows: Option<Rows> = None;
        super::line_blocks::for_each_block(path, crate::bounded_read::CSV, |text, first_line| {
            match &mut rows {
                None => {
                    let (mut started, lines) = Rows::start(text, &name)?;
                    started.add(lines, &name)?;
                    rows = Some(started);
                }
                Some(r) => {
                    let body = text.strip_suffix('\n').unwrap_or(text);
                    let lines = body
                        .split('\n')
                        .enumerate()
                        .map(|(i, l)| (first_line + i, l.strip_suffix('\r').unwrap_or(l)));
                    r.add(lines, &name)?;
                }
            }
            Ok(())
        })?;
        match rows {
            Some(r) => Ok(r.take),
            // An empty file: the error `parse` gives it.
            None => TrackerTake::parse("", &name),
        }
    }

    /// The take as CSV text: header, then one row per sample (positions to
    /// 6 decimals, quaternions to 7, an invalid sample as `nan`). The
    /// controller-input columns are written only when some sample has
    /// input, so a take without input is written as before.
    pub fn to_csv(&self) -> String {
        let with_input = self.samples.iter().any(|s| s.input.is_some());
        let mut out = String::with_capacity(64 + self.samples.len() * 120);
        if with_input {
            out.push_str(&HEADER_WITH_INPUT.join(","));
        } else {
            out.push_str(&HEADER.join(","));
        }
        out.push('\n');
        for s in &self.samples {
            push_sample(&mut out, s);
            if with_input {
                input_columns::push(&mut out, s.input.as_ref());
            }
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
        self.samples.iter().map(|s| s.device).collect()
    }

    /// The first and last sample times; `None` for a take without rows.
    pub fn time_range(&self) -> Option<(f64, f64)> {
        Some((self.samples.first()?.time_s, self.samples.last()?.time_s))
    }
}

#[cfg(test)]
mod tests {
    use glam::{DQuat, DVec3};

    use super::*;
    use crate::transform::Transform;

    const H: &str = "time_s,device,px,py,pz,qx,qy,qz,qw\n";

    fn syntax_error(text: &str) -> (String, usize, String) {
        match TrackerTake::parse(text, "take.trackers.csv") {
            Err(FormatError::Syntax { path, line, reason }) => (path, line, reason),
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    fn sample_take() -> TrackerTake {
        let mut samples = Vec::new();
        for i in 0..50 {
            let t = f64::from(i) / 90.0;
            for d in [Device::Head, Device::LeftHand, Device::RightFoot] {
                let q = DQuat::from_euler(glam::EulerRot::YXZ, t + d.index() as f64, 0.3 * t, -0.2);
                let p = DVec3::new(0.1 * t - 0.5, 1.0 + d.index() as f64 * 0.1, -t);
                let pose = (i != 7).then(|| Transform::new(p, q));
                samples.push(TrackerSample {
                    time_s: t,
                    device: d,
                    pose,
                    input: None,
                });
            }
        }
        TrackerTake {
            samples,
            invalid: InvalidSamples::default(),
        }
    }

    #[test]
    fn format_tracker_take_round_trips_within_precision() {
        let take = sample_take();
        let text = take.to_csv();
        assert!(text.starts_with(H));
        assert!(text.ends_with('\n'));
        let back = TrackerTake::parse(&text, "x").expect("round trip parses");
        assert_eq!(back.samples.len(), take.samples.len());
        assert_eq!(back.invalid.count, 3);
        assert_eq!(back.invalid.first_lines, vec![23, 24, 25]);
        for (a, b) in take.samples.iter().zip(&back.samples) {
            assert!((a.time_s - b.time_s).abs() <= 5e-7);
            assert_eq!(a.device, b.device);
            match (a.pose, b.pose) {
                (Some(pa), Some(pb)) => {
                    assert!((pa.position - pb.position).abs().max_element() <= 5.1e-7);
                    let qb = crate::transform::align_hemisphere(pb.rotation, pa.rotation);
                    assert!((pa.rotation - qb).length() <= 2e-7);
                    assert!((pb.rotation.length() - 1.0).abs() < 1e-12);
                }
                (None, None) => {}
                other => panic!("pose changed in round trip: {other:?}"),
            }
        }
        assert_eq!(
            back.devices().iter().collect::<Vec<_>>(),
            vec![Device::Head, Device::LeftHand, Device::RightFoot]
        );
        let (t0, t1) = back.time_range().expect("non-empty");
        assert_eq!(t0, 0.0);
        assert!((t1 - 49.0 / 90.0).abs() < 1e-6);
    }

    #[test]
    fn format_tracker_take_write_and_read_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.trackers.csv");
        let take = sample_take();
        take.write(&path).expect("write");
        let back = TrackerTake::read(&path).expect("read");
        assert_eq!(back.samples.len(), take.samples.len());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a.trackers.csv")]);
        match TrackerTake::read(&dir.path().join("missing.csv")) {
            Err(FormatError::Read(crate::bounded_read::ReadError::Open { path, .. })) => {
                assert!(path.ends_with("missing.csv"))
            }
            other => panic!("expected an io error, got {other:?}"),
        }
    }

    #[test]
    fn format_tracker_take_tolerates_crlf_and_no_final_newline() {
        let text = "time_s,device,px,py,pz,qx,qy,qz,qw\r\n0,head,0,1.6,0,0,0,0,1\r\n0.5,head,1e-3,1.6,0,0,0,0,1";
        let take = TrackerTake::parse(text, "x").expect("parses");
        assert_eq!(take.samples.len(), 2);
        let pose = take.samples[1].pose.expect("valid");
        assert_eq!(pose.position.x, 1e-3);
        assert_eq!(take.time_range(), Some((0.0, 0.5)));
        let empty = TrackerTake::parse(H, "x").expect("header only");
        assert!(empty.samples.is_empty());
        assert_eq!(empty.time_range(), None);
        assert!(empty.devices().is_empty());
    }

    #[test]
    fn format_tracker_take_syntax_errors_name_file_line_and_reason() {
        let (path, line, reason) = syntax_error("");
        assert_eq!((path.as_str(), line), ("take.trackers.csv", 1));
        assert!(reason.contains("empty file"), "{reason}");

        let (_, line, reason) = syntax_error("time_s,device,px,py,pz,qx,qy,qw\n");
        assert_eq!(line, 1);
        assert!(reason.starts_with("wrong header"), "{reason}");

        let (_, line, reason) = syntax_error("time_s,device,px,py,pz,qx,qy,qz,qw,extra\n");
        assert_eq!(line, 1);
        assert_eq!(
            reason,
            "unknown column name in column 10 of the header (expected \
             `time_s,device,px,py,pz,qx,qy,qz,qw` or \
             `time_s,device,px,py,pz,qx,qy,qz,qw,grip,trigger,primary,secondary,thumb_x,thumb_y,touch`)"
        );

        let (_, line, reason) = syntax_error("0,head,0,1.6,0,0,0,0,1\n");
        assert_eq!(line, 1);
        assert!(reason.starts_with("missing header line"), "{reason}");

        let (_, line, reason) =
            syntax_error(&format!("{H}0,head,0,1.6,0,0,0,0,1\n0,head,0,0,0,0,0,1\n"));
        assert_eq!(line, 3);
        assert_eq!(reason, "expected 9 fields, found 8");

        let (_, line, reason) = syntax_error(&format!("{H}0,head,0,1.6,0,0,0,0,1\n\n"));
        assert_eq!(line, 3);
        assert!(reason.starts_with("expected 9 fields, found 0"), "{reason}");

        let (_, line, reason) = syntax_error(&format!("{H}0,head,0,1.6,abc,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "field `pz` is not a number");

        let (_, line, reason) = syntax_error(&format!("{H}0,head,0,1.6,0,0,0,0,\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "field `qw` is not a number");

        let (_, line, reason) = syntax_error(&format!("{H}0,left_elbow,0,1.6,0,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert_eq!(
            reason,
            "unknown device in field `device` (expected one of head, left_hand, right_hand, pelvis, left_foot, right_foot)"
        );

        let (_, line, reason) = syntax_error(&format!(
            "{H}1.30,head,0,1.6,0,0,0,0,1\n1.20,head,0,1.6,0,0,0,0,1\n"
        ));
        assert_eq!(line, 3);
        assert_eq!(
            reason,
            "field `time_s` goes backwards (earlier than the previous row's)"
        );

        let (_, line, reason) = syntax_error(&format!("{H}nan,head,0,1.6,0,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "field `time_s` is not a finite number");

        let (_, line, reason) = syntax_error(&format!("{H}x,head,0,1.6,0,0,0,0,1\n"));
        assert_eq!(line, 2);
        assert_eq!(reason, "field `time_s` is not a number");

        let err = TrackerTake::parse(&format!("{H}0,hand,0,1.6,0,0,0,0,1\n"), "t.csv")
            .expect_err("unknown device");
        assert!(
            err.to_string()
                .starts_with("t.csv:2: unknown device in field `device`"),
            "{err}"
        );
    }

    #[test]
    fn format_tracker_take_counts_invalid_samples_and_reads_on() {
        let text = format!(
            "{H}\
0,head,nan,1.6,0,0,0,0,1\n\
0,left_hand,0,1.6,0,0,0,0,NaN\n\
0,right_hand,0,inf,0,0,0,0,1\n\
0.1,head,0,-inf,0,0,0,0,1\n\
0.1,left_hand,0,1.6,0,0,0,0,1.01\n\
0.1,right_hand,0,1.6,0,0,0,0,1.0005\n\
0.2,head,0,1.6,0,0,0,0,0\n\
0.2,left_hand,0.5,1.5,0.25,0,0.7071068,0,0.7071068\n"
        );
        let take = TrackerTake::parse(&text, "x").expect("invalid samples are not fatal");
        assert_eq!(take.samples.len(), 8);
        assert_eq!(take.invalid.count, 6);
        assert_eq!(take.invalid.first_lines, vec![2, 3, 4, 5, 6, 8]);
        let poses: Vec<bool> = take.samples.iter().map(|s| s.pose.is_some()).collect();
        assert_eq!(
            poses,
            vec![false, false, false, false, false, true, false, true]
        );
        let q = take.samples[5].pose.expect("1.0005 is accepted").rotation;
        assert!((q.length() - 1.0).abs() < 1e-12, "normalised");
        assert_eq!(q.w, 1.0);
        let last = take.samples[7].pose.expect("valid after invalid ones");
        assert_eq!(last.position, DVec3::new(0.5, 1.5, 0.25));
        assert_eq!(take.samples[7].device, Device::LeftHand);
    }

    #[test]
    fn format_tracker_take_keeps_only_the_first_invalid_lines() {
        let mut text = H.to_owned();
        for i in 0..25 {
            text.push_str(&format!("{i},head,0,0,0,0,0,0,2\n"));
        }
        let take = TrackerTake::parse(&text, "x").expect("parses");
        assert_eq!(take.invalid.count, 25);
        assert_eq!(
            take.invalid.first_lines,
            (2..2 + InvalidSamples::MAX_LINES).collect::<Vec<_>>()
        );
    }

    fn with_input() -> TrackerTake {
        let mut take = sample_take();
        for (k, s) in take.samples.iter_mut().enumerate() {
            if s.device == Device::LeftHand && k % 2 == 0 {
                s.input = Some(crate::ControllerInput {
                    grip: 0.25 * (k % 5) as f64,
                    trigger: 0.5,
                    primary: k % 3 == 0,
                    secondary: true,
                    thumbstick: [-0.5, 0.125],
                    touch: crate::Touch::from_bits((k % 16) as u8).expect("bits"),
                });
            }
        }
        take
    }

    #[test]
    fn format_tracker_take_input_columns_round_trip_and_stay_out_when_unused() {
        let plain = sample_take().to_csv();
        assert!(
            plain.starts_with(H),
            "a take without input keeps the nine columns"
        );
        let take = with_input();
        let text = take.to_csv();
        assert!(text.starts_with(
            "time_s,device,px,py,pz,qx,qy,qz,qw,grip,trigger,primary,secondary,thumb_x,thumb_y,touch\n"
        ));
        let back = TrackerTake::parse(&text, "x").expect("parses");
        let inputs: Vec<_> = back.samples.iter().map(|s| s.input).collect();
        let expected: Vec<_> = take.samples.iter().map(|s| s.input).collect();
        assert_eq!(inputs, expected);
        assert!(inputs.iter().flatten().count() > 10);
    }

    #[test]
    fn format_tracker_take_bad_input_fields_are_named() {
        let h = "time_s,device,px,py,pz,qx,qy,qz,qw,grip,trigger,primary,secondary,thumb_x,thumb_y,touch\n";
        let row = |tail: &str| format!("{h}0,left_hand,0,1,0,0,0,0,1,{tail}\n");
        for (tail, says) in [
            (
                "1.5,0,0,0,0,0,0",
                "field `grip` must be a number from 0 to 1",
            ),
            (
                "nan,0,0,0,0,0,0",
                "field `grip` must be a number from 0 to 1",
            ),
            ("0,0,2,0,0,0,0", "field `primary` must be 0 or 1"),
            (
                "0,0,0,0,0,-1.5,0",
                "field `thumb_y` must be a number from -1 to 1",
            ),
            (
                "0,0,0,0,0,0,16",
                "field `touch` must be a whole number 0-15",
            ),
            ("0,,0,0,0,0,0", "field `trigger` is empty"),
        ] {
            let (_, line, reason) = syntax_error(&row(tail));
            assert_eq!(line, 2);
            assert!(reason.contains(says), "{tail}: {reason}");
        }
        let head = format!("{h}0,head,0,1,0,0,0,0,1,0,0,0,0,0,0,0\n");
        let (_, _, reason) = syntax_error(&head);
        assert!(reason.contains("device head"), "{reason}");
        let none = TrackerTake::parse(&format!("{h}0,head,0,1,0,0,0,0,1,,,,,,,\n"), "x")
            .expect("no input on a headset row");
        assert_eq!(none.samples[0].input, None);
        let (_, _, reason) = syntax_error(&format!("{h}0,left_hand,0,1,0,0,0,0,1\n"));
        assert!(reason.contains("expected 16 fields, found 9"), "{reason}");
    }
}
