//! `posewire calibrate`: calibration take in, body profile out, with a
//! short summary of what was measured and what was only estimated; with
//! `--server`, the daemon's wizard instead ([`crate::calibrate_wizard`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;
use posewire_body::formats::{CalibrationTake, InvalidSamples};
use posewire_body::{BodyProfile, Device, Source};
use posewire_calibration::{calibrate, Calibration};

use crate::calibrate_wizard::Wizard;
use crate::client_access::ClientAccessArgs;
use crate::table::{num, Table};

/// `posewire calibrate`: offline (`--input`, `--out`) or on a daemon
/// (`--server`, `--name`).
#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// The calibration take (*.calibration.csv) with the three poses. With
    /// --server: calibrate from this recording on the daemon instead of the
    /// avatar's live devices.
    #[arg(
        long,
        value_name = "CALIBRATION.csv",
        required_unless_present = "server"
    )]
    pub input: Option<PathBuf>,
    /// Where to save the body profile (TOML) (offline calibration).
    #[arg(
        long,
        value_name = "PROFILE.toml",
        required_unless_present = "server",
        conflicts_with = "server"
    )]
    pub out: Option<PathBuf>,
    /// Run the wizard on a running daemon (HOST:PORT): it tells the person
    /// which pose to take, waits until they hold still, counts down, and
    /// stores the profile under --name.
    #[arg(long, value_name = "ADDR", requires = "name")]
    pub server: Option<String>,
    /// Name to store the profile under on the daemon (a-z, 0-9, `-`, `_`).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// The avatar whose devices the person wears (default: the first).
    #[arg(long, value_name = "ID", requires = "server")]
    pub avatar: Option<String>,
    /// Also make the new profile the avatar's.
    #[arg(long, requires = "server")]
    pub apply: bool,
    /// Also ask for the optional `hands_on_hips` pose (both hands on the
    /// hips) after the three required ones: with 3 devices it measures the
    /// hip height, and so the leg length.
    #[arg(long, requires = "server", conflicts_with = "input")]
    pub hands_on_hips: bool,
    /// With --server: the token and TLS options of the daemon.
    #[command(flatten)]
    pub access: ClientAccessArgs,
}

/// Runs `posewire calibrate` in the mode its flags ask for.
pub fn run(args: &CalibrateArgs) -> anyhow::Result<()> {
    match (&args.server, &args.input, &args.out) {
        (None, Some(input), Some(out)) => calibrate_to_file(input, out),
        (Some(server), _, _) => {
            let wizard = Wizard {
                name: args.name.as_deref(),
                avatar: args.avatar.as_deref(),
                input: args.input.as_deref(),
                apply: args.apply,
                hands_on_hips: args.hands_on_hips,
                access: &args.access,
            };
            crate::async_runtime::runtime()?.block_on(crate::calibrate_wizard::run(server, &wizard))
        }
        _ => anyhow::bail!("give --input and --out, or --server and --name"),
    }
}

/// Offline calibration: the take at `input` calibrated, the profile saved
/// at `out`, a summary printed.
fn calibrate_to_file(input: &Path, out: &Path) -> anyhow::Result<()> {
    let calibration = calibrate_file(input)?;
    crate::create_parent(out)?;
    calibration
        .profile
        .save(out)
        .with_context(|| format!("cannot save the body profile to {}", out.display()))?;
    tracing::info!(profile = %out.display(), "saved the body profile");
    // After saving: a closed stdout must not cost the profile.
    crate::print_stdout(&summary(&calibration))
}

/// Reads a calibration take and calibrates from it; warns about invalid
/// samples and about anything calibration flagged.
pub fn calibrate_file(path: &Path) -> anyhow::Result<Calibration> {
    let take = CalibrationTake::read(path).context("cannot read the calibration take")?;
    warn_invalid(path, &take.invalid);
    let calibration =
        calibrate(&take).with_context(|| format!("cannot calibrate from {}", path.display()))?;
    for warning in &calibration.report.warnings {
        tracing::warn!("{}: {warning}", path.display());
    }
    tracing::info!(
        take = %path.display(),
        rows = take.samples.len(),
        "calibrated"
    );
    Ok(calibration)
}

/// Logs a warning for the invalid samples of a take (never silent).
pub fn warn_invalid(path: &Path, invalid: &InvalidSamples) {
    if invalid.count == 0 {
        return;
    }
    let lines: Vec<String> = invalid.first_lines.iter().map(usize::to_string).collect();
    let more = if invalid.count > invalid.first_lines.len() {
        ", ..."
    } else {
        ""
    };
    tracing::warn!(
        "{}: {} invalid sample(s) (nan, inf or a non-unit quaternion) at line(s) {}{more}; \
         those devices count as lost at those instants",
        path.display(),
        invalid.count,
        lines.join(", ")
    );
}

/// How a value was obtained, in words.
fn how(profile: &BodyProfile, key: &str) -> &'static str {
    match profile.sources.get(key) {
        Some(Source::Measured) => "measured",
        Some(Source::Ratio) => "estimated (body ratio)",
        Some(Source::Nominal) => "nominal",
        Some(Source::User) => "given",
        None => "unknown",
    }
}

fn source_word(source: Source) -> &'static str {
    match source {
        Source::Measured => "measured",
        Source::Ratio => "estimated",
        Source::Nominal => "nominal",
        Source::User => "given",
    }
}

/// The text printed after calibrating: measures in cm with how each was
/// obtained, the devices, the fit quality and the warnings.
pub fn summary(calibration: &Calibration) -> String {
    let p = &calibration.profile;
    let r = &calibration.report;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Body profile (facing {:.0} deg, standing at x {:.2} m, z {:.2} m)\n",
        r.heading_rad.to_degrees(),
        r.position.x,
        r.position.z
    );
    let mut t = Table::new(["measure", "cm", "how"]);
    let rows: [(&str, &str, f64); 11] = [
        ("stature", "stature", p.body.stature),
        ("head height", "head_height", p.body.head_height),
        ("shoulder height", "shoulder_height", p.body.shoulder_height),
        ("shoulder width", "shoulder_width", p.body.shoulder_width),
        ("hip width", "hip_width", p.body.hip_width),
        ("upper arm", "upper_arm", p.segments.upper_arm),
        ("forearm", "forearm", p.segments.forearm),
        ("thigh", "thigh", p.segments.thigh),
        ("shin", "shin", p.segments.shin),
        ("trunk", "trunk", p.segments.trunk),
        ("ankle height", "ankle_height", p.body.ankle_height),
    ];
    for (label, key, value) in rows {
        t.push(vec![
            label.into(),
            num(100.0 * value, 1),
            how(p, key).into(),
        ]);
    }
    out.push_str(&t.render());
    out.push('\n');
    let mut d = Table::new([
        "device",
        "bone",
        "offset (cm, x left y up z fwd)",
        "offset",
        "mount",
    ]);
    for device in Device::ALL {
        if let Some(m) = p.tracker(device) {
            let o = m.offset() * 100.0;
            d.push(vec![
                device.name().into(),
                m.bone.clone(),
                format!("{:.1}, {:.1}, {:.1}", o.x, o.y, o.z),
                source_word(m.offset_source).into(),
                source_word(m.mount_source).into(),
            ]);
        }
    }
    out.push_str(&d.render());
    let _ = writeln!(
        out,
        "\narm fit residual: left {} cm, right {} cm; largest sway {:.2} deg; {} invalid sample(s) skipped",
        num(100.0 * r.left_arm.residual_m, 1),
        num(100.0 * r.right_arm.residual_m, 1),
        r.max_sway_rad.to_degrees(),
        r.invalid_samples
    );
    if r.warnings.is_empty() {
        out.push_str("no warnings\n");
    } else {
        out.push_str("warnings:\n");
        for w in &r.warnings {
            let _ = writeln!(out, "  - {w}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calibrate_is_offline_or_on_a_server() {
        let parse = |a: &[&str]| crate::args_alone::parse::<CalibrateArgs>(a);
        assert!(parse(&[
            "posewire",
            "calibrate",
            "--input",
            "c.csv",
            "--out",
            "p.toml"
        ])
        .is_ok());
        assert!(parse(&["posewire", "calibrate", "--input", "c.csv"]).is_err());
        assert!(parse(&["posewire", "calibrate", "--server", "h:1", "--name", "zoe"]).is_ok());
        assert!(parse(&["posewire", "calibrate", "--server", "h:1"]).is_err());
        assert!(parse(&[
            "posewire",
            "calibrate",
            "--server",
            "h:1",
            "--name",
            "z",
            "--input",
            "c.csv"
        ])
        .is_ok());
        assert!(parse(&[
            "posewire",
            "calibrate",
            "--server",
            "h:1",
            "--name",
            "z",
            "--out",
            "p"
        ])
        .is_err());
    }
}
