//! The `file` device source: a tracker take replayed in real time from the
//! loop's start, starting over at the end when looping (each lap shifted in
//! time so that sample times keep increasing), else stopping after the last
//! sample (the solver then holds or predicts the last pose).

use posewire_body::formats::{TrackerSample, TrackerTake};

/// A take being replayed.
#[derive(Debug, Clone)]
pub struct FileReplay {
    samples: Vec<TrackerSample>,
    first_s: f64,
    /// Length of one lap: the take's span plus one sample interval.
    lap_s: f64,
    looping: bool,
    next: usize,
    lap: u64,
}

impl FileReplay {
    /// Replays `take`; `None` if it has no samples.
    pub fn new(take: TrackerTake, looping: bool) -> Option<FileReplay> {
        let (first_s, last_s) = take.time_range()?;
        let span = last_s - first_s;
        // One more typical interval between laps, so the first sample of a
        // lap does not share the last one's time.
        let gap = if take.samples.len() > 1 {
            (span / (take.samples.len() - 1) as f64).max(1e-3)
        } else {
            1.0 / 90.0
        };
        Some(FileReplay {
            samples: take.samples,
            first_s,
            lap_s: span + gap,
            looping,
            next: 0,
            lap: 0,
        })
    }

    /// Appends to `out` every sample due by loop time `now_s` (seconds since
    /// the replay began), re-timed onto the loop's clock.
    pub fn poll(&mut self, now_s: f64, out: &mut Vec<TrackerSample>) {
        loop {
            if self.next >= self.samples.len() {
                if !self.looping {
                    return;
                }
                self.next = 0;
                self.lap += 1;
            }
            let s = self.samples[self.next];
            let t = s.time_s - self.first_s + self.lap as f64 * self.lap_s;
            if t > now_s {
                return;
            }
            out.push(TrackerSample { time_s: t, ..s });
            self.next += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::{Device, Transform};

    fn take() -> TrackerTake {
        let samples = (0..10)
            .map(|k| TrackerSample {
                time_s: 5.0 + k as f64 * 0.1,
                device: Device::Head,
                pose: Some(Transform::IDENTITY),
                input: None,
            })
            .collect();
        TrackerTake {
            samples,
            ..TrackerTake::default()
        }
    }

    #[test]
    fn samples_come_when_due_and_laps_keep_time_increasing() {
        let mut replay = FileReplay::new(take(), true).expect("non-empty");
        let mut out = Vec::new();
        replay.poll(0.25, &mut out);
        assert_eq!(out.len(), 3, "{out:?}");
        assert!((out[0].time_s).abs() < 1e-12);
        out.clear();
        replay.poll(2.05, &mut out);
        // The rest of lap 0 (7) and lap 1 (10) and the first of lap 2 (1).
        assert_eq!(out.len(), 18);
        assert!(out.windows(2).all(|w| w[1].time_s > w[0].time_s));
    }

    #[test]
    fn without_looping_the_replay_stops() {
        let mut replay = FileReplay::new(take(), false).expect("non-empty");
        let mut out = Vec::new();
        replay.poll(100.0, &mut out);
        assert_eq!(out.len(), 10);
        assert!(FileReplay::new(TrackerTake::default(), true).is_none());
    }
}
