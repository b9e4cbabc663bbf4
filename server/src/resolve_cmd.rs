//! `posewire resolve`: a take's recorded ticks (samples and pushes) solved
//! again offline, by the live loop's own tick ([`posewire::serve::resolve`],
//! `posewire_solver::tick`), and stored
//! in the take as a new solved version. A damaged take is never appended
//! to: the re-solve is refused, or written with every recovered record
//! into a new file (`--output`).

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;
use posewire::serve::config::DEFAULT_STORAGE;
use posewire::serve::resolve::{resolve_scene, ResolveSettings};
use posewire::serve::Config;
use posewire_body::BodyProfile;
use posewire_solver::physics::Scene;
use posewire_solver::SolverSettings;
use posewire_takes::{AvatarRecord, Record, SolveVersion, Take, TakeWriter};

/// `posewire resolve` arguments.
#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The take: a take file's path, or a take's name in the storage
    /// folder's `takes/`.
    #[arg(long, value_name = "TAKE")]
    pub take: String,
    /// A body profile (TOML) to solve with instead of the take's own.
    #[arg(long, value_name = "PROFILE.toml")]
    pub profile: Option<PathBuf>,
    /// A daemon configuration whose `[solver]` (kind and settings), `scene`,
    /// `[devices]` and `storage` to use instead of the take's recorded ones.
    #[arg(long, value_name = "CONFIG.toml")]
    pub config: Option<PathBuf>,
    /// The storage folder that holds `takes/` (default: the --config's
    /// `storage`, else `posewire-data`).
    #[arg(long, value_name = "DIR")]
    pub storage: Option<PathBuf>,
    /// Write the take with the new solved version into this new file
    /// instead of appending to the take: the way to re-solve a damaged take
    /// (the copy holds every record recovered from it, rewritten cleanly;
    /// the damaged file is left as it is). Never overwrites a file.
    #[arg(long, value_name = "NEW.pwtake")]
    pub output: Option<PathBuf>,
}

/// Refuses to append to a damaged take, naming the damage.
fn refuse_damaged(path: &Path, take: &Take) -> anyhow::Result<()> {
    let Some(first) = take.damage.first() else {
        return Ok(());
    };
    anyhow::bail!(
        "{}: the take is damaged ({} region(s); {first}); nothing was changed. Re-solve it into a repaired copy with --output NEW.pwtake (`posewire takes check` reports the damage)",
        path.display(),
        take.damage.len()
    )
}

/// Opens where the re-solve goes: the take itself (refused when damaged;
/// a torn tail is cut first) or a repaired copy at `output`.
fn open_target(path: &Path, output: Option<&Path>) -> anyhow::Result<(TakeWriter, Take, PathBuf)> {
    if let Some(out) = output {
        crate::create_parent(out)?;
        let (writer, take) = posewire_takes::repair(path, out)
            .with_context(|| format!("cannot write a repaired copy of {}", path.display()))?;
        eprintln!(
            "{}: copied {} records ({} ticks, {} solved frames) into {}",
            path.display(),
            take.counts.total(),
            take.ticks.len(),
            take.solved.len(),
            out.display()
        );
        return Ok((writer, take, out.to_path_buf()));
    }
    let before = posewire_takes::open(path)
        .with_context(|| format!("cannot open the take {}", path.display()))?;
    refuse_damaged(path, &before)?;
    let (writer, take, cut) = TakeWriter::append(path)
        .with_context(|| format!("cannot open the take {}", path.display()))?;
    refuse_damaged(path, &take)?;
    if let Some(cut) = cut {
        tracing::warn!(take = %path.display(), %cut, "the take's torn tail was cut");
    }
    Ok((writer, take, path.to_path_buf()))
}

/// The solver settings and scene a take was recorded with (its config
/// record: the `[solver]` table, or in an older take the solver's name, and
/// the `[devices]` gate).
fn recorded_settings(take: &Take) -> anyhow::Result<(SolverSettings, Scene)> {
    let config = take.config.as_deref();
    let mut solver = posewire::serve::solver_config::recorded(config, &take.info.solver)
        .map_err(|e| anyhow::anyhow!("the take's config record: solver: {e}"))?;
    solver.ik.gate = posewire::serve::device_gate::recorded_gate(config);
    let mut scene = Scene::default();
    if let Some(text) = config {
        let table: toml::Table = toml::from_str(text).context("the take's config record")?;
        if let Some(path) = table.get("scene").and_then(|v| v.as_str()) {
            scene = Scene::load(std::path::Path::new(path))
                .with_context(|| format!("the take's scene {path}"))?;
        }
    }
    Ok((solver, scene))
}

/// Runs `posewire resolve`.
pub fn run(args: &ResolveArgs) -> anyhow::Result<()> {
    let config = match &args.config {
        Some(path) => Some(Config::load(path).context("--config")?),
        None => None,
    };
    let storage = args
        .storage
        .clone()
        .or_else(|| config.as_ref().map(|c| c.storage.clone()))
        .unwrap_or_else(|| PathBuf::from(DEFAULT_STORAGE));
    let source = crate::export_cmd::locate_take(&args.take, &storage)?;
    let (writer, take, path) = open_target(&source, args.output.as_deref())?;
    let result = resolve_into(args, config.as_ref(), writer, &take, &path);
    if result.is_err() && args.output.is_some() {
        // A repaired copy that could not be re-solved is not left behind
        // looking whole: what check, export and resolve agree on stays the
        // damaged original.
        let _ = std::fs::remove_file(&path);
    }
    result
}

/// Re-solves `take` and stores the new version through `writer`.
fn resolve_into(
    args: &ResolveArgs,
    config: Option<&Config>,
    mut writer: TakeWriter,
    take: &Take,
    path: &Path,
) -> anyhow::Result<()> {
    if let Some(missing) = take.missing() {
        anyhow::bail!("cannot re-solve {}: {missing}", path.display());
    }
    let (solver, scene) = match config {
        Some(c) => (
            c.solver_settings(),
            match &c.scene {
                Some(p) => Scene::load(p).context("--config: scene")?,
                None => Scene::default(),
            },
        ),
        None => recorded_settings(take)?,
    };
    let solver_name = solver.kind.name();
    let profile = match &args.profile {
        Some(p) => Some(BodyProfile::load(p).context("--profile")?),
        None => None,
    };
    let version = take.latest_version().unwrap_or(0) + 1;
    let resolved = resolve_scene(
        take,
        &ResolveSettings {
            solver,
            scene,
            profile,
        },
        version,
    )
    .with_context(|| format!("cannot re-solve {}", path.display()))?;
    let pushes = take.pushes.len() + take.avatars.iter().map(|a| a.pushes.len()).sum::<usize>();
    let avatars = if take.is_scene() {
        format!("{} avatars, ", resolved.avatars.len())
    } else {
        String::new()
    };
    let description = format!(
        "re-solve: solver {solver_name}, {} Hz, {avatars}{pushes} pushes, {}, profile {}, settings and configuration {}",
        take.info.rate_hz,
        resolved.objects.summary(),
        args.profile
            .as_ref()
            .map_or("as recorded".to_string(), |p| p.display().to_string()),
        args.config
            .as_ref()
            .map_or("as recorded".to_string(), |p| p.display().to_string()),
    );
    let io = |e| anyhow::anyhow!("cannot store the re-solve in the take: {e}");
    writer
        .push(&Record::Version(SolveVersion {
            version,
            created_unix_ns: posewire::push_take::unix_ns(),
            description: description.clone(),
        }))
        .map_err(io)?;
    let mut frames = 0;
    for (avatar, solved) in &resolved.avatars {
        for f in solved {
            let record = Record::Solved(f.clone());
            let record = if take.is_scene() {
                Record::Avatar(AvatarRecord {
                    avatar: avatar.clone(),
                    record: Box::new(record),
                })
            } else {
                record
            };
            writer.push(&record).map_err(io)?;
        }
        frames += solved.len();
    }
    // A take that was ended stays ended (the reader wants an end after
    // the last append).
    match &take.ended {
        Some(reason) => writer.finish(reason).map(|_| ()).map_err(io)?,
        None => writer.sync().map_err(io)?,
    }
    crate::print_stdout(&format!(
        "{}: solved version {version} ({} frames of {} ticks): {description}\n",
        path.display(),
        frames,
        take.tick_count()
    ))
}
