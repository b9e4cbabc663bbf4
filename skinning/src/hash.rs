//! A small stable hash (FNV-1a, 64 bit) for cache keys: the standard
//! library's hasher is not guaranteed stable across Rust releases.

/// Incremental FNV-1a 64.
pub(crate) struct Fnv64(u64);

impl Fnv64 {
    /// A fresh hasher.
    pub(crate) fn new() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }

    /// Feeds bytes.
    pub(crate) fn bytes(&mut self, data: &[u8]) {
        for &b in data {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Feeds `f32`s by their bit patterns.
    pub(crate) fn f32s(&mut self, data: impl IntoIterator<Item = f32>) {
        for v in data {
            self.bytes(&v.to_le_bytes());
        }
    }

    /// Feeds `u32`s.
    pub(crate) fn u32s(&mut self, data: impl IntoIterator<Item = u32>) {
        for v in data {
            self.bytes(&v.to_le_bytes());
        }
    }

    /// The hash so far.
    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}
