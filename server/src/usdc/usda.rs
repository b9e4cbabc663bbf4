//! Reads USD text (`.usda`) into the layer model: the layer's metadata,
//! prims (`def`/`over`/`class`, a type, metadata in parentheses), attributes
//! (`custom`, `uniform`, a value, `.timeSamples`, metadata), relationships,
//! dictionaries and list-op metadata. Time samples are kept as their text
//! and read one at a time when written (`parse_value`), so a long take is
//! never held as a tree. Composition arcs (references, variants, payloads),
//! connections and splines are refused with an error naming them: the
//! `.usda` export does not write them.

use super::layer::{
    DictEntry, Layer, ListOp, Meta, Parsed, Prim, Property, PropertyKind, Raw, Specifier,
};
use super::lex::{syntax, Lexer, Tok, Token};
use super::UsdcError;

/// Deepest nesting of prims and values accepted (a bound on recursion).
const MAX_DEPTH: usize = 64;

/// Reads a whole `.usda` text into a layer.
pub fn read(text: &str) -> Result<Layer<'_>, UsdcError> {
    if !text.starts_with("#usda 1.0") {
        return Err(syntax(1, "the header '#usda 1.0'"));
    }
    let mut p = Parser::new(text, 1);
    let mut layer = Layer::default();
    if p.eat('(')? {
        layer.metadata = p.metadata_block(0)?;
    }
    while p.peek()?.is_some() {
        layer.prims.push(p.prim(0)?);
    }
    Ok(layer)
}

/// A value kept as text (a time sample) read into a value.
pub fn parse_value(raw: Raw<'_>) -> Result<Parsed, UsdcError> {
    let mut p = Parser::new(raw.text, raw.line);
    let v = p.value(0)?;
    if p.peek()?.is_some() {
        return Err(p.err("the end of the value"));
    }
    Ok(v)
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    peeked: Option<Token<'a>>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, line: usize) -> Self {
        Parser {
            lexer: Lexer::new(text, line),
            peeked: None,
        }
    }

    fn peek(&mut self) -> Result<Option<&Tok<'a>>, UsdcError> {
        if self.peeked.is_none() {
            self.peeked = self.lexer.next_token()?;
        }
        Ok(self.peeked.as_ref().map(|t| &t.tok))
    }

    fn next(&mut self) -> Result<Option<Token<'a>>, UsdcError> {
        match self.peeked.take() {
            Some(t) => Ok(Some(t)),
            None => self.lexer.next_token(),
        }
    }

    fn line(&self) -> usize {
        self.peeked.as_ref().map_or(self.lexer.line(), |t| t.line)
    }

    fn err(&self, expected: &str) -> UsdcError {
        syntax(self.line(), expected)
    }

    fn eat(&mut self, c: char) -> Result<bool, UsdcError> {
        if self.peek()? == Some(&Tok::Punct(c)) {
            self.peeked = None;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn expect(&mut self, c: char) -> Result<(), UsdcError> {
        if self.eat(c)? {
            Ok(())
        } else {
            Err(self.err(&format!("'{c}'")))
        }
    }

    fn word(&mut self) -> Result<&'a str, UsdcError> {
        if let Some(Tok::Word(w)) = self.peek()? {
            let w: &'a str = w;
            self.peeked = None;
            return Ok(w);
        }
        Err(self.err("a name"))
    }

    fn peek_word(&mut self) -> Result<Option<&'a str>, UsdcError> {
        Ok(match self.peek()? {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        })
    }

    /// Metadata entries up to the closing `)` (the `(` already read).
    fn metadata_block(&mut self, depth: usize) -> Result<Vec<Meta>, UsdcError> {
        let mut out = Vec::new();
        loop {
            if self.eat(')')? {
                return Ok(out);
            }
            if self.eat(';')? {
                continue;
            }
            if let Some(Tok::Str(_)) = self.peek()? {
                if let Some(Token {
                    tok: Tok::Str(comment),
                    ..
                }) = self.next()?
                {
                    // A bare string is the comment (Sdf's reading of it).
                    out.push(Meta {
                        list_op: None,
                        key: "comment".into(),
                        value: Parsed::Str(comment),
                    });
                }
                continue;
            }
            let mut key = self.word()?;
            let list_op = match key {
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
                key: key.to_string(),
                value,
            });
        }
    }

    /// A value: number, word, string, path, tuple, list or dictionary.
    fn value(&mut self, depth: usize) -> Result<Parsed, UsdcError> {
        if depth > MAX_DEPTH {
            return Err(self.err("values nested less deeply"));
        }
        let line = self.line();
        match self.next()?.map(|t| t.tok) {
            Some(Tok::Word(w)) => Ok(Parsed::Atom(w.to_string())),
            Some(Tok::Str(s)) => Ok(Parsed::Str(s)),
            Some(Tok::Path(p)) => Ok(Parsed::Path(p.to_string())),
            Some(Tok::Punct('(')) => Ok(Parsed::Tuple(self.items(')', depth)?)),
            Some(Tok::Punct('[')) => Ok(Parsed::List(self.items(']', depth)?)),
            Some(Tok::Punct('{')) => Ok(Parsed::Dict(self.dict(depth)?)),
            _ => Err(syntax(line, "a value")),
        }
    }

    /// A value's text, unread: one token or a bracketed group.
    fn raw_value(&mut self) -> Result<Raw<'a>, UsdcError> {
        let first = self.next()?.ok_or_else(|| self.err("a value"))?;
        let (start, line) = (first.start, first.line);
        let mut depth = match first.tok {
            Tok::Punct('(' | '[' | '{') => 1,
            Tok::Punct(_) => return Err(syntax(line, "a value")),
            _ => 0,
        };
        while depth > 0 {
            let t = self
                .next()?
                .ok_or_else(|| syntax(line, "the end of the value"))?;
            match t.tok {
                Tok::Punct('(' | '[' | '{') => depth += 1,
                Tok::Punct(')' | ']' | '}') => depth -= 1,
                _ => {}
            }
            if depth > MAX_DEPTH {
                return Err(syntax(t.line, "values nested less deeply"));
            }
        }
        Ok(Raw {
            text: &self.lexer.text()[start..self.lexer.pos()],
            line,
        })
    }

    /// Comma-separated values up to `close` (a trailing comma allowed).
    fn items(&mut self, close: char, depth: usize) -> Result<Vec<Parsed>, UsdcError> {
        let mut out = Vec::new();
        loop {
            if self.eat(close)? {
                return Ok(out);
            }
            out.push(self.value(depth + 1)?);
            if !self.eat(',')? {
                self.expect(close)?;
                return Ok(out);
            }
        }
    }

    /// Typed dictionary entries up to `}`.
    fn dict(&mut self, depth: usize) -> Result<Vec<DictEntry>, UsdcError> {
        let mut out = Vec::new();
        loop {
            if self.eat('}')? {
                return Ok(out);
            }
            if self.eat(';')? {
                continue;
            }
            let mut type_name = self.word()?.to_string();
            if self.eat('[')? {
                self.expect(']')?;
                type_name.push_str("[]");
            }
            let key = match self.next()?.map(|t| t.tok) {
                Some(Tok::Word(w)) => w.to_string(),
                Some(Tok::Str(s)) => s,
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

    /// `{ time: value, ... }` (the `{` not yet read), values left as text.
    fn samples(&mut self) -> Result<Vec<(f64, Raw<'a>)>, UsdcError> {
        self.expect('{')?;
        let mut out = Vec::new();
        loop {
            if self.eat('}')? {
                return Ok(out);
            }
            let time: f64 = self
                .word()?
                .parse()
                .map_err(|_| self.err("a time code (a number)"))?;
            self.expect(':')?;
            out.push((time, self.raw_value()?));
            if !self.eat(',')? {
                self.expect('}')?;
                return Ok(out);
            }
        }
    }

    /// A prim and everything in it.
    fn prim(&mut self, depth: usize) -> Result<Prim<'a>, UsdcError> {
        if depth > MAX_DEPTH {
            return Err(self.err("prims nested less deeply"));
        }
        let specifier = match self.peek_word()? {
            Some("def") => Specifier::Def,
            Some("over") => Specifier::Over,
            Some("class") => Specifier::Class,
            _ => return Err(self.err("'def', 'over' or 'class'")),
        };
        self.peeked = None;
        let type_name = match self.peek_word()? {
            Some(_) => Some(self.word()?.to_string()),
            None => None,
        };
        let name = match self.next()?.map(|t| t.tok) {
            Some(Tok::Str(s)) => s,
            _ => return Err(self.err("the prim's quoted name")),
        };
        let metadata = if self.eat('(')? {
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
            if self.eat('}')? {
                return Ok(prim);
            }
            if self.eat(';')? {
                continue;
            }
            match self.peek_word()? {
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
    fn property(
        &mut self,
        properties: &mut Vec<Property<'a>>,
        depth: usize,
    ) -> Result<(), UsdcError> {
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
            let array = self.eat('[')?;
            if array {
                self.expect(']')?;
            }
            PropertyKind::Attribute {
                type_name: word.to_string(),
                array,
            }
        };
        let line = self.line();
        let full = self.word()?;
        let (name, suffix) = match full.rsplit_once('.') {
            Some((n, s @ ("timeSamples" | "connect" | "spline" | "default"))) => (n, Some(s)),
            _ => (full, None),
        };
        let at = match properties.iter().position(|p| p.name == name) {
            Some(i) => i,
            None => {
                properties.push(Property {
                    name: name.to_string(),
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
        if properties[at].kind != kind {
            return Err(syntax(
                line,
                "the same type in every statement of a property",
            ));
        }
        match suffix {
            Some("timeSamples") => {
                self.expect('=')?;
                let samples = self.samples()?;
                properties[at].samples = Some(samples);
            }
            Some(_) => {
                return Err(UsdcError::Unsupported {
                    line,
                    what: "connections and splines".into(),
                })
            }
            None => {
                if self.eat('=')? {
                    let value = self.value(depth + 1)?;
                    properties[at].default = Some(value);
                }
                if self.eat('(')? {
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
    fn time_samples_are_kept_as_text_and_read_one_at_a_time() {
        let text = "#usda 1.0\ndef \"a\" {\n    string[] s.timeSamples = {\n        0: [\"]) }\", \"x\"],\n        1: None,\n    }\n}\n";
        let layer = read(text).expect("reads");
        let samples = layer.prims[0].properties[0]
            .samples
            .as_ref()
            .expect("samples");
        assert_eq!(samples[0].1.text, "[\"]) }\", \"x\"]");
        assert_eq!(samples[0].1.line, 4);
        assert_eq!(
            parse_value(samples[0].1).expect("a list"),
            Parsed::List(vec![Parsed::Str("]) }".into()), Parsed::Str("x".into())])
        );
        assert_eq!(
            parse_value(samples[1].1).expect("None"),
            Parsed::Atom("None".into())
        );
        let broken = Raw {
            text: "[(1, 2]",
            line: 9,
        };
        assert!(matches!(
            parse_value(broken),
            Err(UsdcError::Syntax { line: 9, .. })
        ));
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
