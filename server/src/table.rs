//! Plain-text tables that are also Markdown tables (pipes, a `---` rule
//! under the header, columns padded to line up), so a report can be pasted
//! into docs/RESULTS.md as is.

/// A table: a header row and data rows of already formatted cells.
#[derive(Debug, Clone, Default)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column titles. The first column is left aligned
    /// (row names); any other column is right aligned when all its cells
    /// look like numbers, left aligned otherwise (words).
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Table {
        Table {
            header: header.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row; missing cells are left empty, extra cells dropped.
    pub fn push(&mut self, row: Vec<String>) {
        let mut row = row;
        row.resize(self.header.len(), String::new());
        self.rows.push(row);
    }

    /// The Markdown text, one line per row, ending with a newline.
    pub fn render(&self) -> String {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|c| {
                std::iter::once(&self.header[c])
                    .chain(self.rows.iter().map(|r| &r[c]))
                    .map(|s| s.chars().count())
                    .max()
                    .unwrap_or(0)
                    .max(3)
            })
            .collect();
        let right: Vec<bool> = (0..self.header.len())
            .map(|c| c > 0 && self.rows.iter().all(|r| looks_numeric(&r[c])))
            .collect();
        let line = |cells: &[String]| -> String {
            let mut out = String::from("|");
            for (c, (cell, w)) in cells.iter().zip(&widths).enumerate() {
                let pad = w.saturating_sub(cell.chars().count());
                out.push(' ');
                if !right[c] {
                    out.push_str(cell);
                    out.push_str(&" ".repeat(pad));
                } else {
                    out.push_str(&" ".repeat(pad));
                    out.push_str(cell);
                }
                out.push_str(" |");
            }
            out.push('\n');
            out
        };
        let mut out = line(&self.header);
        out.push('|');
        for (c, w) in widths.iter().enumerate() {
            let dashes = "-".repeat(*w);
            if right[c] {
                out.push_str(&format!(" {}: |", &dashes[1..]));
            } else {
                out.push_str(&format!(" {dashes} |"));
            }
        }
        out.push('\n');
        for row in &self.rows {
            out.push_str(&line(row));
        }
        out
    }
}

/// Whether a cell reads as a number (`4.25`, `-`, `3/3`, `2.8 (1.1)`) or is
/// empty.
fn looks_numeric(cell: &str) -> bool {
    cell.chars()
        .next()
        .is_none_or(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.'))
}

/// A number with `decimals` decimals; `-` when it is not finite (a metric
/// that is undefined for this clip, such as the lag of motionless wrists).
pub fn num(value: f64, decimals: usize) -> String {
    if value.is_finite() {
        format!("{value:.decimals$}")
    } else {
        "-".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_an_aligned_markdown_table() {
        let mut t = Table::new(["setting", "MPJPE"]);
        t.push(vec!["3 clean".into(), num(4.25, 2)]);
        t.push(vec!["6 noisy".into(), num(f64::NAN, 2)]);
        let text = t.render();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "| setting | MPJPE |");
        assert_eq!(lines[1], "| ------- | ----: |");
        assert_eq!(lines[2], "| 3 clean |  4.25 |");
        assert_eq!(lines[3], "| 6 noisy |     - |");
    }

    #[test]
    fn word_columns_are_left_aligned() {
        let mut t = Table::new(["clip", "causal", "n"]);
        t.push(vec!["a".into(), "pass".into(), "12".into()]);
        t.push(vec!["b".into(), "FAIL".into(), "3".into()]);
        let text = t.render();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "| ---- | ------ | --: |");
        assert_eq!(lines[3], "| b    | FAIL   |   3 |");
    }

    #[test]
    fn short_rows_are_padded() {
        let mut t = Table::new(["a", "b", "c"]);
        t.push(vec!["x".into()]);
        assert_eq!(t.render().lines().nth(2), Some("| x   |     |     |"));
    }
}
