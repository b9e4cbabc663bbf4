//! The file's framing: the signature and version, then records of
//! `[payload length u32][kind u8][payload][CRC-32 of kind and payload u32]`,
//! all little-endian. A record is either whole and checked or it is the
//! torn tail of an interrupted write.

/// The first eight bytes of every take (the CR LF catches a text-mode copy).
pub const SIGNATURE: [u8; 8] = *b"PWTAKE\r\n";

/// The format version this build writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// Bytes before the first record: signature and version.
pub const FILE_HEADER_BYTES: u64 = 12;

/// Bytes of framing around each payload: length, kind, checksum.
pub const RECORD_OVERHEAD_BYTES: usize = 9;

/// The largest payload a record may have; a larger length is corruption.
pub const MAX_PAYLOAD_BYTES: usize = 64 << 20;

/// The file header: signature then version.
pub(crate) fn file_header() -> [u8; FILE_HEADER_BYTES as usize] {
    let mut h = [0u8; FILE_HEADER_BYTES as usize];
    h[..8].copy_from_slice(&SIGNATURE);
    h[8..].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
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

/// One framed record found in a file.
pub(crate) struct Framed<'a> {
    /// Where the record starts in the file.
    pub offset: u64,
    /// Its kind byte.
    pub kind: u8,
    /// Its payload.
    pub payload: &'a [u8],
}

/// The result of splitting a file's bytes (after the header) into records.
pub(crate) struct Split<'a> {
    /// The whole, checked records, in order.
    pub records: Vec<Framed<'a>>,
    /// Where the first bad byte is and why, if the file does not end on a
    /// record boundary.
    pub tail: Option<(u64, String)>,
}

/// Splits `bytes` (the file after its header, which starts at file offset
/// `base`) into whole records, stopping at the first torn or corrupt one.
pub(crate) fn split(bytes: &[u8], base: u64) -> Split<'_> {
    let mut records = Vec::new();
    let mut at = 0usize;
    let tail = loop {
        let rest = &bytes[at..];
        if rest.is_empty() {
            break None;
        }
        let offset = base + at as u64;
        if rest.len() < 5 {
            break Some((
                offset,
                format!("a record header cut short ({} of 5 bytes)", rest.len()),
            ));
        }
        let mut len = [0u8; 4];
        len.copy_from_slice(&rest[..4]);
        let len = u32::from_le_bytes(len) as usize;
        if len > MAX_PAYLOAD_BYTES {
            break Some((offset, format!("a record length of {len} bytes (corrupt)")));
        }
        let whole = len + RECORD_OVERHEAD_BYTES;
        if rest.len() < whole {
            break Some((
                offset,
                format!("a record cut short ({} of {whole} bytes)", rest.len()),
            ));
        }
        let kind = rest[4];
        let payload = &rest[5..5 + len];
        let mut stored = [0u8; 4];
        stored.copy_from_slice(&rest[5 + len..whole]);
        let mut crc = crc32fast::Hasher::new();
        crc.update(&[kind]);
        crc.update(payload);
        if crc.finalize() != u32::from_le_bytes(stored) {
            break Some((
                offset,
                "a record whose checksum does not match (torn or corrupt)".into(),
            ));
        }
        records.push(Framed {
            offset,
            kind,
            payload,
        });
        at += whole;
    };
    Split { records, tail }
}
