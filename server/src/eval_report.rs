//! What `posewire eval` reports: the per-clip results, the means per
//! setting (over all clips and over the clips without props), the
//! calibration errors, as Markdown tables and as JSON.

use std::fmt::Write as _;

use posewire_evaluation::{
    mean_calibration_errors, mean_metrics, CalibrationErrors, Condition, Metrics, SettingReport,
};
use serde::Serialize;

use crate::table::{num, Table};

use posewire_evaluation::protocol::{is_prop_clip, PROP_CLIPS};

/// One evaluated setting: a device count and a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Setting {
    /// 3, 4 or 6 devices.
    pub devices: usize,
    /// Clean or noisy.
    pub condition: Condition,
}

impl Setting {
    /// `"3 clean"`.
    pub fn label(&self) -> String {
        format!("{} {}", self.devices, self.condition.name())
    }

    fn matches(&self, r: &SettingReport) -> bool {
        r.devices == self.devices && r.condition == self.condition
    }
}

/// A clip or a setting of a clip that could not be evaluated.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    /// The clip.
    pub clip: String,
    /// The setting, or `None` when the whole clip failed (unreadable file).
    pub setting: Option<Setting>,
    /// What went wrong.
    pub error: String,
}

/// Everything measured on one clip.
#[derive(Debug, Clone, Serialize)]
pub struct ClipOutcome {
    /// The clip's name (file name without `.bvh`).
    pub clip: String,
    /// The BVH file.
    pub path: String,
    /// Length of the clip, s (NaN if unreadable).
    pub duration_s: f64,
    /// One report per setting that succeeded.
    pub settings: Vec<SettingReport>,
    /// The settings that failed.
    pub failures: Vec<Failure>,
}

/// The means of one setting.
#[derive(Debug, Clone, Serialize)]
pub struct SettingMeans {
    /// `"3 clean"`.
    pub setting: String,
    /// Device count.
    pub devices: usize,
    /// Condition.
    pub condition: Condition,
    /// Clips that succeeded under this setting.
    pub clips: usize,
    /// Mean metrics over those clips.
    pub all: Metrics,
    /// How many of them have no prop.
    pub no_prop_clips: usize,
    /// Mean metrics over the clips without props.
    pub no_prop: Metrics,
    /// Mean calibration errors over the clips, cm.
    pub calibration: CalibrationErrors,
    /// Clips that passed the causality check.
    pub causality_passed: usize,
    /// Clips without props that passed the causality check.
    pub no_prop_causality_passed: usize,
}

/// The whole evaluation, as printed and as written to JSON.
#[derive(Debug, Clone, Serialize)]
pub struct EvalReport {
    /// The solver evaluated.
    pub solver: String,
    /// How the solver's trunk shares the head's rotation (`look-at` or
    /// `neck-only`).
    pub trunk: String,
    /// The seed of the random draws.
    pub seed: u64,
    /// The settings, in table order.
    pub settings: Vec<Setting>,
    /// Name fragments of the clips left out of the no-prop means.
    pub prop_clips: Vec<String>,
    /// Per clip, every setting.
    pub clips: Vec<ClipOutcome>,
    /// Per setting, the means.
    pub means: Vec<SettingMeans>,
    /// Mean calibration errors over every clean setting of every clip, cm
    /// (`None` when no clean setting was evaluated).
    pub calibration_clean_mean: Option<CalibrationErrors>,
    /// The same evaluation on the training corpus (`--train`), when asked:
    /// this report is then the validation set's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub train: Option<Box<EvalReport>>,
    /// Every how many frames of each clip were kept (`--decimate`; 1: all,
    /// 4: a 120 fps clip as a 30 fps capture).
    pub decimate: usize,
    /// The body's proportions the clips were synthesised on
    /// (`--proportions`; all 1: the clips' own).
    pub proportions: posewire_evaluation::Proportions,
    /// Whether the calibration takes had the optional `hands_on_hips` pose
    /// (`--hands-on-hips`).
    pub hands_on_hips: bool,
    /// The leave-one-subject-out folds over the training corpus
    /// (`--cv subjects`), when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cv: Option<crate::eval_cv::CvReport>,
    /// The same folds with each held-out subject scored by networks
    /// trained without it (`--retrain`), when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cv_retrained: Option<crate::eval_cv::CvReport>,
}

impl EvalReport {
    /// Aggregates the per-clip outcomes (clips sorted by name).
    pub fn new(
        solver: &str,
        trunk: &str,
        seed: u64,
        settings: Vec<Setting>,
        mut clips: Vec<ClipOutcome>,
    ) -> EvalReport {
        clips.sort_by(|a, b| a.clip.cmp(&b.clip));
        let means = settings
            .iter()
            .map(|s| {
                let all: Vec<(&str, &SettingReport)> = clips
                    .iter()
                    .flat_map(|c| {
                        c.settings
                            .iter()
                            .filter(|r| s.matches(r))
                            .map(|r| (c.clip.as_str(), r))
                    })
                    .collect();
                let metrics: Vec<Metrics> = all.iter().map(|(_, r)| r.metrics).collect();
                let no_prop: Vec<Metrics> = all
                    .iter()
                    .filter(|(c, _)| !is_prop_clip(c))
                    .map(|(_, r)| r.metrics)
                    .collect();
                let calibration: Vec<CalibrationErrors> =
                    all.iter().map(|(_, r)| r.calibration).collect();
                SettingMeans {
                    setting: s.label(),
                    devices: s.devices,
                    condition: s.condition,
                    clips: all.len(),
                    all: mean_metrics(&metrics),
                    no_prop_clips: no_prop.len(),
                    no_prop: mean_metrics(&no_prop),
                    calibration: mean_calibration_errors(&calibration),
                    causality_passed: all.iter().filter(|(_, r)| r.causality.passed).count(),
                    no_prop_causality_passed: all
                        .iter()
                        .filter(|(c, r)| !is_prop_clip(c) && r.causality.passed)
                        .count(),
                }
            })
            .collect();
        let clean: Vec<CalibrationErrors> = clips
            .iter()
            .flat_map(|c| c.settings.iter())
            .filter(|r| r.condition == Condition::Clean)
            .map(|r| r.calibration)
            .collect();
        EvalReport {
            solver: solver.to_string(),
            trunk: trunk.to_string(),
            seed,
            settings,
            prop_clips: PROP_CLIPS.iter().map(|s| s.to_string()).collect(),
            clips,
            means,
            calibration_clean_mean: (!clean.is_empty()).then(|| mean_calibration_errors(&clean)),
            train: None,
            decimate: 1,
            proportions: posewire_evaluation::Proportions::default(),
            hands_on_hips: false,
            cv: None,
            cv_retrained: None,
        }
    }

    /// Every failure, clip by clip.
    pub fn failures(&self) -> impl Iterator<Item = &Failure> {
        self.clips.iter().flat_map(|c| c.failures.iter())
    }

    /// Every (clip, setting) whose solve failed the causality check.
    pub fn causality_failures(&self) -> impl Iterator<Item = String> + '_ {
        self.clips.iter().flat_map(|c| {
            c.settings
                .iter()
                .filter(|r| !r.causality.passed)
                .map(move |r| format!("{} ({} devices, {})", c.clip, r.devices, r.condition.name()))
        })
    }

    /// Everything printed: this set's tables; with a training corpus, its
    /// tables too and then the two side by side.
    pub fn all_tables(&self) -> String {
        let mut out = self.set_tables();
        if let Some(cv) = &self.cv {
            out.push('\n');
            out.push_str(&cv.tables());
        }
        if let Some(cv) = &self.cv_retrained {
            out.push_str("\n# With the networks retrained per fold (--retrain)\n\n");
            out.push_str(&cv.tables());
        }
        out
    }

    /// This set's tables, and the training corpus's with both side by side.
    fn set_tables(&self) -> String {
        let Some(train) = &self.train else {
            return self.tables();
        };
        let mut out = String::new();
        let _ = writeln!(out, "# Training corpus\n");
        out.push_str(&train.tables());
        let _ = writeln!(out, "\n# Validation set\n");
        out.push_str(&self.tables());
        let _ = writeln!(
            out,
            "\n# Training corpus and validation set side by side (no-prop means)\n"
        );
        out.push_str(&side_by_side(train, self));
        out
    }

    /// The Markdown tables: per clip for each setting, the means over all
    /// clips and over the no-prop clips, and the calibration errors.
    pub fn tables(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "## Evaluation: solver `{}` (trunk `{}`), seed {}, {} clip(s){}{}{}\n",
            self.solver,
            self.trunk,
            self.seed,
            self.clips.len(),
            match self.decimate {
                1 => String::new(),
                n => format!(", every {n}th frame of each clip kept"),
            },
            if self.proportions.is_identity() {
                String::new()
            } else {
                format!(", body proportions {}", self.proportions)
            },
            if self.hands_on_hips {
                ", calibration with hands on the hips"
            } else {
                ""
            }
        );
        out.push_str(LEGEND);
        for s in &self.settings {
            let _ = writeln!(
                out,
                "\n### Per clip: {} devices, {}\n",
                s.devices,
                s.condition.name()
            );
            let mut t = Table::new(metric_header("clip", false));
            for c in &self.clips {
                if let Some(r) = c.settings.iter().find(|r| s.matches(r)) {
                    let mut row = vec![c.clip.clone()];
                    row.extend(metric_cells(&r.metrics));
                    row.push(if r.causality.passed { "pass" } else { "FAIL" }.into());
                    t.push(row);
                } else if c
                    .failures
                    .iter()
                    .any(|f| f.setting.is_none_or(|fs| fs == *s))
                {
                    let mut row = vec![c.clip.clone()];
                    row.extend(std::iter::repeat_n("-".to_string(), 12));
                    row.push("failed".into());
                    t.push(row);
                }
            }
            out.push_str(&t.render());
        }

        let _ = writeln!(out, "\n### Mean over all clips\n");
        out.push_str(&self.mean_table(false));
        let _ = writeln!(
            out,
            "\n### Mean over no-prop clips (without clips named *{}*)\n",
            PROP_CLIPS.join("*, *")
        );
        out.push_str(&self.mean_table(true));
        let _ = writeln!(
            out,
            "\n### Body state changes over whole takes (physics; nothing pushes these takes)\n"
        );
        out.push_str(&self.state_change_table());

        let _ = writeln!(out, "\n### Calibration: mean absolute error (cm)\n");
        let mut t = Table::new([
            "setting",
            "clips",
            "head height",
            "shoulder width",
            "hip width",
            "upper arm",
            "forearm",
            "thigh",
            "shin",
        ]);
        for m in &self.means {
            t.push(calibration_row(&m.setting, m.clips, &m.calibration));
        }
        if let Some(c) = &self.calibration_clean_mean {
            let n = self
                .means
                .iter()
                .filter(|m| m.condition == Condition::Clean)
                .map(|m| m.clips)
                .sum();
            t.push(calibration_row("all clean", n, c));
        }
        out.push_str(&t.render());
        out
    }

    /// Per setting: the clips whose body staggered, fell or got up, and
    /// the totals; prop clips are named with `(prop)`.
    fn state_change_table(&self) -> String {
        let mut t = Table::new([
            "setting",
            "clips",
            "with a change",
            "staggers",
            "falls",
            "get-ups",
            "which",
        ]);
        for s in &self.settings {
            let mut totals = [0u64; 3];
            let mut which = Vec::new();
            let mut clips = 0;
            for c in &self.clips {
                let Some(r) = c.settings.iter().find(|r| s.matches(r)) else {
                    continue;
                };
                clips += 1;
                let n = [r.reactions.staggers, r.reactions.falls, r.reactions.get_ups];
                totals.iter_mut().zip(n).for_each(|(t, n)| *t += n);
                if n.iter().any(|&n| n > 0) {
                    let prop = if is_prop_clip(&c.clip) { " (prop)" } else { "" };
                    which.push(format!("{}{prop}", c.clip));
                }
            }
            let mut row = vec![s.label(), clips.to_string(), which.len().to_string()];
            row.extend(totals.iter().map(u64::to_string));
            row.push(if which.is_empty() {
                "-".into()
            } else {
                which.join(", ")
            });
            t.push(row);
        }
        t.render()
    }

    fn mean_table(&self, no_prop: bool) -> String {
        let mut header = metric_header("setting", true);
        header.insert(1, "clips".into());
        let mut t = Table::new(header);
        for m in &self.means {
            let (metrics, clips, causal) = if no_prop {
                (&m.no_prop, m.no_prop_clips, m.no_prop_causality_passed)
            } else {
                (&m.all, m.clips, m.causality_passed)
            };
            let mut row = vec![m.setting.clone(), clips.to_string()];
            row.extend(metric_cells(metrics));
            row.push(format!("{causal}/{clips}"));
            t.push(row);
        }
        t.render()
    }
}

/// Per setting, the training corpus's no-prop means beside the
/// validation set's: the figures a setting is chosen on and checked on.
fn side_by_side(train: &EvalReport, validation: &EvalReport) -> String {
    let mut t = Table::new([
        "setting",
        "clips (train / val.)",
        "MPJPE",
        "lower",
        "jitter",
        "skate / GT",
        "lag ms",
        "falls %",
    ]);
    let pair = |a: f64, b: f64, digits: usize| format!("{} / {}", num(a, digits), num(b, digits));
    for v in &validation.means {
        let Some(tr) = train.means.iter().find(|m| m.setting == v.setting) else {
            continue;
        };
        let (a, b) = (&tr.no_prop, &v.no_prop);
        t.push(vec![
            v.setting.clone(),
            format!("{} / {}", tr.no_prop_clips, v.no_prop_clips),
            pair(a.mpjpe_cm, b.mpjpe_cm, 2),
            pair(a.lower_pe_cm, b.lower_pe_cm, 2),
            pair(a.jitter_ratio, b.jitter_ratio, 2),
            pair(skate_ratio(a), skate_ratio(b), 2),
            pair(a.lag_ms, b.lag_ms, 0),
            pair(a.falls_pct, b.falls_pct, 1),
        ]);
    }
    let mut out = String::from("Each cell: training corpus / validation set.\n\n");
    out.push_str(&t.render());
    out
}

/// Foot skate over the ground truth's (a ratio of means).
fn skate_ratio(m: &Metrics) -> f64 {
    m.foot_skate_cm_s / m.gt_foot_skate_cm_s
}

/// What the columns mean, printed once above the tables.
const LEGEND: &str = "Positions in cm, world frame, no alignment; after 1 s of settling. \
`skate` = reconstructed foot skate in cm/s (GT in brackets); `jitter` = reconstructed jitter \
over GT jitter; `pen.` = ankle penetration below the lowest GT ankle, cm; `lag` > 0 = late. \
Means of ratios are ratios of means.\n";

fn metric_header(first: &str, mean: bool) -> Vec<String> {
    let mut h: Vec<String> = [
        first,
        "MPJPE",
        "upper",
        "lower",
        "hand",
        "root",
        "MPJVE cm/s",
        "bone deg",
        "jitter",
        "skate (GT)",
        "pen.",
        "falls %",
        "lag ms",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    h.push(if mean { "causality" } else { "causal" }.into());
    h
}

fn metric_cells(m: &Metrics) -> Vec<String> {
    vec![
        num(m.mpjpe_cm, 2),
        num(m.upper_pe_cm, 2),
        num(m.lower_pe_cm, 2),
        num(m.hand_pe_cm, 2),
        num(m.root_pe_cm, 2),
        num(m.mpjve_cm_s, 1),
        num(m.bone_angle_deg, 1),
        num(m.jitter_ratio, 2),
        format!(
            "{} ({})",
            num(m.foot_skate_cm_s, 1),
            num(m.gt_foot_skate_cm_s, 1)
        ),
        num(m.penetration_cm, 2),
        num(m.falls_pct, 1),
        num(m.lag_ms, 0),
    ]
}

fn calibration_row(label: &str, clips: usize, c: &CalibrationErrors) -> Vec<String> {
    vec![
        label.to_string(),
        clips.to_string(),
        num(c.head_height_cm, 2),
        num(c.shoulder_width_cm, 2),
        num(c.hip_width_cm, 2),
        num(c.upper_arm_cm, 2),
        num(c.forearm_cm, 2),
        num(c.thigh_cm, 2),
        num(c.shin_cm, 2),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_evaluation_still_renders() {
        let s = Setting {
            devices: 3,
            condition: Condition::Clean,
        };
        let report = EvalReport::new("ik", "look-at", 1, vec![s], Vec::new());
        let text = report.tables();
        assert!(text.contains("| 3 clean "), "{text}");
        assert_eq!(report.means[0].clips, 0);
        assert!(report.calibration_clean_mean.is_none());
        let json = serde_json::to_string(&report).expect("json");
        assert!(
            json.contains("\"prop_clips\":[\"14_21\",\"14_27\","),
            "{json}"
        );
        assert!(!json.contains("\"train\""), "{json}");
    }

    #[test]
    fn a_training_corpus_is_printed_first_then_beside_the_validation_set() {
        let s = Setting {
            devices: 4,
            condition: Condition::Noisy,
        };
        let mut report = EvalReport::new("physics", "look-at", 1, vec![s], Vec::new());
        report.train = Some(Box::new(EvalReport::new(
            "physics",
            "look-at",
            1,
            vec![s],
            Vec::new(),
        )));
        let text = report.all_tables();
        let train = text.find("# Training corpus\n").expect("train heading");
        let validation = text.find("# Validation set").expect("validation heading");
        let both = text.find("side by side").expect("side-by-side heading");
        assert!(train < validation && validation < both, "{text}");
        let row = text[both..]
            .lines()
            .find(|l| l.starts_with("| 4 noisy |"))
            .expect("the setting's row");
        assert!(row.contains(" 0 / 0 |"), "{row}");
        let json = serde_json::to_string(&report).expect("json");
        assert!(json.contains("\"train\":{\"solver\":\"physics\""), "{json}");
    }
}
