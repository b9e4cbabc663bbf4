//! Lays a layer out as a crate file: the 88-byte bootstrap (`PXR-USDC`,
//! version 0.8.0, the table of contents' offset), the values each field
//! points at (`pack`), then the six structural sections and the table of
//! contents (`sections`), from the specs of the layer (`specs`). This file
//! holds the tables they fill: tokens, strings, the path tree, fields,
//! field sets and specs.

use std::collections::HashMap;

use super::layer::Layer;
use super::values;
use super::UsdcError;

/// The bootstrap: identifier, version, table of contents' offset, reserved.
pub(super) const BOOTSTRAP_BYTES: usize = 88;

/// A node of the path tree: a prim or property name under its parent.
pub(super) struct PathNode {
    pub(super) name: String,
    pub(super) property: bool,
    pub(super) children: Vec<usize>,
}

/// The crate being built: the file bytes so far (values after the
/// bootstrap) and the tables the structural sections are written from.
pub(super) struct Crate {
    pub(super) file: Vec<u8>,
    pub(super) tokens: Vec<String>,
    pub(super) token_ids: HashMap<String, u32>,
    pub(super) strings: Vec<u32>,
    pub(super) string_ids: HashMap<String, u32>,
    pub(super) paths: Vec<PathNode>,
    pub(super) fields: Vec<(u32, u64)>,
    pub(super) field_ids: HashMap<(u32, u64), u32>,
    pub(super) field_sets: Vec<u32>,
    pub(super) field_set_ids: HashMap<Vec<u32>, u32>,
    pub(super) specs: Vec<(i32, i32, i32)>,
    /// Values already in the file by kind and hash of their bytes: their
    /// offsets and lengths (the bytes themselves are only in `file`).
    pub(super) written: HashMap<(u64, u64), Vec<(usize, usize)>>,
}

/// The crate file of `layer`.
pub fn write(layer: &Layer) -> Result<Vec<u8>, UsdcError> {
    let mut c = Crate {
        file: vec![0; BOOTSTRAP_BYTES],
        tokens: Vec::new(),
        token_ids: HashMap::new(),
        strings: Vec::new(),
        string_ids: HashMap::new(),
        paths: vec![PathNode {
            name: String::new(),
            property: false,
            children: Vec::new(),
        }],
        fields: Vec::new(),
        field_ids: HashMap::new(),
        field_sets: Vec::new(),
        field_set_ids: HashMap::new(),
        specs: Vec::new(),
        written: HashMap::new(),
    };
    // Token 0 is never a property name: USD's path coding negates property
    // tokens, which cannot mark index 0 (Pixar's writer does the same).
    c.token(";-)")?;
    c.pseudo_root(layer)?;
    c.finish()
}

pub(super) fn too_large(_: std::num::TryFromIntError) -> UsdcError {
    UsdcError::TooLarge("more than 2^31 tokens, paths or fields")
}

impl Crate {
    pub(super) fn token(&mut self, s: &str) -> Result<u32, UsdcError> {
        if let Some(&i) = self.token_ids.get(s) {
            return Ok(i);
        }
        if s.contains('\0') {
            return Err(UsdcError::Value("text without NUL characters"));
        }
        // Below 2^31: path coding negates token indexes.
        let i = i32::try_from(self.tokens.len()).map_err(too_large)? as u32;
        self.tokens.push(s.to_string());
        self.token_ids.insert(s.to_string(), i);
        Ok(i)
    }

    pub(super) fn string(&mut self, s: &str) -> Result<u32, UsdcError> {
        if let Some(&i) = self.string_ids.get(s) {
            return Ok(i);
        }
        let t = self.token(s)?;
        let i = u32::try_from(self.strings.len()).map_err(too_large)?;
        self.strings.push(t);
        self.string_ids.insert(s.to_string(), i);
        Ok(i)
    }

    /// The path index of `name` under the node `parent`.
    pub(super) fn child_path(&mut self, parent: usize, name: &str, property: bool) -> usize {
        let found = self.paths[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.paths[c].name == name && self.paths[c].property == property);
        if let Some(c) = found {
            return c;
        }
        self.paths.push(PathNode {
            name: name.to_string(),
            property,
            children: Vec::new(),
        });
        let id = self.paths.len() - 1;
        self.paths[parent].children.push(id);
        id
    }

    /// The path index of an absolute path text (`/a/b` or `/a/b.prop`).
    pub(super) fn absolute_path(&mut self, text: &str) -> Result<usize, UsdcError> {
        let rest = text
            .strip_prefix('/')
            .ok_or(UsdcError::Value("an absolute path (starting with '/')"))?;
        let (prims, property) = match rest.rsplit_once('.') {
            Some((p, prop)) if !prop.contains('/') => (p, Some(prop)),
            _ => (rest, None),
        };
        let mut node = 0;
        for name in prims.split('/').filter(|n| !n.is_empty()) {
            node = self.child_path(node, name, false);
        }
        if let Some(prop) = property {
            node = self.child_path(node, prop, true);
        }
        Ok(node)
    }

    /// Bytes appended to the file at `align`; returns their offset.
    pub(super) fn append(&mut self, bytes: &[u8], align: usize) -> Result<u64, UsdcError> {
        while !self.file.len().is_multiple_of(align) {
            self.file.push(0);
        }
        let at = self.file.len() as u64;
        if at + bytes.len() as u64 > values::MAX_OFFSET {
            return Err(UsdcError::TooLarge("values past 2^48 bytes"));
        }
        self.file.extend_from_slice(bytes);
        Ok(at)
    }

    pub(super) fn field(&mut self, name: &str, rep: u64) -> Result<u32, UsdcError> {
        let key = (self.token(name)?, rep);
        if let Some(&i) = self.field_ids.get(&key) {
            return Ok(i);
        }
        let i = u32::try_from(self.fields.len()).map_err(too_large)?;
        self.fields.push(key);
        self.field_ids.insert(key, i);
        Ok(i)
    }

    pub(super) fn spec(
        &mut self,
        path: usize,
        spec_type: i32,
        fields: Vec<u32>,
    ) -> Result<(), UsdcError> {
        let set = match self.field_set_ids.get(&fields) {
            Some(&s) => s,
            None => {
                let s = u32::try_from(self.field_sets.len()).map_err(too_large)?;
                self.field_sets.extend(&fields);
                self.field_sets.push(u32::MAX);
                self.field_set_ids.insert(fields, s);
                s
            }
        };
        let path = i32::try_from(path).map_err(too_large)?;
        self.specs.push((path, set as i32, spec_type));
        Ok(())
    }
}
