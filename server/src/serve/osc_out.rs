//! OSC outputs: an avatar's solved body to VMC receivers (`[[vmc_out]]`)
//! or to VRChat's OSC trackers (`[[vrchat_out]]`), each from its own tokio
//! task fed by the frame fan-out (the loop never waits for a socket: an
//! output that falls behind skips frames and counts them). Each output
//! sends at its configured rate (frames are picked by simulation time),
//! over its own UDP socket, to every target.
//!
//! VMC: per frame `/VMC/Ext/Root/Pos`, every bone (`/VMC/Ext/Bone/Pos`),
//! optionally the tracked devices (`Hmd`, `Con`, `Tra`, serials = device
//! names), then `/VMC/Ext/OK 1` and `/VMC/Ext/T` (simulation time), packed
//! into bundles of at most [`MAX_DATAGRAM`] bytes. VRChat: one datagram
//! per message (`/tracking/trackers/N/position|rotation`, then the head).

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use anyhow::Context as _;
use posewire_body::fingers::FingerJoint;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Device, Joint, JointMap, Transform};
use posewire_proto::v1 as pb;
use posewire_vmc::osc::{OscMessage, OscPacket};
use posewire_vmc::vmc::{self, VmcMessage};
use posewire_vmc::vrchat::{self, Tracker};
use tokio::sync::broadcast::error::RecvError;
use tokio::task::JoinHandle;

use super::config::Config;
use super::osc_config::{resolve_targets, trackers};
use super::osc_stats::OscCounters;
use super::state::Shared;

/// Largest VMC bundle sent, bytes (fits a 1500-byte Ethernet MTU with IP
/// and UDP headers).
pub const MAX_DATAGRAM: usize = 1400;

/// What one output sends.
#[derive(Debug, Clone)]
enum Kind {
    Vmc { devices: bool },
    Vrchat { trackers: Vec<Tracker>, head: bool },
}

#[derive(Debug)]
struct Output {
    avatar: String,
    targets: Vec<SocketAddr>,
    rate_hz: f64,
    kind: Kind,
    counters: Arc<OscCounters>,
}

/// Starts every configured output; the tasks end when the daemon shuts
/// down. Must run inside a tokio runtime.
pub fn spawn(config: &Config, shared: &Arc<Shared>) -> anyhow::Result<Vec<JoinHandle<()>>> {
    let mut outputs = Vec::new();
    for (i, o) in config.vmc_out.iter().enumerate() {
        let targets = resolve_targets(&o.targets)
            .map_err(|(j, reason)| anyhow::anyhow!("vmc_out[{i}].targets[{j}]: {reason}"))?;
        outputs.push(Output {
            counters: shared.osc.register(format!(
                "vmc out avatar {} to {}",
                o.avatar,
                o.targets.join(", ")
            )),
            avatar: o.avatar.clone(),
            targets,
            rate_hz: o.rate_hz,
            kind: Kind::Vmc { devices: o.devices },
        });
    }
    for (i, o) in config.vrchat_out.iter().enumerate() {
        let targets = resolve_targets(&o.targets)
            .map_err(|(j, reason)| anyhow::anyhow!("vrchat_out[{i}].targets[{j}]: {reason}"))?;
        let trackers = trackers(&o.trackers)
            .map_err(|(j, reason)| anyhow::anyhow!("vrchat_out[{i}].trackers[{j}]: {reason}"))?;
        outputs.push(Output {
            counters: shared.osc.register(format!(
                "vrchat out avatar {} to {}",
                o.avatar,
                o.targets.join(", ")
            )),
            avatar: o.avatar.clone(),
            targets,
            rate_hz: o.rate_hz,
            kind: Kind::Vrchat {
                trackers,
                head: o.head,
            },
        });
    }
    let mut tasks = Vec::new();
    for output in outputs {
        let any_v6 = output.targets.iter().any(SocketAddr::is_ipv6);
        let local = if any_v6 { "[::]:0" } else { "0.0.0.0:0" };
        let socket = std::net::UdpSocket::bind(local)
            .and_then(|s| s.set_nonblocking(true).map(|()| s))
            .and_then(tokio::net::UdpSocket::from_std)
            .with_context(|| format!("{}: cannot open a UDP socket", output.counters.name))?;
        tracing::info!(output = %output.counters.name, rate_hz = output.rate_hz, "OSC output started");
        tasks.push(tokio::spawn(run(output, socket, shared.clone())));
    }
    Ok(tasks)
}

async fn run(output: Output, socket: tokio::net::UdpSocket, shared: Arc<Shared>) {
    let mut frames = shared.frames.subscribe();
    let mut shutdown = shared.shutdown.clone();
    let period = 1.0 / output.rate_hz;
    // Half a loop tick of slack so that a rate equal to the loop's sends
    // every frame despite rounding.
    let slack = 0.5 / shared.rate_hz;
    let mut next_due = f64::NEG_INFINITY;
    let mut warned = false;
    loop {
        let frame = tokio::select! {
            received = frames.recv() => match received {
                Ok(frame) => frame,
                Err(RecvError::Lagged(n)) => {
                    output.counters.skipped_frames.fetch_add(n, Ordering::Relaxed);
                    continue;
                }
                Err(RecvError::Closed) => break,
            },
            _ = shutdown.wait_for(|stopping| *stopping) => break,
        };
        let t = frame.simulation_time_s;
        if t + slack < next_due {
            continue;
        }
        next_due = if next_due + period > t {
            next_due + period
        } else {
            t + period
        };
        let Some(avatar) = frame.avatars.iter().find(|a| a.avatar_id == output.avatar) else {
            continue;
        };
        let Some(info) = shared.avatar(&output.avatar) else {
            continue;
        };
        let Some(pose) = body_pose(avatar) else {
            continue;
        };
        let datagrams = match &output.kind {
            Kind::Vmc { devices } => {
                let mut messages = vmc::body_messages(&pose, &info.skeleton);
                if *devices {
                    messages.extend(vmc::device_messages(tracked_devices(avatar), Device::name));
                }
                messages.push(VmcMessage::Ok { loaded: 1 });
                messages.push(VmcMessage::Time(t as f32));
                let mut osc: Vec<OscMessage> = messages.iter().map(VmcMessage::to_osc).collect();
                if let Some(local) = finger_locals(avatar) {
                    osc.extend(vmc::finger_messages(&local));
                }
                vmc::bundles(&osc, MAX_DATAGRAM)
            }
            Kind::Vrchat { trackers, head } => {
                let headset = head.then(|| {
                    tracked_devices(avatar)
                        .find(|(d, _)| *d == Device::Head)
                        .map_or_else(|| vrchat::head_bone(&pose, &info.skeleton), |(_, p)| p)
                });
                vrchat::body_messages(&pose, &info.skeleton, trackers, headset.as_ref())
                    .into_iter()
                    .map(|m| OscPacket::Message(m).encode())
                    .collect()
            }
        };
        for datagram in &datagrams {
            for target in &output.targets {
                match socket.send_to(datagram, target).await {
                    Ok(_) => {
                        output.counters.sent.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(e) => {
                        output.counters.send_errors.fetch_add(1, Ordering::Relaxed);
                        if !warned {
                            warned = true;
                            tracing::warn!(output = %output.counters.name, %target, error = %e,
                                "OSC output: cannot send (further errors are counted in GetStats)");
                        }
                    }
                }
            }
        }
    }
    tracing::info!(output = %output.counters.name, "OSC output stopped");
}

/// The local poses of an avatar's finger joints (rest offset from the
/// parent, rotation relative to it), when its frame has them.
fn finger_locals(a: &pb::AvatarFrame) -> Option<[Transform; FingerJoint::COUNT]> {
    let f = a.fingers.as_ref()?;
    let n = FingerJoint::COUNT;
    if f.local_rotations.len() != 4 * n || f.rest_offsets.len() != 3 * n {
        return None;
    }
    Some(std::array::from_fn(|i| {
        let q = &f.local_rotations[4 * i..4 * i + 4];
        let o = &f.rest_offsets[3 * i..3 * i + 3];
        Transform::new(
            DVec3::new(o[0].into(), o[1].into(), o[2].into()),
            DQuat::from_xyzw(q[0].into(), q[1].into(), q[2].into(), q[3].into()).normalize(),
        )
    }))
}

/// The body of an avatar's frame: the root and the world rotations.
fn body_pose(a: &pb::AvatarFrame) -> Option<BodyPose> {
    let root = a.root.as_ref()?.position.as_ref()?;
    if a.world_rotations.len() != 4 * Joint::COUNT {
        return None;
    }
    let rotations = JointMap::from_fn(|j| {
        let q = &a.world_rotations[4 * j.index()..4 * j.index() + 4];
        DQuat::from_xyzw(q[0].into(), q[1].into(), q[2].into(), q[3].into()).normalize()
    });
    Some(BodyPose {
        root: DVec3::new(root.x, root.y, root.z),
        rotations,
    })
}

/// The avatar's tracked devices and their poses.
fn tracked_devices(a: &pb::AvatarFrame) -> impl Iterator<Item = (Device, Transform)> + '_ {
    a.devices.iter().filter(|d| d.tracked).filter_map(|d| {
        let device = match pb::Device::try_from(d.device).ok()? {
            pb::Device::Unspecified => return None,
            pb::Device::Head => Device::Head,
            pb::Device::LeftHand => Device::LeftHand,
            pb::Device::RightHand => Device::RightHand,
            pb::Device::Pelvis => Device::Pelvis,
            pb::Device::LeftFoot => Device::LeftFoot,
            pb::Device::RightFoot => Device::RightFoot,
        };
        let pose = d.pose.as_ref()?;
        let (p, q) = (pose.position.as_ref()?, pose.rotation.as_ref()?);
        Some((
            device,
            Transform::new(
                DVec3::new(p.x, p.y, p.z),
                DQuat::from_xyzw(q.x, q.y, q.z, q.w),
            ),
        ))
    })
}
