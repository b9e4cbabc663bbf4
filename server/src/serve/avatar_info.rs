//! What the services know of an avatar that does not change while it
//! lives. A leaf beside [`super::state`]: the command channel
//! ([`super::live`]) and the state both hold these without importing each
//! other.

use std::sync::Arc;

use posewire_body::Skeleton;
use posewire_proto::v1 as pb;

/// An avatar's fixed facts, for the services.
#[derive(Debug, Clone)]
pub struct AvatarInfo {
    /// Its id.
    pub id: String,
    /// Its source, as the API describes it.
    pub source: pb::DeviceSource,
    /// Its profile's name (`default`: the built-in average body).
    pub profile_name: String,
    /// Its skeleton.
    pub skeleton: Skeleton,
    /// Its stature, metres.
    pub stature_m: f64,
    /// Its skinned mesh, built on first need.
    pub rig: Arc<super::skin::RigSlot>,
}
