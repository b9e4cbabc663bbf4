//! Values into the crate file: plain values inline or at an offset,
//! arrays (8-byte aligned, a u64 length first), dictionaries, token
//! vectors, list ops, relationship targets and time samples, each value
//! written once however often it is used.

use super::layer::{DictEntry, ListOp, Parsed, Raw};
use super::values::{self, empty_array_rep, inline_rep, offset_rep, plain, type_enum as te};
use super::writer::{too_large, Crate};
use super::UsdcError;

impl Crate {
    /// A value written once however often it is used (the 90 identical
    /// scale arrays of a take share one copy).
    pub(super) fn shared(
        &mut self,
        type_enum: u64,
        array: bool,
        bytes: Vec<u8>,
    ) -> Result<u64, UsdcError> {
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
    pub(super) fn value(
        &mut self,
        type_name: &str,
        array: bool,
        v: &Parsed,
    ) -> Result<u64, UsdcError> {
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
    pub(super) fn array(&mut self, type_name: &str, items: &[Parsed]) -> Result<u64, UsdcError> {
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
    pub(super) fn dictionary(&mut self, entries: &[DictEntry]) -> Result<u64, UsdcError> {
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
    pub(super) fn token_vector(&mut self, names: &[&str]) -> Result<u64, UsdcError> {
        let mut bytes = (names.len() as u64).to_le_bytes().to_vec();
        for n in names {
            bytes.extend(self.token(n)?.to_le_bytes());
        }
        self.shared(te::TOKEN_VECTOR, false, bytes)
    }

    /// A token list op (`prepend apiSchemas = [...]`): a header byte of
    /// which lists follow, then each list.
    pub(super) fn token_list_op(
        &mut self,
        op: Option<ListOp>,
        v: &Parsed,
    ) -> Result<u64, UsdcError> {
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
    pub(super) fn targets(&mut self, v: &Parsed) -> Result<u64, UsdcError> {
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
    pub(super) fn time_samples(
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
}
