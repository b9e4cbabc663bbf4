//! The layer model between the `.usda` reader and the crate writer: prims,
//! their properties and metadata, values as written in the text (typed only
//! when the writer knows the field or attribute type).

/// A value as the text spells it; numbers stay text so each is converted
/// once, to the type its attribute or field declares.
#[derive(Debug, Clone, PartialEq)]
pub enum Parsed {
    /// A number or a bare word (`1.5`, `-3`, `true`, `None`).
    Atom(String),
    /// A quoted string.
    Str(String),
    /// A path: `</a/b>`.
    Path(String),
    /// `( ... )`: vectors, quaternions, matrix rows.
    Tuple(Vec<Parsed>),
    /// `[ ... ]`: arrays.
    List(Vec<Parsed>),
    /// `{ type key = value ... }`: a dictionary.
    Dict(Vec<DictEntry>),
}

/// One typed dictionary entry (`string timecode = "01:00:00:00"`).
#[derive(Debug, Clone, PartialEq)]
pub struct DictEntry {
    /// The declared type (`string`, `double`, `int[]`, `dictionary`...).
    pub type_name: String,
    pub key: String,
    pub value: Parsed,
}

/// A metadata entry: `key = value`, with its list operation if any
/// (`prepend apiSchemas = [...]`).
#[derive(Debug, Clone, PartialEq)]
pub struct Meta {
    pub list_op: Option<ListOp>,
    pub key: String,
    pub value: Parsed,
}

/// The list-editing operations of list-op metadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListOp {
    Prepend,
    Append,
    Add,
    Delete,
    Reorder,
}

/// `def`, `over` or `class`: Sdf's specifier numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Specifier {
    Def = 0,
    Over = 1,
    Class = 2,
}

/// A value left as its text until it is written (a time sample), with
/// the line it starts on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Raw<'a> {
    pub text: &'a str,
    pub line: usize,
}

/// A whole layer: its metadata and root prims.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Layer<'a> {
    pub metadata: Vec<Meta>,
    pub prims: Vec<Prim<'a>>,
}

/// A prim with its properties and children, in the text's order.
#[derive(Debug, Clone, PartialEq)]
pub struct Prim<'a> {
    pub specifier: Specifier,
    pub type_name: Option<String>,
    pub name: String,
    pub metadata: Vec<Meta>,
    pub properties: Vec<Property<'a>>,
    pub children: Vec<Prim<'a>>,
}

/// An attribute (with its value type) or a relationship.
#[derive(Debug, Clone, PartialEq)]
pub enum PropertyKind {
    /// `float3[]` is `type_name` "float3" with `array`.
    Attribute {
        type_name: String,
        array: bool,
    },
    Relationship,
}

/// A property: its default value, time samples and metadata.
#[derive(Debug, Clone, PartialEq)]
pub struct Property<'a> {
    pub name: String,
    pub kind: PropertyKind,
    pub custom: bool,
    pub uniform: bool,
    /// The value after `=` (a relationship's targets: a path or a list).
    pub default: Option<Parsed>,
    /// `name.timeSamples = { time: value, ... }`, values as text.
    pub samples: Option<Vec<(f64, Raw<'a>)>>,
    pub metadata: Vec<Meta>,
}
