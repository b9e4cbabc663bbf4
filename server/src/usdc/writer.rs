//! Lays a layer out as a crate file: the 88-byte bootstrap (`PXR-USDC`,
//! version 0.8.0, the table of contents' offset), the values each field
//! points at, then the six structural sections and the table of contents.
//! Every prim, attribute and relationship becomes a spec with the fields
//! USD's text reader gives it (`specifier`, `typeName`, `primChildren`,
//! `properties`, `custom`, `variability`, `default`, `timeSamples`,
//! `targetPaths`, metadata).

use std::collections::HashMap;

use super::coding::{compressed_ints, fast_compress};
use super::layer::{DictEntry, Layer, ListOp, Meta, Parsed, Prim, Property, PropertyKind, Raw};
use super::values::{self, empty_array_rep, inline_rep, offset_rep, plain, type_enum as te};
use super::UsdcError;

const VERSION: [u8; 3] = [0, 8, 0];
const BOOTSTRAP_BYTES: usize = 88;

/// Sdf's spec types.
const SPEC_ATTRIBUTE: i32 = 1;
const SPEC_PRIM: i32 = 6;
const SPEC_PSEUDO_ROOT: i32 = 7;
const SPEC_RELATIONSHIP: i32 = 8;

/// A node of the path tree: a prim or property name under its parent.
struct PathNode {
    name: String,
    property: bool,
    children: Vec<usize>,
}

/// The crate being built: the file bytes so far (values after the
/// bootstrap) and the tables the structural sections are written from.
struct Crate {
    file: Vec<u8>,
    tokens: Vec<String>,
    token_ids: HashMap<String, u32>,
    strings: Vec<u32>,
    string_ids: HashMap<String, u32>,
    paths: Vec<PathNode>,
    fields: Vec<(u32, u64)>,
    field_ids: HashMap<(u32, u64), u32>,
    field_sets: Vec<u32>,
    field_set_ids: HashMap<Vec<u32>, u32>,
    specs: Vec<(i32, i32, i32)>,
    /// Values already in the file by kind and hash of their bytes: their
    /// offsets and lengths (the bytes themselves are only in `file`).
    written: HashMap<(u64, u64), Vec<(usize, usize)>>,
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

fn too_large(_: std::num::TryFromIntError) -> UsdcError {
    UsdcError::TooLarge("more than 2^31 tokens, paths or fields")
}

impl Crate {
    fn token(&mut self, s: &str) -> Result<u32, UsdcError> {
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

    fn string(&mut self, s: &str) -> Result<u32, UsdcError> {
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
    fn child_path(&mut self, parent: usize, name: &str, property: bool) -> usize {
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
    fn absolute_path(&mut self, text: &str) -> Result<usize, UsdcError> {
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
    fn append(&mut self, bytes: &[u8], align: usize) -> Result<u64, UsdcError> {
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

    /// A value written once however often it is used (the 90 identical
    /// scale arrays of a take share one copy).
    fn shared(&mut self, type_enum: u64, array: bool, bytes: Vec<u8>) -> Result<u64, UsdcError> {
        use std::hash::{Hash as _, Hasher as _};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut hasher);
        let key = (offset_rep(type_enum, 0, array), hasher.finish());
        if let Some(copies) = self.written.get(&key) {
            for &(at, len) in copies {
                if self.file.get(at..at + len) == Some(&bytes[..]) {
                    return Ok(offset_rep(type_enum, at as u64, array));
                }
            }
        }
        let at = self.append(&bytes, if array { 8 } else { 1 })?;
        self.written
            .entry(key)
            .or_default()
            .push((at as usize, bytes.len()));
        Ok(offset_rep(type_enum, at, array))
    }

    /// A value of the USD type `type_name` (`[]` for arrays) from its text.
    fn value(&mut self, type_name: &str, array: bool, v: &Parsed) -> Result<u64, UsdcError> {
        if matches!(v, Parsed::Atom(a) if a == "None") {
            return Ok(inline_rep(te::VALUE_BLOCK, 0));
        }
        if array {
            let Parsed::List(items) = v else {
                return Err(UsdcError::Value("an array ('[...]')"));
            };
            return self.array(type_name, items);
        }
        match (type_name, v) {
            ("string", Parsed::Str(s)) => Ok(inline_rep(te::STRING, self.string(s)?)),
            ("token", Parsed::Str(s)) => Ok(inline_rep(te::TOKEN, self.token(s)?)),
            ("dictionary", Parsed::Dict(entries)) => self.dictionary(entries),
            ("string" | "token" | "dictionary", _) => Err(UsdcError::Value("of the declared type")),
            _ => {
                let ty = plain(type_name)
                    .ok_or_else(|| UsdcError::UnknownType(super::short(type_name)))?;
                let mut bytes = Vec::with_capacity(ty.size());
                values::element_bytes(&ty, v, &mut bytes)?;
                if ty.always_inlined() {
                    let mut word = [0u8; 4];
                    word[..bytes.len()].copy_from_slice(&bytes);
                    Ok(inline_rep(ty.type_enum, u32::from_le_bytes(word)))
                } else {
                    self.shared(ty.type_enum, false, bytes)
                }
            }
        }
    }

    /// An array: its length (u64) then its elements (tokens and strings as
    /// u32 indexes), 8-byte aligned.
    fn array(&mut self, type_name: &str, items: &[Parsed]) -> Result<u64, UsdcError> {
        let (type_enum, size) = match type_name {
            "token" | "string" => (
                if type_name == "token" {
                    te::TOKEN
                } else {
                    te::STRING
                },
                4,
            ),
            _ => {
                let ty = plain(type_name).ok_or_else(|| {
                    UsdcError::UnknownType(super::short(&format!("{type_name}[]")))
                })?;
                (ty.type_enum, ty.size())
            }
        };
        if items.is_empty() {
            return Ok(empty_array_rep(type_enum));
        }
        let mut bytes = Vec::with_capacity(8 + size * items.len());
        bytes.extend((items.len() as u64).to_le_bytes());
        for item in items {
            match (type_name, item) {
                ("token", Parsed::Str(s)) => bytes.extend(self.token(s)?.to_le_bytes()),
                ("string", Parsed::Str(s)) => bytes.extend(self.string(s)?.to_le_bytes()),
                ("token" | "string", _) => return Err(UsdcError::Value("a quoted string")),
                _ => {
                    let ty = plain(type_name)
                        .ok_or_else(|| UsdcError::UnknownType(super::short(type_name)))?;
                    values::element_bytes(&ty, item, &mut bytes)?;
                }
            }
        }
        self.shared(type_enum, true, bytes)
    }

    /// A dictionary: its size, then per entry the key (a string index) and
    /// the value as a nested value (a forward offset over the value's own
    /// data, then its representation).
    fn dictionary(&mut self, entries: &[DictEntry]) -> Result<u64, UsdcError> {
        let at = self.append(&(entries.len() as u64).to_le_bytes(), 1)?;
        for e in entries {
            let key = self.string(&e.key)?;
            self.file.extend(key.to_le_bytes());
            let (name, array) = match e.type_name.strip_suffix("[]") {
                Some(n) => (n, true),
                None => (e.type_name.as_str(), false),
            };
            let jump_at = self.file.len();
            self.file.extend(0i64.to_le_bytes());
            let rep = self.value(name, array, &e.value)?;
            let jump = (self.file.len() - jump_at) as i64;
            self.file[jump_at..jump_at + 8].copy_from_slice(&jump.to_le_bytes());
            self.file.extend(rep.to_le_bytes());
        }
        Ok(offset_rep(te::DICTIONARY, at, false))
    }

    /// A token vector (`primChildren`, `properties`).
    fn token_vector(&mut self, names: &[&str]) -> Result<u64, UsdcError> {
        let mut bytes = (names.len() as u64).to_le_bytes().to_vec();
        for n in names {
            bytes.extend(self.token(n)?.to_le_bytes());
        }
        self.shared(te::TOKEN_VECTOR, false, bytes)
    }

    /// A token list op (`prepend apiSchemas = [...]`): a header byte of
    /// which lists follow, then each list.
    fn token_list_op(&mut self, op: Option<ListOp>, v: &Parsed) -> Result<u64, UsdcError> {
        let Parsed::List(items) = v else {
            return Err(UsdcError::Value("a list of tokens"));
        };
        // Bits: explicit 1, explicit items 2, added 4, deleted 8, ordered
        // 16, prepended 32, appended 64.
        let header: u8 = match op {
            None => 1 | 2,
            Some(ListOp::Add) => 4,
            Some(ListOp::Delete) => 8,
            Some(ListOp::Reorder) => 16,
            Some(ListOp::Prepend) => 32,
            Some(ListOp::Append) => 64,
        };
        let mut bytes = vec![header];
        bytes.extend((items.len() as u64).to_le_bytes());
        for item in items {
            let Parsed::Str(s) = item else {
                return Err(UsdcError::Value("a quoted token"));
            };
            bytes.extend(self.token(s)?.to_le_bytes());
        }
        self.shared(te::TOKEN_LIST_OP, false, bytes)
    }

    /// A relationship's targets: an explicit path list op.
    fn targets(&mut self, v: &Parsed) -> Result<u64, UsdcError> {
        let paths: Vec<&str> = match v {
            Parsed::Path(p) => vec![p.as_str()],
            Parsed::Atom(a) if a == "None" => Vec::new(),
            Parsed::List(items) => items
                .iter()
                .map(|i| match i {
                    Parsed::Path(p) => Ok(p.as_str()),
                    _ => Err(UsdcError::Value("a path ('<...>')")),
                })
                .collect::<Result<_, _>>()?,
            _ => return Err(UsdcError::Value("a path or a list of paths")),
        };
        let mut bytes = vec![if paths.is_empty() { 1 } else { 1 | 2 }];
        if !paths.is_empty() {
            bytes.extend((paths.len() as u64).to_le_bytes());
            for p in paths {
                let id = self.absolute_path(p)?;
                bytes.extend(u32::try_from(id).map_err(too_large)?.to_le_bytes());
            }
        }
        self.shared(te::PATH_LIST_OP, false, bytes)
    }

    /// Time samples: a forward offset over the times (a double vector),
    /// the times' representation, a forward offset over the values, their
    /// count and their representations.
    fn time_samples(
        &mut self,
        type_name: &str,
        array: bool,
        samples: &[(f64, Raw<'_>)],
    ) -> Result<u64, UsdcError> {
        // In time order, the last of equal times kept (as Sdf's sample map).
        let mut sorted: Vec<&(f64, Raw<'_>)> = samples.iter().collect();
        sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut kept: Vec<&(f64, Raw<'_>)> = Vec::with_capacity(sorted.len());
        for s in sorted {
            match kept.last_mut() {
                Some(last) if last.0 == s.0 => *last = s,
                _ => kept.push(s),
            }
        }
        let mut reps = Vec::with_capacity(kept.len());
        for (_, raw) in &kept {
            // One sample read at a time: a long take is never a tree.
            let v = super::usda::parse_value(*raw)?;
            reps.push(self.value(type_name, array, &v)?);
        }
        let mut times = (kept.len() as u64).to_le_bytes().to_vec();
        for (t, _) in &kept {
            times.extend(t.to_le_bytes());
        }
        let at = self.append(&((8 + times.len()) as i64).to_le_bytes(), 1)?;
        let times_at = self.append(&times, 1)?;
        self.file
            .extend(offset_rep(te::DOUBLE_VECTOR, times_at, false).to_le_bytes());
        // The values were written above, so the offset only skips itself.
        self.file.extend(8i64.to_le_bytes());
        self.file.extend((reps.len() as u64).to_le_bytes());
        for r in reps {
            self.file.extend(r.to_le_bytes());
        }
        Ok(offset_rep(te::TIME_SAMPLES, at, false))
    }

    fn field(&mut self, name: &str, rep: u64) -> Result<u32, UsdcError> {
        let key = (self.token(name)?, rep);
        if let Some(&i) = self.field_ids.get(&key) {
            return Ok(i);
        }
        let i = u32::try_from(self.fields.len()).map_err(too_large)?;
        self.fields.push(key);
        self.field_ids.insert(key, i);
        Ok(i)
    }

    fn spec(&mut self, path: usize, spec_type: i32, fields: Vec<u32>) -> Result<(), UsdcError> {
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

    /// A metadata entry as a field, typed by Sdf's schema.
    fn metadata(&mut self, m: &Meta) -> Result<u32, UsdcError> {
        let key = if m.key == "doc" {
            "documentation"
        } else {
            m.key.as_str()
        };
        let rep = match (key, m.list_op) {
            ("apiSchemas", op) => self.token_list_op(op, &m.value)?,
            (_, Some(_)) => {
                return Err(UsdcError::UnknownField(format!(
                    "{} (a list edit)",
                    super::short(&m.key)
                )))
            }
            _ => {
                let ty =
                    field_type(key).ok_or_else(|| UsdcError::UnknownField(super::short(&m.key)))?;
                self.value(ty, false, &m.value)?
            }
        };
        self.field(key, rep)
    }

    fn pseudo_root(&mut self, layer: &Layer) -> Result<(), UsdcError> {
        let mut fields = Vec::new();
        for m in &layer.metadata {
            fields.push(self.metadata(m)?);
        }
        for prim in &layer.prims {
            self.prim(0, prim)?;
        }
        if !layer.prims.is_empty() {
            let names: Vec<&str> = layer.prims.iter().map(|p| p.name.as_str()).collect();
            let rep = self.token_vector(&names)?;
            fields.push(self.field("primChildren", rep)?);
        }
        self.spec(0, SPEC_PSEUDO_ROOT, fields)
    }

    fn prim(&mut self, parent: usize, prim: &Prim) -> Result<(), UsdcError> {
        let path = self.child_path(parent, &prim.name, false);
        let mut fields = vec![self.field(
            "specifier",
            inline_rep(te::SPECIFIER, prim.specifier as u32),
        )?];
        if let Some(t) = &prim.type_name {
            let rep = inline_rep(te::TOKEN, self.token(t)?);
            fields.push(self.field("typeName", rep)?);
        }
        for m in &prim.metadata {
            fields.push(self.metadata(m)?);
        }
        for property in &prim.properties {
            self.property(path, property)?;
        }
        if !prim.properties.is_empty() {
            let names: Vec<&str> = prim.properties.iter().map(|p| p.name.as_str()).collect();
            let rep = self.token_vector(&names)?;
            fields.push(self.field("properties", rep)?);
        }
        for child in &prim.children {
            self.prim(path, child)?;
        }
        if !prim.children.is_empty() {
            let names: Vec<&str> = prim.children.iter().map(|p| p.name.as_str()).collect();
            let rep = self.token_vector(&names)?;
            fields.push(self.field("primChildren", rep)?);
        }
        self.spec(path, SPEC_PRIM, fields)
    }

    fn property(&mut self, prim: usize, p: &Property) -> Result<(), UsdcError> {
        let path = self.child_path(prim, &p.name, true);
        let mut fields = vec![
            self.field("custom", inline_rep(te::BOOL, u32::from(p.custom)))?,
            self.field(
                "variability",
                inline_rep(te::VARIABILITY, u32::from(p.uniform)),
            )?,
        ];
        let spec_type = match &p.kind {
            PropertyKind::Attribute { type_name, array } => {
                let full = if *array {
                    format!("{type_name}[]")
                } else {
                    type_name.clone()
                };
                let rep = inline_rep(te::TOKEN, self.token(&full)?);
                fields.push(self.field("typeName", rep)?);
                if let Some(v) = &p.default {
                    let rep = self.value(type_name, *array, v)?;
                    fields.push(self.field("default", rep)?);
                }
                if let Some(samples) = &p.samples {
                    let rep = self.time_samples(type_name, *array, samples)?;
                    fields.push(self.field("timeSamples", rep)?);
                }
                SPEC_ATTRIBUTE
            }
            PropertyKind::Relationship => {
                if let Some(v) = &p.default {
                    let rep = self.targets(v)?;
                    fields.push(self.field("targetPaths", rep)?);
                }
                SPEC_RELATIONSHIP
            }
        };
        for m in &p.metadata {
            fields.push(self.metadata(m)?);
        }
        self.spec(path, spec_type, fields)
    }

    /// The path tree in depth-first order: path indexes, element tokens
    /// (negative for properties) and jumps (-2 leaf, -1 child only, 0
    /// sibling only, else the distance to the next sibling).
    fn path_arrays(&mut self) -> Result<[Vec<i32>; 3], UsdcError> {
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
    fn finish(mut self) -> Result<Vec<u8>, UsdcError> {
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

/// The value type of a metadata field (Sdf's and UsdGeom's layer, prim and
/// property metadata that USD text may carry).
fn field_type(key: &str) -> Option<&'static str> {
    Some(match key {
        "customLayerData" | "customData" | "assetInfo" => "dictionary",
        "documentation" | "comment" | "displayName" | "displayGroup" => "string",
        "defaultPrim" | "upAxis" | "kind" | "interpolation" | "colorSpace" => "token",
        "startTimeCode" | "endTimeCode" | "timeCodesPerSecond" | "framesPerSecond"
        | "metersPerUnit" | "kilogramsPerUnit" => "double",
        "active" | "hidden" | "instanceable" => "bool",
        "elementSize" => "int",
        _ => return None,
    })
}
