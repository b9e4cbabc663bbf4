//! The web view (issue 9) in a real browser: Debian's Chromium, headless,
//! driven by `playwright-core` (tests/browser/driver.mjs, no browser
//! download) against the real daemon with demo avatars on real sockets.
//! The page loads from the daemon's web port, streams frames over
//! gRPC-Web, draws them (two screenshots must differ: the avatars move),
//! says "Reconnecting" while the daemon restarts, asks for the access token
//! when the daemon needs one, and says so when the daemon has no takes.
//! It draws the space's objects where the frames put them and marks the
//! held one (issue 24).
//!
//! A fresh machine gets what it lacks: `apt-get install chromium` when
//! /usr/bin/chromium is missing, `npm ci` of tests/browser's committed
//! lock into a folder of the target directory. When that is impossible the
//! tests print `SKIPPED` and pass. The screenshots go to the target
//! directory (`web-screenshots`), or into docs/, which the README shows,
//! with `POSEWIRE_UPDATE_SCREENSHOTS=1`. Browsers run one at a time (2
//! cores).

mod common;
mod debian;

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::Duration;

use posewire::serve::access::{Role, TokenConfig};
use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::web::WebConfig;
use posewire::serve::{Config, Daemon};
use posewire_proto::v1 as pb;
use serde_json::{json, Value};

/// The longest one driver command may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(90);

/// One browser at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const CHROMIUM: &str = "/usr/bin/chromium";

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

fn has(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Chromium and the driver's node modules, installed once per process;
/// the folder holding driver.mjs and its node_modules, or why not.
fn prepared() -> Result<PathBuf, String> {
    static READY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    READY
        .get_or_init(|| {
            if !debian::ensure(&["chromium"], || Path::new(CHROMIUM).exists()) {
                return Err("apt-get could not install chromium".into());
            }
            if !debian::ensure(&["nodejs", "npm"], || has("npm") && has("node")) {
                return Err("neither npm nor apt-get's nodejs/npm is available".into());
            }
            let source = workspace().join("tests/browser");
            let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-driver");
            std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
            let mut lock_changed = false;
            for file in ["package.json", "package-lock.json", "driver.mjs"] {
                let text = std::fs::read(source.join(file)).map_err(|e| format!("{file}: {e}"))?;
                let target = folder.join(file);
                if std::fs::read(&target).ok().as_deref() != Some(&text[..]) {
                    lock_changed |= file != "driver.mjs";
                    std::fs::write(&target, &text).map_err(|e| e.to_string())?;
                }
            }
            if lock_changed || !folder.join("node_modules/playwright-core").exists() {
                println!("npm ci (playwright-core) in {}", folder.display());
                let ok = Command::new("npm")
                    .args(["ci", "--no-audit", "--no-fund"])
                    .current_dir(&folder)
                    .status()
                    .is_ok_and(|s| s.success());
                if !ok {
                    return Err("npm ci of tests/browser/package-lock.json failed".into());
                }
            }
            Ok(folder)
        })
        .clone()
}

/// The driver process: one JSON command per line in, one answer out.
struct Browser {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<String>,
}

impl Browser {
    /// Starts Chromium through the driver, or prints SKIPPED and gives
    /// `None` when it cannot be installed.
    fn start() -> Option<Browser> {
        let folder = match prepared() {
            Ok(folder) => folder,
            Err(why) => {
                println!("SKIPPED: the browser test needs Chromium and npm: {why}");
                return None;
            }
        };
        let mut child = Command::new("node")
            .arg(folder.join("driver.mjs"))
            .current_dir(&folder)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("node starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut browser = Browser {
            child,
            stdin,
            answers,
        };
        let hello = browser.answer();
        println!("browser: {hello}");
        Some(browser)
    }

    fn answer(&mut self) -> Value {
        let line = self
            .answers
            .recv_timeout(PATIENCE)
            .expect("the driver answers within the patience");
        serde_json::from_str(&line).unwrap_or_else(|_| panic!("not JSON from the driver: {line}"))
    }

    /// Runs one command; panics with the driver's error (and the page's
    /// console) when it fails.
    fn run(&mut self, command: Value) -> Value {
        self.try_run(command.clone()).unwrap_or_else(|error| {
            let console = self.try_run(json!({"cmd": "console"}));
            panic!("{command}: {error}\npage console: {console:?}")
        })
    }

    fn try_run(&mut self, command: Value) -> Result<Value, String> {
        writeln!(self.stdin, "{command}").expect("the driver reads");
        let answer = self.answer();
        if answer["ok"] == json!(true) {
            Ok(answer)
        } else {
            Err(answer["error"].as_str().unwrap_or("?").to_string())
        }
    }

    fn eval(&mut self, expression: &str) -> Value {
        self.run(json!({"cmd": "eval", "expression": expression}))["value"].clone()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{}", json!({"cmd": "quit"}));
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn demo_avatars(n: usize) -> Vec<AvatarConfig> {
    (0..n)
        .map(|i| AvatarConfig {
            id: format!("demo-{i}"),
            source: SourceConfig::Demo {
                time_offset_s: i as f64 * 4.0,
                origin: [i as f64 * 3.2 - (n as f64 - 1.0) * 1.6, 0.0, 0.0],
            },
            profile: None,
            model: None,
        })
        .collect()
}

fn config(storage: &Path, avatars: usize, web: &str) -> Config {
    Config {
        listen: "127.0.0.1:0".into(),
        avatars: demo_avatars(avatars),
        storage: storage.to_path_buf(),
        web: WebConfig {
            enabled: true,
            listen: Some(web.into()),
            ..WebConfig::default()
        },
        ..Config::default()
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A daemon with `avatars` demo avatars on loopback ports (the web view on
/// any free port), with its storage folder and the runtime it runs on.
fn demo_daemon(avatars: usize) -> (tempfile::TempDir, tokio::runtime::Runtime, Daemon) {
    let storage = tempfile::tempdir().expect("a folder");
    let rt = runtime();
    let daemon = rt.block_on(common::start_daemon_alone(&config(
        storage.path(),
        avatars,
        "127.0.0.1:0",
    )));
    (storage, rt, daemon)
}

fn url(daemon: &Daemon) -> String {
    format!("http://{}/", daemon.web_addr().expect("the web view is on"))
}

/// Reads a PNG as RGBA rows.
fn pixels(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(BufReader::new(
        std::fs::File::open(path).expect("the screenshot exists"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Fraction of pixels of the 3D view (left of the panel) that differ.
fn changed_fraction(a: &Path, b: &Path, view_width: u32) -> f64 {
    changed_in(a, b, [0, 0, view_width, u32::MAX])
}

/// Fraction of pixels that differ within `[x, y, width, height]` (clipped
/// to the screenshots).
fn changed_in(a: &Path, b: &Path, [x0, y0, rw, rh]: [u32; 4]) -> f64 {
    let (w, h, pa) = pixels(a);
    let (w2, h2, pb_) = pixels(b);
    assert_eq!((w, h), (w2, h2), "same size");
    let channels = pa.len() / (w * h) as usize;
    let (x1, y1) = (x0.saturating_add(rw).min(w), y0.saturating_add(rh).min(h));
    let mut changed = 0usize;
    for y in y0..y1 {
        for x in x0..x1 {
            let i = ((y * w + x) as usize) * channels;
            let d: u32 = (0..3).map(|c| pa[i + c].abs_diff(pb_[i + c]) as u32).sum();
            // Above rendering noise: SwiftShader draws the same scene to
            // the same pixels, and 30 of 765 is a clearly visible change.
            if d > 30 {
                changed += 1;
            }
        }
    }
    changed as f64 / ((x1.saturating_sub(x0)) * (y1.saturating_sub(y0))).max(1) as f64
}

/// Where a screenshot goes: docs/ (which the README shows) when
/// `POSEWIRE_UPDATE_SCREENSHOTS` is set, else a folder of the target
/// directory, so that a test run leaves the checkout unchanged.
fn docs(file: &str) -> PathBuf {
    let dir = if std::env::var_os("POSEWIRE_UPDATE_SCREENSHOTS").is_some() {
        workspace().join("docs")
    } else {
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots")
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot create {}: {e}", dir.display());
    }
    let path = dir.join(file);
    eprintln!("screenshot: {}", path.display());
    path
}

fn frames(browser: &mut Browser, count: u32) {
    browser.run(json!({"cmd": "wait-frames", "count": count, "timeout_ms": 60000}));
}

#[test]
fn the_page_draws_the_moving_avatars_and_their_numbers() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    let (_storage, rt, daemon) = demo_daemon(2);
    // Full resolution for crisp screenshots (no adaptive render scale).
    browser.run(json!({"cmd": "open", "url": format!("{}?scale=1", url(&daemon))}));
    frames(&mut browser, 30);
    // Both avatars are drawn, with their skinned meshes (streamed vertices).
    browser.run(json!({"cmd": "eval", "expression":
        "window.posewire.views.size"}));
    let meshes_shown =
        "[...window.posewire.views.values()].filter(v => v.mesh && v.mesh.visible).length";
    for _ in 0..100 {
        if browser.eval(meshes_shown) == json!(2) {
            break;
        }
        browser.run(json!({"cmd": "sleep", "ms": 200}));
    }
    assert_eq!(browser.eval(meshes_shown), json!(2), "both meshes shown");
    // The demo people's controllers give input: their fingers are drawn,
    // 30 bones each, somewhere real.
    let fingers_drawn = "[...window.posewire.views.values()].filter(v => {
        const s = v.fingers.geometry.attributes.position.array;
        return v.fingers.visible && s.length === 180 && s.every(Number.isFinite) && s.some(x => x !== 0);
    }).length";
    assert_eq!(
        browser.eval(fingers_drawn),
        json!(2),
        "both hands' fingers drawn"
    );
    browser.run(json!({"cmd": "wait-text", "selector": "#numbers", "text": "ms"}));
    browser.run(json!({"cmd": "wait-text", "selector": "#devices", "text": "demo-1 head"}));
    assert_eq!(
        browser.eval("document.getElementById('avatar-pick').options.length"),
        json!(2)
    );
    // The takes section answers (the take list, empty here).
    let note = browser.eval("(async () => { for (let i = 0; i < 100; i++) { const t = document.getElementById('takes-note').textContent; if (t !== '—') return t; await new Promise(r => setTimeout(r, 100)); } return 'none'; })()");
    assert_ne!(note, json!("none"), "the takes section says something");

    let tmp = tempfile::tempdir().expect("a folder");
    let first = docs("web-view.png");
    let second = tmp.path().join("later.png");
    browser.run(json!({"cmd": "screenshot", "path": first}));
    browser.run(json!({"cmd": "sleep", "ms": 1200}));
    browser.run(json!({"cmd": "screenshot", "path": second}));
    let changed = changed_fraction(&first, &second, 1280 - 300);
    println!(
        "pixels of the 3D view that changed in 1.2 s: {:.2}%",
        changed * 100.0
    );
    assert!(
        changed > 0.002,
        "the avatars move between the screenshots ({changed})"
    );
    // The page's own state agrees: frames kept coming, nothing skipped badly.
    let seq = browser.eval("window.posewire.status.lastSequence");
    assert!(seq.as_f64().is_some_and(|s| s > 0.0), "{seq}");
    // First-person camera from the head draws too.
    browser.run(json!({"cmd": "select", "selector": "#camera-mode", "value": "first"}));
    browser.run(json!({"cmd": "sleep", "ms": 500}));
    browser.run(json!({"cmd": "screenshot", "path": docs("web-first-person.png")}));
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}

#[test]
fn the_page_says_reconnecting_while_the_daemon_restarts() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    let storage = tempfile::tempdir().expect("a folder");
    let rt = runtime();
    let first = rt.block_on(common::start_daemon_alone(&config(
        storage.path(),
        1,
        "127.0.0.1:0",
    )));
    let web = first.web_addr().expect("web").to_string();
    browser.run(json!({"cmd": "open", "url": url(&first)}));
    frames(&mut browser, 10);
    rt.block_on(first.shutdown()).expect("clean shutdown");
    let banner =
        browser.run(json!({"cmd": "wait-text", "selector": "#banner", "text": "Reconnecting"}));
    println!("while down: {}", banner["text"]);
    browser.run(json!({"cmd": "screenshot", "path": docs("web-reconnecting.png")}));
    // The page stays a page: the panel and the message are there.
    assert_eq!(
        browser.eval("document.getElementById('panel') !== null"),
        json!(true)
    );
    let second = rt
        .block_on(Daemon::start(&config(storage.path(), 1, &web)))
        .expect("the daemon starts again on the same web address");
    frames(&mut browser, 10);
    let reconnects = browser.eval("window.posewire.status.reconnects");
    assert!(
        reconnects.as_f64().is_some_and(|r| r >= 1.0),
        "{reconnects}"
    );
    // Closing and reopening the page: it connects again from scratch.
    browser.run(json!({"cmd": "open", "url": url(&second)}));
    frames(&mut browser, 10);
    rt.block_on(second.shutdown()).expect("clean shutdown");
}

#[test]
fn the_page_asks_for_the_token_and_sends_it_on_every_call() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    const TOKEN: &str = "browser-read-token-0123456789";
    let storage = tempfile::tempdir().expect("a folder");
    let mut cfg = config(storage.path(), 1, "127.0.0.1:0");
    cfg.access.tokens = vec![TokenConfig {
        role: Role::Read,
        token: Some(TOKEN.into()),
        env: None,
    }];
    let rt = runtime();
    let daemon = rt.block_on(common::start_daemon_alone(&cfg));
    browser.run(json!({"cmd": "open", "url": url(&daemon)}));
    browser.run(json!({"cmd": "wait-visible", "selector": "#token-input"}));
    browser.run(json!({"cmd": "screenshot", "path": docs("web-token.png")}));
    // A wrong token is refused and asked for again.
    browser
        .run(json!({"cmd": "fill", "selector": "#token-input", "value": "wrong-token-0123456789"}));
    browser.run(json!({"cmd": "click", "selector": "#token-submit"}));
    browser.run(json!({"cmd": "wait-text", "selector": "#token-why", "text": "refused"}));
    browser.run(json!({"cmd": "wait-visible", "selector": "#token-input"}));
    browser.run(json!({"cmd": "fill", "selector": "#token-input", "value": TOKEN}));
    browser.run(json!({"cmd": "click", "selector": "#token-submit"}));
    frames(&mut browser, 10);
    // Stats too (a second service, same token).
    browser.run(json!({"cmd": "wait-text", "selector": "#numbers", "text": "Hz"}));
    // The read token may not run the wizard: the panel says so.
    browser.run(json!({"cmd": "click", "selector": "#calib-start"}));
    browser.run(json!({"cmd": "wait-text", "selector": "#calib-text", "text": "admin"}));
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}

#[test]
fn the_physics_overlays_force_arrows_and_camera_link_are_drawn() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    let storage = tempfile::tempdir().expect("a folder");
    let cfg = Config {
        solver: posewire_solver::SolverSettings::of_kind(posewire_solver::SolverKind::Physics),
        ..config(storage.path(), 1, "127.0.0.1:0")
    };
    let rt = runtime();
    let daemon = rt.block_on(common::start_daemon_alone(&cfg));
    browser.run(json!({"cmd": "open", "url": format!("{}?scale=1", url(&daemon))}));
    frames(&mut browser, 10);
    browser.run(json!({"cmd": "select", "selector": "#force-array", "value": "total"}));
    // The stream restarts with force arrays; arrows appear at the joints.
    let arrows = "[...window.posewire.views.values()].map(v => v.arrows.filter(a => a.visible).length).reduce((a, b) => a + b, 0)";
    let mut shown = json!(0);
    for _ in 0..100 {
        shown = browser.eval(arrows);
        if shown.as_f64().is_some_and(|n| n > 0.0) {
            break;
        }
        browser.run(json!({"cmd": "sleep", "ms": 200}));
    }
    assert!(
        shown.as_f64().is_some_and(|n| n > 0.0),
        "force arrows drawn: {shown}"
    );
    // The physics solver reports a camera link; the panel names its state,
    // and the body's state with its assist level.
    browser.run(json!({"cmd": "wait-text", "selector": "#numbers", "text": "person"}));
    browser.run(json!({"cmd": "wait-text", "selector": "#numbers", "text": "demo-0 body"}));
    browser.run(json!({"cmd": "wait-text", "selector": "#numbers", "text": "tracking · assist"}));
    browser.run(json!({"cmd": "wait-text", "selector": "#numbers", "text": "demo-0 reactions"}));
    browser.run(json!({"cmd": "screenshot", "path": docs("web-forces.png")}));
    // The first-person view on a linked body rides the head; the ghost
    // hands drawn are those the frames show.
    browser.run(json!({"cmd": "select", "selector": "#camera-mode", "value": "first"}));
    let view = watch_camera(&mut browser, "demo-0", "first-person", 5000);
    assert!(view["reached_ms"].is_number(), "first person: {view}");
    let view = watch_camera(&mut browser, "demo-0", "never", 2000);
    assert_eq!(view["modes"], json!(["first-person"]), "{view}");
    assert_eq!(view["ghosts_mismatch"], json!(0), "{view}");
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}

/// Pushes `avatar`'s chest from inside the page over gRPC-Web (a request
/// encoded by hand, independent of the page's own client): `impulse_x`
/// newton-seconds along world +X. Gives the call's grpc-status and message.
fn push_chest_over_grpc_web(browser: &mut Browser, avatar: &str, impulse_x: f64) -> Value {
    let expression = format!(
        r#"(async () => {{
  const text = (s) => [...new TextEncoder().encode(s)];
  const double = (x) => [...new Uint8Array(new Float64Array([x]).buffer)];
  const field = (tag, bytes) => [tag, bytes.length, ...bytes];
  const request = [...field(0x0a, text({avatar:?})), ...field(0x12, text('chest')), ...field(0x1a, [0x09, ...double({impulse_x:?})])];
  const body = new Uint8Array([0, 0, 0, 0, request.length, ...request]);
  const r = await fetch('/posewire.v1.AvatarService/PushImpulse', {{
    method: 'POST', body,
    headers: {{ 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1' }},
  }});
  const bytes = new Uint8Array(await r.arrayBuffer());
  let trailers = '';
  for (let i = 0; i + 5 <= bytes.length;) {{
    const n = new DataView(bytes.buffer, i + 1, 4).getUint32(0);
    if (bytes[i] & 0x80) trailers += new TextDecoder().decode(bytes.slice(i + 5, i + 5 + n));
    i += 5 + n;
  }}
  const status = r.headers.get('grpc-status') ?? (trailers.match(/grpc-status:\s*(\d+)/) || [])[1];
  const message = r.headers.get('grpc-message') ?? (trailers.match(/grpc-message:\s*([^\r\n]*)/) || [])[1] ?? '';
  return {{ http: r.status, status, message: decodeURIComponent(message) }};
}})()"#
    );
    browser.eval(&expression)
}

/// Watches the page every 50 ms until `#view`'s `data-camera` is `until`,
/// at most `within_ms`: how long it took (null if never), the most ghost
/// hands drawn, how often the drawn count differed from the frame's shown
/// hands, and the body states the panel named for `avatar`.
fn watch_camera(browser: &mut Browser, avatar: &str, until: &str, within_ms: u32) -> Value {
    let expression = format!(
        r#"(async () => {{
  const view = document.getElementById('view');
  const start = performance.now();
  const out = {{ reached_ms: null, ghosts_max: 0, ghosts_mismatch: 0, states: [], modes: [] }};
  while (performance.now() - start < {within_ms}) {{
    const v = window.posewire.views.get({avatar:?});
    const shown = (v?.last?.ghost_hands || []).filter((g) => g.shown && g.ghost).length;
    const drawn = Number(view.dataset.ghostHands || 0);
    if (drawn !== shown) out.ghosts_mismatch += 1;
    out.ghosts_max = Math.max(out.ghosts_max, drawn);
    const row = [...document.querySelectorAll('#numbers tr')].find((tr) => tr.cells[0]?.textContent === {avatar:?} + ' body');
    const state = row ? row.cells[1].textContent.split(' · ')[0] : 'no row';
    if (!out.states.includes(state)) out.states.push(state);
    if (!out.modes.includes(view.dataset.camera)) out.modes.push(view.dataset.camera);
    if (view.dataset.camera === {until:?}) {{ out.reached_ms = performance.now() - start; break; }}
    await new Promise((r) => setTimeout(r, 50));
  }}
  return out;
}})()"#
    );
    browser.eval(&expression)
}

/// The camera link and ghost hands in the browser (issue 23), against the
/// controller's contract: a 250 N s push on the demo avatar's chest, sent
/// from the page over gRPC-Web, knocks the body down (the pelvis below
/// 0.5 m within 3 s, the camera unlinked), and it gets back up and relinks
/// within 12 s. The first-person view then switches to third person (it
/// stays with the headset and looks at the fallen body) within 4 s of the
/// push and back to first person within 20 s; ghost hands are drawn while
/// the simulated hands are away from the devices, and the panel names the
/// body's states. (With the pinned body before issue 23's state machine, a
/// 250 N s push moved the head about 0.5 cm and this test failed.)
#[test]
fn a_knock_down_turns_the_first_person_view_to_third_person_and_back() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    let storage = tempfile::tempdir().expect("a folder");
    // Physics is the daemon's default solver.
    let cfg = config(storage.path(), 1, "127.0.0.1:0");
    let rt = runtime();
    let daemon = rt.block_on(common::start_daemon_alone(&cfg));
    browser.run(json!({"cmd": "open", "url": format!("{}?scale=1", url(&daemon))}));
    frames(&mut browser, 30);
    browser.run(json!({"cmd": "select", "selector": "#camera-mode", "value": "first"}));
    let linked = watch_camera(&mut browser, "demo-0", "first-person", 5000);
    println!("before the push: {linked}");
    assert!(linked["reached_ms"].is_number(), "first person: {linked}");
    browser.run(json!({"cmd": "wait-text", "selector": "#numbers", "text": "tracking · assist"}));

    let pushed = push_chest_over_grpc_web(&mut browser, "demo-0", 250.0);
    println!("push over gRPC-Web: {pushed}");
    assert_eq!(pushed["status"], json!("0"), "the push is taken: {pushed}");
    let away = watch_camera(&mut browser, "demo-0", "third-person", 4000);
    println!("after the push: {away}");
    let away_ms = away["reached_ms"].as_f64();
    assert!(
        away_ms.is_some(),
        "the view turns to third person within 4 s of the push: {away}"
    );
    browser.run(json!({"cmd": "screenshot", "path": docs("web-third-person.png")}));
    let back = watch_camera(&mut browser, "demo-0", "first-person", 20000);
    println!("getting back: {back}");
    let back_ms = back["reached_ms"].as_f64();
    assert!(
        back_ms.is_some(),
        "the view comes back to first person within 20 s: {back}"
    );
    let ghosts = [&away, &back]
        .iter()
        .filter_map(|w| w["ghosts_max"].as_f64())
        .fold(0.0, f64::max);
    assert!(
        ghosts >= 1.0,
        "ghost hands are drawn while the body is down: {away} {back}"
    );
    for w in [&linked, &away, &back] {
        assert_eq!(
            w["ghosts_mismatch"],
            json!(0),
            "drawn ghosts = shown in the frame: {w}"
        );
    }
    let states: Vec<&str> = [&away, &back]
        .iter()
        .flat_map(|w| w["states"].as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .collect();
    assert!(
        states
            .iter()
            .any(|s| ["staggering", "fallen", "getting up"].contains(s)),
        "the panel names the body's reaction: {states:?}"
    );
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}

#[test]
fn the_page_works_over_https_with_the_daemons_certificate() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    const TOKEN: &str = "browser-tls-token-0123456789";
    let storage = tempfile::tempdir().expect("a folder");
    let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
    let certified = rcgen::generate_simple_self_signed(names).expect("a certificate");
    let cert = storage.path().join("cert.pem");
    let key = storage.path().join("key.pem");
    std::fs::write(&cert, certified.cert.pem()).expect("write the certificate");
    std::fs::write(&key, certified.signing_key.serialize_pem()).expect("write the key");
    let mut cfg = config(storage.path(), 1, "127.0.0.1:0");
    cfg.access.tls_cert = Some(cert);
    cfg.access.tls_key = Some(key);
    cfg.access.tokens = vec![TokenConfig {
        role: Role::Read,
        token: Some(TOKEN.into()),
        env: None,
    }];
    let rt = runtime();
    let daemon = rt.block_on(common::start_daemon_alone(&cfg));
    let https = url(&daemon).replace("http://", "https://");
    // The certificate is self-signed: the browser is told to accept it.
    browser.run(json!({"cmd": "open", "url": https, "insecure_tls": true}));
    browser.run(json!({"cmd": "wait-visible", "selector": "#token-input"}));
    browser.run(json!({"cmd": "fill", "selector": "#token-input", "value": TOKEN}));
    browser.run(json!({"cmd": "click", "selector": "#token-submit"}));
    frames(&mut browser, 10);
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}

#[test]
fn take_playback_plays_pauses_scrubs_and_survives_deletion() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    let (_storage, rt, daemon) = demo_daemon(1);
    browser.run(json!({"cmd": "open", "url": url(&daemon)}));
    frames(&mut browser, 5);
    // Record two seconds of the demo avatar.
    let grpc = daemon.local_addr();
    rt.block_on(async {
        let mut takes =
            pb::take_service_client::TakeServiceClient::connect(format!("http://{grpc}"))
                .await
                .expect("connects");
        takes
            .start_recording(pb::StartRecordingRequest {
                avatar_id: "demo-0".into(),
                name: "browser-take".into(),
                timecode_start: String::new(),
                timecode_rate: String::new(),
            })
            .await
            .expect("records");
        tokio::time::sleep(Duration::from_secs(2)).await;
        takes
            .stop_recording(pb::StopRecordingRequest {
                avatar_id: "demo-0".into(),
            })
            .await
            .expect("stops");
    });
    browser.run(json!({"cmd": "click", "selector": "#take-refresh"}));
    browser.run(json!({"cmd": "wait-text", "selector": "#take-pick", "text": "browser-take"}));
    browser.run(json!({"cmd": "select", "selector": "#take-pick", "value": "browser-take"}));
    browser.run(json!({"cmd": "click", "selector": "#take-load"}));
    browser.run(json!({"cmd": "wait-text", "selector": "#take-time", "text": "browser-take"}));
    let time = "parseFloat(document.getElementById('take-time').textContent.split(': ')[1])";
    browser.run(json!({"cmd": "select", "selector": "#take-speed", "value": "0.5"}));
    let t0 = browser.eval(time).as_f64().expect("a time");
    browser.run(json!({"cmd": "sleep", "ms": 400}));
    let t1 = browser.eval(time).as_f64().expect("a time");
    assert!(t1 != t0, "playing advances the time ({t0} -> {t1})");
    browser.run(json!({"cmd": "click", "selector": "#take-pause"}));
    let p0 = browser.eval(time).as_f64().expect("a time");
    browser.run(json!({"cmd": "sleep", "ms": 400}));
    assert_eq!(browser.eval(time).as_f64(), Some(p0), "paused");
    browser.eval("(() => { const s = document.getElementById('take-scrub'); s.value = '500'; s.dispatchEvent(new Event('input')); })()");
    let scrubbed = browser.eval(time).as_f64().expect("a time");
    assert!(
        (scrubbed - p0).abs() > 1e-3 || p0 > 0.9,
        "scrubbing moves ({p0} -> {scrubbed})"
    );
    browser.run(json!({"cmd": "click", "selector": "#take-play"}));
    rt.block_on(async {
        let mut takes =
            pb::take_service_client::TakeServiceClient::connect(format!("http://{grpc}"))
                .await
                .expect("connects");
        takes
            .delete_take(pb::DeleteTakeRequest {
                name: "browser-take".into(),
            })
            .await
            .expect("deletes");
    });
    browser.run(json!({"cmd": "wait-text", "selector": "#banner", "text": "was deleted"}));
    browser.run(json!({"cmd": "screenshot", "path": docs("web-take-deleted.png")}));
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}

/// The web view's record button records the whole space (a scene take of
/// every avatar) and its stop button ends it; the take joins the list with
/// its avatars.
#[test]
fn the_record_button_records_the_scene_into_one_take() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    let (_storage, rt, daemon) = demo_daemon(2);
    browser.run(json!({"cmd": "open", "url": url(&daemon)}));
    frames(&mut browser, 5);
    browser.run(json!({"cmd": "click", "selector": "#take-record"}));
    browser.run(
        json!({"cmd": "wait-text", "selector": "#take-recording", "text": "recording the scene"}),
    );
    browser.run(json!({"cmd": "sleep", "ms": 1000}));
    browser.run(json!({"cmd": "click", "selector": "#take-stop"}));
    browser
        .run(json!({"cmd": "wait-text", "selector": "#take-recording", "text": "of 2 avatar(s)"}));
    browser.run(
        json!({"cmd": "wait-text", "selector": "#take-pick", "text": "scene: demo-0, demo-1"}),
    );
    let grpc = daemon.local_addr();
    let takes = rt.block_on(async {
        let mut takes =
            pb::take_service_client::TakeServiceClient::connect(format!("http://{grpc}"))
                .await
                .expect("connects");
        takes
            .list_takes(pb::ListTakesRequest {})
            .await
            .expect("lists")
            .into_inner()
            .takes
    });
    assert_eq!(takes.len(), 1, "{takes:?}");
    assert_eq!(takes[0].scene_avatar_ids, ["demo-0", "demo-1"]);
    assert!(takes[0].ticks > 45, "{} ticks", takes[0].ticks);
    assert_eq!(takes[0].timecode_rate, "30", "the daemon's clock at 30 fps");
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}

/// The drawing rate with four demo avatars (meshes and skeletons) in
/// headless Chromium's software renderer (SwiftShader), 1280x720, over ten
/// seconds. Run: `cargo test -p posewire --test browser -- --ignored
/// --nocapture drawing_rate` (docs/RESULTS.md).
#[test]
#[ignore = "a measurement, not a check: run by hand for docs/RESULTS.md"]
fn drawing_rate_with_four_avatars() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    let (_storage, rt, daemon) = demo_daemon(4);
    let cases = [
        ("mesh + skeleton, full resolution", "?scale=1", true),
        ("mesh + skeleton, adaptive render scale", "", true),
        ("skeleton only, full resolution", "?scale=1", false),
    ];
    for (label, query, mesh) in cases {
        browser.run(json!({"cmd": "open", "url": format!("{}{query}", url(&daemon))}));
        frames(&mut browser, 30);
        let checked = browser.eval("document.getElementById('show-mesh').checked");
        if checked != json!(mesh) {
            browser.run(json!({"cmd": "click", "selector": "#show-mesh"}));
        }
        browser.run(json!({"cmd": "sleep", "ms": 6000}));
        let mut samples = Vec::new();
        for _ in 0..10 {
            browser.run(json!({"cmd": "sleep", "ms": 1000}));
            samples.push(
                browser
                    .eval("window.posewire.status.drawFps")
                    .as_f64()
                    .expect("a rate"),
            );
        }
        samples.sort_by(f64::total_cmp);
        let status = browser.eval("window.posewire.status");
        let vertices = browser.eval(
            "[...window.posewire.views.values()].map(v => v.meshVertexCount || 0).reduce((a, b) => a + b, 0)",
        );
        println!(
            "four avatars, {label}: drawing {:.1} fps median (min {:.1}, max {:.1}) at render scale {}; frames received {:.1}/s; \
             per drawing on the page's thread: applying frames {:.2} ms, render call {:.2} ms; {vertices} mesh vertices in all",
            samples[samples.len() / 2],
            samples[0],
            samples[samples.len() - 1],
            status["renderScale"],
            status["frameRate"].as_f64().unwrap_or(f64::NAN),
            status["updateMs"].as_f64().unwrap_or(f64::NAN),
            status["renderMs"].as_f64().unwrap_or(f64::NAN),
        );
    }
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}

/// One object the objects test puts into the space.
struct TestObject {
    kind: &'static str,
    shape: pb::shape::Kind,
    mass_kg: f64,
    position: [f64; 3],
    rotation: pb::Quat,
}

impl TestObject {
    /// An upright object; its kind as the page names it.
    fn new(shape: pb::shape::Kind, mass_kg: f64, position: [f64; 3]) -> TestObject {
        use pb::shape::Kind;
        let kind = match shape {
            Kind::Box(_) => "box",
            Kind::Sphere(_) => "sphere",
            Kind::Capsule(_) => "capsule",
            Kind::MeshHull(_) => "mesh_hull",
        };
        let rotation = pb::Quat {
            w: 1.0,
            ..Default::default()
        };
        TestObject {
            kind,
            shape,
            mass_kg,
            position,
            rotation,
        }
    }
}

/// A static box, a dynamic box, a sphere, a capsule lying along +X and
/// the hull of [`write_wedge`]'s mesh, around x = 3, z = -3, where the
/// demo keeps nothing (issue 24), in front of the demo person's walk as
/// the objects test's camera sees it.
fn test_objects() -> Vec<TestObject> {
    use pb::shape::Kind;
    let cube = |edge| {
        Kind::Box(pb::Box {
            size: Some(pb::Vec3 {
                x: edge,
                y: edge,
                z: edge,
            }),
        })
    };
    let capsule = Kind::Capsule(pb::Capsule {
        radius_m: 0.1,
        length_m: 0.4,
    });
    let hull = Kind::MeshHull(pb::MeshHull {
        model: "props/wedge.gltf".into(),
        ..Default::default()
    });
    vec![
        TestObject::new(cube(0.5), 0.0, [3.0, 0.25, -3.0]),
        TestObject::new(cube(0.3), 2.0, [2.2, 0.6, -3.4]),
        TestObject::new(
            Kind::Sphere(pb::Sphere { radius_m: 0.08 }),
            0.5,
            [2.4, 0.5, -2.2],
        ),
        TestObject {
            // A quarter turn about -Z: the capsule's +Y lies along +X.
            rotation: pb::Quat {
                z: -std::f64::consts::FRAC_1_SQRT_2,
                w: std::f64::consts::FRAC_1_SQRT_2,
                ..Default::default()
            },
            ..TestObject::new(capsule, 1.0, [3.8, 0.4, -3.4])
        },
        TestObject::new(hull, 1.0, [2.4, 0.5, -3.9]),
    ]
}

/// Writes `<storage>/models/props/wedge.gltf`: one mesh, a wedge (a
/// 0.3 m square base and a ridge 0.25 m above it) in an external buffer.
fn write_wedge(storage: &Path) {
    let props = storage.join("models/props");
    std::fs::create_dir_all(&props).expect("a folder");
    let points: [[f32; 3]; 6] = [
        [-0.15, -0.1, -0.15],
        [0.15, -0.1, -0.15],
        [-0.15, -0.1, 0.15],
        [0.15, -0.1, 0.15],
        [-0.15, 0.15, 0.0],
        [0.15, 0.15, 0.0],
    ];
    let bytes: Vec<u8> = points
        .iter()
        .flatten()
        .flat_map(|c| c.to_le_bytes())
        .collect();
    std::fs::write(props.join("wedge.bin"), &bytes).expect("the buffer");
    let gltf = json!({
        "asset": { "version": "2.0" },
        "buffers": [{ "uri": "wedge.bin", "byteLength": bytes.len() }],
        "bufferViews": [{ "buffer": 0, "byteLength": bytes.len() }],
        "accessors": [{
            "bufferView": 0, "componentType": 5126, "count": points.len(), "type": "VEC3",
            "min": [-0.15, -0.1, -0.15], "max": [0.15, 0.15, 0.15]
        }],
        "meshes": [{ "name": "wedge", "primitives": [{ "attributes": { "POSITION": 0 } }] }]
    });
    std::fs::write(props.join("wedge.gltf"), gltf.to_string()).expect("the model");
}

async fn scene_client(
    grpc: std::net::SocketAddr,
) -> pb::scene_service_client::SceneServiceClient<tonic::transport::Channel> {
    pb::scene_service_client::SceneServiceClient::connect(format!("http://{grpc}"))
        .await
        .expect("connects")
}

/// Adds the test objects over gRPC and grabs the sphere into demo-0's
/// left hand; gives their ids in the order of [`test_objects`].
async fn add_and_grab(grpc: std::net::SocketAddr, objects: &[TestObject]) -> Vec<String> {
    let mut scene = scene_client(grpc).await;
    let mut ids = Vec::new();
    for o in objects {
        let [x, y, z] = o.position;
        let added = scene
            .add_object(pb::AddObjectRequest {
                shape: Some(pb::Shape {
                    kind: Some(o.shape.clone()),
                }),
                mass_kg: o.mass_kg,
                pose: Some(pb::Pose {
                    position: Some(pb::Vec3 { x, y, z }),
                    rotation: Some(o.rotation),
                }),
                name: format!("test {}", o.kind),
                ..Default::default()
            })
            .await
            .expect("adds")
            .into_inner();
        ids.push(added.id);
    }
    // Grabbed once it has landed and rests, into the left hand: the demo
    // person's right grip closes on its own ball and opens to throw it,
    // which ends a hold of that hand; its left grip stays open.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    scene
        .grab_object(pb::GrabObjectRequest {
            avatar_id: "demo-0".into(),
            hand: pb::Device::LeftHand.into(),
            object_id: ids[2].clone(),
        })
        .await
        .expect("grabs the sphere");
    ids
}

/// Every frame's objects by sequence, streamed over gRPC for `duration`.
async fn object_frames(
    grpc: std::net::SocketAddr,
    duration: Duration,
) -> std::collections::HashMap<u64, Vec<pb::ObjectFrame>> {
    let mut frames =
        pb::frame_service_client::FrameServiceClient::connect(format!("http://{grpc}"))
            .await
            .expect("connects");
    let mut stream = frames
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("streams")
        .into_inner();
    let mut seen = std::collections::HashMap::new();
    let until = tokio::time::Instant::now() + duration;
    while let Ok(Ok(Some(response))) = tokio::time::timeout_at(until, stream.message()).await {
        if let Some(frame) = response.frame {
            seen.insert(frame.sequence, frame.objects);
        }
    }
    seen
}

/// Waits until the page draws every one of `ids` (and nothing else) and
/// the sphere as held; gives the page's objects.
fn drawn_objects(browser: &mut Browser, ids: &[String]) -> Value {
    let expression = format!(
        r#"(async () => {{
  const ids = {ids};
  for (let i = 0; i < 200; i++) {{
    const drawn = window.posewire.objects();
    const ok = drawn.length === ids.length && ids.every((id) => drawn.some((o) => o.id === id && o.drawn))
      && drawn.some((o) => o.id === ids[2] && o.held && o.sequence !== null);
    if (ok) return drawn;
    await new Promise((r) => setTimeout(r, 50));
  }}
  return window.posewire.objects();
}})()"#,
        ids = json!(ids)
    );
    browser.eval(&expression)
}

fn position(v: &Value) -> [f64; 3] {
    let p = |i: usize| v["position"][i].as_f64().unwrap_or(f64::NAN);
    [p(0), p(1), p(2)]
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}

/// The web view draws the space's objects and who holds them (issue 24):
/// a static box, a dynamic box, a sphere, a capsule and a mesh hull added
/// over gRPC,
/// the sphere grabbed into demo-0's left hand. The page's own drawn state
/// (`window.posewire.objects()`) has each with its shape's kind, where the
/// daemon's frame of the same sequence puts it (static: where it was
/// added), within 1 cm; the sphere held by demo-0's left hand with a line
/// to the wrist, the panel saying so. ListObjects is asked every few
/// seconds, not per frame. The pixels where the static box stands change
/// when it is removed (it was really rendered).
#[test]
fn the_page_draws_the_objects_and_who_holds_them() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(mut browser) = Browser::start() else {
        return;
    };
    let (storage, rt, daemon) = demo_daemon(1);
    write_wedge(storage.path());
    let grpc = daemon.local_addr();
    // A fixed camera beyond the objects, looking back at them and at the
    // demo person walking behind (nothing passes between).
    let view = "view=5.6,2.1,-7.2,2.3,0.7,-2.2";
    browser.run(json!({"cmd": "open", "url": format!("{}?scale=1&{view}", url(&daemon))}));
    frames(&mut browser, 30);
    let objects = test_objects();
    let ids = rt.block_on(add_and_grab(grpc, &objects));
    let drawn = drawn_objects(&mut browser, &ids);
    println!("drawn: {drawn}");
    // The drawn poses against the daemon's frame of the same sequence.
    let collecting = rt.spawn(object_frames(grpc, Duration::from_millis(1500)));
    browser.run(json!({"cmd": "sleep", "ms": 500}));
    let drawn = browser.eval("window.posewire.objects()");
    let by_sequence = rt.block_on(collecting).expect("the stream ran");
    let list = drawn.as_array().expect("a list");
    // The test's objects and the demo person's props (table, ball, boxes).
    assert!(list.len() >= objects.len(), "every object listed: {drawn}");
    assert!(
        list.iter().all(|d| d["drawn"] == json!(true)),
        "every object drawn: {drawn}"
    );
    for (o, id) in objects.iter().zip(&ids) {
        let d = list
            .iter()
            .find(|d| d["id"] == json!(id))
            .unwrap_or_else(|| panic!("{id} is drawn: {drawn}"));
        assert_eq!(d["kind"], json!(o.kind), "{id}'s shape: {d}");
        assert_eq!(d["drawn"], json!(true), "{d}");
        assert_eq!(d["static"], json!(o.mass_kg == 0.0), "{d}");
        let expected = if o.mass_kg == 0.0 {
            o.position
        } else {
            let sequence = d["sequence"].as_u64().expect("drawn from a frame");
            let frame = by_sequence
                .get(&sequence)
                .unwrap_or_else(|| panic!("frame {sequence} streamed over gRPC too"));
            let f = frame
                .iter()
                .find(|f| &f.id == id)
                .expect("the object in its frame");
            let p = f
                .pose
                .as_ref()
                .and_then(|p| p.position)
                .expect("a position");
            [p.x, p.y, p.z]
        };
        let off = distance(position(d), expected);
        println!(
            "{id} ({}): drawn {off:.4} m from its frame position",
            o.kind
        );
        assert!(
            off < 0.01,
            "{id} drawn at its position within 1 cm: {off} m, {d}"
        );
        let held = id == &ids[2];
        assert_eq!(d["held"], json!(held), "{d}");
        let holders = if held {
            json!([{"avatar_id": "demo-0", "hand": "DEVICE_LEFT_HAND"}])
        } else {
            json!([])
        };
        assert_eq!(d["held_by"], holders, "{d}");
        assert_eq!(d["holder_lines"], json!(u32::from(held)), "{d}");
    }
    let held_text = format!("{} sphere “test sphere”held by demo-0 left hand", ids[2]);
    browser.run(json!({"cmd": "wait-text", "selector": "#objects", "text": held_text}));
    // ListObjects: every few seconds, never per frame.
    let counts = "[window.posewire.status.objectLists, window.posewire.status.framesReceived]";
    let before = browser.eval(counts);
    browser.run(json!({"cmd": "sleep", "ms": 4000}));
    let after = browser.eval(counts);
    let delta = |i: usize| after[i].as_f64().unwrap_or(0.0) - before[i].as_f64().unwrap_or(0.0);
    println!(
        "in 4 s: {} ListObjects calls, {} frames received",
        delta(0),
        delta(1)
    );
    assert!(delta(1) > 20.0, "frames kept coming: {before} {after}");
    assert!(delta(0) <= 3.0, "a list every 3 s: {before} {after}");

    // A static object moved by SetObjectPose is drawn at its new place
    // (frames carry only dynamic objects: the page's periodic list).
    let moved = [3.0, 0.25, -2.8];
    rt.block_on(async {
        let [x, y, z] = moved;
        scene_client(grpc)
            .await
            .set_object_pose(pb::SetObjectPoseRequest {
                id: ids[0].clone(),
                pose: Some(pb::Pose {
                    position: Some(pb::Vec3 { x, y, z }),
                    rotation: None,
                }),
                ..Default::default()
            })
            .await
            .expect("moves the static box");
    });
    let find = format!(
        "(async () => {{ for (let i = 0; i < 100; i++) {{ const o = window.posewire.objects().find((o) => o.id === {id:?}); if (o && Math.hypot(o.position[0] - {x}, o.position[1] - {y}, o.position[2] - {z}) < 0.01) return o; await new Promise((r) => setTimeout(r, 50)); }} return null; }})()",
        id = ids[0],
        x = moved[0],
        y = moved[1],
        z = moved[2]
    );
    let static_box = browser.eval(&find);
    assert!(
        static_box.is_object(),
        "the moved static box is drawn at its new place within 5 s: {}",
        browser.eval("window.posewire.objects()")
    );
    // The static box is really rendered: its pixels change when it goes.
    let rect = |k: &str| {
        static_box["screen"][k]
            .as_f64()
            .expect("a screen rectangle")
    };
    // The middle half of its bounding rectangle lies inside the box's outline.
    let region = [
        (rect("x") + rect("w") / 4.0) as u32,
        (rect("y") + rect("h") / 4.0) as u32,
        (rect("w") / 2.0) as u32,
        (rect("h") / 2.0) as u32,
    ];
    let with_box = docs("web-objects.png");
    browser.run(json!({"cmd": "screenshot", "path": with_box}));
    rt.block_on(async {
        scene_client(grpc)
            .await
            .remove_object(pb::RemoveObjectRequest { id: ids[0].clone() })
            .await
            .expect("removes");
    });
    let gone = format!(
        "(async () => {{ for (let i = 0; i < 200; i++) {{ if (!window.posewire.objects().some((o) => o.id === {id:?})) return true; await new Promise((r) => setTimeout(r, 50)); }} return false; }})()",
        id = ids[0]
    );
    assert_eq!(
        browser.eval(&gone),
        json!(true),
        "the removed box is no longer drawn"
    );
    let tmp = tempfile::tempdir().expect("a folder");
    let without = tmp.path().join("without-box.png");
    browser.run(json!({"cmd": "screenshot", "path": without}));
    let changed = changed_in(&with_box, &without, region);
    let whole = changed_fraction(&with_box, &without, 1280 - 300);
    println!(
        "static box at {region:?}: {:.1}% of its pixels changed when it was removed ({:.2}% of the whole view)",
        changed * 100.0,
        whole * 100.0
    );
    assert!(
        region[2] >= 8 && region[3] >= 8,
        "the box covers some pixels: {region:?}"
    );
    assert!(changed > 0.9, "the box was rendered there: {changed}");
    rt.block_on(daemon.shutdown()).expect("clean shutdown");
}
