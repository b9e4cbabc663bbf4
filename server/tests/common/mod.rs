//! What the end-to-end tests share (each test file includes it with
//! `mod common;`): running the real `posewire` binary ([`cli`]), starting
//! `posewire serve` as a process ([`process`]), starting the daemon in this
//! process on a real socket ([`daemon`]), pushing device samples
//! ([`push`]), reading its frames ([`stream`]) and recording a scene take
//! of two demo people with the binaries ([`scene`]).

#![allow(dead_code, unused_imports)]

pub mod cli;
pub mod daemon;
pub mod process;
pub mod push;
pub mod scene;
pub mod stream;

pub use cli::*;
pub use daemon::*;
pub use process::*;
pub use push::*;
pub use scene::*;
pub use stream::*;
