//! Reads USD text (`.usda`) into the layer model: the layer's metadata,
//! prims (`def`/`over`/`class`, a type, metadata in parentheses), attributes
//! (`custom`, `uniform`, a value, `.timeSamples`, metadata), relationships,
//! dictionaries and list-op metadata. Composition arcs (references,
//! variants, payloads) and connections are refused with an error naming
//! them: the `.usda` export does not write them.

use super::layer::{
    DictEntry, Layer, ListOp, Meta, Parsed, Prim, Property, PropertyKind, Specifier,
};
use super::UsdcError;

/// Deepest nesting of prims and values accepted (a bound on recursion).
const MAX_DEPTH: usize = 64;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word(String),
    Str(String),
    Path(String),
    Punct(char),
}

/// Splits the text into tokens with their line numbers.
fn lex(text: &str) -> Result<Vec<(Tok, usize)>, UsdcError> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut line = 1;
    while let Some(&(_, c)) = chars.peek() {
        match c {
            '\n' => {
                line += 1;
                chars.next();
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            '#' => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
            }
            '"' | '\'' => {
                let (s, lines) = string(&mut chars, line)?;
                out.push((Tok::Str(s), line));
                line += lines;
            }
            '<' => {
                chars.next();
                let mut p = String::new();
                loop {
                    match chars.next() {
                        Some((_, '>')) => break,
                        Some((_, '\n')) | None => {
                            return Err(syntax(line, "a path without its '>'"))
                        }
                        Some((_, c)) => p.push(c),
                    }
                }
                out.push((Tok::Path(p), line));
            }
            '(' | ')' | '[' | ']' | '{' | '}' | '=' | ',' | ':' | ';' => {
                chars.next();
                out.push((Tok::Punct(c), line));
            }
            c if is_word(c) => {
                let mut w = String::new();
                while let Some(&(_, c)) = chars.peek() {
                    // A time-sample key (`12:`) ends at its colon; a
                    // namespaced name (`xformOp:translate`) does not.
                    let numeric = w.starts_with(|c: char| c.is_ascii_digit() || c == '-');
                    if is_word(c) && !(c == ':' && numeric) {
                        w.push(c);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push((Tok::Word(w), line));
            }
            _ => return Err(syntax(line, "a character USD text does not use here")),
        }
    }
    Ok(out)
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-' | '+')
}

/// A quoted string (single or triple quotes), escapes resolved; returns it
/// and the line breaks it spans.
fn string(
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    line: usize,
) -> Result<(String, usize), UsdcError> {
    let Some((_, quote)) = chars.next() else {
        return Err(syntax(line, "a string"));
    };
    let mut triple = false;
    let mut lookahead = chars.clone();
    if lookahead.next().is_some_and(|(_, c)| c == quote)
        && lookahead.next().is_some_and(|(_, c)| c == quote)
    {
        chars.next();
        chars.next();
        triple = true;
    }
    let mut s = String::new();
    let mut lines = 0;
    loop {
        let Some((_, c)) = chars.next() else {
            return Err(syntax(line, "a string without its closing quote"));
        };
        match c {
            '\\' => {
                let Some((_, e)) = chars.next() else {
                    return Err(syntax(line, "a string ending in a backslash"));
                };
                match e {
                    'n' => s.push('\n'),
                    't' => s.push('\t'),
                    'r' => s.push('\r'),
                    '0' => s.push('\0'),
                    'x' => {
                        let hex: String = (0..2)
                            .filter_map(|_| chars.next().map(|(_, c)| c))
                            .collect();
                        let v = u8::from_str_radix(&hex, 16).map_err(|_| {
                            syntax(line + lines, "a \\x escape without two hex digits")
                        })?;
                        s.push(char::from(v));
                    }
                    other => s.push(other),
                }
            }
            c if c == quote && !triple => return Ok((s, lines)),
            c if c == quote => {
                let mut ahead = chars.clone();
                if ahead.next().is_some_and(|(_, c)| c == quote)
                    && ahead.next().is_some_and(|(_, c)| c == quote)
                {
                    chars.next();
                    chars.next();
                    return Ok((s, lines));
                }
                s.push(c);
            }
            '\n' if !triple => return Err(syntax(line, "a line break inside a string")),
            c => {
                if c == '\n' {
                    lines += 1;
                }
                s.push(c);
            }
        }
    }
}

fn syntax(line: usize, expected: &str) -> UsdcError {
    UsdcError::Syntax {
        line,
        what: expected.to_string(),
    }
}

/// Reads a whole `.usda` text into a layer.
pub fn read(text: &str) -> Result<Layer, UsdcError> {
    let first = text.lines().next().unwrap_or_default();
    if !first.starts_with("#usda 1.0") {
        return Err(syntax(1, "the header '#usda 1.0'"));
    }
    let mut p = Parser {
        toks: lex(text)?,
        at: 0,
    };
    let mut layer = Layer::default();
    if p.eat('(') {
        layer.metadata = p.metadata_block(0)?;
    }
    while !p.done() {
        layer.prims.push(p.prim(0)?);
    }
    Ok(layer)
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    at: usize,
}

impl Parser {
    fn done(&self) -> bool {
        self.at >= self.toks.len()
    }

    fn line(&self) -> usize {
        self.toks
            .get(self.at)
            .or(self.toks.last())
            .map_or(1, |t| t.1)
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|t| &t.0)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.at).map(|t| t.0.clone());
        self.at += 1;
        t
    }

    fn err(&self, expected: &str) -> UsdcError {
        syntax(self.line(), expected)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<(), UsdcError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.err(&format!("'{c}'")))
        }
    }

    fn word(&mut self) -> Result<String, UsdcError> {
        match self.next() {
            Some(Tok::Word(w)) => Ok(w),
            _ => {
                self.at -= 1;
                Err(self.err("a name"))
            }
        }
    }

    fn peek_word(&self) -> Option<&str> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        }
    }

    /// Metadata entries up to the closing `)` (the `(` already read).
    fn metadata_block(&mut self, depth: usize) -> Result<Vec<Meta>, UsdcError> {
        let mut out = Vec::new();
        loop {
            if self.eat(')') {
                return Ok(out);
            }
            if self.eat(';') {
                continue;
            }
            if let Some(Tok::Str(doc)) = self.peek().cloned() {
                self.at += 1;
                // A bare string is the comment (Sdf's reading of it).
                out.push(Meta {
                    list_op: None,
                    key: "comment".into(),
                    value: Parsed::Str(doc),
                });
                continue;
            }
            let mut key = self.word()?;
            let list_op = match key.as_str() {
                "prepend" => Some(ListOp::Prepend),
                "append" => Some(ListOp::Append),
                "add" => Some(ListOp::Add),
                "delete" => Some(ListOp::Delete),
                "reorder" => Some(ListOp::Reorder),
                _ => None,
            };
            if list_op.is_some() {
                key = self.word()?;
            }
            self.expect('=')?;
            let value = self.value(depth + 1)?;
            out.push(Meta {
                list_op,
                key,
                value,
            });
        }
    }

    /// A value: number, word, string, path, tuple, list or dictionary.
    fn value(&mut self, depth: usize) -> Result<Parsed, UsdcError> {
        if depth > MAX_DEPTH {
            return Err(self.err("values nested less deeply"));
        }
        match self.next() {
            Some(Tok::Word(w)) => Ok(Parsed::Atom(w)),
            Some(Tok::Str(s)) => Ok(Parsed::Str(s)),
            Some(Tok::Path(p)) => Ok(Parsed::Path(p)),
            Some(Tok::Punct('(')) => Ok(Parsed::Tuple(self.items(')', depth)?)),
            Some(Tok::Punct('[')) => Ok(Parsed::List(self.items(']', depth)?)),
            Some(Tok::Punct('{')) => Ok(Parsed::Dict(self.dict(depth)?)),
            _ => {
                self.at -= 1;
                Err(self.err("a value"))
            }
        }
    }

    /// Comma-separated values up to `close` (a trailing comma allowed).
    fn items(&mut self, close: char, depth: usize) -> Result<Vec<Parsed>, UsdcError> {
        let mut out = Vec::new();
        loop {
            if self.eat(close) {
                return Ok(out);
            }
            out.push(self.value(depth + 1)?);
            if !self.eat(',') {
                self.expect(close)?;
                return Ok(out);
            }
        }
    }

    /// Typed dictionary entries up to `}`.
    fn dict(&mut self, depth: usize) -> Result<Vec<DictEntry>, UsdcError> {
        let mut out = Vec::new();
        loop {
            if self.eat('}') {
                return Ok(out);
            }
            if self.eat(';') {
                continue;
            }
            let mut type_name = self.word()?;
            if self.eat('[') {
                self.expect(']')?;
                type_name.push_str("[]");
            }
            let key = match self.next() {
                Some(Tok::Word(w)) | Some(Tok::Str(w)) => w,
                _ => return Err(self.err("a dictionary key")),
            };
            self.expect('=')?;
            let value = self.value(depth + 1)?;
            out.push(DictEntry {
                type_name,
                key,
                value,
            });
        }
    }

    /// `{ time: value, ... }` (the `{` not yet read).
    fn samples(&mut self, depth: usize) -> Result<Vec<(f64, Parsed)>, UsdcError> {
        self.expect('{')?;
        let mut out = Vec::new();
        loop {
            if self.eat('}') {
                return Ok(out);
            }
            let time: f64 = self
                .word()?
                .parse()
                .map_err(|_| self.err("a time code (a number)"))?;
            self.expect(':')?;
            let value = self.value(depth + 1)?;
            out.push((time, value));
            if !self.eat(',') {
                self.expect('}')?;
                return Ok(out);
            }
        }
    }

    /// A prim and everything in it.
    fn prim(&mut self, depth: usize) -> Result<Prim, UsdcError> {
        if depth > MAX_DEPTH {
            return Err(self.err("prims nested less deeply"));
        }
        let specifier = match self.word()?.as_str() {
            "def" => Specifier::Def,
            "over" => Specifier::Over,
            "class" => Specifier::Class,
            _ => {
                self.at -= 1;
                return Err(self.err("'def', 'over' or 'class'"));
            }
        };
        let type_name = match self.peek() {
            Some(Tok::Word(_)) => Some(self.word()?),
            _ => None,
        };
        let name = match self.next() {
            Some(Tok::Str(s)) => s,
            _ => return Err(self.err("the prim's quoted name")),
        };
        let metadata = if self.eat('(') {
            self.metadata_block(depth)?
        } else {
            Vec::new()
        };
        self.expect('{')?;
        let mut prim = Prim {
            specifier,
            type_name,
            name,
            metadata,
            properties: Vec::new(),
            children: Vec::new(),
        };
        loop {
            if self.eat('}') {
                return Ok(prim);
            }
            if self.eat(';') {
                continue;
            }
            match self.peek_word() {
                Some("def" | "over" | "class") => prim.children.push(self.prim(depth + 1)?),
                Some("variantSet" | "references" | "payload" | "inherits" | "specializes") => {
                    return Err(UsdcError::Unsupported {
                        line: self.line(),
                        what: "composition arcs and variant sets".into(),
                    })
                }
                Some(_) => self.property(&mut prim.properties, depth)?,
                None => return Err(self.err("a property, a prim or '}'")),
            }
        }
    }

    /// One property statement, merged into `properties` by name (a
    /// `.timeSamples` statement joins the attribute's declaration).
    fn property(&mut self, properties: &mut Vec<Property>, depth: usize) -> Result<(), UsdcError> {
        let mut custom = false;
        let mut variability = None;
        let mut word = self.word()?;
        if word == "custom" {
            custom = true;
            word = self.word()?;
        }
        if word == "uniform" || word == "varying" || word == "config" {
            variability = Some(word != "varying");
            word = self.word()?;
        }
        // Relationships are uniform unless said otherwise (as Sdf reads
        // them), attributes varying.
        let uniform = variability.unwrap_or(word == "rel");
        let kind = if word == "rel" {
            PropertyKind::Relationship
        } else {
            let array = self.eat('[');
            if array {
                self.expect(']')?;
            }
            PropertyKind::Attribute {
                type_name: word,
                array,
            }
        };
        let full = self.word()?;
        let (name, suffix) = match full.rsplit_once('.') {
            Some((n, s @ ("timeSamples" | "connect" | "spline" | "default"))) => {
                (n.to_string(), Some(s))
            }
            _ => (full, None),
        };
        let at = match properties.iter().position(|p| p.name == name) {
            Some(i) => i,
            None => {
                properties.push(Property {
                    name,
                    kind: kind.clone(),
                    custom,
                    uniform,
                    default: None,
                    samples: None,
                    metadata: Vec::new(),
                });
                properties.len() - 1
            }
        };
        let line = self.line();
        let property = &mut properties[at];
        if property.kind != kind {
            return Err(syntax(
                line,
                "the same type in every statement of a property",
            ));
        }
        match suffix {
            Some("timeSamples") => {
                self.expect('=')?;
                let samples = self.samples(depth)?;
                properties[at].samples = Some(samples);
            }
            Some(_) => {
                return Err(UsdcError::Unsupported {
                    line,
                    what: "connections and splines".into(),
                })
            }
            None => {
                if self.eat('=') {
                    let value = self.value(depth + 1)?;
                    properties[at].default = Some(value);
                }
                if self.eat('(') {
                    let meta = self.metadata_block(depth)?;
                    properties[at].metadata.extend(meta);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_metadata_prims_properties_samples_and_dictionaries() {
        let text = "#usda 1.0\n(\n    customLayerData = {\n        string timecode = \"01:00:00:00\"\n        dictionary more = { double x = 2 }\n    }\n    metersPerUnit = 1\n)\n\ndef Xform \"a\" (\n    prepend apiSchemas = [\"SkelBindingAPI\"]\n)\n{\n    uniform token[] joints = [\"p\", \"p/q\"]\n    rel skel:animationSource = </a/b>\n    float3[] t.timeSamples = {\n        0: [(1, 2, 3)],\n        1.5: [(4, 5, -6e-1)],\n    }\n    def \"b\" { }\n}\n";
        let layer = read(text).expect("reads");
        assert_eq!(layer.metadata.len(), 2);
        assert_eq!(layer.metadata[0].key, "customLayerData");
        let Parsed::Dict(d) = &layer.metadata[0].value else {
            panic!()
        };
        assert_eq!(d[0].value, Parsed::Str("01:00:00:00".into()));
        assert_eq!(d[1].type_name, "dictionary");
        let prim = &layer.prims[0];
        assert_eq!(prim.type_name.as_deref(), Some("Xform"));
        assert_eq!(prim.metadata[0].list_op, Some(ListOp::Prepend));
        assert_eq!(prim.properties.len(), 3);
        assert!(prim.properties[0].uniform);
        assert_eq!(prim.properties[1].kind, PropertyKind::Relationship);
        assert_eq!(
            prim.properties[1].default,
            Some(Parsed::Path("/a/b".into()))
        );
        let samples = prim.properties[2].samples.as_ref().expect("samples");
        assert_eq!(samples[1].0, 1.5);
        assert_eq!(prim.children[0].name, "b");
        assert_eq!(prim.children[0].type_name, None);
    }

    #[test]
    fn bad_text_is_an_error_with_its_line() {
        assert!(matches!(
            read("#usda 1.0\ndef Xform \"a\" {\n  float x = (1, 2 }\n"),
            Err(UsdcError::Syntax { line: 3, .. })
        ));
        assert!(read("not usd").is_err());
        assert!(matches!(
            read("#usda 1.0\ndef \"a\" { references = </x> }"),
            Err(UsdcError::Unsupported { .. })
        ));
        let deep = format!("#usda 1.0\ndef \"a\" {{ float x = {} }}", "(".repeat(500));
        assert!(read(&deep).is_err());
    }
}
