//! The `posewire` daemon as a library: `posewire serve` (the binary) and the
//! end-to-end tests start the same [`serve`] code.

pub mod push_take;
pub mod serve;
