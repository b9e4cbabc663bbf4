//! Development aid (issue 41): what the learned legs read and answer on the
//! built-in demo walker against CMU walking clips. Both run through the
//! physics body's reference solve (`ik` with `PhysicsSettings::reference_ik`,
//! three devices, the CMU clips synthesised and calibrated as the evaluation
//! does); over the frames whose pelvis moves faster than `--speed` it
//! prints, per source, the head's height and bob, the pelvis under the
//! head, the hands' swing, the walking speed and turning, the network's
//! contact output and the reference's lower ankle above its standing
//! height; then the network inputs on which the demo lies farthest from the
//! CMU walkers (in CMU standard deviations).
//!
//! `cargo run --release -p posewire-tools --bin legs_inputs -- ../shared/data/mocap-train`

use std::path::PathBuf;

use posewire::serve::daemon::DEFAULT_STATURE_M;
use posewire::serve::demo_source::DemoPerson;
use posewire_body::bvh::Bvh;
use posewire_body::formats::TrackerSample;
use posewire_body::{BodyProfile, Joint, Skeleton};
use posewire_evaluation::protocol::{clip_name, setting_takes, SETTLING_S};
use posewire_evaluation::synth::Condition;
use posewire_solver::learned::legs::{self, LegsTarget, FEATURES, LAGS_S, OUTPUTS};
use posewire_solver::physics::PhysicsSettings;
use posewire_solver::{take_ticks, IkSolver};

/// The command line.
#[derive(clap::Parser, Debug)]
#[command(about = "The learned legs' inputs and answers: the demo walker against CMU walkers")]
struct Args {
    /// The training corpus (its clips named `walk` are the CMU walkers).
    corpus: PathBuf,
    /// Frames whose reference pelvis is slower than this (m/s) are left out.
    #[arg(long, default_value_t = 0.5)]
    speed: f64,
    /// Seconds of the demo loop to run.
    #[arg(long, default_value_t = 23.5)]
    seconds: f64,
    /// A demo walker whose head is this much lower while walking, m
    /// (a what-if on the samples; 0 = the demo as it is).
    #[arg(long, default_value_t = 0.0)]
    head_drop: f64,
    /// A demo walker whose hands are this much lower while walking, m.
    #[arg(long, default_value_t = 0.0)]
    hand_drop: f64,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

/// One kept frame.
#[derive(Debug, Clone)]
struct Row {
    input: [f32; FEATURES],
    head_y: f64,
    scale: f64,
    speed: f64,
    yaw: f64,
    contact: [f64; 2],
    lower_ankle_up: f64,
    net_lower_ankle_up: f64,
}

/// Runs the reference solve over `samples`, keeping frames after the
/// settling time.
fn run(
    profile: &BodyProfile,
    settings: &PhysicsSettings,
    samples: &[TrackerSample],
    model: &posewire_solver::learned::mlp::Mlp,
) -> Vec<Row> {
    let mut solver = IkSolver::new(profile, settings.reference_ik());
    let skeleton = Skeleton::from_profile(profile);
    let start = samples.first().map_or(0.0, |s| s.time_s);
    let mut scratch: [Vec<f32>; 2] = Default::default();
    let mut rows = Vec::new();
    for (t, due) in take_ticks(samples, 90.0) {
        for s in due {
            solver.push(s);
        }
        if !solver.ready() {
            continue;
        }
        let pose = solver.step(t);
        if t < start + SETTLING_S {
            continue;
        }
        let Some(input) = solver.learned_legs_input().copied() else {
            continue;
        };
        let x = input.features.to_input();
        let mut out = [0.0f32; OUTPUTS];
        model.forward(&x, &mut out, &mut scratch);
        let target = LegsTarget::from_output(&out);
        let p = pose.positions(&skeleton);
        let ankle = profile.body.ankle_height;
        let v = input.features.velocity * input.frame.scale;
        rows.push(Row {
            input: x,
            head_y: input.frame.world(input.features.points[0]).y,
            scale: input.frame.scale,
            speed: (v.x * v.x + v.z * v.z).sqrt(),
            yaw: input.frame.yaw,
            contact: target.contact,
            lower_ankle_up: p[Joint::LeftAnkle].y.min(p[Joint::RightAnkle].y) - ankle,
            net_lower_ankle_up: target
                .ankles
                .map(|a| input.frame.world(a).y)
                .into_iter()
                .fold(f64::INFINITY, f64::min)
                - ankle,
        });
    }
    rows
}

fn quantile(mut v: Vec<f64>, q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(((v.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or(f64::NAN)
}

/// `x` (90 Hz samples) less its centred 1 s moving average.
fn detrended(x: &[f64]) -> Vec<f64> {
    let half = 45usize;
    (0..x.len())
        .map(|i| {
            let (a, b) = (i.saturating_sub(half), (i + half + 1).min(x.len()));
            x[i] - x[a..b].iter().sum::<f64>() / (b - a) as f64
        })
        .collect()
}

/// Half the 5-95 % range of `x` less its 1 s moving average (a bob or a
/// swing's amplitude).
fn amplitude(x: &[f64]) -> f64 {
    let d = detrended(x);
    0.5 * (quantile(d.clone(), 0.95) - quantile(d, 0.05))
}

/// Cycles per second of `x` less its 1 s moving average (upward zero
/// crossings over the time).
fn frequency(x: &[f64]) -> f64 {
    let d = detrended(x);
    let ups = d.windows(2).filter(|w| w[0] < 0.0 && w[1] >= 0.0).count();
    ups as f64 / (x.len() as f64 / 90.0)
}

/// The name of input `i`.
fn feature_name(i: usize) -> String {
    let axis = ["x", "y", "z"];
    match i {
        0 => "pelvis height".into(),
        1 => "pelvis tracked".into(),
        2..=4 => format!("pelvis +Y {}", axis[i - 2]),
        5..=7 => format!("pelvis +Z {}", axis[i - 5]),
        8..=10 => format!("pelvis velocity {}", axis[i - 8]),
        11..=19 => {
            let k = i - 11;
            format!(
                "{} {}",
                ["head", "left wrist", "right wrist"][k / 3],
                axis[k % 3]
            )
        }
        _ => {
            let k = i - 20;
            let (lag, j) = (k / 12, k % 12);
            let what = ["pelvis", "pelvis +Z", "left wrist", "right wrist"][j / 3];
            format!("{what} {} at -{} s", axis[j % 3], LAGS_S[lag])
        }
    }
}

/// The summary figures of a run's walking frames (one clip).
fn summary(rows: &[Row]) -> [f64; 11] {
    let col = |f: &dyn Fn(&Row) -> f64| rows.iter().map(f).collect::<Vec<f64>>();
    let head = col(&|r| r.head_y / r.scale);
    let swing = col(&|r| f64::from(r.input[16]));
    let turn: Vec<f64> = rows
        .windows(2)
        .map(|w| {
            let d = (w[1].yaw - w[0].yaw + std::f64::consts::PI)
                .rem_euclid(2.0 * std::f64::consts::PI)
                - std::f64::consts::PI;
            (d * 90.0).abs().to_degrees()
        })
        .collect();
    let mean = |v: Vec<f64>| v.iter().sum::<f64>() / v.len().max(1) as f64;
    [
        mean(head.clone()),
        amplitude(&head) * rows.first().map_or(1.0, |r| r.scale) * 100.0,
        frequency(&head),
        mean(col(&|r| f64::from(r.input[0]))),
        mean(col(&|r| f64::from(r.input[12]))),
        amplitude(&swing) * rows.first().map_or(1.0, |r| r.scale) * 100.0,
        mean(col(&|r| r.speed)),
        quantile(turn, 0.5),
        mean(col(&|r| r.contact[0].max(r.contact[1]))),
        100.0 * quantile(col(&|r| r.lower_ankle_up), 0.5),
        100.0 * quantile(col(&|r| r.net_lower_ankle_up), 0.5),
    ]
}

fn print_row(name: &str, frames: usize, s: &[f64; 11]) {
    println!(
        "| {name} | {frames} | {:.3} | {:.1} | {:.2} | {:.3} | {:.3} | {:.1} | {:.2} | {:.0} | {:.2} | {:.1} | {:.1} |",
        s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10]
    );
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let settings = args.settings.physics()?;
    let model = legs::embedded_model()?
        .ok_or_else(|| anyhow::anyhow!("this build carries no learned legs"))?;
    println!(
        "Walking frames (reference pelvis faster than {} m/s), three devices, clean:",
        args.speed
    );
    println!();
    println!("| source | frames | head height / calibrated | head bob cm | bob Hz | pelvis height / head height | head above pelvis / head height | left wrist swing cm | speed m/s | turn deg/s (median) | net contact, higher foot (mean) | ref. lower ankle up cm (median) | net lower ankle up cm (median) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    // The demo walker at the daemon's default stature.
    let profile = BodyProfile::from_stature(DEFAULT_STATURE_M);
    let person = DemoPerson::new(&Skeleton::from_profile(&profile), 0.0, [0.0; 3]);
    let mut samples = person.samples_for(args.seconds, 90.0);
    let walking = |t: f64| (0.0..3.5).contains(&t) || (9.3..17.5).contains(&t);
    for s in samples.iter_mut() {
        let drop = match s.device {
            posewire_body::Device::Head => args.head_drop,
            _ => args.hand_drop,
        };
        if let Some(p) = s
            .pose
            .as_mut()
            .filter(|_| walking(person.loop_time(s.time_s)))
        {
            p.position.y -= drop;
        }
    }
    let demo: Vec<Row> = run(&profile, &settings, &samples, &model)
        .into_iter()
        .filter(|r| r.speed > args.speed)
        .collect();
    print_row("demo", demo.len(), &summary(&demo));
    // CMU walkers.
    let mut clips: Vec<PathBuf> = std::fs::read_dir(&args.corpus)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.ends_with(".bvh") && n.contains("walk") && !n.contains("run")
        })
        .collect();
    clips.sort();
    let three = posewire_tools::choices::devices(3)?;
    let mut cmu: Vec<Row> = Vec::new();
    let mut per_clip = Vec::new();
    for clip in &clips {
        let name = clip_name(clip);
        let bvh = Bvh::read(clip)?;
        let (takes, profile) = setting_takes(&bvh, &name, three, Condition::Clean, 1)?;
        let rows: Vec<Row> = run(&profile, &settings, &takes.trackers.samples, &model)
            .into_iter()
            .filter(|r| r.speed > args.speed)
            .collect();
        if rows.len() < 90 {
            continue;
        }
        let s = summary(&rows);
        print_row(&name, rows.len(), &s);
        per_clip.push(s);
        cmu.extend(rows);
    }
    let n = per_clip.len().max(1) as f64;
    let mut mean = [0.0; 11];
    for s in &per_clip {
        for (m, x) in mean.iter_mut().zip(s) {
            *m += x / n;
        }
    }
    print_row("CMU walkers (mean of clips)", cmu.len(), &mean);
    // The inputs on which the demo lies farthest from the CMU walkers.
    println!();
    println!("| input | demo mean | CMU mean | CMU sd | z |");
    println!("|---|---|---|---|---|");
    let stats = |rows: &[Row], i: usize| {
        let n = rows.len().max(1) as f64;
        let m = rows.iter().map(|r| f64::from(r.input[i])).sum::<f64>() / n;
        let v = rows
            .iter()
            .map(|r| (f64::from(r.input[i]) - m).powi(2))
            .sum::<f64>()
            / n;
        (m, v.sqrt())
    };
    let mut z: Vec<(usize, f64, f64, f64, f64)> = (0..FEATURES)
        .filter(|&i| i != 1)
        .map(|i| {
            let (dm, _) = stats(&demo, i);
            let (cm, cs) = stats(&cmu, i);
            (i, dm, cm, cs, (dm - cm) / cs.max(1e-6))
        })
        .collect();
    z.sort_by(|a, b| b.4.abs().total_cmp(&a.4.abs()));
    for (i, dm, cm, cs, z) in z.iter().take(16) {
        println!(
            "| {} | {dm:.3} | {cm:.3} | {cs:.3} | {z:+.1} |",
            feature_name(*i)
        );
    }
    Ok(())
}
