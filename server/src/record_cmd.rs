//! `posewire record` (record an avatar, or with `--all` the whole space,
//! on a daemon into a take until Ctrl-C) and `posewire takes list|rename|delete|fetch|marker` (the
//! daemon's take folder), over `posewire.v1.TakeService`; `posewire takes
//! check` reads a take file itself ([`crate::take_check_cmd`]).

use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, Subcommand};
use posewire_client::{pb, Client};

use crate::client_access::ClientAccessArgs;

/// `posewire record` arguments.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The daemon's address (HOST:PORT).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:50051")]
    pub server: String,
    /// The avatar to record.
    #[arg(
        long,
        value_name = "ID",
        required_unless_present = "all",
        conflicts_with = "all"
    )]
    pub avatar: Option<String>,
    /// Record the whole space instead: every avatar (those that join or
    /// leave during the take too) and every object, on the daemon's one
    /// clock, into one scene take.
    #[arg(long)]
    pub all: bool,
    /// The take's name (letters, digits, `-`, `_`, `.`); the daemon stores
    /// it as `<storage>/takes/NAME.pwtake`.
    #[arg(long, value_name = "NAME")]
    pub name: String,
    /// SMPTE timecode of the first tick (`HH:MM:SS;FF` in drop-frame);
    /// default: the daemon's clock, the UTC time of day.
    #[arg(long, value_name = "HH:MM:SS:FF")]
    pub timecode: Option<String>,
    /// The timecode's rate: 23.976, 24, 25, 29.97 (drop-frame), 30, 50 or
    /// 60; default 30.
    #[arg(long, value_name = "FPS")]
    pub timecode_rate: Option<String>,
    /// The token (an `admin` one) and TLS options of the daemon.
    #[command(flatten)]
    pub access: ClientAccessArgs,
}

/// `posewire takes` arguments.
#[derive(Debug, Args)]
pub struct TakesArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: TakesAction,
    /// The daemon's address (HOST:PORT).
    #[arg(
        long,
        value_name = "ADDR",
        default_value = "127.0.0.1:50051",
        global = true
    )]
    pub server: String,
    /// The token and TLS options of the daemon (`read` lists and fetches;
    /// rename, delete and markers need `admin`).
    #[command(flatten)]
    pub access: ClientAccessArgs,
}

/// What `posewire takes` does.
#[derive(Debug, Subcommand)]
pub enum TakesAction {
    /// Lists the daemon's takes, oldest first.
    List,
    /// Renames a take.
    Rename {
        /// The take's name.
        name: String,
        /// Its new name.
        new_name: String,
    },
    /// Deletes a take (refused while it records).
    Delete {
        /// The take's name.
        name: String,
    },
    /// Downloads a take's file.
    Fetch {
        /// The take's name.
        name: String,
        /// Where to write it.
        #[arg(long, value_name = "FILE.pwtake")]
        out: PathBuf,
    },
    /// Checks a take file's health (read from the file itself, no daemon
    /// needed): whole, torn tail, or damaged regions with offsets and
    /// counts; records by kind; whether and why it ended. Exits non-zero
    /// unless every byte of it could be read.
    Check {
        /// The take: a take file's path, or a take's name in the storage
        /// folder's `takes/`.
        take: String,
        /// The storage folder that holds `takes/` (as in the daemon's
        /// configuration).
        #[arg(long, value_name = "DIR", default_value = "posewire-data")]
        storage: PathBuf,
    },
    /// Adds a marker to an avatar's recording in progress (or, without
    /// `--avatar`, to the scene recording).
    Marker {
        /// The avatar being recorded; omitted: the scene recording.
        #[arg(long, value_name = "ID", default_value = "")]
        avatar: String,
        /// The marker's label.
        #[arg(long, value_name = "TEXT", default_value = "")]
        label: String,
    },
}

async fn connect(server: &str, access: &ClientAccessArgs) -> anyhow::Result<Client> {
    let options = access.options(|var| std::env::var(var).ok())?;
    Client::connect_with(server, &options)
        .await
        .with_context(|| format!("cannot connect to the daemon at {server}"))
}

/// A status as an error with the server's message.
fn server_error(what: &str, status: tonic::Status) -> anyhow::Error {
    anyhow::anyhow!("{what}: {}", status.message())
}

/// One line about a take.
fn describe(t: &pb::TakeSummary) -> String {
    let state = if t.recording {
        "recording".to_string()
    } else if !t.stop_error.is_empty() {
        format!("stopped by an error: {}", t.stop_error)
    } else if t.ended.is_empty() {
        "no end (cut short)".to_string()
    } else {
        t.ended.clone()
    };
    let health = if !t.damage.is_empty() {
        format!("\tdamaged: {}", t.damage.replace('\n', "; "))
    } else {
        String::new()
    };
    let who = if t.scene_avatar_ids.is_empty() && !t.avatar_id.is_empty() {
        format!("avatar {}", t.avatar_id)
    } else {
        format!("scene ({})", t.scene_avatar_ids.join(", "))
    };
    let timecode = match (t.timecode_start.is_empty(), t.timecode_rate.is_empty()) {
        (false, false) => format!("\ttimecode {} @ {}", t.timecode_start, t.timecode_rate),
        (false, true) => format!("\ttimecode {}", t.timecode_start),
        _ => String::new(),
    };
    format!(
        "{}\t{who}\t{:.2} s\t{} ticks\t{} versions\t{} markers\t{} bytes\t{}{health}",
        t.name,
        t.duration_s,
        t.ticks,
        t.versions.len(),
        t.markers.len(),
        t.bytes,
        state
    ) + &timecode
}

/// Runs `posewire record`.
pub fn run_record(args: &RecordArgs) -> anyhow::Result<()> {
    crate::async_runtime::runtime()?.block_on(record(args))
}

async fn record(args: &RecordArgs) -> anyhow::Result<()> {
    let client = connect(&args.server, &args.access).await?;
    let mut takes = client.take_service();
    // The empty avatar id is the whole space.
    let avatar = if args.all {
        String::new()
    } else {
        args.avatar.clone().unwrap_or_default()
    };
    let started = takes
        .start_recording(pb::StartRecordingRequest {
            avatar_id: avatar.clone(),
            name: args.name.clone(),
            timecode_start: args.timecode.clone().unwrap_or_default(),
            timecode_rate: args.timecode_rate.clone().unwrap_or_default(),
        })
        .await
        .map_err(|s| server_error("cannot start recording", s))?
        .into_inner();
    if avatar.is_empty() {
        eprintln!(
            "recording the scene (every avatar and object) into take `{}`; Ctrl-C stops",
            started.take_name
        );
    } else {
        eprintln!(
            "recording avatar `{}` into take `{}`; Ctrl-C stops",
            started.avatar_id, started.take_name
        );
    }
    let mut watch = takes
        .watch_recording(pb::WatchRecordingRequest {
            avatar_id: avatar.clone(),
        })
        .await
        .map_err(|s| server_error("cannot follow the recording", s))?
        .into_inner();
    let bar = indicatif::ProgressBar::new_spinner();
    // One listener for the whole recording, so no Ctrl-C is missed.
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    loop {
        tokio::select! {
            update = watch.message() => {
                let update = update.map_err(|s| server_error("the recording stopped", s))?;
                let Some(r) = update else {
                    anyhow::bail!("the daemon ended the recording without saying why");
                };
                bar.set_message(format!(
                    "{:.1} s, {} ticks, {} bytes, {} markers",
                    r.duration_s, r.ticks, r.bytes_written, r.markers
                ));
                bar.tick();
                if r.stopped {
                    bar.finish_and_clear();
                    // Collect the take (and forget the recording).
                    let summary = takes
                        .stop_recording(pb::StopRecordingRequest {
                            avatar_id: avatar.clone(),
                        })
                        .await
                        .map(|r| r.into_inner())
                        .ok();
                    if r.stop_error.is_empty() {
                        if let Some(s) = summary {
                            crate::print_stdout(&format!("{}\n", describe(&s)))?;
                        }
                        anyhow::bail!("the recording was stopped by someone else");
                    }
                    anyhow::bail!("the recording stopped: {}", r.stop_error);
                }
            }
            _ = &mut ctrl_c => {
                bar.finish_and_clear();
                let summary = takes
                    .stop_recording(pb::StopRecordingRequest {
                        avatar_id: avatar.clone(),
                    })
                    .await
                    .map_err(|s| server_error("cannot stop the recording", s))?
                    .into_inner();
                crate::print_stdout(&format!("{}\n", describe(&summary)))?;
                if !summary.stop_error.is_empty() {
                    anyhow::bail!("the recording stopped: {}", summary.stop_error);
                }
                return Ok(());
            }
        }
    }
}

/// Runs `posewire takes`.
pub fn run_takes(args: &TakesArgs) -> anyhow::Result<()> {
    if let TakesAction::Check { take, storage } = &args.action {
        return crate::take_check_cmd::run(take, storage);
    }
    crate::async_runtime::runtime()?.block_on(takes(args))
}

async fn takes(args: &TakesArgs) -> anyhow::Result<()> {
    let client = connect(&args.server, &args.access).await?;
    let mut service = client.take_service();
    match &args.action {
        TakesAction::List => {
            let list = service
                .list_takes(pb::ListTakesRequest {})
                .await
                .map_err(|s| server_error("cannot list the takes", s))?
                .into_inner();
            let text: String = list.takes.iter().map(|t| describe(t) + "\n").collect();
            crate::print_stdout(&text)
        }
        TakesAction::Rename { name, new_name } => {
            let t = service
                .rename_take(pb::RenameTakeRequest {
                    name: name.clone(),
                    new_name: new_name.clone(),
                })
                .await
                .map_err(|s| server_error(&format!("cannot rename take `{name}`"), s))?
                .into_inner();
            crate::print_stdout(&format!("{}\n", describe(&t)))
        }
        TakesAction::Delete { name } => {
            service
                .delete_take(pb::DeleteTakeRequest { name: name.clone() })
                .await
                .map_err(|s| server_error(&format!("cannot delete take `{name}`"), s))?;
            crate::print_stdout(&format!("deleted take `{name}`\n"))
        }
        TakesAction::Fetch { name, out } => {
            let mut chunks = service
                .fetch_take(pb::FetchTakeRequest { name: name.clone() })
                .await
                .map_err(|s| server_error(&format!("cannot fetch take `{name}`"), s))?
                .into_inner();
            let mut bytes = Vec::new();
            while let Some(chunk) = chunks
                .message()
                .await
                .map_err(|s| server_error(&format!("cannot fetch take `{name}`"), s))?
            {
                anyhow::ensure!(
                    chunk.offset == bytes.len() as u64,
                    "the daemon sent take `{name}` out of order"
                );
                bytes.extend_from_slice(&chunk.data);
            }
            crate::create_parent(out)?;
            std::fs::write(out, &bytes)
                .with_context(|| format!("cannot write {}", out.display()))?;
            crate::print_stdout(&format!(
                "wrote take `{name}` ({} bytes) to {}\n",
                bytes.len(),
                out.display()
            ))
        }
        TakesAction::Check { take, storage } => crate::take_check_cmd::run(take, storage),
        TakesAction::Marker { avatar, label } => {
            let m = service
                .add_marker(pb::AddMarkerRequest {
                    avatar_id: avatar.clone(),
                    label: label.clone(),
                })
                .await
                .map_err(|s| server_error("cannot add the marker", s))?
                .into_inner();
            crate::print_stdout(&format!("marker at {:.3} s\n", m.time_s))
        }
    }
}
