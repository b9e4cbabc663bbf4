//! A strict OSC 1.0 codec (<https://opensoundcontrol.stanford.edu/spec-1_0.html>).
//!
//! A packet is a message (address pattern, type tag string, arguments) or a
//! bundle (`#bundle`, a 64-bit time tag, then size-prefixed elements that
//! are themselves packets). Everything is big-endian and padded to 4 bytes
//! with zero bytes. The decoder accepts nothing else: a missing type tag
//! string, an unknown tag, non-zero padding, a truncated argument, a bundle
//! element whose size overruns, or trailing bytes are errors naming the
//! byte offset, so a malformed datagram is dropped whole (and counted by
//! the caller) rather than half-read.

/// Bundles nested deeper than this are refused (a hostile packet cannot
/// recurse without bound).
pub const MAX_BUNDLE_DEPTH: usize = 8;

/// The time tag meaning "immediately" (OSC 1.0 section "Temporal
/// semantics").
pub const IMMEDIATELY: u64 = 1;

/// One OSC argument.
#[derive(Debug, Clone, PartialEq)]
pub enum OscArg {
    /// `i`: 32-bit signed integer.
    Int(i32),
    /// `f`: 32-bit IEEE float.
    Float(f32),
    /// `s`: a string (ASCII in OSC 1.0; UTF-8 accepted).
    String(String),
    /// `b`: a blob of bytes.
    Blob(Vec<u8>),
    /// `h`: 64-bit signed integer (OSC 1.0 optional type).
    Long(i64),
    /// `d`: 64-bit IEEE float (OSC 1.0 optional type).
    Double(f64),
    /// `T` / `F`: a boolean carried by the tag alone.
    Bool(bool),
    /// `N`: nil.
    Nil,
    /// `I`: infinitum (impulse).
    Impulse,
}

impl OscArg {
    /// The type tag character.
    pub fn tag(&self) -> char {
        match self {
            OscArg::Int(_) => 'i',
            OscArg::Float(_) => 'f',
            OscArg::String(_) => 's',
            OscArg::Blob(_) => 'b',
            OscArg::Long(_) => 'h',
            OscArg::Double(_) => 'd',
            OscArg::Bool(true) => 'T',
            OscArg::Bool(false) => 'F',
            OscArg::Nil => 'N',
            OscArg::Impulse => 'I',
        }
    }
}

/// An OSC message: an address and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct OscMessage {
    /// The address pattern, starting with `/`.
    pub address: String,
    /// The arguments, in order.
    pub args: Vec<OscArg>,
}

impl OscMessage {
    /// A message to `address` with `args`.
    pub fn new(address: impl Into<String>, args: Vec<OscArg>) -> OscMessage {
        OscMessage {
            address: address.into(),
            args,
        }
    }

    /// The type tags of the arguments, without the leading comma.
    pub fn tags(&self) -> String {
        self.args.iter().map(OscArg::tag).collect()
    }
}

/// An OSC packet: one message, or a bundle of packets.
#[derive(Debug, Clone, PartialEq)]
pub enum OscPacket {
    /// A single message.
    Message(OscMessage),
    /// A bundle: a time tag and its elements.
    Bundle {
        /// NTP-format time tag (1: immediately).
        time_tag: u64,
        /// The elements, each a message or a bundle.
        content: Vec<OscPacket>,
    },
}

impl OscPacket {
    /// Every message in the packet, depth first, in order.
    pub fn messages(&self) -> Vec<&OscMessage> {
        let mut out = Vec::new();
        self.collect(&mut out);
        out
    }

    fn collect<'a>(&'a self, out: &mut Vec<&'a OscMessage>) {
        match self {
            OscPacket::Message(m) => out.push(m),
            OscPacket::Bundle { content, .. } => {
                for p in content {
                    p.collect(out);
                }
            }
        }
    }

    /// The packet's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.encode_into(&mut out);
        out
    }

    fn encode_into(&self, out: &mut Vec<u8>) {
        match self {
            OscPacket::Message(m) => encode_message(m, out),
            OscPacket::Bundle { time_tag, content } => {
                write_string(out, "#bundle");
                out.extend_from_slice(&time_tag.to_be_bytes());
                for element in content {
                    let start = out.len();
                    out.extend_from_slice(&[0; 4]);
                    element.encode_into(out);
                    let size = (out.len() - start - 4) as u32;
                    out[start..start + 4].copy_from_slice(&size.to_be_bytes());
                }
            }
        }
    }

    /// Decodes one datagram.
    pub fn decode(bytes: &[u8]) -> Result<OscPacket, OscError> {
        decode_packet(bytes, 0, 0)
    }
}

/// Why bytes are not an OSC packet.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OscError {
    /// The data ends inside an item.
    #[error("byte {offset}: the packet ends inside {what}")]
    Truncated {
        /// Where the item starts.
        offset: usize,
        /// What was being read.
        what: &'static str,
    },
    /// A string without its terminating zero, with non-zero padding, or
    /// not UTF-8.
    #[error("byte {offset}: bad string ({reason})")]
    BadString {
        /// Where the string starts.
        offset: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// A packet that starts with neither `/` nor `#bundle`.
    #[error("byte {offset}: neither a message (address starting with `/`) nor a bundle")]
    NotAPacket {
        /// Where the packet starts.
        offset: usize,
    },
    /// A message without a type tag string (OSC 1.0 makes it optional for
    /// old senders; this codec does not guess).
    #[error("byte {offset}: the message has no type tag string")]
    NoTypeTags {
        /// Where the tags should start.
        offset: usize,
    },
    /// A type tag this codec does not know (arrays among them).
    #[error("byte {offset}: unknown type tag `{tag}`")]
    UnknownTag {
        /// Where the tag string starts.
        offset: usize,
        /// The tag.
        tag: char,
    },
    /// Bytes left after the last argument, or a bundle element of a size
    /// that is not a multiple of 4 or overruns the bundle.
    #[error("byte {offset}: {reason}")]
    BadLayout {
        /// Where.
        offset: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// Bundles nested deeper than [`MAX_BUNDLE_DEPTH`].
    #[error("bundles nested deeper than {MAX_BUNDLE_DEPTH}")]
    TooDeep,
}

fn pad4(n: usize) -> usize {
    (n + 3) & !3
}

fn write_string(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(s.as_bytes());
    let end = pad4(s.len() + 1);
    out.resize(out.len() + end - s.len(), 0);
}

fn encode_message(m: &OscMessage, out: &mut Vec<u8>) {
    write_string(out, &m.address);
    let mut tags = String::with_capacity(m.args.len() + 1);
    tags.push(',');
    tags.push_str(&m.tags());
    write_string(out, &tags);
    for arg in &m.args {
        match arg {
            OscArg::Int(v) => out.extend_from_slice(&v.to_be_bytes()),
            OscArg::Float(v) => out.extend_from_slice(&v.to_be_bytes()),
            OscArg::String(s) => write_string(out, s),
            OscArg::Blob(b) => {
                out.extend_from_slice(&(b.len() as u32).to_be_bytes());
                out.extend_from_slice(b);
                out.resize(out.len() + pad4(b.len()) - b.len(), 0);
            }
            OscArg::Long(v) => out.extend_from_slice(&v.to_be_bytes()),
            OscArg::Double(v) => out.extend_from_slice(&v.to_be_bytes()),
            OscArg::Bool(_) | OscArg::Nil | OscArg::Impulse => {}
        }
    }
}

/// A cursor over one packet's bytes; offsets are reported relative to the
/// whole datagram.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    base: usize,
}

impl<'a> Reader<'a> {
    fn at(&self) -> usize {
        self.base + self.pos
    }

    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], OscError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(OscError::Truncated {
                offset: self.at(),
                what,
            })?;
        let out = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], OscError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N, what)?);
        Ok(out)
    }

    fn string(&mut self) -> Result<&'a str, OscError> {
        let offset = self.at();
        let rest = &self.bytes[self.pos..];
        let len = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or(OscError::BadString {
                offset,
                reason: "no terminating zero byte",
            })?;
        let padded = pad4(len + 1);
        if padded > rest.len() {
            return Err(OscError::Truncated {
                offset,
                what: "a string's padding",
            });
        }
        if rest[len..padded].iter().any(|&b| b != 0) {
            return Err(OscError::BadString {
                offset,
                reason: "non-zero padding",
            });
        }
        let text = std::str::from_utf8(&rest[..len]).map_err(|_| OscError::BadString {
            offset,
            reason: "not UTF-8",
        })?;
        self.pos += padded;
        Ok(text)
    }
}

fn decode_packet(bytes: &[u8], base: usize, depth: usize) -> Result<OscPacket, OscError> {
    if bytes.starts_with(b"#bundle\0") {
        if depth >= MAX_BUNDLE_DEPTH {
            return Err(OscError::TooDeep);
        }
        let mut r = Reader {
            bytes,
            pos: 8,
            base,
        };
        let time_tag = u64::from_be_bytes(r.array("the bundle's time tag")?);
        let mut content = Vec::new();
        while r.pos < bytes.len() {
            let size_at = r.at();
            let size = u32::from_be_bytes(r.array("a bundle element's size")?) as usize;
            if size == 0 || !size.is_multiple_of(4) {
                return Err(OscError::BadLayout {
                    offset: size_at,
                    reason: "a bundle element's size is not a positive multiple of 4",
                });
            }
            let element_at = r.at();
            let element = r.take(size, "a bundle element")?;
            content.push(decode_packet(element, element_at, depth + 1)?);
        }
        return Ok(OscPacket::Bundle { time_tag, content });
    }
    if bytes.first() != Some(&b'/') {
        return Err(OscError::NotAPacket { offset: base });
    }
    decode_message(bytes, base).map(OscPacket::Message)
}

fn decode_message(bytes: &[u8], base: usize) -> Result<OscMessage, OscError> {
    let mut r = Reader {
        bytes,
        pos: 0,
        base,
    };
    let address = r.string()?.to_string();
    let tags_at = r.at();
    if r.pos >= bytes.len() || bytes[r.pos] != b',' {
        return Err(OscError::NoTypeTags { offset: tags_at });
    }
    let tags = r.string()?;
    let mut args = Vec::with_capacity(tags.len().saturating_sub(1));
    for tag in tags.chars().skip(1) {
        let arg = match tag {
            'i' => OscArg::Int(i32::from_be_bytes(r.array("an int32")?)),
            'f' => OscArg::Float(f32::from_be_bytes(r.array("a float32")?)),
            's' => OscArg::String(r.string()?.to_string()),
            'b' => {
                let size = u32::from_be_bytes(r.array("a blob's size")?) as usize;
                let data = r.take(size, "a blob")?.to_vec();
                let padding = r.take(pad4(size) - size, "a blob's padding")?;
                if padding.iter().any(|&b| b != 0) {
                    return Err(OscError::BadLayout {
                        offset: r.at(),
                        reason: "non-zero blob padding",
                    });
                }
                OscArg::Blob(data)
            }
            'h' => OscArg::Long(i64::from_be_bytes(r.array("an int64")?)),
            'd' => OscArg::Double(f64::from_be_bytes(r.array("a float64")?)),
            'T' => OscArg::Bool(true),
            'F' => OscArg::Bool(false),
            'N' => OscArg::Nil,
            'I' => OscArg::Impulse,
            other => {
                return Err(OscError::UnknownTag {
                    offset: tags_at,
                    tag: other,
                })
            }
        };
        args.push(arg);
    }
    if r.pos != bytes.len() {
        return Err(OscError::BadLayout {
            offset: r.at(),
            reason: "bytes left after the last argument",
        });
    }
    Ok(OscMessage { address, args })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> OscMessage {
        OscMessage::new(
            "/VMC/Ext/Bone/Pos",
            vec![
                OscArg::String("Hips".into()),
                OscArg::Float(1.5),
                OscArg::Int(-7),
                OscArg::Blob(vec![1, 2, 3, 4, 5]),
                OscArg::Long(1 << 40),
                OscArg::Double(-0.25),
                OscArg::Bool(true),
                OscArg::Bool(false),
                OscArg::Nil,
                OscArg::Impulse,
            ],
        )
    }

    #[test]
    fn vmc_osc_a_message_has_the_spec_layout() {
        // The spec's own example: "/foo" with int 1000, int -1, string
        // "hello", float 1.234, float 5.678.
        let m = OscMessage::new(
            "/foo",
            vec![
                OscArg::Int(1000),
                OscArg::Int(-1),
                OscArg::String("hello".into()),
                OscArg::Float(1.234),
                OscArg::Float(5.678),
            ],
        );
        let bytes = OscPacket::Message(m.clone()).encode();
        let expected: Vec<u8> = [
            &b"/foo\0\0\0\0"[..],
            b",iisff\0\0",
            &[0, 0, 3, 0xe8],
            &[0xff, 0xff, 0xff, 0xff],
            b"hello\0\0\0",
            &[0x3f, 0x9d, 0xf3, 0xb6],
            &[0x40, 0xb5, 0xb2, 0x2d],
        ]
        .concat();
        assert_eq!(bytes, expected);
        assert_eq!(
            OscPacket::decode(&bytes).expect("decodes"),
            OscPacket::Message(m)
        );
    }

    #[test]
    fn vmc_osc_bundles_round_trip_nested() {
        let inner = OscPacket::Bundle {
            time_tag: 42,
            content: vec![OscPacket::Message(message())],
        };
        let packet = OscPacket::Bundle {
            time_tag: IMMEDIATELY,
            content: vec![OscPacket::Message(OscMessage::new("/a", vec![])), inner],
        };
        let bytes = packet.encode();
        assert_eq!(bytes.len() % 4, 0);
        let back = OscPacket::decode(&bytes).expect("decodes");
        assert_eq!(back, packet);
        assert_eq!(back.messages().len(), 2);
    }

    #[test]
    fn vmc_osc_malformed_packets_are_errors_not_panics() {
        let good = OscPacket::Message(message()).encode();
        // Every truncation of a good packet is an error.
        for n in 0..good.len() {
            assert!(OscPacket::decode(&good[..n]).is_err(), "length {n}");
        }
        // Trailing bytes.
        let mut long = good.clone();
        long.extend_from_slice(&[0, 0, 0, 0]);
        assert!(matches!(
            OscPacket::decode(&long),
            Err(OscError::BadLayout { .. })
        ));
        // No type tags.
        assert!(matches!(
            OscPacket::decode(b"/abc\0\0\0\0"),
            Err(OscError::NoTypeTags { .. })
        ));
        // Unknown tag (arrays are not supported).
        assert!(matches!(
            OscPacket::decode(b"/abc\0\0\0\0,[]\0"),
            Err(OscError::UnknownTag { tag: '[', .. })
        ));
        // Not a packet.
        assert!(matches!(
            OscPacket::decode(b"hello\0\0\0"),
            Err(OscError::NotAPacket { .. })
        ));
        // Non-zero padding.
        assert!(OscPacket::decode(b"/a\0x,\0\0\0").is_err());
        // A bundle element that overruns.
        let mut bundle = b"#bundle\0".to_vec();
        bundle.extend_from_slice(&1u64.to_be_bytes());
        bundle.extend_from_slice(&64u32.to_be_bytes());
        bundle.extend_from_slice(b"/a\0\0,\0\0\0");
        assert!(OscPacket::decode(&bundle).is_err());
        // Deep nesting is refused.
        let mut deep = OscPacket::Message(OscMessage::new("/x", vec![]));
        for _ in 0..MAX_BUNDLE_DEPTH + 1 {
            deep = OscPacket::Bundle {
                time_tag: 1,
                content: vec![deep],
            };
        }
        assert_eq!(OscPacket::decode(&deep.encode()), Err(OscError::TooDeep));
    }
}
