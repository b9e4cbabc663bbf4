//! File and store work of the services (takes, profiles, hulls) on a
//! blocking thread, off the async workers. A leaf the services share.

/// Runs file or store work (takes, profiles) on a blocking thread, off the
/// async workers; a panic there answers INTERNAL.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, tonic::Status> + Send + 'static,
) -> Result<T, tonic::Status> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| tonic::Status::internal(e.to_string()))?
}
