//! `posewire eval --cv subjects`: leave-one-subject-out folds over the
//! training corpus. Each fold holds one subject out: among the candidate
//! settings, the one with the lowest no-prop MPJPE on the other subjects'
//! clips is chosen, then scored on the held-out subject's clips. The
//! report gives every fold, the mean and spread across folds and the
//! validation figure of the candidate chosen on the whole corpus.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use posewire_evaluation::protocol::is_prop_clip;
use posewire_evaluation::{mean_metrics, Metrics};
use serde::Serialize;

use crate::eval_report::{EvalReport, Setting};
use crate::table::{num, Table};

/// What the folds refit: stated in every report, so a reader knows which
/// parts of a fold's score are out of sample.
pub const REFITTED: &str = "per fold, the candidate settings are chosen on the six other \
subjects; the learned networks are the shipped ones, trained on every training subject \
(not retrained per fold here: `--retrain DIR` does, see docs/notes/cross-validation.md), \
so their part of each fold is in-sample";

/// What the folds refit with `--retrain`.
pub const REFITTED_RETRAINED: &str = "per fold, the candidate settings are chosen on the six \
other subjects (scored there with the shipped networks), and the held-out subject is scored \
with networks trained on the six other subjects only (see the weights per fold; a network \
not retrained is the shipped one, in-sample)";

/// The subject of a CMU clip named `cmu_<subject>_<trial>_...`.
pub fn subject_of(clip: &str) -> Option<&str> {
    let rest = clip.strip_prefix("cmu_")?;
    let subject = rest.split('_').next()?;
    let digits = !subject.is_empty() && subject.bytes().all(|b| b.is_ascii_digit());
    digits.then_some(subject)
}

/// One fold: the subject held out and the subjects its choice is fitted on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fold {
    /// The subject scored.
    pub held_out: String,
    /// The subjects the choice is made on (every other one).
    pub fit: Vec<String>,
}

/// The leave-one-subject-out folds of a set of clips, subjects in order;
/// an error names the first clip without a subject in its name.
pub fn subject_folds<'a>(clips: impl IntoIterator<Item = &'a str>) -> Result<Vec<Fold>, String> {
    let mut subjects = BTreeSet::new();
    for clip in clips {
        let s = subject_of(clip).ok_or_else(|| {
            format!("clip {clip:?}: no subject in its name (cmu_<subject>_<trial>_...)")
        })?;
        subjects.insert(s.to_string());
    }
    if subjects.len() < 2 {
        return Err(format!(
            "{} subject(s) in the training corpus: leave-one-subject-out needs at least 2",
            subjects.len()
        ));
    }
    Ok(subjects
        .iter()
        .map(|held_out| Fold {
            held_out: held_out.clone(),
            fit: subjects
                .iter()
                .filter(|s| *s != held_out)
                .cloned()
                .collect(),
        })
        .collect())
}

/// The no-prop clips of one setting in a report: (clip, metrics).
fn setting_clips<'a>(report: &'a EvalReport, setting: &Setting) -> Vec<(&'a str, Metrics)> {
    report
        .clips
        .iter()
        .filter(|c| !is_prop_clip(&c.clip))
        .flat_map(|c| {
            c.settings
                .iter()
                .filter(|r| r.devices == setting.devices && r.condition == setting.condition)
                .map(|r| (c.clip.as_str(), r.metrics))
        })
        .collect()
}

/// Mean metrics of the clips whose subject is in `subjects`.
fn mean_of_subjects(clips: &[(&str, Metrics)], subjects: &[String]) -> (usize, Metrics) {
    let chosen: Vec<Metrics> = clips
        .iter()
        .filter(|(c, _)| subject_of(c).is_some_and(|s| subjects.iter().any(|x| x == s)))
        .map(|(_, m)| *m)
        .collect();
    (chosen.len(), mean_metrics(&chosen))
}

/// One candidate: its name and its reports on the training corpus and the
/// validation set.
pub struct Candidate<'a> {
    /// What the candidate is (its settings file, or `defaults`).
    pub name: String,
    /// Its evaluation of the training corpus.
    pub train: &'a EvalReport,
    /// Its evaluation of the validation set.
    pub validation: &'a EvalReport,
    /// Its evaluation of each training clip with the networks of the fold
    /// that holds the clip's subject out (`--retrain`): the held-out
    /// scores come from here instead of `train`.
    pub held_out: Option<&'a EvalReport>,
}

/// One fold's outcome in one setting.
#[derive(Debug, Clone, Serialize)]
pub struct FoldScore {
    /// The subject held out.
    pub held_out: String,
    /// The candidate chosen on the other subjects.
    pub chosen: String,
    /// Its no-prop MPJPE on the other subjects' clips, cm.
    pub fit_mpjpe_cm: f64,
    /// How many no-prop clips the choice was made on.
    pub fit_clips: usize,
    /// How many no-prop clips of the held-out subject were scored.
    pub scored_clips: usize,
    /// The chosen candidate's mean metrics on the held-out subject.
    pub held_out_metrics: Metrics,
}

/// Mean and sample standard deviation across folds of the figures a
/// choice is judged on.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Spread {
    /// Mean across folds.
    pub mean: f64,
    /// Sample standard deviation across folds (n - 1).
    pub sd: f64,
}

impl Spread {
    fn of(values: &[f64]) -> Spread {
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        Spread {
            mean,
            sd: var.sqrt(),
        }
    }
}

/// One setting's folds, their spread and the validation figure beside.
#[derive(Debug, Clone, Serialize)]
pub struct CvSetting {
    /// `"3 clean"`.
    pub setting: String,
    /// Every fold.
    pub folds: Vec<FoldScore>,
    /// MPJPE across folds, cm.
    pub mpjpe_cm: Spread,
    /// Upper-body error across folds, cm.
    pub upper_pe_cm: Spread,
    /// Lower-body error across folds, cm.
    pub lower_pe_cm: Spread,
    /// Wrist error across folds, cm.
    pub hand_pe_cm: Spread,
    /// Jitter over GT across folds.
    pub jitter_ratio: Spread,
    /// Every candidate alone, scored on every fold's held-out subject.
    pub each: Vec<CandidateScore>,
    /// The candidate chosen on every training subject.
    pub chosen_on_all: String,
    /// Its no-prop means on the validation set.
    pub validation: Metrics,
}

/// One candidate alone across the folds (no choice), and on validation.
#[derive(Debug, Clone, Serialize)]
pub struct CandidateScore {
    /// The candidate.
    pub name: String,
    /// MPJPE of its held-out subjects across folds, cm.
    pub mpjpe_cm: Spread,
    /// Upper-body error across folds, cm.
    pub upper_pe_cm: Spread,
    /// Wrist error across folds, cm.
    pub hand_pe_cm: Spread,
    /// Jitter over GT across folds.
    pub jitter_ratio: Spread,
    /// Its no-prop means on the validation set.
    pub validation: Metrics,
}

/// Mean and spread across folds of one figure of per-fold metrics.
fn spread_of(per_fold: &[Metrics], f: fn(&Metrics) -> f64) -> Spread {
    Spread::of(&per_fold.iter().map(f).collect::<Vec<_>>())
}

/// Every candidate alone on every fold's held-out subject.
fn each_candidate(
    candidates: &[Candidate<'_>],
    scored: &[Vec<(&str, Metrics)>],
    folds: &[Fold],
    setting: &Setting,
) -> Vec<CandidateScore> {
    candidates
        .iter()
        .zip(scored)
        .map(|(c, clips)| {
            let per_fold: Vec<Metrics> = folds
                .iter()
                .map(|f| mean_of_subjects(clips, std::slice::from_ref(&f.held_out)))
                .filter(|(n, _)| *n > 0)
                .map(|(_, m)| m)
                .collect();
            CandidateScore {
                name: c.name.clone(),
                mpjpe_cm: spread_of(&per_fold, |m| m.mpjpe_cm),
                upper_pe_cm: spread_of(&per_fold, |m| m.upper_pe_cm),
                hand_pe_cm: spread_of(&per_fold, |m| m.hand_pe_cm),
                jitter_ratio: spread_of(&per_fold, |m| m.jitter_ratio),
                validation: mean_metrics(
                    &setting_clips(c.validation, setting)
                        .iter()
                        .map(|(_, m)| *m)
                        .collect::<Vec<_>>(),
                ),
            }
        })
        .collect()
}

/// The whole cross-validation.
#[derive(Debug, Clone, Serialize)]
pub struct CvReport {
    /// How the folds split the corpus (`subjects`).
    pub by: String,
    /// What is refitted per fold and what is not.
    pub refitted: String,
    /// The candidates, in the order given.
    pub candidates: Vec<String>,
    /// How each fold chose among them.
    pub criterion: Criterion,
    /// The folds.
    pub folds: Vec<Fold>,
    /// Per setting, the folds and their spread.
    pub settings: Vec<CvSetting>,
    /// The networks each fold's held-out subject was scored with
    /// (`--retrain`; empty: the shipped ones everywhere).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<FoldWeights>,
}

/// The networks one fold's held-out subject was scored with.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FoldWeights {
    /// The subject held out.
    pub held_out: String,
    /// Per network (`pelvis`, `legs`, `arms`, `knees`), where its weights
    /// came from.
    pub nets: Vec<(String, String)>,
}

/// How a fold chooses among the candidates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Criterion {
    /// Only candidates whose jitter over GT on the fit subjects is at most
    /// this are eligible (the lowest-jitter one when none is); `None`: all.
    pub max_jitter_ratio: Option<f64>,
}

/// The candidate with the lowest MPJPE on `subjects` among the eligible
/// ones (the first on ties): its index, clips and MPJPE there.
fn choose(
    per_candidate: &[Vec<(&str, Metrics)>],
    subjects: &[String],
    criterion: Criterion,
) -> Option<(usize, usize, f64)> {
    let fits: Vec<(usize, usize, Metrics)> = per_candidate
        .iter()
        .enumerate()
        .map(|(k, clips)| {
            let (n, m) = mean_of_subjects(clips, subjects);
            (k, n, m)
        })
        .filter(|(_, n, m)| *n > 0 && m.mpjpe_cm.is_finite())
        .collect();
    let cap = criterion.max_jitter_ratio;
    let eligible = |m: &Metrics| cap.is_none_or(|c| m.jitter_ratio <= c);
    let best = if fits.iter().any(|(_, _, m)| eligible(m)) {
        fits.iter()
            .filter(|(_, _, m)| eligible(m))
            .min_by(|a, b| a.2.mpjpe_cm.total_cmp(&b.2.mpjpe_cm))
    } else {
        fits.iter()
            .min_by(|a, b| a.2.jitter_ratio.total_cmp(&b.2.jitter_ratio))
    };
    best.map(|(k, n, m)| (*k, *n, m.mpjpe_cm))
}

/// Runs the folds for every setting of the first candidate's reports.
pub fn cross_validate(
    candidates: &[Candidate<'_>],
    criterion: Criterion,
) -> Result<CvReport, String> {
    let first = candidates.first().ok_or("no candidate to cross-validate")?;
    let folds = subject_folds(first.train.clips.iter().map(|c| c.clip.as_str()))?;
    let all: Vec<String> = subject_folds_all(&folds);
    let mut settings = Vec::new();
    for s in &first.train.settings {
        let per_candidate: Vec<Vec<(&str, Metrics)>> = candidates
            .iter()
            .map(|c| setting_clips(c.train, s))
            .collect();
        let scored: Vec<Vec<(&str, Metrics)>> = candidates
            .iter()
            .map(|c| setting_clips(c.held_out.unwrap_or(c.train), s))
            .collect();
        let mut scores = Vec::new();
        for fold in &folds {
            let Some((k, fit_clips, fit_mpjpe_cm)) = choose(&per_candidate, &fold.fit, criterion)
            else {
                continue;
            };
            let held = std::slice::from_ref(&fold.held_out);
            let (scored_clips, held_out_metrics) = mean_of_subjects(&scored[k], held);
            if scored_clips == 0 {
                continue;
            }
            scores.push(FoldScore {
                held_out: fold.held_out.clone(),
                chosen: candidates[k].name.clone(),
                fit_mpjpe_cm,
                fit_clips,
                scored_clips,
                held_out_metrics,
            });
        }
        let Some((k, _, _)) = choose(&per_candidate, &all, criterion) else {
            continue;
        };
        let spread = |f: fn(&Metrics) -> f64| {
            Spread::of(
                &scores
                    .iter()
                    .map(|x| f(&x.held_out_metrics))
                    .collect::<Vec<_>>(),
            )
        };
        let validation = mean_metrics(
            &setting_clips(candidates[k].validation, s)
                .iter()
                .map(|(_, m)| *m)
                .collect::<Vec<_>>(),
        );
        settings.push(CvSetting {
            setting: s.label(),
            mpjpe_cm: spread(|m| m.mpjpe_cm),
            upper_pe_cm: spread(|m| m.upper_pe_cm),
            lower_pe_cm: spread(|m| m.lower_pe_cm),
            hand_pe_cm: spread(|m| m.hand_pe_cm),
            jitter_ratio: spread(|m| m.jitter_ratio),
            folds: scores,
            each: each_candidate(candidates, &scored, &folds, s),
            chosen_on_all: candidates[k].name.clone(),
            validation,
        });
    }
    let retrained = candidates.iter().any(|c| c.held_out.is_some());
    Ok(CvReport {
        by: "subjects".into(),
        refitted: if retrained {
            REFITTED_RETRAINED
        } else {
            REFITTED
        }
        .into(),
        weights: Vec::new(),
        candidates: candidates.iter().map(|c| c.name.clone()).collect(),
        criterion,
        folds,
        settings,
    })
}

/// Every subject of a set of folds.
fn subject_folds_all(folds: &[Fold]) -> Vec<String> {
    folds.iter().map(|f| f.held_out.clone()).collect()
}

impl CvReport {
    /// The Markdown tables: per setting the folds, then mean +- spread with
    /// the validation figure beside.
    pub fn tables(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# Leave-one-subject-out cross-validation over the training corpus\n\n\
             {} folds; candidates: {}; chosen by the lowest MPJPE on the other subjects{}. No-prop clips; each fold's figure is the mean over the \
             held-out subject's clips; spread = sample standard deviation across folds. {}.\n",
            self.folds.len(),
            self.candidates.join(", "),
            match self.criterion.max_jitter_ratio {
                Some(c) => format!(" among those with jitter at most {c}x GT there"),
                None => String::new(),
            },
            self.refitted
        );
        if !self.weights.is_empty() {
            out.push_str(&self.weights_table());
        }
        for s in &self.settings {
            let _ = writeln!(out, "### Folds: {}\n", s.setting);
            let mut t = Table::new([
                "held-out subject",
                "chosen",
                "fit clips",
                "fit MPJPE",
                "scored clips",
                "MPJPE",
                "upper",
                "lower",
                "hand",
                "jitter",
            ]);
            for f in &s.folds {
                let m = &f.held_out_metrics;
                t.push(vec![
                    f.held_out.clone(),
                    f.chosen.clone(),
                    f.fit_clips.to_string(),
                    num(f.fit_mpjpe_cm, 2),
                    f.scored_clips.to_string(),
                    num(m.mpjpe_cm, 2),
                    num(m.upper_pe_cm, 2),
                    num(m.lower_pe_cm, 2),
                    num(m.hand_pe_cm, 2),
                    num(m.jitter_ratio, 2),
                ]);
            }
            out.push_str(&t.render());
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "### Across folds (mean +- sd) and validation (candidate chosen on every subject)\n"
        );
        let mut t = Table::new(["setting"].into_iter().chain(CV_COLUMNS).chain(["chosen"]));
        for s in &self.settings {
            let spreads = [&s.mpjpe_cm, &s.upper_pe_cm, &s.hand_pe_cm, &s.jitter_ratio];
            let mut row = vec![s.setting.clone()];
            row.extend(cv_cells(spreads, &s.validation, 2));
            row.push(s.chosen_on_all.clone());
            t.push(row);
        }
        out.push_str(&t.render());
        if self.candidates.len() > 1 {
            out.push_str(&self.each_table());
        }
        out
    }

    /// The weights each fold's held-out subject was scored with.
    fn weights_table(&self) -> String {
        let nets: Vec<&str> = self
            .weights
            .first()
            .map(|w| w.nets.iter().map(|(n, _)| n.as_str()).collect())
            .unwrap_or_default();
        let mut t = Table::new(["held-out subject"].into_iter().chain(nets.iter().copied()));
        for w in &self.weights {
            let mut row = vec![w.held_out.clone()];
            row.extend(w.nets.iter().map(|(_, source)| source.clone()));
            t.push(row);
        }
        format!("### Weights per fold\n\n{}\n", t.render())
    }

    /// Every candidate alone: mean +- sd across folds, validation beside.
    fn each_table(&self) -> String {
        let mut t = Table::new(["setting", "candidate"].into_iter().chain(CV_COLUMNS));
        for s in &self.settings {
            for c in &s.each {
                let spreads = [&c.mpjpe_cm, &c.upper_pe_cm, &c.hand_pe_cm, &c.jitter_ratio];
                let mut row = vec![s.setting.clone(), c.name.clone()];
                row.extend(cv_cells(spreads, &c.validation, 3));
                t.push(row);
            }
        }
        format!(
            "\n### Each candidate alone (mean +- sd across folds, validation beside)\n\n{}",
            t.render()
        )
    }
}

/// The columns of a figure across folds beside its validation value.
const CV_COLUMNS: [&str; 8] = [
    "CV MPJPE",
    "val. MPJPE",
    "CV upper",
    "val. upper",
    "CV hand",
    "val. hand",
    "CV jitter",
    "val. jitter",
];

/// MPJPE, upper, hand and jitter: each spread across folds (mean +- sd, 2
/// decimals) beside its validation figure (`val_decimals`).
fn cv_cells(spreads: [&Spread; 4], v: &Metrics, val_decimals: usize) -> Vec<String> {
    let validation = [v.mpjpe_cm, v.upper_pe_cm, v.hand_pe_cm, v.jitter_ratio];
    spreads
        .iter()
        .zip(validation)
        .flat_map(|(s, v)| {
            [
                format!("{} +- {}", num(s.mean, 2), num(s.sd, 2)),
                num(v, val_decimals),
            ]
        })
        .collect()
}

#[cfg(test)]
#[path = "eval_cv_tests.rs"]
mod tests;
