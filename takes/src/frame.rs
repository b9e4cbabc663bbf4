//! The file's framing: the signature and version, then records of
//! `[payload length u32][kind u8][payload][CRC-32 of kind and payload u32]`,
//! all little-endian. A record is whole and checked, or damaged (then the
//! reader looks for the next whole record after it, see `scan`).

/// The first eight bytes of every take (the CR LF catches a text-mode copy).
pub const SIGNATURE: [u8; 8] = *b"PWTAKE\r\n";

/// The newest format version this build reads. A take of one avatar is
/// written as version 1 (what earlier builds read); a scene take (every
/// avatar of the space, whose avatars' records are kind 16) as version 2,
/// which earlier builds refuse with "newer format; update Posewire".
pub const FORMAT_VERSION: u32 = 2;

/// The version a scene take is written as.
pub const SCENE_FORMAT_VERSION: u32 = 2;

/// Bytes before the first record: signature and version.
pub const FILE_HEADER_BYTES: u64 = 12;

/// Bytes of framing around each payload: length, kind, checksum.
pub const RECORD_OVERHEAD_BYTES: usize = 9;

/// The largest payload a record may have; a larger length is corruption.
pub const MAX_PAYLOAD_BYTES: usize = 64 << 20;

/// The file header: signature then version (1, or 2 for a scene take).
pub(crate) fn file_header(version: u32) -> [u8; FILE_HEADER_BYTES as usize] {
    let mut h = [0u8; FILE_HEADER_BYTES as usize];
    h[..8].copy_from_slice(&SIGNATURE);
    h[8..].copy_from_slice(&version.to_le_bytes());
    h
}

/// Appends one framed record (kind and an encoded payload) to `out`.
pub(crate) fn frame(kind: u8, payload: &[u8], out: &mut Vec<u8>) {
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.push(kind);
    out.extend_from_slice(payload);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&[kind]);
    crc.update(payload);
    out.extend_from_slice(&crc.finalize().to_le_bytes());
}

/// One framed record found in a file: whole, its checksum right.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Framed<'a> {
    /// Its kind byte.
    pub kind: u8,
    /// Its payload.
    pub payload: &'a [u8],
    /// Bytes the record takes in the file, framing included.
    pub size: usize,
}

/// The length and kind of the record starting at `bytes[at..]`, if its
/// framing fits in `bytes` (checksum not checked): the cheap first test of
/// a record.
pub(crate) fn framing_at(bytes: &[u8], at: usize) -> Result<(usize, u8), String> {
    let rest = bytes.get(at..).unwrap_or_default();
    if rest.len() < 5 {
        return Err(format!(
            "a record header cut short ({} of 5 bytes)",
            rest.len()
        ));
    }
    let len = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
    if len > MAX_PAYLOAD_BYTES {
        return Err(format!("a record length of {len} bytes (corrupt)"));
    }
    let whole = len + RECORD_OVERHEAD_BYTES;
    if rest.len() < whole {
        return Err(format!(
            "a record cut short ({} of {whole} bytes)",
            rest.len()
        ));
    }
    Ok((len, rest[4]))
}

/// Whether a payload's stored checksum (the 4 bytes after it) matches.
pub(crate) fn checksum_ok(kind: u8, payload: &[u8], stored: &[u8]) -> bool {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&[kind]);
    crc.update(payload);
    stored.len() == 4 && crc.finalize().to_le_bytes() == stored
}

/// The whole, checked record starting at `bytes[at..]`, or what is wrong
/// with it.
pub(crate) fn record_at(bytes: &[u8], at: usize) -> Result<Framed<'_>, String> {
    let (len, kind) = framing_at(bytes, at)?;
    let payload = &bytes[at + 5..at + 5 + len];
    let stored = &bytes[at + 5 + len..at + len + RECORD_OVERHEAD_BYTES];
    if !checksum_ok(kind, payload, stored) {
        return Err("a record whose checksum does not match (torn or corrupt)".into());
    }
    Ok(Framed {
        kind,
        payload,
        size: len + RECORD_OVERHEAD_BYTES,
    })
}
