//! Every device path's grip reaches the grab logic (issue 24): a person's
//! headset and controllers, with the right controller's grip, sent to the
//! real daemon (physics solver) over PushDevices and over VMC (UDP); the
//! right hand closes on a 1 kg box and lifts it, and the frames show the
//! box held by that hand and lifted. With the grip never closing, the same
//! motion leaves the box where it is. (The OpenXR path is in `openxr.rs`.)

mod grab_script;

mod common;

use std::time::Duration;

use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::{Config, Daemon};
use posewire_body::formats::TrackerTake;
use posewire_body::Device;
use posewire_client::{pb, Client};
use posewire_vmc::osc::{OscMessage, OscPacket};
use posewire_vmc::vmc::{DeviceKind, VmcMessage};
use posewire_vmc::vmc_input::ControlEvent;

/// A daemon (the physics solver, its default) with one avatar `a`.
async fn start(source: SourceConfig) -> (Daemon, Client) {
    let config = Config {
        listen: "127.0.0.1:0".into(),
        avatars: vec![AvatarConfig {
            id: "a".into(),
            source,
            profile: None,
            model: None,
        }],
        subscriber_buffer: 1024,
        ..Config::default()
    };
    common::start_daemon(&config).await
}

async fn frames(client: &Client) -> tonic::Streaming<pb::StreamFramesResponse> {
    client
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes")
}

/// Pushes the take in real time to avatar `a` while the frames are
/// watched; what they showed of the box.
async fn pushed(grip: f64) -> grab_script::Seen {
    let (daemon, client) = start(SourceConfig::Push {}).await;
    let box_id = grab_script::add_props(&client).await;
    let mut stream = frames(&client).await;
    let take = grab_script::take(grip);
    let start_ns = posewire::push_take::unix_ns() + 100_000_000;
    let pusher = {
        let client = client.clone();
        tokio::spawn(
            async move { posewire::push_take::push(&client, &take, "a", true, start_ns).await },
        )
    };
    let seen = grab_script::watch(&mut stream, &box_id, "a", grab_script::SPAN_S + 1.0).await;
    let answer = pusher.await.expect("joined").expect("pushed");
    assert_eq!(answer.rejected, 0, "{answer:?}");
    daemon.shutdown().await.expect("clean shutdown");
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grip_pushed_over_grpc_picks_up_the_box_and_an_open_hand_does_not() {
    let seen = pushed(1.0).await;
    grab_script::assert_grabbed(&seen, "PushDevices");
    let control = pushed(0.0).await;
    println!(
        "PushDevices, grip never closed: held {:.2} s, rose {:.3} m",
        control.held_s, control.rise_m
    );
    assert_eq!(control.held_s, 0.0, "{control:?}");
    assert!(control.frames > 0 && control.rise_m < 0.02, "{control:?}");
}

/// The take's samples of one instant as one VMC bundle: the right grip
/// (`/VMC/Ext/Con` axis event) before the poses it rides on.
fn vmc_bundle(take: &TrackerTake, from: usize) -> (OscPacket, usize) {
    let t = take.samples[from].time_s;
    let mut messages: Vec<OscMessage> = Vec::new();
    let mut next = from;
    while let Some(s) = take.samples.get(next).filter(|s| s.time_s == t) {
        next += 1;
        let Some(pose) = s.pose else { continue };
        if let Some(input) = s.input {
            messages.push(
                ControlEvent {
                    active: 2,
                    name: "Grip".into(),
                    left: s.device == Device::LeftHand,
                    touch: false,
                    axis: true,
                    value: [input.grip as f32, 0.0, 0.0],
                }
                .to_osc(),
            );
        }
        messages.push(
            VmcMessage::Device {
                kind: DeviceKind::of(s.device),
                serial: s.device.name().to_string(),
                pose,
            }
            .to_osc(),
        );
    }
    let bundle = OscPacket::Bundle {
        time_tag: 1,
        content: messages.into_iter().map(OscPacket::Message).collect(),
    };
    (bundle, next)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grip_sent_over_vmc_picks_up_the_box() {
    let (daemon, client) = start(SourceConfig::Vmc {
        listen: "127.0.0.1:0".into(),
        devices: Default::default(),
    })
    .await;
    let listen = match client.list_avatars().await.expect("lists")[0]
        .source
        .as_ref()
        .and_then(|s| s.kind.as_ref())
    {
        Some(pb::device_source::Kind::Vmc(v)) => v.listen.clone(),
        other => panic!("not a vmc source: {other:?}"),
    };
    let box_id = grab_script::add_props(&client).await;
    let mut stream = frames(&client).await;
    let take = grab_script::take(1.0);
    let sender = tokio::spawn(async move {
        let socket = std::net::UdpSocket::bind("127.0.0.1:0").expect("a socket");
        let start = tokio::time::Instant::now();
        let t0 = take.samples[0].time_s;
        let mut at = 0;
        while at < take.samples.len() {
            let due = take.samples[at].time_s - t0;
            tokio::time::sleep_until(start + Duration::from_secs_f64(due)).await;
            let (bundle, next) = vmc_bundle(&take, at);
            socket
                .send_to(&bundle.encode(), &listen)
                .expect("sends a datagram");
            at = next;
        }
    });
    let seen = grab_script::watch(&mut stream, &box_id, "a", grab_script::SPAN_S + 1.0).await;
    sender.await.expect("the sender ends");
    grab_script::assert_grabbed(&seen, "VMC");
    daemon.shutdown().await.expect("clean shutdown");
}
