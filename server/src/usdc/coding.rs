//! The crate format's compression of its structural sections, as Pixar's
//! readers undo it: LZ4 blocks behind a chunk-count byte (USD's
//! `TfFastCompression`), and USD's integer coding of index lists (deltas
//! from the previous value, the most common delta written once, a 2-bit code
//! per integer and the other deltas in 8, 16 or 32 bits: `integerCoding.cpp`).

use std::collections::HashMap;

use super::UsdcError;

/// The largest input one LZ4 block takes (LZ4_MAX_INPUT_SIZE); the writer
/// refuses more rather than chunking (a 2 GB structural section).
const MAX_BLOCK: usize = 0x7E00_0000;

/// `bytes` as USD's fast compression frames them: a 0 chunk-count byte
/// (one chunk) followed by one LZ4 block.
pub fn fast_compress(bytes: &[u8]) -> Result<Vec<u8>, UsdcError> {
    if bytes.len() > MAX_BLOCK {
        return Err(UsdcError::TooLarge("a structural section over 2 GB"));
    }
    let mut out = vec![0u8];
    out.extend(lz4_flex::block::compress(bytes));
    Ok(out)
}

/// 32-bit integers in USD's integer coding (before compression).
pub fn encode_ints(values: &[i32]) -> Vec<u8> {
    if values.is_empty() {
        return Vec::new();
    }
    let deltas: Vec<i32> = values
        .iter()
        .scan(0i32, |prev, &v| {
            let d = v.wrapping_sub(*prev);
            *prev = v;
            Some(d)
        })
        .collect();
    let common = most_common(&deltas);
    let mut out = common.to_le_bytes().to_vec();
    let codes_at = out.len();
    out.resize(codes_at + (values.len() * 2).div_ceil(8), 0);
    for (i, &d) in deltas.iter().enumerate() {
        let code: u8 = if d == common {
            0
        } else if let Ok(small) = i8::try_from(d) {
            out.extend(small.to_le_bytes());
            1
        } else if let Ok(medium) = i16::try_from(d) {
            out.extend(medium.to_le_bytes());
            2
        } else {
            out.extend(d.to_le_bytes());
            3
        };
        out[codes_at + i / 4] |= code << (2 * (i % 4));
    }
    out
}

/// The most frequent delta, the largest of those tied (as USD picks it).
fn most_common(deltas: &[i32]) -> i32 {
    let mut counts: HashMap<i32, usize> = HashMap::new();
    let (mut best, mut best_count) = (0i32, 0usize);
    for &d in deltas {
        let c = counts.entry(d).or_insert(0);
        *c += 1;
        if *c > best_count || (*c == best_count && d > best) {
            best = d;
            best_count = *c;
        }
    }
    best
}

/// Integers as a crate section stores them: their compressed size (u64)
/// then the compressed coding.
pub fn compressed_ints(values: &[i32]) -> Result<Vec<u8>, UsdcError> {
    let blob = fast_compress(&encode_ints(values))?;
    let mut out = (blob.len() as u64).to_le_bytes().to_vec();
    out.extend(blob);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example in USD's `integerCoding.cpp`: [123, 124, 125,
    /// 100125, 100125, 100126, 100126] has deltas [123, 1, 1, 100000, 0, 1,
    /// 0], common delta 1, codes 01 00 00 11 | 01 00 01, then int8(123)
    /// int32(100000) int8(0) int8(0).
    #[test]
    fn integer_coding_matches_usds_worked_example() {
        let bytes = encode_ints(&[123, 124, 125, 100125, 100125, 100126, 100126]);
        let mut expect = vec![1, 0, 0, 0];
        expect.push(0b1100_0001);
        expect.push(0b0001_0001);
        expect.push(123);
        expect.extend(100000i32.to_le_bytes());
        expect.extend([0, 0]);
        assert_eq!(bytes, expect);
    }

    #[test]
    fn ties_take_the_largest_delta_and_wide_deltas_take_wide_codes() {
        // Deltas 5, -5, 300, -70000: all once, so 300 is common (largest).
        let bytes = encode_ints(&[5, 0, 300, -69700]);
        assert_eq!(&bytes[..4], &300i32.to_le_bytes());
        // Codes, low bits first: 5 small (01), -5 small (01), 300 common
        // (00), -70000 large (11).
        assert_eq!(bytes[4], 0b1100_0101);
        assert_eq!(bytes[5..7], [5u8, (-5i8) as u8]);
        assert_eq!(bytes[7..], (-70000i32).to_le_bytes());
    }

    #[test]
    fn fast_compression_is_one_lz4_block_behind_a_zero_chunk_byte() {
        // LZ4's block format: a short input is one sequence of literals, a
        // token byte with the literal count in its high nibble, then the
        // bytes; USD puts the chunk count (0: one chunk) before it.
        assert_eq!(
            fast_compress(b"abc").expect("small"),
            [0, 0x30, b'a', b'b', b'c']
        );
        let data: Vec<u8> = (0..1000u32).map(|i| (i % 7) as u8).collect();
        let framed = fast_compress(&data).expect("small");
        assert_eq!(framed[0], 0);
        assert!(framed.len() < data.len() / 4, "{} bytes", framed.len());
        let back = lz4_flex::block::decompress(&framed[1..], data.len()).expect("LZ4");
        assert_eq!(back, data);
        let sized = compressed_ints(&[1, 2, 3]).expect("small");
        assert_eq!(
            u64::from_le_bytes(sized[..8].try_into().expect("8")) as usize,
            sized.len() - 8
        );
    }
}
