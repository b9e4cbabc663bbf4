//! USD text as tokens, one at a time (nothing held but the text itself, so
//! a long take's time samples cost no memory of their own): words and
//! numbers, quoted strings (escapes resolved), `<paths>` and punctuation,
//! each with its line and byte offset.

use super::UsdcError;

/// One token; words and paths borrow the text.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok<'a> {
    Word(&'a str),
    Str(String),
    Path(&'a str),
    Punct(char),
}

/// A token with where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    pub line: usize,
    pub start: usize,
}

pub fn syntax(line: usize, expected: &str) -> UsdcError {
    UsdcError::Syntax {
        line,
        what: expected.to_string(),
    }
}

/// The tokens of a text from a byte offset on.
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-' | '+')
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str, line: usize) -> Self {
        Lexer { text, pos: 0, line }
    }

    /// The byte offset after the last token read.
    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn line(&self) -> usize {
        self.line
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// The next token, or None at the end of the text.
    pub fn next_token(&mut self) -> Result<Option<Token<'a>>, UsdcError> {
        loop {
            match self.peek_char() {
                None => return Ok(None),
                Some('#') => {
                    while self.peek_char().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some(_) => break,
            }
        }
        let (start, line) = (self.pos, self.line);
        let Some(c) = self.bump() else {
            return Ok(None);
        };
        let tok = match c {
            '"' | '\'' => Tok::Str(self.string(c)?),
            '<' => {
                let from = self.pos;
                loop {
                    match self.bump() {
                        Some('>') => break,
                        Some('\n') | None => return Err(syntax(line, "a path without its '>'")),
                        Some(_) => {}
                    }
                }
                Tok::Path(&self.text[from..self.pos - 1])
            }
            '(' | ')' | '[' | ']' | '{' | '}' | '=' | ',' | ':' | ';' => Tok::Punct(c),
            c if is_word(c) => {
                // A time-sample key (`12:`) ends at its colon; a namespaced
                // name (`xformOp:translate`) does not.
                let numeric = c.is_ascii_digit() || c == '-';
                while let Some(c) = self.peek_char() {
                    if is_word(c) && !(c == ':' && numeric) {
                        self.bump();
                    } else {
                        break;
                    }
                }
                Tok::Word(&self.text[start..self.pos])
            }
            _ => return Err(syntax(line, "a character USD text does not use here")),
        };
        Ok(Some(Token { tok, line, start }))
    }

    /// A quoted string after its first quote (triple quotes too), escapes
    /// resolved.
    fn string(&mut self, quote: char) -> Result<String, UsdcError> {
        let line = self.line;
        let triple = self.text[self.pos..].starts_with(&format!("{quote}{quote}"));
        if triple {
            self.bump();
            self.bump();
        }
        let mut s = String::new();
        loop {
            let Some(c) = self.bump() else {
                return Err(syntax(line, "a string without its closing quote"));
            };
            match c {
                '\\' => {
                    let Some(e) = self.bump() else {
                        return Err(syntax(line, "a string ending in a backslash"));
                    };
                    match e {
                        'n' => s.push('\n'),
                        't' => s.push('\t'),
                        'r' => s.push('\r'),
                        '0' => s.push('\0'),
                        'x' => {
                            let hex: String = (0..2).filter_map(|_| self.bump()).collect();
                            let v = u8::from_str_radix(&hex, 16).map_err(|_| {
                                syntax(self.line, "a \\x escape with two hex digits")
                            })?;
                            s.push(char::from(v));
                        }
                        other => s.push(other),
                    }
                }
                c if c == quote && !triple => return Ok(s),
                c if c == quote
                    && self.text[self.pos..].starts_with(&format!("{quote}{quote}")) =>
                {
                    self.bump();
                    self.bump();
                    return Ok(s);
                }
                '\n' if !triple => return Err(syntax(line, "a line break inside a string")),
                c => s.push(c),
            }
        }
    }
}
