//! Which clips `posewire train` holds out for early stopping: every 7th
//! clip of the same subjects (the default), or every clip of one subject
//! none of whose clips is trained on (`--early-stop subject`), so that the
//! epoch kept is the one that does best on a person the network never saw.

use crate::eval_cv::subject_of;

/// What the early-stopping set is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum EarlyStop {
    /// Every 7th clip in name order, from the 4th (the same subjects as
    /// the training clips).
    #[default]
    Clips,
    /// Every clip of one subject: the one whose clip count is nearest a
    /// seventh of all clips (ties: the first by name); none of its clips
    /// is trained on.
    Subject,
}

/// The subject `EarlyStop::Subject` holds out among `clips` (names):
/// an error names a clip without a subject, or says there is only one
/// subject.
pub fn held_out_subject(clips: &[String]) -> anyhow::Result<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for clip in clips {
        let subject = subject_of(clip).ok_or_else(|| {
            anyhow::anyhow!(
                "--early-stop subject: clip `{clip}` has no subject in its name (cmu_<subject>_...)"
            )
        })?;
        match counts.iter_mut().find(|(s, _)| s == subject) {
            Some((_, n)) => *n += 1,
            None => counts.push((subject.to_string(), 1)),
        }
    }
    anyhow::ensure!(
        counts.len() >= 2,
        "--early-stop subject needs clips of at least two subjects, found {}",
        counts.len()
    );
    counts.sort();
    let seventh = clips.len() as f64 / 7.0;
    let gap = |n: usize| (n as f64 - seventh).abs();
    let mut best = &counts[0];
    for c in &counts[1..] {
        if gap(c.1) < gap(best.1) {
            best = c;
        }
    }
    Ok(best.0.clone())
}

/// Per clip (names in name order), whether it is held out for early
/// stopping.
pub fn held_out_mask(clips: &[String], rule: EarlyStop) -> anyhow::Result<Vec<bool>> {
    match rule {
        EarlyStop::Clips => Ok((0..clips.len()).map(|k| k % 7 == 3).collect()),
        EarlyStop::Subject => {
            let subject = held_out_subject(clips)?;
            Ok(clips
                .iter()
                .map(|c| subject_of(c) == Some(subject.as_str()))
                .collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn clips_hold_out_every_seventh_from_the_fourth() {
        let clips: Vec<String> = (0..15).map(|k| format!("cmu_02_{k:02}_walk")).collect();
        let mask = held_out_mask(&clips, EarlyStop::Clips).expect("split");
        let held: Vec<usize> = (0..15).filter(|&k| mask[k]).collect();
        assert_eq!(held, [3, 10]);
    }

    #[test]
    fn subject_holds_out_every_clip_of_one_subject_and_no_other() {
        // 14 clips: a seventh is 2, so subject 05 (2 clips) is held out,
        // not 02 (9) or 16 (3).
        let mut clips = Vec::new();
        clips.extend((0..9).map(|k| format!("cmu_02_{k:02}_walk")));
        clips.extend((0..2).map(|k| format!("cmu_05_{k:02}_dance")));
        clips.extend((0..3).map(|k| format!("cmu_16_{k:02}_run")));
        clips.sort();
        assert_eq!(held_out_subject(&clips).expect("subject"), "05");
        let mask = held_out_mask(&clips, EarlyStop::Subject).expect("split");
        for (clip, held) in clips.iter().zip(&mask) {
            assert_eq!(*held, clip.starts_with("cmu_05_"), "{clip}");
        }
        // The training side keeps every clip of the other subjects.
        assert_eq!(mask.iter().filter(|h| !**h).count(), 12);
    }

    #[test]
    fn a_tie_goes_to_the_first_subject_by_name() {
        let clips = names(&["cmu_16_01_a", "cmu_49_01_b", "cmu_16_02_a", "cmu_49_02_b"]);
        assert_eq!(held_out_subject(&clips).expect("subject"), "16");
    }

    #[test]
    fn the_subject_split_refuses_unnamed_clips_and_a_single_subject() {
        let err = held_out_mask(&names(&["cmu_02_01_a", "walk"]), EarlyStop::Subject)
            .expect_err("no subject");
        assert!(format!("{err:#}").contains("`walk`"), "{err:#}");
        let err = held_out_mask(&names(&["cmu_02_01_a", "cmu_02_02_b"]), EarlyStop::Subject)
            .expect_err("one subject");
        assert!(format!("{err:#}").contains("two subjects"), "{err:#}");
        // The clip split needs no subjects.
        assert!(held_out_mask(&names(&["walk"]), EarlyStop::Clips).is_ok());
    }
}
