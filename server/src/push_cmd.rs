//! `posewire push`: a tracker take pushed to a running daemon as live
//! device samples of an avatar whose source is `push`.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use posewire_body::formats::TrackerTake;
use posewire_client::{pb, Client};

use crate::client_access::ClientAccessArgs;

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

/// Runs `posewire push`.
pub fn run(args: &PushArgs) -> anyhow::Result<()> {
    crate::async_runtime::runtime()?.block_on(push(args))
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
    use super::*;

    #[test]
    fn push_takes_the_default_server() {
        let p: PushArgs =
            crate::args_alone::parse(&["posewire", "push", "--trackers", "t.csv", "--realtime"])
                .expect("push parses");
        assert!(p.realtime);
        assert_eq!(p.server, "127.0.0.1:50051");
    }
}
