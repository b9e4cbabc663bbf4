//! The structural sections (tokens, strings, fields, field sets, paths,
//! specs), compressed as version 0.4.0 and later store them, the table of
//! contents and the bootstrap.

use super::coding::{compressed_ints, fast_compress};
use super::values;
use super::writer::{too_large, Crate};
use super::UsdcError;

/// The crate version written: what Pixar's USD writes by default.
const VERSION: [u8; 3] = [0, 8, 0];

impl Crate {
    /// The path tree in depth-first order: path indexes, element tokens
    /// (negative for properties) and jumps (-2 leaf, -1 child only, 0
    /// sibling only, else the distance to the next sibling).
    pub(super) fn path_arrays(&mut self) -> Result<[Vec<i32>; 3], UsdcError> {
        i32::try_from(self.paths.len()).map_err(too_large)?;
        let mut out = [Vec::new(), Vec::new(), Vec::new()];
        let mut stack = vec![(0usize, false)];
        let mut pending: Vec<(usize, usize)> = Vec::new();
        while let Some((node, has_sibling)) = stack.pop() {
            let at = out[0].len();
            while pending.last().is_some_and(|p| p.1 == node) {
                if let Some((from, _)) = pending.pop() {
                    out[2][from] = (at - from) as i32;
                }
            }
            let (name, property) = (self.paths[node].name.clone(), self.paths[node].property);
            let token = if node == 0 {
                0
            } else {
                self.token(&name)? as i32
            };
            out[0].push(node as i32);
            out[1].push(if property { -token } else { token });
            let children = self.paths[node].children.clone();
            out[2].push(match (children.is_empty(), has_sibling) {
                (true, false) => -2,
                (true, true) => 0,
                (false, false) => -1,
                (false, true) => 1,
            });
            if has_sibling && !children.is_empty() {
                // The jump is known when the next sibling is reached.
                let sibling = stack.last().map_or(0, |s| s.0);
                pending.push((at, sibling));
            }
            for (i, &c) in children.iter().enumerate().rev() {
                stack.push((c, i + 1 < children.len()));
            }
        }
        Ok(out)
    }

    /// The structural sections, the table of contents and the bootstrap.
    pub(super) fn finish(mut self) -> Result<Vec<u8>, UsdcError> {
        let paths = self.path_arrays()?;
        let mut sections: Vec<(&str, u64, u64)> = Vec::new();
        let mut section = |file: &mut Vec<u8>, name: &'static str, bytes: Vec<u8>| {
            sections.push((name, file.len() as u64, bytes.len() as u64));
            file.extend(bytes);
        };
        let mut tokens = (self.tokens.len() as u64).to_le_bytes().to_vec();
        let chars: Vec<u8> = self
            .tokens
            .iter()
            .flat_map(|t| t.bytes().chain([0]))
            .collect();
        let packed = fast_compress(&chars)?;
        tokens.extend((chars.len() as u64).to_le_bytes());
        tokens.extend((packed.len() as u64).to_le_bytes());
        tokens.extend(packed);
        section(&mut self.file, "TOKENS", tokens);
        let mut strings = (self.strings.len() as u64).to_le_bytes().to_vec();
        strings.extend(self.strings.iter().flat_map(|s| s.to_le_bytes()));
        section(&mut self.file, "STRINGS", strings);
        let mut fields = (self.fields.len() as u64).to_le_bytes().to_vec();
        fields.extend(compressed_ints(
            &self.fields.iter().map(|f| f.0 as i32).collect::<Vec<_>>(),
        )?);
        let reps: Vec<u8> = self.fields.iter().flat_map(|f| f.1.to_le_bytes()).collect();
        let reps = fast_compress(&reps)?;
        fields.extend((reps.len() as u64).to_le_bytes());
        fields.extend(reps);
        section(&mut self.file, "FIELDS", fields);
        let mut sets = (self.field_sets.len() as u64).to_le_bytes().to_vec();
        sets.extend(compressed_ints(
            &self
                .field_sets
                .iter()
                .map(|&f| f as i32)
                .collect::<Vec<_>>(),
        )?);
        section(&mut self.file, "FIELDSETS", sets);
        let mut path_bytes = (self.paths.len() as u64).to_le_bytes().to_vec();
        path_bytes.extend((paths[0].len() as u64).to_le_bytes());
        for list in &paths {
            path_bytes.extend(compressed_ints(list)?);
        }
        section(&mut self.file, "PATHS", path_bytes);
        let mut specs = (self.specs.len() as u64).to_le_bytes().to_vec();
        specs.extend(compressed_ints(
            &self.specs.iter().map(|s| s.0).collect::<Vec<_>>(),
        )?);
        specs.extend(compressed_ints(
            &self.specs.iter().map(|s| s.1).collect::<Vec<_>>(),
        )?);
        specs.extend(compressed_ints(
            &self.specs.iter().map(|s| s.2).collect::<Vec<_>>(),
        )?);
        section(&mut self.file, "SPECS", specs);
        let toc_at = self.file.len() as u64;
        self.file.extend((sections.len() as u64).to_le_bytes());
        for (name, start, size) in sections {
            let mut n = [0u8; 16];
            n[..name.len()].copy_from_slice(name.as_bytes());
            self.file.extend(n);
            self.file.extend(start.to_le_bytes());
            self.file.extend(size.to_le_bytes());
        }
        if self.file.len() as u64 > values::MAX_OFFSET {
            return Err(UsdcError::TooLarge("a file past 2^48 bytes"));
        }
        self.file[..8].copy_from_slice(b"PXR-USDC");
        self.file[8..11].copy_from_slice(&VERSION);
        self.file[16..24].copy_from_slice(&toc_at.to_le_bytes());
        Ok(self.file)
    }
}
