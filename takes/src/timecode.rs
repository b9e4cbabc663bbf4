//! SMPTE timecode at a stated rate: labels (`HH:MM:SS:FF`, or
//! `HH:MM:SS;FF` in drop-frame) to frame counts and back, and the
//! timecode of a time of day. Drop-frame (29.97) skips the labels `;00`
//! and `;01` at the start of every minute except each tenth, so that its
//! labels keep up with the clock; the other rates count every frame.

/// A timecode rate a take can state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimecodeRate {
    /// 24000/1001 frames a second, counted as 24 (no drop).
    Fps23976,
    /// 24 frames a second.
    Fps24,
    /// 25 frames a second.
    Fps25,
    /// 30000/1001 frames a second, drop-frame labels.
    Fps2997DropFrame,
    /// 30 frames a second.
    Fps30,
    /// 50 frames a second.
    Fps50,
    /// 60 frames a second.
    Fps60,
}

impl TimecodeRate {
    /// Every rate, in the order of their codes.
    pub const ALL: [TimecodeRate; 7] = [
        TimecodeRate::Fps23976,
        TimecodeRate::Fps24,
        TimecodeRate::Fps25,
        TimecodeRate::Fps2997DropFrame,
        TimecodeRate::Fps30,
        TimecodeRate::Fps50,
        TimecodeRate::Fps60,
    ];

    /// The name users give it (`--timecode-rate`): `23.976`, `24`, `25`,
    /// `29.97` (drop-frame), `30`, `50`, `60`.
    pub fn name(self) -> &'static str {
        match self {
            TimecodeRate::Fps23976 => "23.976",
            TimecodeRate::Fps24 => "24",
            TimecodeRate::Fps25 => "25",
            TimecodeRate::Fps2997DropFrame => "29.97",
            TimecodeRate::Fps30 => "30",
            TimecodeRate::Fps50 => "50",
            TimecodeRate::Fps60 => "60",
        }
    }

    /// The rate of a name (also `29.97df`, `23.98`).
    pub fn parse(name: &str) -> Result<TimecodeRate, String> {
        let n = name.trim().to_ascii_lowercase();
        let n = match n.as_str() {
            "29.97df" | "29.97-df" | "2997" => "29.97",
            "23.98" => "23.976",
            other => other,
        };
        TimecodeRate::ALL
            .into_iter()
            .find(|r| r.name() == n)
            .ok_or_else(|| {
                format!(
                    "timecode rate `{name}` is not one of 23.976, 24, 25, 29.97 (drop-frame), 30, 50, 60"
                )
            })
    }

    /// Its code in a take file (kind 17).
    pub fn code(self) -> u8 {
        TimecodeRate::ALL
            .iter()
            .position(|&r| r == self)
            .unwrap_or(0) as u8
    }

    /// The rate of a code, if it is one.
    pub fn of_code(code: u8) -> Option<TimecodeRate> {
        TimecodeRate::ALL.get(usize::from(code)).copied()
    }

    /// Frames counted per labelled second (24 for 23.976, 30 for 29.97).
    pub fn nominal_fps(self) -> u64 {
        match self {
            TimecodeRate::Fps23976 | TimecodeRate::Fps24 => 24,
            TimecodeRate::Fps25 => 25,
            TimecodeRate::Fps2997DropFrame | TimecodeRate::Fps30 => 30,
            TimecodeRate::Fps50 => 50,
            TimecodeRate::Fps60 => 60,
        }
    }

    /// Frames per real second, as a fraction (numerator, denominator).
    pub fn fraction(self) -> (u64, u64) {
        match self {
            TimecodeRate::Fps23976 => (24000, 1001),
            TimecodeRate::Fps2997DropFrame => (30000, 1001),
            other => (other.nominal_fps(), 1),
        }
    }

    /// Frames per real second.
    pub fn fps(self) -> f64 {
        let (n, d) = self.fraction();
        n as f64 / d as f64
    }

    /// Whether its labels drop frames (29.97).
    pub fn drop_frame(self) -> bool {
        self == TimecodeRate::Fps2997DropFrame
    }

    /// Frames in a labelled day (24 hours of labels).
    pub fn frames_per_day(self) -> u64 {
        let nominal = 24 * 3600 * self.nominal_fps();
        if self.drop_frame() {
            // 2 labels dropped in 9 of every 10 minutes.
            nominal - 2 * (24 * 60 - 24 * 6)
        } else {
            nominal
        }
    }

    /// The frame count of a label (`HH:MM:SS:FF`; `;` or `:` before the
    /// frames), or why it is not one at this rate.
    pub fn frames_of(self, label: &str) -> Result<u64, String> {
        let bad = || {
            format!(
                "timecode `{label}` is not HH:MM:SS:FF at {} fps",
                self.name()
            )
        };
        let bytes = label.as_bytes();
        if bytes.len() != 11 || bytes[2] != b':' || bytes[5] != b':' {
            return Err(bad());
        }
        if !matches!(bytes[8], b':' | b';' | b'.' | b',') {
            return Err(bad());
        }
        let field = |at: usize| -> Result<u64, String> {
            let s = label.get(at..at + 2).ok_or_else(bad)?;
            if !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse::<u64>().map_err(|_| bad())
        };
        let (h, m, s, f) = (field(0)?, field(3)?, field(6)?, field(9)?);
        let fps = self.nominal_fps();
        if h >= 24 || m >= 60 || s >= 60 || f >= fps {
            return Err(format!(
                "timecode `{label}` is out of range at {} fps (hours < 24, minutes and seconds < 60, frames < {fps})",
                self.name()
            ));
        }
        let minutes = 60 * h + m;
        let counted = (3600 * h + 60 * m + s) * fps + f;
        if !self.drop_frame() {
            return Ok(counted);
        }
        if s == 0 && f < 2 && m % 10 != 0 {
            return Err(format!(
                "timecode `{label}` does not exist in 29.97 drop-frame (frames 00 and 01 are dropped at the start of each minute not divisible by ten)"
            ));
        }
        Ok(counted - 2 * (minutes - minutes / 10))
    }

    /// The label of a frame count (wrapping at 24 hours), with `;` before
    /// the frames in drop-frame.
    pub fn label_of(self, frames: u64) -> String {
        let frames = frames % self.frames_per_day();
        let fps = self.nominal_fps();
        let counted = if self.drop_frame() {
            // 17982 frames each ten minutes, 1798 each minute after the first.
            let tens = frames / 17_982;
            let rest = frames % 17_982;
            let dropped = 18 * tens + if rest < 2 { 0 } else { 2 * ((rest - 2) / 1798) };
            frames + dropped
        } else {
            frames
        };
        let f = counted % fps;
        let secs = counted / fps;
        let sep = if self.drop_frame() { ';' } else { ':' };
        format!(
            "{:02}:{:02}:{:02}{sep}{:02}",
            secs / 3600,
            secs / 60 % 60,
            secs % 60,
            f
        )
    }

    /// The frame count of a time of day (seconds since midnight): the
    /// frames elapsed since midnight at the real rate, whole frames.
    pub fn frames_at_time_of_day(self, seconds: f64) -> u64 {
        let (n, d) = self.fraction();
        let secs = seconds.clamp(0.0, 86_400.0);
        let frames = (secs * n as f64 / d as f64).floor() as u64;
        frames % self.frames_per_day()
    }
}

/// A take's SMPTE timecode: the label of its first tick and the rate it
/// counts at (take record kind 17).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TakeTimecode {
    /// The first tick's frame count at `rate` (frames since 00:00:00:00).
    pub start_frame: u64,
    /// The rate.
    pub rate: TimecodeRate,
    /// Whether it came from the daemon's clock (time of day, UTC) rather
    /// than from the user.
    pub from_clock: bool,
}

impl TakeTimecode {
    /// The first tick's label.
    pub fn label(&self) -> String {
        self.rate.label_of(self.start_frame)
    }

    /// The start in seconds at the real rate (frames / fps).
    pub fn start_seconds(&self) -> f64 {
        let (n, d) = self.rate.fraction();
        self.start_frame as f64 * d as f64 / n as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drop_frame_labels_count_as_smpte_says() {
        let df = TimecodeRate::Fps2997DropFrame;
        assert_eq!(df.frames_of("00:01:00;02"), Ok(1800));
        assert_eq!(df.frames_of("00:10:00;00"), Ok(17_982));
        assert_eq!(df.frames_of("00:00:59;29"), Ok(1799));
        assert_eq!(df.frames_of("01:00:00;00"), Ok(107_892));
        assert_eq!(df.label_of(1800), "00:01:00;02");
        assert_eq!(df.label_of(1799), "00:00:59;29");
        assert_eq!(df.label_of(17_982), "00:10:00;00");
        assert_eq!(df.label_of(17_981), "00:09:59;29");
        assert_eq!(df.label_of(107_892), "01:00:00;00");
        assert!(df.frames_of("00:01:00;00").is_err());
        assert!(df.frames_of("00:01:00;01").is_err());
        assert_eq!(df.frames_of("00:10:00;01"), Ok(17_983));
        assert_eq!(df.frames_per_day(), 2_589_408);
        // Every frame of a day round-trips (through every dropped minute).
        for frames in (0..df.frames_per_day()).step_by(7) {
            assert_eq!(df.frames_of(&df.label_of(frames)), Ok(frames), "{frames}");
        }
    }

    #[test]
    fn every_rate_round_trips_and_refuses_what_it_cannot_hold() {
        for rate in TimecodeRate::ALL {
            assert_eq!(TimecodeRate::parse(rate.name()), Ok(rate));
            assert_eq!(TimecodeRate::of_code(rate.code()), Some(rate));
            let hour = rate.frames_of("01:00:00:00").expect("an hour");
            assert_eq!(rate.label_of(hour).replace(';', ":"), "01:00:00:00");
            for frames in [0, 1, 59, 1000, hour, rate.frames_per_day() - 1] {
                assert_eq!(rate.frames_of(&rate.label_of(frames)), Ok(frames));
            }
            assert_eq!(rate.label_of(rate.frames_per_day()), rate.label_of(0));
            let last = format!("00:00:00:{:02}", rate.nominal_fps());
            assert!(rate.frames_of(&last).is_err(), "{last} at {}", rate.name());
        }
        assert_eq!(TimecodeRate::Fps24.frames_of("01:00:00:00"), Ok(86_400));
        assert_eq!(TimecodeRate::Fps25.frames_of("00:00:01:24"), Ok(49));
        for bad in [
            "1:00:00:00",
            "01:00:00",
            "24:00:00:00",
            "01:60:00:00",
            "aa:00:00:00",
        ] {
            assert!(TimecodeRate::Fps24.frames_of(bad).is_err(), "{bad}");
        }
        assert!(TimecodeRate::parse("29").is_err());
    }

    #[test]
    fn a_time_of_day_is_the_frames_elapsed_at_the_real_rate() {
        let r = TimecodeRate::Fps24;
        assert_eq!(r.label_of(r.frames_at_time_of_day(3600.5)), "01:00:00:12");
        let df = TimecodeRate::Fps2997DropFrame;
        // Drop-frame labels keep up with the clock: an hour is 01:00:00;00
        // after 107892 frames at 29.97 (3600 s less 3.6 ms).
        assert_eq!(df.label_of(df.frames_at_time_of_day(3600.0)), "01:00:00;00");
        let tc = TakeTimecode {
            start_frame: 86_400,
            rate: r,
            from_clock: false,
        };
        assert_eq!(tc.label(), "01:00:00:00");
        assert!((tc.start_seconds() - 3600.0).abs() < 1e-9);
    }
}
