//! A Python for the tests that check Posewire with independent Python
//! implementations (grpcio, python-osc): a virtual environment under the
//! target folder (`CARGO_TARGET_TMPDIR/NAME`, reused by later runs) with
//! the packages installed from PyPI by pip. Included with `mod`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Why there is no such Python on this machine.
#[derive(Debug)]
pub enum NoPython {
    /// python3, its venv module or pip is missing.
    Unavailable(String),
    /// pip is there but could not install the packages (no network to PyPI?).
    InstallFailed(String),
}

/// Runs a command to completion, capturing its output.
pub fn run(command: &mut Command) -> std::io::Result<Output> {
    command.output()
}

/// The last lines of a command's output, for messages.
pub fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(8)..].join("\n")
}

fn imports(python: &Path, check: &str) -> bool {
    run(Command::new(python).args(["-c", check])).is_ok_and(|o| o.status.success())
}

/// The venv `CARGO_TARGET_TMPDIR/NAME` with `packages` installed; `check`
/// is a Python statement (imports) that succeeds once they are.
pub fn python_with(name: &str, packages: &[&str], check: &str) -> Result<PathBuf, NoPython> {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let python = venv.join("bin").join("python");
    if imports(&python, check) {
        return Ok(python);
    }
    let created = run(Command::new("python3").args(["-m", "venv"]).arg(&venv))
        .map_err(|e| NoPython::Unavailable(format!("python3 cannot be run ({e})")))?;
    if !created.status.success() {
        return Err(NoPython::Unavailable(format!(
            "python3 -m venv {} failed (no venv module?): {}",
            venv.display(),
            tail(&created.stderr)
        )));
    }
    let pip = run(Command::new(&python).args(["-m", "pip", "--version"]));
    if !pip.is_ok_and(|o| o.status.success()) {
        return Err(NoPython::Unavailable("pip is not available".into()));
    }
    let installed = run(Command::new(&python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--timeout",
            "30",
            "--retries",
            "2",
        ])
        .args(packages))
    .map_err(|e| NoPython::InstallFailed(format!("pip cannot be run ({e})")))?;
    if !installed.status.success() || !imports(&python, check) {
        return Err(NoPython::InstallFailed(format!(
            "pip install {} failed (no network to PyPI?): {}",
            packages.join(" "),
            tail(&installed.stderr)
        )));
    }
    Ok(python)
}
