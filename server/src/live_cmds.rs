//! The daemon's device-side command-line clients: `posewire calibrate
//! --server` (the calibration wizard in the terminal, or from a recorded
//! take) and `posewire push` (a tracker take pushed as live devices).
//! `posewire calibrate --input --out` without `--server` stays the offline
//! calibration of `calibrate_cmd`.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use posewire_body::formats::TrackerTake;
use posewire_client::{pb, Client};

use crate::cli::CalibrateArgs;
use crate::client_access::ClientAccessArgs;

/// `posewire calibrate`: offline (`--input`, `--out`) or on a daemon
/// (`--server`, `--name`).
#[derive(Debug, Args)]
pub struct CalibrateCli {
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
    /// With --server: the token and TLS options of the daemon.
    #[command(flatten)]
    pub access: ClientAccessArgs,
}

/// `posewire push`.
#[derive(Debug, Args)]
pub struct PushArgs {
    /// The tracker take (*.trackers.csv) to push.
    #[arg(long, value_name = "TRACKERS.csv")]
    pub trackers: PathBuf,
    /// The daemon's address (HOST:PORT).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:50051")]
    pub server: String,
    /// The avatar (its source must be `push`; default: the first such).
    #[arg(long, value_name = "ID")]
    pub avatar: Option<String>,
    /// Send each sample when due, at the take's pace (as live devices
    /// would); without it the take is sent as fast as possible.
    #[arg(long)]
    pub realtime: bool,
    /// The token (a `push` or `admin` one) and TLS options of the daemon.
    #[command(flatten)]
    pub access: ClientAccessArgs,
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

/// Runs `posewire calibrate` in the mode its flags ask for.
pub fn run_calibrate(args: &CalibrateCli) -> anyhow::Result<()> {
    match (&args.server, &args.input, &args.out) {
        (None, Some(input), Some(out)) => crate::calibrate_cmd::run(&CalibrateArgs {
            input: input.clone(),
            out: out.clone(),
        }),
        (Some(server), _, _) => runtime()?.block_on(calibrate_live(server, args)),
        _ => anyhow::bail!("give --input and --out, or --server and --name"),
    }
}

fn pose_name(p: i32) -> &'static str {
    match pb::CalibrationPose::try_from(p) {
        Ok(pb::CalibrationPose::ArmsForward) => "arms_forward",
        Ok(pb::CalibrationPose::ForearmsUp) => "forearms_up",
        Ok(pb::CalibrationPose::ArmsDown) => "arms_down",
        _ => "?",
    }
}

async fn calibrate_live(server: &str, args: &CalibrateCli) -> anyhow::Result<()> {
    let name = args.name.clone().context("give --name")?;
    let options = args.access.options(|var| std::env::var(var).ok())?;
    let client = Client::connect_with(server, &options)
        .await
        .with_context(|| format!("cannot connect to the daemon at {server}"))?;
    let avatar_id = match &args.avatar {
        Some(id) => id.clone(),
        None => client
            .list_avatars()
            .await?
            .first()
            .map(|a| a.id.clone())
            .context("the daemon has no avatar")?,
    };
    let take_csv = match &args.input {
        Some(path) => {
            posewire_body::bounded_read::read_text_bounded(path, posewire_body::bounded_read::CSV)
                .map_err(|e| anyhow::anyhow!("cannot read the calibration take: {e}"))?
        }
        None => String::new(),
    };
    let mut updates = client
        .calibrate(pb::CalibrateRequest {
            avatar_id,
            profile_name: name.clone(),
            apply: args.apply,
            take_csv,
        })
        .await?;
    let bar = indicatif::ProgressBar::new(1000);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {percent:>3}% {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    loop {
        let update = updates
            .message()
            .await
            .context("the calibration stopped")?
            .context("the daemon ended the calibration without a profile")?;
        bar.set_position((update.progress * 1000.0).round() as u64);
        match update.step {
            Some(pb::calibrate_update::Step::Instruction(i)) => {
                bar.println(format!("[{}] {}", pose_name(i.pose), i.text));
                bar.set_message(format!("get into {}", pose_name(i.pose)));
            }
            Some(pb::calibrate_update::Step::Holding(h)) => bar.set_message(format!(
                "{} {}: {:.1} s left",
                pose_name(h.pose),
                if h.still { "holding still" } else { "moving" },
                h.seconds_left
            )),
            Some(pb::calibrate_update::Step::Result(p)) => {
                bar.finish_with_message(format!("stored as `{}`", p.name));
                return crate::print_stdout(&p.toml);
            }
            None => {}
        }
    }
}

/// Runs `posewire push`.
pub fn run_push(args: &PushArgs) -> anyhow::Result<()> {
    runtime()?.block_on(push(args))
}

async fn push(args: &PushArgs) -> anyhow::Result<()> {
    let take = TrackerTake::read(&args.trackers).context("cannot read the tracker take")?;
    let options = args.access.options(|var| std::env::var(var).ok())?;
    let client = Client::connect_with(&args.server, &options)
        .await
        .with_context(|| format!("cannot connect to the daemon at {}", args.server))?;
    let avatar = match &args.avatar {
        Some(id) => id.clone(),
        None => client
            .list_avatars()
            .await?
            .into_iter()
            .find(|a| {
                matches!(
                    a.source.as_ref().and_then(|s| s.kind.as_ref()),
                    Some(pb::device_source::Kind::Push(_))
                )
            })
            .map(|a| a.id)
            .context("the daemon has no avatar with a `push` source: give --avatar")?,
    };
    let span = take.time_range().map_or(0.0, |(a, b)| b - a);
    tracing::info!(
        avatar = %avatar,
        samples = take.samples.len(),
        seconds = span,
        realtime = args.realtime,
        "pushing the take"
    );
    let answer = posewire::push_take::push(
        &client,
        &take,
        &avatar,
        args.realtime,
        posewire::push_take::unix_ns(),
    )
    .await?;
    let mut report = format!(
        "accepted {} rejected {} clock offset {:+.6} s drift {:+.1} ppm (jitter {:.6} s, {} clock steps)\n",
        answer.accepted,
        answer.rejected,
        answer.clock_offset_s,
        answer.clock_drift_ppm,
        answer.clock_offset_jitter_s,
        answer.clock_steps
    );
    for r in &answer.rejections {
        let reason = pb::RejectReason::try_from(r.reason)
            .map_or_else(|_| r.reason.to_string(), |x| x.as_str_name().to_string());
        report.push_str(&format!("  rejected {reason}: {}\n", r.count));
    }
    crate::print_stdout(&report)
}

#[cfg(test)]
mod tests {
    use crate::cli::{Cli, Command};
    use clap::Parser as _;

    #[test]
    fn calibrate_is_offline_or_on_a_server() {
        let parse = |a: &[&str]| Cli::try_parse_from(a.iter().copied());
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
        let Ok(Cli {
            command: Command::Push(p),
            ..
        }) = parse(&["posewire", "push", "--trackers", "t.csv", "--realtime"])
        else {
            panic!("push parses");
        };
        assert!(p.realtime);
        assert_eq!(p.server, "127.0.0.1:50051");
    }
}
