//! `posewire calibrate --server`: the calibration wizard of a running
//! daemon in the terminal (the pose to take, holding still, the countdown),
//! from the avatar's live devices or a recorded calibration take.

use std::path::Path;

use anyhow::Context as _;
use posewire_client::{pb, Client};

use crate::client_access::ClientAccessArgs;

/// What the wizard is asked for (the `calibrate` flags that concern it).
#[derive(Debug)]
pub struct Wizard<'a> {
    /// The profile's name on the daemon (`--name`).
    pub name: Option<&'a str>,
    /// The avatar whose devices the person wears (default: the first).
    pub avatar: Option<&'a str>,
    /// A recorded calibration take instead of the live devices.
    pub input: Option<&'a Path>,
    /// Also make the new profile the avatar's.
    pub apply: bool,
    /// Also ask for the optional `hands_on_hips` pose.
    pub hands_on_hips: bool,
    /// Token and TLS of the daemon.
    pub access: &'a ClientAccessArgs,
}

fn pose_name(p: i32) -> &'static str {
    match pb::CalibrationPose::try_from(p) {
        Ok(pb::CalibrationPose::ArmsForward) => "arms_forward",
        Ok(pb::CalibrationPose::ForearmsUp) => "forearms_up",
        Ok(pb::CalibrationPose::ArmsDown) => "arms_down",
        Ok(pb::CalibrationPose::HandsOnHips) => "hands_on_hips",
        _ => "?",
    }
}

/// Runs the calibration wizard on the daemon at `server` and prints the
/// stored profile.
pub async fn run(server: &str, args: &Wizard<'_>) -> anyhow::Result<()> {
    let name = args.name.context("give --name")?.to_string();
    let options = args.access.options(|var| std::env::var(var).ok())?;
    let client = Client::connect_with(server, &options)
        .await
        .with_context(|| format!("cannot connect to the daemon at {server}"))?;
    let avatar_id = match args.avatar {
        Some(id) => id.to_string(),
        None => client
            .list_avatars()
            .await?
            .first()
            .map(|a| a.id.clone())
            .context("the daemon has no avatar")?,
    };
    let take_csv = match args.input {
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
            hands_on_hips: args.hands_on_hips,
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
