//! The id rule shared by avatars, profiles, objects and cluster nodes and
//! spaces. A leaf, so the configuration, the services and the cluster can
//! all check ids without importing each other.

/// Checks an avatar or profile id: 1 to 64 characters of a-z, 0-9, `-`, `_`.
pub fn check_id(id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{id}` is not an id: use 1 to 64 characters of a-z, 0-9, `-` and `_`"
        ))
    }
}
