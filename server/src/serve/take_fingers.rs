//! A take's fingers (issue 44): the curls of both hands at each solved
//! frame, replayed from the take's recorded ticks through the same causal
//! smoother the daemon runs live (`posewire_body::finger_curls`), so an
//! export, a re-solve and the live stream pose the fingers from the same
//! samples the same way. The take's layout is unchanged: the controller
//! inputs it already records are the fingers' whole input.

use posewire_body::finger_curls::FingerCurls;
use posewire_body::fingers::Curls;
use posewire_takes::Take;

/// The curls at each solved frame of `version` (with the frame's time),
/// or `None` when no sample of the take carries controller input.
pub fn solved_curls(take: &Take, version: u32) -> Option<Vec<(f64, Curls)>> {
    let mut ticks: Vec<_> = take.ticks.iter().collect();
    ticks.sort_by_key(|t| t.sequence);
    let mut curls = FingerCurls::new();
    let mut next = 0;
    let mut out = Vec::new();
    for frame in take.frames(version) {
        while let Some(tick) = ticks.get(next).filter(|t| t.sequence <= frame.sequence) {
            tick.samples.iter().for_each(|s| curls.push(s));
            next += 1;
        }
        out.push((frame.time_s, curls.at(frame.time_s)));
    }
    while let Some(tick) = ticks.get(next) {
        tick.samples.iter().for_each(|s| curls.push(s));
        next += 1;
    }
    curls.seen().then_some(out)
}

/// Curls mixed linearly between two frames (`s` 0..1), for resampling.
pub fn mix(a: &Curls, b: &Curls, s: f64) -> Curls {
    std::array::from_fn(|h| std::array::from_fn(|f| a[h][f] + (b[h][f] - a[h][f]) * s))
}
