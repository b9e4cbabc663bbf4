//! The layer's specs: the pseudo-root with the layer metadata, a prim spec
//! per prim, an attribute or relationship spec per property, each with the
//! fields USD's text reader gives it (`specifier`, `typeName`,
//! `primChildren`, `properties`, `custom`, `variability`, `default`,
//! `timeSamples`, `targetPaths`, metadata).

use super::layer::{Layer, Meta, Prim, Property, PropertyKind};
use super::values::{inline_rep, type_enum as te};
use super::writer::Crate;
use super::UsdcError;

/// Sdf's spec types.
const SPEC_ATTRIBUTE: i32 = 1;
const SPEC_PRIM: i32 = 6;
const SPEC_PSEUDO_ROOT: i32 = 7;
const SPEC_RELATIONSHIP: i32 = 8;

impl Crate {
    /// A metadata entry as a field, typed by Sdf's schema.
    pub(super) fn metadata(&mut self, m: &Meta) -> Result<u32, UsdcError> {
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

    pub(super) fn pseudo_root(&mut self, layer: &Layer) -> Result<(), UsdcError> {
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

    pub(super) fn prim(&mut self, parent: usize, prim: &Prim) -> Result<(), UsdcError> {
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

    pub(super) fn property(&mut self, prim: usize, p: &Property) -> Result<(), UsdcError> {
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
