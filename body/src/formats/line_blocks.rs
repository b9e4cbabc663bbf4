//! Reading a large CSV file a block of whole lines at a time, so that its
//! text is never whole in memory (a 512 MiB tracker take cost its 512 MiB
//! of text beside its parsed samples; issue 42). Bounded and checked as
//! [`crate::bounded_read`] reads: a regular file opened without blocking,
//! at most the limit, invalid UTF-8 named by line, column and offset.

use std::io::Read as _;
use std::path::Path;

use super::FormatError;
use crate::bounded_read::{open_regular, Limit, ReadError};

/// Bytes read at a time (a block grows past it only for a longer line).
const BLOCK_BYTES: usize = 8 << 20;

/// Calls `each` with blocks of whole lines of the file at `path`, in
/// order: the first block starts at the file's start (a byte order mark
/// included) and every block but the last ends with `\n`; `first_line`
/// is the 1-based number of the block's first line.
pub(crate) fn for_each_block(
    path: &Path,
    limit: Limit,
    mut each: impl FnMut(&str, usize) -> Result<(), FormatError>,
) -> Result<(), FormatError> {
    let too_large = || ReadError::TooLarge {
        path: path.to_path_buf(),
        limit: limit.bytes,
        what: limit.what,
    };
    let file = open_regular(path)?;
    if file.metadata().map_or(0, |m| m.len()) > limit.bytes {
        return Err(too_large().into());
    }
    let mut file = file.take(limit.bytes.saturating_add(1));
    let mut buffer: Vec<u8> = Vec::with_capacity(BLOCK_BYTES);
    let (mut offset, mut line) = (0u64, 1usize);
    loop {
        let start = buffer.len();
        buffer.resize(start + BLOCK_BYTES, 0);
        let n = read_some(&mut file, &mut buffer[start..], path)?;
        buffer.truncate(start + n);
        if offset + buffer.len() as u64 > limit.bytes {
            return Err(too_large().into());
        }
        let end = if n == 0 {
            buffer.len()
        } else {
            match buffer.iter().rposition(|b| *b == b'\n') {
                Some(i) => i + 1,
                None => continue,
            }
        };
        if end > 0 {
            let text = std::str::from_utf8(&buffer[..end]).map_err(|e| {
                let before = &buffer[..e.valid_up_to()];
                let newlines = before.iter().filter(|b| **b == b'\n').count();
                let line_start = before
                    .iter()
                    .rposition(|b| *b == b'\n')
                    .map_or(0, |i| i + 1);
                ReadError::NotUtf8 {
                    path: path.to_path_buf(),
                    line: line + newlines,
                    column: before.len() - line_start + 1,
                    offset: usize::try_from(offset).unwrap_or(usize::MAX) + e.valid_up_to(),
                }
            })?;
            each(text, line)?;
            line += text.matches('\n').count();
            offset += end as u64;
            buffer.drain(..end);
        }
        if n == 0 {
            return Ok(());
        }
    }
}

/// One read into `into` (0 at the end), retrying when interrupted.
fn read_some(
    file: &mut impl std::io::Read,
    into: &mut [u8],
    path: &Path,
) -> Result<usize, ReadError> {
    loop {
        match file.read(into) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            other => {
                return other.map_err(|source| ReadError::Read {
                    path: path.to_path_buf(),
                    source,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::formats::TrackerTake;

    /// A tracker take's text of about `rows` rows, CRLF line ends.
    fn text(rows: usize) -> String {
        let mut t = "time_s,device,px,py,pz,qx,qy,qz,qw\r\n".to_string();
        for i in 0..rows {
            t.push_str(&format!(
                "{:.6},head,0.100000,1.600000,{:.6},0,0,0,1\r\n",
                i as f64 / 90.0,
                i as f64 * 1e-3
            ));
        }
        t
    }

    #[test]
    fn a_take_read_in_blocks_is_the_take_parsed_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("big.trackers.csv");
        // Over two blocks, the last line without its line end.
        let mut whole = text(400_000);
        whole.truncate(whole.len() - 2);
        assert!(whole.len() > 2 * super::BLOCK_BYTES);
        std::fs::write(&path, &whole).expect("write");
        let name = path.display().to_string();
        let read = TrackerTake::read(&path).expect("reads");
        assert_eq!(read, TrackerTake::parse(&whole, &name).expect("parses"));
        assert_eq!(read.samples.len(), 400_000);

        // An invalid byte deep in the file: named as the whole-file read
        // names it; a time out of order likewise, by its line.
        let mut bytes = whole.clone().into_bytes();
        let at = bytes.len() - 1000;
        bytes[at] = 0xff;
        std::fs::write(&path, &bytes).expect("write");
        let expected = crate::bounded_read::read_text_bounded(&path, crate::bounded_read::CSV)
            .expect_err("not UTF-8")
            .to_string();
        let e = TrackerTake::read(&path).expect_err("not UTF-8");
        assert_eq!(e.to_string(), expected);
        let mut lines: Vec<&str> = whole.split("\r\n").collect();
        lines.swap(350_000, 350_001);
        let swapped = lines.join("\r\n");
        std::fs::write(&path, &swapped).expect("write");
        let e = TrackerTake::read(&path).expect_err("out of order");
        let parsed = TrackerTake::parse(&swapped, &name).expect_err("out of order");
        assert_eq!(e.to_string(), parsed.to_string());
        std::fs::write(&path, "").expect("write");
        assert_eq!(
            TrackerTake::read(&path).expect_err("empty").to_string(),
            TrackerTake::parse("", &name)
                .expect_err("empty")
                .to_string()
        );
    }
}
