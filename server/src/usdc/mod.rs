//! USD's binary crate format (`.usdc`), written from the `.usda` text the
//! USD export produces: `usda` reads the text (tokens from `lex`) into a
//! small layer model (`layer`); `writer` holds the crate's tables, `specs`
//! turns the layer into specs and fields, `pack` writes their values
//! (plain value types in `values`), `sections` the structural sections
//! (tokens, strings, fields, field sets, paths, specs) compressed with
//! USD's integer coding and LZ4 (`coding`), as version 0.8.0 (what Pixar's
//! USD writes by default) stores them; values are written uncompressed
//! (readers accept both). The layout follows Pixar's reader
//! (`pxr/usd/sdf/crateFile.cpp`).

mod coding;
mod layer;
mod lex;
mod pack;
mod sections;
mod specs;
mod usda;
mod values;
mod writer;

/// What kept a layer from being written as `.usdc`.
#[derive(Debug, thiserror::Error)]
pub enum UsdcError {
    /// The USD text is not what the reader expects.
    #[error("USD text, line {line}: expected {what}")]
    Syntax { line: usize, what: String },
    /// The text uses USD syntax the crate writer does not carry.
    #[error("USD text, line {line}: {what} are not written to .usdc")]
    Unsupported { line: usize, what: String },
    /// A metadata field the writer has no type for (its name, cut short).
    #[error("metadata field {0:?} is not one the .usdc writer knows the type of")]
    UnknownField(String),
    /// A value that does not fit its declared type.
    #[error("a value is not {0}")]
    Value(&'static str),
    /// A value type the writer does not carry (its name, cut short).
    #[error("attribute type {0:?} is not written to .usdc")]
    UnknownType(String),
    /// More data than the format's offsets and sizes hold.
    #[error("the layer is too large for a .usdc file: {0}")]
    TooLarge(&'static str),
}

/// At most 40 characters of a name from the text, for error messages.
fn short(name: &str) -> String {
    name.chars().take(40).collect()
}

/// The `.usda` text `usda` as the bytes of a `.usdc` file of the same layer.
pub fn from_usda(usda: &str) -> Result<Vec<u8>, UsdcError> {
    let layer = usda::read(usda)?;
    writer::write(&layer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u64_at(b: &[u8], at: usize) -> u64 {
        u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
    }

    #[test]
    fn a_layer_becomes_a_crate_file_with_its_six_sections() {
        let text = "#usda 1.0\n(\n    defaultPrim = \"a\"\n    metersPerUnit = 1\n)\n\ndef Xform \"a\"\n{\n    double3 xformOp:translate.timeSamples = {\n        0: (1, 2, 3),\n        1: (1, 2, 4),\n    }\n    rel r = </a>\n}\n";
        let b = from_usda(text).expect("written");
        assert_eq!(&b[..8], b"PXR-USDC");
        assert_eq!(&b[8..16], &[0, 8, 0, 0, 0, 0, 0, 0]);
        let toc = u64_at(&b, 16) as usize;
        assert_eq!(u64_at(&b, toc), 6);
        let mut names = Vec::new();
        for s in 0..6 {
            let at = toc + 8 + 32 * s;
            let name: Vec<u8> = b[at..at + 16]
                .iter()
                .copied()
                .take_while(|&c| c != 0)
                .collect();
            names.push(String::from_utf8(name).expect("ASCII"));
            let (start, size) = (u64_at(&b, at + 16) as usize, u64_at(&b, at + 24) as usize);
            assert!(
                start >= 88 && start + size <= toc,
                "section {s} inside the file"
            );
        }
        assert_eq!(
            names,
            ["TOKENS", "STRINGS", "FIELDS", "FIELDSETS", "PATHS", "SPECS"]
        );
        // Four specs: the pseudo-root, the prim, the attribute, the
        // relationship; five paths: those and the root.
        let specs_at = u64_at(&b, toc + 8 + 32 * 5 + 16) as usize;
        assert_eq!(u64_at(&b, specs_at), 4);
        let paths_at = u64_at(&b, toc + 8 + 32 * 4 + 16) as usize;
        assert_eq!(u64_at(&b, paths_at), 4);
    }

    #[test]
    fn what_cannot_be_written_is_an_error_naming_it() {
        let field = from_usda("#usda 1.0\n(\n    madeUp = 1\n)\n");
        assert!(matches!(field, Err(UsdcError::UnknownField(k)) if k == "madeUp"));
        let ty = from_usda("#usda 1.0\ndef \"a\" { weird x = 1 }\n");
        assert!(matches!(ty, Err(UsdcError::UnknownType(t)) if t == "weird"));
        let value = from_usda("#usda 1.0\ndef \"a\" { float3 x = (1, 2) }\n");
        assert!(matches!(value, Err(UsdcError::Value(_))));
        let path = from_usda("#usda 1.0\ndef \"a\" { rel r = <b> }\n");
        assert!(matches!(path, Err(UsdcError::Value(_))));
        let long = format!("#usda 1.0\n(\n    {} = 1\n)\n", "k".repeat(5000));
        let message = from_usda(&long).expect_err("unknown").to_string();
        assert!(message.len() < 120, "{message}");
    }
}
