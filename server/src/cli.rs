//! The command line: every subcommand and flag, with the help text users
//! see in `posewire --help` and `posewire <subcommand> --help`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Turns 3-6 tracked VR devices into a whole human body.
///
/// Offline tools: make synthetic takes from motion capture (`synth`),
/// calibrate a body profile (`calibrate`), solve a tracker take into a
/// joint track (`solve`), measure reconstruction quality (`eval`) and put
/// a skinned character mesh on a joint track (`skin`).
/// Set RUST_LOG (for example RUST_LOG=debug) to change how much is logged
/// on stderr.
#[derive(Debug, Parser)]
#[command(name = "posewire", version, about, long_about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Make a synthetic tracker take and calibration take from a BVH
    /// motion-capture clip, plus the ground truth (for evaluation).
    ///
    /// Writes NAME.trackers.csv, NAME.calibration.csv, NAME.truth.joints.csv
    /// and NAME.truth.toml into the output folder (NAME = the clip's file
    /// name without `.bvh`), following EVALUATION.md section 1.
    Synth(SynthArgs),
    /// Estimate a body profile (body measures and where each device sits on
    /// the body) from a calibration take, and save it as TOML; or, with
    /// --server, run the calibration wizard on a running daemon.
    Calibrate(crate::live_cmds::CalibrateCli),
    /// Solve a tracker take into a joint track (*.joints.csv): the whole
    /// body at a fixed rate, from the first input time to the last.
    Solve(SolveArgs),
    /// Measure reconstruction quality on BVH clips: for every clip and every
    /// device set and condition, synthesize, calibrate, solve and compare
    /// with the ground truth (EVALUATION.md). Prints Markdown tables.
    Eval(EvalArgs),
    /// Put a character mesh on a joint track: retarget every frame onto a
    /// rigged glTF model (or the built-in body) and skin it, writing an OBJ
    /// sequence or one animated glTF; with --compare, render one pose with
    /// all three skinning methods side by side to a PNG.
    Skin(SkinArgs),
    /// Export a recorded take's solved body: BVH on the canonical skeleton
    /// at the person's proportions, glTF binary (skeleton, animation and a
    /// skinned mesh), or the joint-track CSV.
    Export(crate::export_cmd::ExportArgs),
    /// Run the live daemon: devices in, bodies out over gRPC.
    ///
    /// With no configuration it runs the built-in `demo` person (walking,
    /// turning, reaching, crouching) and listens on 127.0.0.1:50051, this
    /// machine only. SIGINT (Ctrl-C) or SIGTERM shut it down cleanly.
    Serve(ServeArgs),
    /// Serve every avatar of a shared space (docs/SCALING.md) to viewers,
    /// simulating nothing: the frames of every node on the NATS bus merged
    /// into one stream (ids NODE/ID), with health, reflection, tokens and
    /// the web view as `serve` has them. More viewers: more relays.
    Relay(RelayArgs),
    /// Subscribe to a running daemon: print the live frame rate, latency
    /// and skipped frames once a second, or write the stream as a joint
    /// track (*.joints.csv).
    Subscribe(SubscribeArgs),
    /// Push a tracker take (*.trackers.csv) to a running daemon as live
    /// device samples of an avatar whose source is `push`.
    Push(crate::live_cmds::PushArgs),
    /// Record an avatar on a running daemon into a take until Ctrl-C
    /// (progress on stderr; exits non-zero if the recording stops by an
    /// error, such as a full disk).
    Record(crate::record_cmd::RecordArgs),
    /// List, rename, delete or download the daemon's takes, or add a
    /// marker to a recording in progress.
    Takes(crate::record_cmd::TakesArgs),
    /// Solve a recorded take again from its raw device samples and store
    /// the result in the take as a new solved version (with unchanged
    /// settings it reproduces the live solve exactly).
    Resolve(crate::resolve_cmd::ResolveArgs),
    /// Train a small learned component of the solver on the training
    /// corpus and write its weights (embedded in the solver at build time).
    Train(crate::train_cmd::TrainArgs),
    /// Write the small procedural demo clip shipped in examples/ (a
    /// maintenance tool).
    #[command(hide = true)]
    MakeDemoClip(MakeDemoClipArgs),
}

/// How many devices a take carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum DeviceCount {
    /// Headset and two hand controllers.
    #[value(name = "3")]
    Three,
    /// Headset, two hand controllers and a pelvis tracker.
    #[value(name = "4")]
    Four,
    /// Headset, two hand controllers, pelvis and two foot trackers.
    #[value(name = "6")]
    Six,
}

impl DeviceCount {
    /// The number of devices.
    pub fn count(self) -> usize {
        match self {
            DeviceCount::Three => 3,
            DeviceCount::Four => 4,
            DeviceCount::Six => 6,
        }
    }
}

/// Whether synthetic takes get sensor noise and tracking loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum ConditionArg {
    /// Exact device poses.
    Clean,
    /// 1.5 mm / 0.5 degree noise and short tracking losses.
    Noisy,
}

impl ConditionArg {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            ConditionArg::Clean => "clean",
            ConditionArg::Noisy => "noisy",
        }
    }
}

/// Which solver turns devices into a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum SolverArg {
    /// The kinematic baseline (inverse kinematics, no physics).
    #[default]
    Ik,
    /// The simulated body (rapier3d) tracking the kinematic reference with
    /// force arrays; collides with the floor.
    Physics,
}

/// How the trunk shares the head's rotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum TrunkArg {
    /// The look-at chain of configs/look_at.toml: lumbar spine, chest, neck
    /// and head each take a constrained share of the turn.
    #[default]
    LookAt,
    /// The whole head rotation on the neck; the chest stays square to the
    /// pelvis (for comparison).
    NeckOnly,
}

/// `posewire synth`.
#[derive(Debug, Args)]
pub struct SynthArgs {
    /// The BVH motion-capture clip (CMU skeleton, see the data README).
    #[arg(long, value_name = "CLIP.bvh")]
    pub bvh: PathBuf,
    /// How many devices the person wears: 3 (head and hands), 4 (+ pelvis)
    /// or 6 (+ both feet).
    #[arg(long, value_name = "3|4|6", default_value = "3")]
    pub devices: DeviceCount,
    /// Clean device poses, or noisy ones with short tracking losses.
    #[arg(long, default_value = "clean")]
    pub condition: ConditionArg,
    /// Seed of the random draws (device offsets and mounts, calibration
    /// placement, noise): the same seed gives the same files.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Folder to write the takes and the ground truth into (created if
    /// missing).
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
}

/// `posewire calibrate`.
#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// The calibration take (*.calibration.csv) with the three poses.
    #[arg(long, value_name = "CALIBRATION.csv")]
    pub input: PathBuf,
    /// Where to save the body profile (TOML).
    #[arg(long, value_name = "PROFILE.toml")]
    pub out: PathBuf,
}

/// `posewire solve`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("body").required(true).args(["calibration", "profile"]))]
pub struct SolveArgs {
    /// A calibration take to calibrate from first (instead of --profile).
    #[arg(long, value_name = "CALIBRATION.csv")]
    pub calibration: Option<PathBuf>,
    /// A saved body profile from `posewire calibrate` (instead of
    /// --calibration).
    #[arg(long, value_name = "PROFILE.toml")]
    pub profile: Option<PathBuf>,
    /// The tracker take to solve (*.trackers.csv).
    #[arg(long, value_name = "TRACKERS.csv")]
    pub trackers: PathBuf,
    /// Where to write the joint track (*.joints.csv).
    #[arg(long, value_name = "JOINTS.csv")]
    pub out: PathBuf,
    /// The solver's settings (TOML: a `[solver]` table as in the daemon's
    /// configuration, any subset of its keys; see configs/default.toml).
    /// Without it, the built-in defaults: the tuned values.
    #[arg(long, value_name = "SETTINGS.toml")]
    pub settings: Option<PathBuf>,
    /// Which solver to use: the simulated body (`physics`) or the kinematic
    /// baseline (`ik`); overrides --settings (default: its `kind`, else
    /// physics).
    #[arg(long)]
    pub solver: Option<SolverArg>,
    /// How the trunk shares the head's rotation; overrides --settings
    /// (default: its `ik.trunk`, else look-at).
    #[arg(long)]
    pub trunk: Option<TrunkArg>,
    /// A look-at chain of one's own (TOML, as configs/look_at.toml; its
    /// joints must be lumbar, chest, neck, head and optionally eyes).
    #[arg(long, value_name = "LOOK_AT.toml")]
    pub look_at_config: Option<PathBuf>,
    /// Static boxes and walls around the avatar (TOML, see
    /// configs/scene_example.toml; physics solver only; the floor is always
    /// there).
    #[arg(long, value_name = "SCENE.toml")]
    pub scene: Option<PathBuf>,
    /// Output frames per second.
    #[arg(long, value_name = "HZ", default_value_t = 90.0)]
    pub rate: f64,
}

/// `posewire eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// A BVH clip, or a folder whose *.bvh clips are all evaluated (in name
    /// order).
    #[arg(long, value_name = "DIR_OR_FILE")]
    pub bvh: PathBuf,
    /// The training corpus (a clip or a folder, e.g.
    /// ../shared/data/mocap-train), evaluated the same way and reported
    /// beside `--bvh`, the validation set: settings are chosen on the
    /// first and checked on the second.
    #[arg(long, value_name = "DIR_OR_FILE")]
    pub train: Option<PathBuf>,
    /// Device sets to evaluate, comma separated.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "3,4,6"
    )]
    pub devices: Vec<DeviceCount>,
    /// Conditions to evaluate, comma separated.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "clean,noisy"
    )]
    pub condition: Vec<ConditionArg>,
    /// The solver's settings (TOML: a `[solver]` table as in the daemon's
    /// configuration, any subset of its keys; see configs/default.toml).
    /// Without it, the built-in defaults: the tuned values.
    #[arg(long, value_name = "SETTINGS.toml")]
    pub settings: Option<PathBuf>,
    /// Which solver to evaluate: the simulated body (`physics`) or the
    /// kinematic baseline (`ik`); overrides --settings (default: its
    /// `kind`, else physics).
    #[arg(long)]
    pub solver: Option<SolverArg>,
    /// How the trunk shares the head's rotation (`neck-only` is the
    /// comparison for the look-at chain); overrides --settings (default:
    /// its `ik.trunk`, else look-at).
    #[arg(long)]
    pub trunk: Option<TrunkArg>,
    /// A look-at chain of one's own (TOML, as configs/look_at.toml).
    #[arg(long, value_name = "LOOK_AT.toml")]
    pub look_at_config: Option<PathBuf>,
    /// Seed of the random draws; each clip derives its own from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also write every number (per clip, per setting, means) as JSON here.
    #[arg(long, value_name = "OUT.json")]
    pub json: Option<PathBuf>,
    /// How many clips to run at once (default: one per available core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

/// Which skinning method deforms the mesh (the OBJ frames, and with
/// --format gltf what a viewer shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum MethodArg {
    /// Optimized centres of rotation: no candy wrapper, little bulging
    /// (precomputed once per model; see --cache-dir). As glTF: baked
    /// morph targets.
    #[default]
    Cor,
    /// Linear blend skinning (collapses twisted and bent joints). As glTF:
    /// the skin and a skeletal animation, which viewers skin this way.
    Lbs,
    /// Dual quaternion skinning (bulges at bent joints). As glTF: baked
    /// morph targets.
    Dqs,
}

/// What `posewire skin` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum SkinFormat {
    /// One Wavefront OBJ per frame: DIR/frame_000001.obj, ... (the chosen
    /// method's vertices).
    #[default]
    Obj,
    /// One binary glTF 2.0 file DIR/NAME.glb that viewers play as --method
    /// deforms it: with lbs the rest mesh, its skin and a skeletal
    /// animation (viewers skin it with linear blending themselves); with
    /// cor or dqs the rest mesh with every kept frame's deformed vertices
    /// baked as a morph target, switched on in turn (24 bytes per vertex
    /// per frame, e.g. 44 MB for 540 frames of CesiumMan; use --every N).
    Gltf,
}

/// `posewire skin`.
#[derive(Debug, Args)]
pub struct SkinArgs {
    /// A rigged glTF 2.0 model (.glb, or .gltf with its buffers); without
    /// it, the built-in procedural body fitted to the track's skeleton.
    #[arg(long, value_name = "MODEL.glb")]
    pub model: Option<PathBuf>,
    /// The joint track with rotations (*.joints.csv from `posewire solve`).
    /// Optional with --compare (a built-in test pose is used).
    #[arg(long, value_name = "JOINTS.csv", required_unless_present = "compare")]
    pub joints: Option<PathBuf>,
    /// The body profile the track was solved with (`posewire calibrate`):
    /// its skeleton places the model exactly. Without it the skeleton is
    /// read off the track's first frame, and the pelvis's rest height,
    /// which a track cannot show, is estimated from the leg length.
    #[arg(long, value_name = "PROFILE.toml", requires = "joints")]
    pub profile: Option<PathBuf>,
    /// The skinning method of the written meshes; with --format gltf also
    /// what a viewer shows.
    #[arg(long, default_value = "cor")]
    pub method: MethodArg,
    /// Folder to write into (created if missing); with --compare, the PNG
    /// file to write.
    #[arg(long, value_name = "DIR|IMAGE.png")]
    pub out: PathBuf,
    /// OBJ sequence or one animated glTF (see --method for what a glTF
    /// viewer shows).
    #[arg(long, default_value = "obj")]
    pub format: SkinFormat,
    /// Folder caching the centres of rotation per model (computed and
    /// saved on first use, loaded afterwards); without it they are
    /// computed every run.
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Write every Nth frame only (frame files keep their track numbers).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// Render one pose with LBS, DQS and CoR side by side to the PNG file
    /// --out: frame --frame of --joints, or without --joints a built-in
    /// test pose (left elbow bent 120 degrees, right forearm twisted 150
    /// degrees).
    #[arg(long)]
    pub compare: bool,
    /// The frame (1-based) of --joints that --compare renders.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "compare",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub frame: u64,
    /// Width and height of each --compare panel, pixels.
    #[arg(long, value_name = "PIXELS", default_value_t = 600,
          value_parser = clap::value_parser!(u32).range(64..=4096))]
    pub panel_size: u32,
}

/// `posewire serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The configuration (TOML; every option is documented in
    /// configs/default.toml). Without it, the built-in defaults: the demo
    /// person on 127.0.0.1:50051.
    #[arg(long, value_name = "FILE.toml")]
    pub config: Option<PathBuf>,
    /// Address to listen on, overriding the configuration (IP:PORT; port 0
    /// picks a free one).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<String>,
    /// Ticks of the real-time loop per second, overriding the
    /// configuration.
    #[arg(long, value_name = "HZ")]
    pub rate: Option<f64>,
    /// The solver posing every avatar, overriding the configuration.
    #[arg(long)]
    pub solver: Option<SolverArg>,
    /// Start on a non-loopback address even though no access token is
    /// configured (anyone who can reach it may then watch and drive every
    /// avatar). Tokens: [[access.tokens]] in the configuration, or
    /// POSEWIRE_TOKEN_READ / POSEWIRE_TOKEN_PUSH / POSEWIRE_TOKEN_ADMIN.
    #[arg(long)]
    pub insecure: bool,
    /// Serve TLS with this certificate chain (PEM), overriding
    /// access.tls_cert.
    #[arg(long, value_name = "CERT.pem", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM), overriding access.tls_key.
    #[arg(long, value_name = "KEY.pem", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Address of the live web view (IP:PORT), overriding web.listen
    /// (default: the IP of --listen and the next port).
    #[arg(long, value_name = "ADDR", conflicts_with = "no_web")]
    pub web_listen: Option<String>,
    /// Do not serve the live web view (web.enabled = false).
    #[arg(long)]
    pub no_web: bool,
}

/// `posewire relay`.
#[derive(Debug, Args)]
pub struct RelayArgs {
    /// The NATS server of the space (nats://HOST:PORT).
    #[arg(long, value_name = "URL")]
    pub nats: String,
    /// The space.
    #[arg(long, value_name = "NAME")]
    pub space: String,
    /// Address to listen on (default 127.0.0.1:50061).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<String>,
    /// A configuration for the rest (access tokens and TLS, limits, the web
    /// view, [cluster] credentials); its avatars are ignored.
    #[arg(long, value_name = "FILE.toml")]
    pub config: Option<PathBuf>,
    /// Ticks per second of the merged stream, overriding the configuration.
    #[arg(long, value_name = "HZ")]
    pub rate: Option<f64>,
    /// Start on a non-loopback address even though no access token is
    /// configured.
    #[arg(long)]
    pub insecure: bool,
    /// Do not serve the live web view.
    #[arg(long)]
    pub no_web: bool,
}

/// `posewire subscribe`.
#[derive(Debug, Args)]
pub struct SubscribeArgs {
    /// The daemon's address (HOST:PORT).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:50051")]
    pub server: String,
    /// Only this avatar (default: every avatar; with --out, the first one
    /// in the stream).
    #[arg(long, value_name = "ID")]
    pub avatar: Option<String>,
    /// Write the stream as a joint track here (FORMATS.md section 3) when
    /// it ends (after --frames, or at Ctrl-C).
    #[arg(long, value_name = "JOINTS.csv")]
    pub out: Option<PathBuf>,
    /// Stop after this many frames (default: run until Ctrl-C).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub frames: Option<u64>,
    /// Take every Nth frame of the daemon's loop.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub decimation: u32,
    /// Token and TLS.
    #[command(flatten)]
    pub access: crate::client_access::ClientAccessArgs,
}

/// `posewire make-demo-clip`.
#[derive(Debug, Args)]
pub struct MakeDemoClipArgs {
    /// Where to write the BVH file.
    #[arg(
        long,
        value_name = "FILE.bvh",
        default_value = "examples/demo_walk.bvh"
    )]
    pub out: PathBuf,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn solve_needs_a_profile_or_a_calibration() {
        let base = ["posewire", "solve", "--trackers", "t.csv", "--out", "o.csv"];
        assert!(Cli::try_parse_from(base).is_err());
        let with = base.iter().copied().chain(["--profile", "p.toml"]);
        assert!(Cli::try_parse_from(with).is_ok());
        let both = base
            .iter()
            .copied()
            .chain(["--profile", "p.toml", "--calibration", "c.csv"]);
        assert!(Cli::try_parse_from(both).is_err());
    }

    #[test]
    fn skin_needs_joints_unless_comparing() {
        let base = ["posewire", "skin", "--out", "d"];
        assert!(Cli::try_parse_from(base).is_err());
        assert!(Cli::try_parse_from(base.iter().copied().chain(["--compare"])).is_ok());
        let every0 = base
            .iter()
            .copied()
            .chain(["--joints", "j.csv", "--every", "0"]);
        assert!(Cli::try_parse_from(every0).is_err());
    }

    #[test]
    fn eval_lists_are_comma_separated() {
        let cli = Cli::try_parse_from([
            "posewire",
            "eval",
            "--bvh",
            "x",
            "--devices",
            "3,6",
            "--condition",
            "noisy",
        ])
        .expect("parses");
        let Command::Eval(args) = cli.command else {
            panic!("not eval");
        };
        assert_eq!(args.devices, vec![DeviceCount::Three, DeviceCount::Six]);
        assert_eq!(args.condition, vec![ConditionArg::Noisy]);
        assert!(Cli::try_parse_from(["posewire", "eval", "--bvh", "x", "--devices", "5"]).is_err());
    }
}
