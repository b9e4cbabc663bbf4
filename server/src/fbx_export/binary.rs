//! The binary FBX 7.4 container: a tree of node records, each a name, a
//! list of typed properties and nested nodes, with the file header and
//! footer. The layout follows what FBX readers (Blender's `io_scene_fbx`,
//! `fbxcel`, the FBX SDK) read: every record starts with its end offset
//! from the start of the file, its property count and the properties'
//! byte length (three `u32`), then the name's length (`u8`) and the name;
//! nested records end with a 13-byte null record. Arrays are written
//! uncompressed (encoding 0).

use anyhow::bail;

/// The FBX version written: 7.4 (32-bit offsets; files up to 4 GiB).
pub const VERSION: u32 = 7400;

/// What the header says before the version.
const MAGIC: &[u8; 23] = b"Kaydara FBX Binary  \x00\x1a\x00";

/// The null record that ends a list of nested records.
const NULL_RECORD: [u8; 13] = [0; 13];

/// The file id and creation time every writer that the FBX SDK accepts
/// without a licence key writes, with the matching footer id (as Blender
/// writes them).
pub const FILE_ID: [u8; 16] = [
    0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1,
];
/// The creation time that goes with [`FILE_ID`].
pub const CREATION_TIME: &str = "1970-01-01 10:00:00:000";
const FOOTER_ID: [u8; 16] = [
    0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e,
];
const FOOTER_MAGIC: [u8; 16] = [
    0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b,
];

/// Records that readers expect to end with a null record even without
/// nested records.
const ALWAYS_NULL_RECORD: [&str; 2] = ["AnimationStack", "AnimationLayer"];

/// One typed property of a node record.
#[derive(Debug, Clone, PartialEq)]
pub enum Prop {
    /// `C`: a boolean byte.
    Bool(bool),
    /// `I`: a 32-bit integer.
    I32(i32),
    /// `L`: a 64-bit integer (ids, times).
    I64(i64),
    /// `D`: a double.
    F64(f64),
    /// `S`: a string (bytes; class names are joined with `\0\x01`).
    Str(Vec<u8>),
    /// `R`: raw bytes.
    Raw(Vec<u8>),
    /// `i`: an array of 32-bit integers.
    I32s(Vec<i32>),
    /// `l`: an array of 64-bit integers.
    I64s(Vec<i64>),
    /// `f`: an array of floats.
    F32s(Vec<f32>),
}

impl Prop {
    /// A string property.
    pub fn str(s: &str) -> Prop {
        Prop::Str(s.as_bytes().to_vec())
    }

    fn write(&self, out: &mut Vec<u8>) -> anyhow::Result<()> {
        match self {
            Prop::Bool(b) => {
                out.push(b'C');
                out.push(u8::from(*b));
            }
            Prop::I32(v) => {
                out.push(b'I');
                out.extend(v.to_le_bytes());
            }
            Prop::I64(v) => {
                out.push(b'L');
                out.extend(v.to_le_bytes());
            }
            Prop::F64(v) => {
                out.push(b'D');
                out.extend(v.to_le_bytes());
            }
            Prop::Str(s) | Prop::Raw(s) => {
                out.push(if matches!(self, Prop::Str(_)) {
                    b'S'
                } else {
                    b'R'
                });
                out.extend(length(s.len())?.to_le_bytes());
                out.extend(s);
            }
            Prop::I32s(v) => array(out, b'i', v.len(), v.iter().flat_map(|x| x.to_le_bytes()))?,
            Prop::I64s(v) => array(out, b'l', v.len(), v.iter().flat_map(|x| x.to_le_bytes()))?,
            Prop::F32s(v) => array(out, b'f', v.len(), v.iter().flat_map(|x| x.to_le_bytes()))?,
        }
        Ok(())
    }
}

/// An array property: count, encoding 0 (raw), byte length, the values.
fn array(
    out: &mut Vec<u8>,
    code: u8,
    count: usize,
    bytes: impl Iterator<Item = u8>,
) -> anyhow::Result<()> {
    out.push(code);
    out.extend(length(count)?.to_le_bytes());
    out.extend(0u32.to_le_bytes());
    let at = out.len();
    out.extend([0u8; 4]);
    out.extend(bytes);
    let byte_len = length(out.len() - at - 4)?;
    out[at..at + 4].copy_from_slice(&byte_len.to_le_bytes());
    Ok(())
}

fn length(n: usize) -> anyhow::Result<u32> {
    match u32::try_from(n) {
        Ok(v) => Ok(v),
        Err(_) => bail!("the FBX file would exceed 4 GiB, the limit of FBX 7.4: export a shorter stretch or a lower --fps"),
    }
}

/// A node record: a name, properties and nested records.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The record's name (`Model`, `P`, `KeyTime`...).
    pub name: &'static str,
    /// Its properties, in order.
    pub props: Vec<Prop>,
    /// Its nested records.
    pub children: Vec<Node>,
}

impl Node {
    /// A record with properties and no nested records.
    pub fn new(name: &'static str, props: Vec<Prop>) -> Node {
        Node {
            name,
            props,
            children: Vec::new(),
        }
    }

    /// The same record with nested records.
    pub fn with(mut self, children: Vec<Node>) -> Node {
        self.children = children;
        self
    }

    fn write(&self, out: &mut Vec<u8>, is_last: bool) -> anyhow::Result<()> {
        let start = out.len();
        out.extend([0u8; 12]);
        let name = self.name.as_bytes();
        out.push(u8::try_from(name.len()).unwrap_or(u8::MAX));
        out.extend(&name[..name.len().min(255)]);
        let props_start = out.len();
        for p in &self.props {
            p.write(out)?;
        }
        let props_len = length(out.len() - props_start)?;
        write_children(out, &self.children)?;
        if self.children.is_empty()
            && ((self.props.is_empty() && !is_last) || ALWAYS_NULL_RECORD.contains(&self.name))
        {
            out.extend(NULL_RECORD);
        }
        let end = length(out.len())?;
        out[start..start + 4].copy_from_slice(&end.to_le_bytes());
        out[start + 4..start + 8].copy_from_slice(&length(self.props.len())?.to_le_bytes());
        out[start + 8..start + 12].copy_from_slice(&props_len.to_le_bytes());
        Ok(())
    }
}

/// Nested records, then the null record that ends them (none without any).
fn write_children(out: &mut Vec<u8>, children: &[Node]) -> anyhow::Result<()> {
    for (i, c) in children.iter().enumerate() {
        c.write(out, i + 1 == children.len())?;
    }
    if !children.is_empty() {
        out.extend(NULL_RECORD);
    }
    Ok(())
}

/// The bytes of a binary FBX file holding `top` (the top-level records).
pub fn file_bytes(top: &[Node]) -> anyhow::Result<Vec<u8>> {
    let mut out = Vec::new();
    out.extend(MAGIC);
    out.extend(VERSION.to_le_bytes());
    write_children(&mut out, top)?;
    out.extend(FOOTER_ID);
    out.extend([0u8; 4]);
    let pad = match out.len() % 16 {
        0 => 16,
        r => 16 - r,
    };
    out.extend(std::iter::repeat_n(0u8, pad));
    out.extend(VERSION.to_le_bytes());
    out.extend([0u8; 120]);
    out.extend(FOOTER_MAGIC);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u32_at(b: &[u8], at: usize) -> usize {
        u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]) as usize
    }

    #[test]
    fn records_carry_their_end_offsets_and_the_file_its_header_and_footer() {
        let top = vec![
            Node::new("Creator", vec![Prop::str("posewire")]),
            Node::new("Objects", vec![]).with(vec![Node::new(
                "Model",
                vec![Prop::I64(7), Prop::str("a\0\x01Model"), Prop::str("Null")],
            )
            .with(vec![Node::new("KeyTime", vec![Prop::I64s(vec![0, 1, 2])])])]),
        ];
        let b = file_bytes(&top).expect("bytes");
        assert_eq!(&b[..23], MAGIC);
        assert_eq!(u32_at(&b, 23), 7400);
        // Creator: end offset, one property, "S" + u32 + 8 bytes.
        let end = u32_at(&b, 27);
        assert_eq!(u32_at(&b, 31), 1);
        assert_eq!(u32_at(&b, 35), 1 + 4 + 8);
        assert_eq!(b[39], 7);
        assert_eq!(&b[40..47], b"Creator");
        assert_eq!(end, 47 + 13);
        // Objects ends after its child and the null record.
        let objects_end = u32_at(&b, end);
        assert_eq!(&b[objects_end - 13..objects_end], &NULL_RECORD);
        // Then the top level's null record and the footer.
        assert_eq!(&b[objects_end..objects_end + 13], &NULL_RECORD);
        assert_eq!(&b[objects_end + 13..objects_end + 29], &FOOTER_ID);
        assert_eq!(&b[b.len() - 16..], &FOOTER_MAGIC);
        assert_eq!(u32_at(&b, b.len() - 16 - 120 - 4), 7400);
        assert_eq!((b.len() - 16 - 120 - 4) % 16, 0);
    }

    #[test]
    fn arrays_state_count_encoding_and_byte_length() {
        let mut out = Vec::new();
        Prop::F32s(vec![1.0, 2.0]).write(&mut out).expect("write");
        assert_eq!(out[0], b'f');
        assert_eq!(u32_at(&out, 1), 2);
        assert_eq!(u32_at(&out, 5), 0);
        assert_eq!(u32_at(&out, 9), 8);
        assert_eq!(out.len(), 13 + 8);
    }
}
