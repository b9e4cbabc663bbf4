//! The controller input the OpenXR tests script into the test runtime's
//! take, what each controller profile's bindings make of it on the
//! source's side, and how well what arrived matches.

use posewire_body::formats::TrackerTake;
use posewire_body::{ControllerInput, Device, Touch};

/// How far an analogue value may be from the script (the source reads the
/// state at a tick whose time within the take it does not control).
pub const TOLERANCE: f64 = 0.05;

/// Whether the boolean script is in its first half-second of each second.
fn phase(s: f64) -> bool {
    s.rem_euclid(1.0) < 0.5
}

/// What the script gives a hand `s` seconds into the take: the right
/// grip ramps 0 -> 1 -> 0 every 2 s (the trigger the other way), buttons
/// and touches switch every half second, the stick swings; the left hand
/// mirrors it for 2 s and then gives no input.
pub fn scripted(device: Device, s: f64) -> Option<ControllerInput> {
    let g = 0.5 - 0.5 * (std::f64::consts::PI * s).cos();
    let on = phase(s);
    match device {
        Device::RightHand => Some(ControllerInput {
            grip: g,
            trigger: 1.0 - g,
            primary: on,
            secondary: !on,
            thumbstick: [0.8 * (std::f64::consts::FRAC_PI_2 * s).sin(), -0.6],
            touch: Touch {
                trigger: true,
                thumbstick: on,
                primary: !on,
                secondary: true,
            },
        }),
        Device::LeftHand if s < 2.0 => Some(ControllerInput {
            grip: 1.0 - g,
            trigger: 0.25,
            primary: false,
            secondary: on,
            thumbstick: [-0.5, 0.3],
            touch: Touch {
                thumbstick: !on,
                ..Touch::default()
            },
        }),
        _ => None,
    }
}

/// `take` with the script's input on its hands' samples.
pub fn with_script(mut take: TrackerTake) -> TrackerTake {
    let t0 = take.samples[0].time_s;
    for s in &mut take.samples {
        if s.pose.is_some() {
            s.input = scripted(s.device, s.time_s - t0);
        }
    }
    take
}

/// What the source reads of controls `i` through a profile's bindings:
/// everything on the Touch and Index controllers; on the Vive wand the
/// squeeze as a click (0 or 1), the trigger, menu as secondary, the
/// trackpad and its touch; on the simple controller select as a clicked
/// trigger and menu as secondary.
pub fn through(profile: &str, i: ControllerInput) -> ControllerInput {
    let click = |v: f64| if v >= 0.5 { 1.0 } else { 0.0 };
    match profile {
        "/interaction_profiles/htc/vive_controller" => ControllerInput {
            grip: click(i.grip),
            trigger: i.trigger,
            secondary: i.secondary,
            thumbstick: i.thumbstick,
            touch: Touch {
                thumbstick: i.touch.thumbstick,
                ..Touch::default()
            },
            ..ControllerInput::default()
        },
        "/interaction_profiles/khr/simple_controller" => ControllerInput {
            trigger: click(i.trigger),
            secondary: i.secondary,
            ..ControllerInput::default()
        },
        _ => i,
    }
}

/// How far `got` is from `want`: the largest analogue difference plus one
/// per boolean that differs; 1 when only one of them has input.
fn mismatch(got: Option<ControllerInput>, want: Option<ControllerInput>) -> f64 {
    let (g, w) = match (got, want) {
        (None, None) => return 0.0,
        (Some(g), Some(w)) => (g, w),
        _ => return 1.0,
    };
    let analogue = [
        g.grip - w.grip,
        g.trigger - w.trigger,
        g.thumbstick[0] - w.thumbstick[0],
        g.thumbstick[1] - w.thumbstick[1],
    ]
    .iter()
    .fold(0.0f64, |m, d| m.max(d.abs()));
    let bools = [
        g.primary != w.primary,
        g.secondary != w.secondary,
        g.touch != w.touch,
    ];
    analogue + bools.iter().filter(|b| **b).count() as f64
}

/// How the inputs that arrived compare with the script.
#[derive(Debug)]
pub struct Fit {
    /// The time shift that fits best, seconds.
    pub shift_s: f64,
    /// Samples compared.
    pub compared: usize,
    /// Of those, how many are off by more than [`TOLERANCE`].
    pub off: usize,
    /// The median mismatch.
    pub median: f64,
}

/// A hand sample that arrived: seconds since the first tick, the hand,
/// its input, whether it had a pose.
pub type Got = (f64, Device, Option<ControllerInput>, bool);

/// Compares inputs that arrived, each `(s, device, input, _)` with `s` the
/// seconds since the first tick, with the script through `profile`'s
/// bindings, at the time shift (within 80 ms: the ticks fall where the
/// test does not control) that fits best; the first and last 0.1 s of
/// `span_s` are left out.
pub fn fit(got: &[Got], profile: &str, span_s: f64) -> Fit {
    let errors = |shift: f64| -> Vec<f64> {
        let mut e: Vec<f64> = got
            .iter()
            .map(|&(s, d, i, _)| (s + shift, d, i))
            .filter(|&(s, _, _)| s > 0.1 && s < span_s - 0.1)
            .map(|(s, d, i)| mismatch(i, scripted(d, s).map(|w| through(profile, w))))
            .collect();
        e.sort_by(f64::total_cmp);
        e
    };
    let off = |e: &[f64]| e.iter().filter(|x| **x > TOLERANCE).count();
    let median = |e: &[f64]| e.get(e.len() / 2).copied().unwrap_or(f64::INFINITY);
    // Fewest samples off, then the smallest median.
    let score = |c: f64| {
        let e = errors(c);
        (off(&e), median(&e))
    };
    let shift_s = (-80..=80)
        .map(|k| (f64::from(k) * 0.001, score(f64::from(k) * 0.001)))
        .min_by(|a, b| a.1 .0.cmp(&b.1 .0).then(a.1 .1.total_cmp(&b.1 .1)))
        .map_or(0.0, |(c, _)| c);
    let e = errors(shift_s);
    Fit {
        shift_s,
        compared: e.len(),
        off: off(&e),
        median: median(&e),
    }
}

/// Checks that `got` follows the script through `profile` (at most one
/// sample in ten off, around the switches of the buttons) and that the
/// inputs moved: the right grip or trigger spanned most of its range.
pub fn assert_follows(got: &[Got], profile: &str, span_s: f64) {
    let fit = fit(got, profile, span_s);
    println!("{profile}: {fit:?}");
    if fit.off * 10 >= fit.compared {
        for g in got.iter().step_by(25) {
            println!("  {g:?}");
        }
    }
    assert!(fit.compared > 150, "{profile}: {fit:?}");
    assert!(fit.off * 10 < fit.compared, "{profile}: {fit:?}");
    assert!(fit.median < 0.02, "{profile}: {fit:?}");
    assert!(
        fit.shift_s.abs() < 0.08,
        "{profile}: the best fit at the edge: {fit:?}"
    );
    let right: Vec<ControllerInput> = got
        .iter()
        .filter(|g| g.1 == Device::RightHand)
        .filter_map(|g| g.2)
        .collect();
    let span = |f: fn(&ControllerInput) -> f64| {
        let v = right.iter().map(f);
        v.clone().fold(f64::NEG_INFINITY, f64::max) - v.fold(f64::INFINITY, f64::min)
    };
    assert!(
        span(|i| i.grip).max(span(|i| i.trigger)) > 0.8,
        "{profile}: the inputs did not move"
    );
}
