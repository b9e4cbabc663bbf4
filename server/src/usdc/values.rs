//! Plain-data values of the crate format: USD's value type numbers
//! (`crateDataTypes.h`), how each type's elements are laid out (GfVec,
//! GfQuat with the real part last, GfMatrix rows, GfHalf), and the 64-bit
//! value representation that points at them or holds them inline.

use super::layer::Parsed;
use super::UsdcError;

/// USD's value type numbers for the non-plain types the writer uses.
pub mod type_enum {
    pub const BOOL: u64 = 1;
    pub const STRING: u64 = 10;
    pub const TOKEN: u64 = 11;
    pub const DICTIONARY: u64 = 31;
    pub const TOKEN_LIST_OP: u64 = 32;
    pub const PATH_LIST_OP: u64 = 34;
    pub const TOKEN_VECTOR: u64 = 41;
    pub const SPECIFIER: u64 = 42;
    pub const VARIABILITY: u64 = 44;
    pub const TIME_SAMPLES: u64 = 46;
    pub const DOUBLE_VECTOR: u64 = 48;
    pub const VALUE_BLOCK: u64 = 51;
}

const ARRAY_BIT: u64 = 1 << 63;
const INLINED_BIT: u64 = 1 << 62;
/// The largest file offset a value representation holds (48 bits).
pub const MAX_OFFSET: u64 = (1 << 48) - 1;

/// A value held in the representation itself (4 bytes at most).
pub fn inline_rep(type_enum: u64, payload: u32) -> u64 {
    INLINED_BIT | (type_enum << 48) | u64::from(payload)
}

/// A value at `offset` in the file (an array if `array`).
pub fn offset_rep(type_enum: u64, offset: u64, array: bool) -> u64 {
    (if array { ARRAY_BIT } else { 0 }) | (type_enum << 48) | (offset & MAX_OFFSET)
}

/// The empty array of a type: no data, payload 0.
pub fn empty_array_rep(type_enum: u64) -> u64 {
    ARRAY_BIT | (type_enum << 48)
}

/// The scalar kind of a plain type's components.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Component {
    Bool,
    UChar,
    Int,
    UInt,
    Int64,
    UInt64,
    Half,
    Float,
    Double,
}

impl Component {
    fn size(self) -> usize {
        match self {
            Component::Bool | Component::UChar => 1,
            Component::Half => 2,
            Component::Int | Component::UInt | Component::Float => 4,
            Component::Int64 | Component::UInt64 | Component::Double => 8,
        }
    }
}

/// A plain (bitwise) USD value type: its type number, component kind and
/// count, and whether it is a quaternion (text `(w, x, y, z)`, file
/// `x, y, z, w`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plain {
    pub type_enum: u64,
    pub component: Component,
    pub count: usize,
    pub quat: bool,
}

impl Plain {
    /// Bytes of one element.
    pub fn size(&self) -> usize {
        self.component.size() * self.count
    }

    /// Whether a scalar of this type always sits inside its representation
    /// (4 bytes or fewer), as USD writes and reads it.
    pub fn always_inlined(&self) -> bool {
        self.size() <= 4
    }
}

/// The plain type named `name` in USD text (roles such as `point3f`,
/// `normal3f`, `color3f`, `texCoord2f` and `frame4d` are their base types).
pub fn plain(name: &str) -> Option<Plain> {
    use Component::*;
    let p = |type_enum, component, count| Plain {
        type_enum,
        component,
        count,
        quat: false,
    };
    let base = match name {
        "point3d" | "normal3d" | "vector3d" | "color3d" | "texCoord3d" => "double3",
        "point3f" | "normal3f" | "vector3f" | "color3f" | "texCoord3f" => "float3",
        "point3h" | "normal3h" | "vector3h" | "color3h" | "texCoord3h" => "half3",
        "texCoord2d" => "double2",
        "texCoord2f" => "float2",
        "texCoord2h" => "half2",
        "color4d" => "double4",
        "color4f" => "float4",
        "color4h" => "half4",
        "frame4d" => "matrix4d",
        other => other,
    };
    Some(match base {
        "bool" => p(1, Bool, 1),
        "uchar" => p(2, UChar, 1),
        "int" => p(3, Int, 1),
        "uint" => p(4, UInt, 1),
        "int64" => p(5, Int64, 1),
        "uint64" => p(6, UInt64, 1),
        "half" => p(7, Half, 1),
        "float" => p(8, Float, 1),
        "double" => p(9, Double, 1),
        "matrix2d" => p(13, Double, 4),
        "matrix3d" => p(14, Double, 9),
        "matrix4d" => p(15, Double, 16),
        "quatd" | "quatf" | "quath" => {
            let (t, c) = match base {
                "quatd" => (16, Double),
                "quatf" => (17, Float),
                _ => (18, Half),
            };
            Plain {
                quat: true,
                ..p(t, c, 4)
            }
        }
        "double2" => p(19, Double, 2),
        "float2" => p(20, Float, 2),
        "half2" => p(21, Half, 2),
        "int2" => p(22, Int, 2),
        "double3" => p(23, Double, 3),
        "float3" => p(24, Float, 3),
        "half3" => p(25, Half, 3),
        "int3" => p(26, Int, 3),
        "double4" => p(27, Double, 4),
        "float4" => p(28, Float, 4),
        "half4" => p(29, Half, 4),
        "int4" => p(30, Int, 4),
        _ => return None,
    })
}

/// The numbers of a value, tuples flattened (`((1, 0), (0, 1))` -> 4).
fn atoms<'a>(v: &'a Parsed, out: &mut Vec<&'a str>) -> Result<(), UsdcError> {
    match v {
        Parsed::Atom(a) => out.push(a),
        Parsed::Tuple(items) => {
            for item in items {
                atoms(item, out)?;
            }
        }
        _ => return Err(UsdcError::Value("a number or a tuple of numbers")),
    }
    Ok(())
}

/// One element of `ty` from its text, as the file stores it.
pub fn element_bytes(ty: &Plain, v: &Parsed, out: &mut Vec<u8>) -> Result<(), UsdcError> {
    let mut words = Vec::with_capacity(ty.count);
    atoms(v, &mut words)?;
    if words.len() != ty.count {
        return Err(UsdcError::Value(
            "as many numbers as the type has components",
        ));
    }
    if ty.quat {
        // Text (w, x, y, z); GfQuat stores the imaginary part first.
        words.rotate_left(1);
    }
    for w in words {
        component_bytes(ty.component, w, out)?;
    }
    Ok(())
}

fn component_bytes(c: Component, w: &str, out: &mut Vec<u8>) -> Result<(), UsdcError> {
    let bad = || UsdcError::Value("a number of the attribute's type");
    let float = || w.parse::<f64>().map_err(|_| bad());
    let int = || w.parse::<i128>().map_err(|_| bad());
    match c {
        Component::Bool => out.push(match w {
            "true" | "1" => 1,
            "false" | "0" => 0,
            _ => return Err(bad()),
        }),
        Component::UChar => out.push(u8::try_from(int()?).map_err(|_| bad())?),
        Component::Int => out.extend(i32::try_from(int()?).map_err(|_| bad())?.to_le_bytes()),
        Component::UInt => out.extend(u32::try_from(int()?).map_err(|_| bad())?.to_le_bytes()),
        Component::Int64 => out.extend(i64::try_from(int()?).map_err(|_| bad())?.to_le_bytes()),
        Component::UInt64 => out.extend(u64::try_from(int()?).map_err(|_| bad())?.to_le_bytes()),
        Component::Half => out.extend(half_bits(float()? as f32).to_le_bytes()),
        Component::Float => out.extend((float()? as f32).to_le_bytes()),
        Component::Double => out.extend(float()?.to_le_bytes()),
    }
    Ok(())
}

/// IEEE binary16 bits of `x`, rounded to nearest even (GfHalf's layout).
pub fn half_bits(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    let round = |kept: u32, rest: u32, halfway: u32| {
        if rest > halfway || (rest == halfway && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        }
    };
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        return sign | round(m >> shift, m & ((1 << shift) - 1), 1 << (shift - 1)) as u16;
    }
    let kept = ((e as u32) << 10) | (man >> 13);
    sign | round(kept, man & 0x1fff, 0x1000) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_to_nearest_even() {
        assert_eq!(half_bits(1.0), 0x3c00);
        assert_eq!(half_bits(-2.0), 0xc000);
        assert_eq!(half_bits(65504.0), 0x7bff);
        assert_eq!(half_bits(1e6), 0x7c00);
        assert_eq!(half_bits(0.0), 0);
        assert_eq!(half_bits(2f32.powi(-24)), 1, "the smallest subnormal");
        assert_eq!(
            half_bits(1.0 + 2f32.powi(-11)),
            0x3c00,
            "a tie rounds to even"
        );
        assert_eq!(half_bits(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
    }

    #[test]
    fn quaternions_are_stored_imaginary_first_and_matrices_flattened() {
        let q = plain("quatf").expect("quatf");
        let mut out = Vec::new();
        let text = Parsed::Tuple(
            ["1", "2", "3", "4"]
                .map(|a| Parsed::Atom(a.into()))
                .to_vec(),
        );
        element_bytes(&q, &text, &mut out).expect("quat");
        let floats: Vec<f32> = out
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4")))
            .collect();
        assert_eq!(floats, [2.0, 3.0, 4.0, 1.0]);
        let m = plain("frame4d").expect("matrix");
        assert_eq!((m.type_enum, m.size()), (15, 128));
        assert!(plain("float").expect("float").always_inlined());
        assert!(!plain("double").expect("double").always_inlined());
        assert!(element_bytes(
            &plain("int").expect("int"),
            &Parsed::Atom("1.5".into()),
            &mut out
        )
        .is_err());
    }
}
