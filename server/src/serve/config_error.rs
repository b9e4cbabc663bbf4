//! The error of a configuration that cannot be used. A leaf: every section
//! of the configuration (`[access]`, `[web]`, `[limits]`, ...) reports its
//! problems with it, and it imports none of them.

/// A configuration that cannot be used: which file, which key, why.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read (missing, not a regular file, too large,
    /// not UTF-8).
    #[error(transparent)]
    Read(#[from] posewire_body::bounded_read::ReadError),
    /// The TOML does not parse or has an unknown or mistyped key (the
    /// message gives the line and column, never the file's text).
    #[error("{path}: {message}")]
    Syntax {
        /// The file.
        path: String,
        /// The parser's message.
        message: String,
    },
    /// A value that parses but cannot be used.
    #[error("{path}: `{key}`: {reason}")]
    Invalid {
        /// The file (or `command line`).
        path: String,
        /// The key, e.g. `avatars[1].id`.
        key: String,
        /// What is wrong.
        reason: String,
    },
}
