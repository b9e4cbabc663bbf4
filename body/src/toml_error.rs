//! TOML parse errors in words that never quote the file: the line and
//! column of the error and the parser's message with every piece of the
//! file's text left out (a key or value it quotes before "expected"); what
//! it expected (names of the format, not of the file) is kept.

/// What stands in for a piece of the file's text.
const LEFT_OUT: &str = "(text of the file left out)";

/// `line L, column C: message` for a TOML error in `text`, quoting none of
/// `text`.
pub fn describe(error: &toml::de::Error, text: &str) -> String {
    let message = redact(error.message().trim());
    match error.span() {
        Some(span) => {
            let (line, column) = line_and_column(text, span.start);
            match value_key(error.message(), text, span.start) {
                Some(key) => format!("line {line}, column {column} (key `{key}`): {message}"),
                None => format!("line {line}, column {column}: {message}"),
            }
        }
        None => message,
    }
}

/// The key of a value of the wrong type or range: the format's own name
/// (it matched a field, else the error would be an unknown key), written
/// before `=` on the value's line as a bare (dotted) key.
fn value_key<'a>(message: &str, text: &'a str, offset: usize) -> Option<&'a str> {
    let wrong_value = ["invalid type", "invalid value", "invalid length"]
        .iter()
        .any(|m| message.starts_with(m));
    if !wrong_value {
        return None;
    }
    let start = text.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let (key, _) = text.get(start..offset)?.split_once('=')?;
    let key = key.trim();
    let bare = !key.is_empty()
        && key.len() <= 64
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    bare.then_some(key)
}

/// The message with every quoted piece (in backticks or double quotes)
/// before the first `expected` outside quotes left out. A `missing field`
/// message names the format's own key and is kept.
fn redact(message: &str) -> String {
    if message.starts_with("missing field") {
        return message.replace('\n', "; ");
    }
    let mut out = String::with_capacity(message.len());
    let mut quote: Option<char> = None;
    for (i, c) in message.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '`' || c == '"' => {
                quote = Some(c);
                out.push_str(LEFT_OUT);
            }
            None if message[i..].starts_with("expected") => {
                out.push_str(&message[i..]);
                break;
            }
            None => out.push(c),
        }
    }
    out.replace('\n', "; ")
}

/// 1-based line and column (in characters) of byte `offset` of `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = 1 + before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Shape {
        stature: f64,
        #[serde(default)]
        name: String,
    }

    fn error_of(text: &str) -> String {
        let e = toml::from_str::<Shape>(text).expect_err("invalid");
        describe(&e, text)
    }

    #[test]
    fn an_unknown_key_is_located_but_not_quoted() {
        let text = "stature = 1.7\nsecret_token_xyz = 1\n";
        let message = error_of(text);
        assert!(message.starts_with("line 2, column 1: "), "{message}");
        assert!(!message.contains("secret_token_xyz"), "{message}");
        assert!(message.contains("expected"), "{message}");
        assert!(
            message.contains("stature"),
            "the format's keys stay: {message}"
        );
    }

    #[test]
    fn a_wrong_value_is_not_quoted() {
        let message = error_of("stature = \"hunter2\"\n");
        assert!(message.starts_with("line 1, column 11 "), "{message}");
        assert!(!message.contains("hunter2"), "{message}");
    }

    #[test]
    fn a_file_that_is_not_toml_is_not_quoted() {
        let text = "root:x:0:0:root:/root:/bin/bash\n";
        let message = error_of(text);
        assert!(message.starts_with("line 1, column "), "{message}");
        assert!(!message.contains("root"), "{message}");
        assert!(!message.contains("bash"), "{message}");
    }

    #[test]
    fn a_value_of_the_wrong_type_names_its_key_but_not_the_value() {
        let message = error_of("stature = \"hunter2\"\n");
        assert!(message.contains("(key `stature`)"), "{message}");
        assert!(!message.contains("hunter2"), "{message}");
    }

    #[test]
    fn a_missing_key_is_named() {
        let message = error_of("name = \"x\"\n");
        assert!(message.contains("missing field `stature`"), "{message}");
    }
}
