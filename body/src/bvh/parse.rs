//! Parsing BVH text. The hierarchy is read token by token, the motion line
//! by line (one frame per line). Never panics; every error names the file
//! and the line.

use std::collections::HashSet;

use glam::DVec3;

use super::{Bvh, BvhError, BvhJoint, Channel};

/// A whitespace-separated word and its 1-based line.
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    line: usize,
}

/// What an open `{ ... }` block belongs to.
enum Block {
    /// A `ROOT`/`JOINT`: its index and whether it has had an `OFFSET`,
    /// `CHANNELS` and children yet.
    Joint {
        index: usize,
        opened: usize,
        has_offset: bool,
        has_channels: bool,
        has_children: bool,
    },
    /// An `End Site` of a joint.
    EndSite {
        joint: usize,
        opened: usize,
        has_offset: bool,
    },
}

/// Reading state: the file name for errors.
struct Parser<'a> {
    path: &'a str,
}

impl Parser<'_> {
    fn err(&self, line: usize, reason: impl Into<String>) -> BvhError {
        BvhError::Syntax {
            path: self.path.to_string(),
            line,
            reason: reason.into(),
        }
    }

    fn number(&self, tok: Token<'_>, what: &str) -> Result<f64, BvhError> {
        let v: f64 = tok
            .text
            .parse()
            .map_err(|_| self.err(tok.line, format!("{what}: not a number")))?;
        if !v.is_finite() {
            return Err(self.err(tok.line, format!("{what}: not finite")));
        }
        Ok(v)
    }
}

/// Cursor over the hierarchy's tokens.
struct Tokens<'a> {
    items: Vec<Token<'a>>,
    next: usize,
    /// Line to blame when the tokens run out.
    end_line: usize,
}

impl<'a> Tokens<'a> {
    fn next(&mut self) -> Option<Token<'a>> {
        let t = self.items.get(self.next).copied();
        self.next += 1;
        t
    }
}

/// Splits text into lines (LF or CRLF), numbered from 1, without a BOM.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

impl Bvh {
    /// Parses BVH text; `path` names the source in error messages.
    pub fn parse(text: &str, path: &str) -> Result<Bvh, BvhError> {
        let p = Parser { path };
        let mut all_lines = lines(text);

        // Hierarchy tokens: everything before the line that starts with MOTION.
        let mut items = Vec::new();
        let mut motion_line = None;
        let mut last_line = 1;
        for (n, line) in all_lines.by_ref() {
            last_line = n;
            let mut words = line.split_whitespace().peekable();
            if words.peek() == Some(&"MOTION") {
                words.next();
                if words.next().is_some() {
                    return Err(p.err(n, "unexpected words after MOTION on its line"));
                }
                motion_line = Some(n);
                break;
            }
            items.extend(words.map(|text| Token { text, line: n }));
        }
        let mut tokens = Tokens {
            items,
            next: 0,
            end_line: last_line,
        };
        let joints = parse_hierarchy(&p, &mut tokens)?;
        if let Some(t) = tokens.next() {
            return Err(p.err(
                t.line,
                "expected MOTION after the hierarchy, found another word",
            ));
        }
        let Some(motion_line) = motion_line else {
            return Err(p.err(last_line, "missing MOTION section"));
        };
        let channels: usize = joints.iter().map(|j| j.channels.len()).sum();
        let (frame_time, frames) = parse_motion(&p, motion_line, &mut all_lines, channels)?;
        Ok(Bvh {
            joints,
            frame_time,
            frames,
        })
    }
}

fn parse_hierarchy<'a>(p: &Parser<'_>, t: &mut Tokens<'a>) -> Result<Vec<BvhJoint>, BvhError> {
    match t.next() {
        Some(tok) if tok.text == "HIERARCHY" => {}
        Some(tok) => {
            return Err(p.err(
                tok.line,
                "not a BVH file: expected HIERARCHY as the first word",
            ))
        }
        None => return Err(p.err(1, "not a BVH file: expected HIERARCHY, found nothing")),
    }
    expect(p, t, "ROOT")?;
    let mut h = Hierarchy {
        p,
        joints: Vec::new(),
        names: HashSet::new(),
    };
    let opened = open_joint(p, t, &mut h.joints, &mut h.names, None)?;
    let mut stack = vec![Block::joint(0, opened)];
    while let Some(top) = stack.last_mut() {
        let Some(tok) = t.next() else {
            return Err(h.unclosed(top, t.end_line));
        };
        match h.word(t, tok, top)? {
            Step::Stay => {}
            Step::Open(block) => stack.push(block),
            Step::Close => {
                stack.pop();
            }
        }
    }
    Ok(h.joints)
}

/// The next token must be `what`.
fn expect(p: &Parser<'_>, t: &mut Tokens<'_>, what: &str) -> Result<(), BvhError> {
    match t.next() {
        Some(tok) if tok.text == what => Ok(()),
        Some(tok) => Err(p.err(tok.line, format!("expected `{what}`, found another word"))),
        None => Err(p.err(
            t.end_line,
            format!("expected `{what}`, found the end of the hierarchy"),
        )),
    }
}

impl Block {
    /// A joint just opened at line `opened`, with nothing in it yet.
    fn joint(index: usize, opened: usize) -> Block {
        Block::Joint {
            index,
            opened,
            has_offset: false,
            has_channels: false,
            has_children: false,
        }
    }
}

/// What a word does to the stack of open blocks.
enum Step {
    Stay,
    Open(Block),
    Close,
}

/// The hierarchy read so far.
struct Hierarchy<'p, 'a> {
    p: &'p Parser<'p>,
    joints: Vec<BvhJoint>,
    names: HashSet<&'a str>,
}

impl<'a> Hierarchy<'_, 'a> {
    /// The hierarchy ended inside `top`.
    fn unclosed(&self, top: &Block, end_line: usize) -> BvhError {
        let (what, line) = match top {
            Block::Joint { index, opened, .. } => {
                (format!("joint `{}`", self.joints[*index].name), *opened)
            }
            Block::EndSite { joint, opened, .. } => (
                format!("the End Site of `{}`", self.joints[*joint].name),
                *opened,
            ),
        };
        self.p.err(
            end_line,
            format!("the hierarchy ends inside {what} (opened at line {line}): missing `}}`"),
        )
    }

    /// One word inside the open block `top`.
    fn word(
        &mut self,
        t: &mut Tokens<'a>,
        tok: Token<'a>,
        top: &mut Block,
    ) -> Result<Step, BvhError> {
        match top {
            Block::Joint {
                index,
                has_offset,
                has_channels,
                has_children,
                ..
            } => self.joint_word(t, tok, *index, [has_offset, has_channels, has_children]),
            Block::EndSite {
                joint, has_offset, ..
            } => self.end_site_word(t, tok, *joint, has_offset),
        }
    }

    /// A word in joint `index` (`seen`: whether it has had an OFFSET,
    /// CHANNELS and children).
    fn joint_word(
        &mut self,
        t: &mut Tokens<'a>,
        tok: Token<'a>,
        index: usize,
        [has_offset, has_channels, has_children]: [&mut bool; 3],
    ) -> Result<Step, BvhError> {
        let p = self.p;
        match tok.text {
            "OFFSET" => {
                if *has_offset {
                    return Err(p.err(tok.line, "second OFFSET in one joint"));
                }
                *has_offset = true;
                self.joints[index].offset = read_vec3(p, t, tok.line)?;
                Ok(Step::Stay)
            }
            "CHANNELS" => {
                if *has_channels {
                    return Err(p.err(tok.line, "second CHANNELS in one joint"));
                }
                if *has_children {
                    return Err(p.err(tok.line, "CHANNELS must come before the child joints"));
                }
                *has_channels = true;
                self.joints[index].channels = read_channels(p, t, tok.line)?;
                Ok(Step::Stay)
            }
            "JOINT" => {
                *has_children = true;
                let opened = open_joint(p, t, &mut self.joints, &mut self.names, Some(index))?;
                Ok(Step::Open(Block::joint(self.joints.len() - 1, opened)))
            }
            "End" => {
                *has_children = true;
                expect(p, t, "Site")?;
                if self.joints[index].end_site.is_some() {
                    return Err(p.err(tok.line, "second End Site in one joint"));
                }
                expect(p, t, "{")?;
                // Placeholder so that a second End Site is caught; OFFSET sets it.
                self.joints[index].end_site = Some(DVec3::ZERO);
                Ok(Step::Open(Block::EndSite {
                    joint: index,
                    opened: tok.line,
                    has_offset: false,
                }))
            }
            "}" => {
                if !*has_offset {
                    return Err(p.err(
                        tok.line,
                        format!("joint `{}` has no OFFSET", self.joints[index].name),
                    ));
                }
                Ok(Step::Close)
            }
            _ => Err(p.err(
                tok.line,
                "expected OFFSET, CHANNELS, JOINT, End Site or `}`, found another word",
            )),
        }
    }

    /// A word in the End Site of joint `joint`.
    fn end_site_word(
        &mut self,
        t: &mut Tokens<'a>,
        tok: Token<'a>,
        joint: usize,
        has_offset: &mut bool,
    ) -> Result<Step, BvhError> {
        let p = self.p;
        match tok.text {
            "OFFSET" => {
                if *has_offset {
                    return Err(p.err(tok.line, "second OFFSET in one End Site"));
                }
                *has_offset = true;
                self.joints[joint].end_site = Some(read_vec3(p, t, tok.line)?);
                Ok(Step::Stay)
            }
            "}" => {
                if !*has_offset {
                    return Err(p.err(
                        tok.line,
                        format!(
                            "the End Site of `{}` has no OFFSET",
                            self.joints[joint].name
                        ),
                    ));
                }
                Ok(Step::Close)
            }
            _ => Err(p.err(
                tok.line,
                "expected OFFSET or `}` in an End Site, found another word",
            )),
        }
    }
}

/// Reads `name {` after ROOT/JOINT, adds the joint, returns the line of `{`.
fn open_joint<'a>(
    p: &Parser<'_>,
    t: &mut Tokens<'a>,
    joints: &mut Vec<BvhJoint>,
    names: &mut HashSet<&'a str>,
    parent: Option<usize>,
) -> Result<usize, BvhError> {
    let Some(name) = t.next() else {
        return Err(p.err(
            t.end_line,
            "a joint name is missing at the end of the hierarchy",
        ));
    };
    if name.text == "{" || name.text == "}" {
        return Err(p.err(name.line, "a joint name is missing"));
    }
    if !names.insert(name.text) {
        return Err(p.err(name.line, format!("duplicate joint name `{}`", name.text)));
    }
    match t.next() {
        Some(tok) if tok.text == "{" => {
            joints.push(BvhJoint {
                name: name.text.to_string(),
                parent,
                offset: DVec3::ZERO,
                channels: Vec::new(),
                end_site: None,
            });
            Ok(tok.line)
        }
        Some(tok) => Err(p.err(
            tok.line,
            format!(
                "expected `{{` after joint `{}`, found another word",
                name.text
            ),
        )),
        None => Err(p.err(
            t.end_line,
            format!("expected `{{` after joint `{}`", name.text),
        )),
    }
}

fn read_vec3(p: &Parser<'_>, t: &mut Tokens<'_>, line: usize) -> Result<DVec3, BvhError> {
    let mut v = [0.0; 3];
    for x in &mut v {
        let Some(tok) = t.next() else {
            return Err(p.err(line, "OFFSET needs 3 numbers"));
        };
        *x = p.number(tok, "OFFSET")?;
    }
    Ok(DVec3::from_array(v))
}

fn read_channels(
    p: &Parser<'_>,
    t: &mut Tokens<'_>,
    line: usize,
) -> Result<Vec<Channel>, BvhError> {
    let Some(count_tok) = t.next() else {
        return Err(p.err(line, "CHANNELS needs a count"));
    };
    let count: usize = count_tok
        .text
        .parse()
        .map_err(|_| p.err(count_tok.line, "the CHANNELS count is not a whole number"))?;
    let mut channels = Vec::new();
    for k in 0..count {
        let Some(tok) = t.next() else {
            return Err(p.err(line, format!("CHANNELS {count} lists only {k} channels")));
        };
        match Channel::from_name(tok.text) {
            Some(c) => channels.push(c),
            None => {
                return Err(p.err(
                    tok.line,
                    format!(
                        "CHANNELS {count} lists {k} channels, then a word that is not a channel name (Xposition, Yposition, Zposition, Xrotation, Yrotation, Zrotation)"
                    ),
                ))
            }
        }
    }
    Ok(channels)
}

/// Reads `Frames:`, `Frame Time:` and the frame lines after MOTION.
fn parse_motion<'a>(
    p: &Parser<'_>,
    motion_line: usize,
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    channels: usize,
) -> Result<(f64, Vec<Vec<f64>>), BvhError> {
    let mut next_nonblank = |what: &str| -> Result<(usize, &'a str), BvhError> {
        let mut last = motion_line;
        for (n, l) in lines.by_ref() {
            last = n;
            if !l.trim().is_empty() {
                return Ok((n, l.trim()));
            }
        }
        Err(p.err(last, format!("missing `{what}` after MOTION")))
    };
    let (frames_line, l) = next_nonblank("Frames:")?;
    let count_text = l
        .strip_prefix("Frames")
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix(':'))
        .map(str::trim)
        .ok_or_else(|| p.err(frames_line, "expected `Frames: N` on this line"))?;
    let declared: usize = count_text.parse().map_err(|_| {
        p.err(
            frames_line,
            "the count after `Frames:` is not a whole number",
        )
    })?;
    let (time_line, l) = next_nonblank("Frame Time:")?;
    let time_text = l
        .strip_prefix("Frame")
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix("Time"))
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix(':'))
        .map(str::trim)
        .ok_or_else(|| p.err(time_line, "expected `Frame Time: seconds` on this line"))?;
    let frame_time: f64 = time_text
        .parse()
        .map_err(|_| p.err(time_line, "the value after `Frame Time:` is not a number"))?;
    if !(frame_time.is_finite() && frame_time > 0.0) {
        return Err(p.err(
            time_line,
            format!("Frame Time {frame_time} must be a positive number"),
        ));
    }

    let mut frames: Vec<Vec<f64>> = Vec::with_capacity(declared.min(1 << 20));
    if channels == 0 {
        // Every frame line is empty: nothing to count, trust the header.
        if declared > 1 << 24 {
            return Err(p.err(
                frames_line,
                format!("Frames: {declared} is implausibly many"),
            ));
        }
        for (n, l) in lines.by_ref() {
            if !l.trim().is_empty() {
                return Err(p.err(n, "a motion value, but the hierarchy has no channels"));
            }
        }
        frames.resize(declared, Vec::new());
        return Ok((frame_time, frames));
    }
    let mut last = time_line;
    for (n, l) in lines.by_ref() {
        last = n;
        if l.trim().is_empty() {
            continue;
        }
        if frames.len() == declared {
            return Err(p.err(
                n,
                format!("more motion lines than `Frames: {declared}` (line {frames_line})"),
            ));
        }
        let mut values = Vec::with_capacity(channels);
        for (k, word) in l.split_ascii_whitespace().enumerate() {
            if k == channels {
                let found = l.split_ascii_whitespace().count();
                return Err(p.err(
                    n,
                    format!(
                        "{found} values in a motion line, the hierarchy has {channels} channels"
                    ),
                ));
            }
            let v: f64 = word
                .parse()
                .map_err(|_| p.err(n, format!("value {} is not a number", k + 1)))?;
            if !v.is_finite() {
                return Err(p.err(n, format!("value {} is not finite", k + 1)));
            }
            values.push(v);
        }
        if values.len() != channels {
            return Err(p.err(
                n,
                format!(
                    "{} values in a motion line, the hierarchy has {channels} channels",
                    values.len()
                ),
            ));
        }
        frames.push(values);
    }
    if frames.len() != declared {
        return Err(p.err(
            last,
            format!(
                "`Frames: {declared}` (line {frames_line}) but the file has {} motion lines",
                frames.len()
            ),
        ));
    }
    Ok((frame_time, frames))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "HIERARCHY\nROOT hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n\tJOINT leg\n\t{\n\t\tOFFSET 1 -2 0\n\t\tCHANNELS 3 Xrotation Zrotation Yrotation\n\t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0 -3 0\n\t\t}\n\t}\n}\nMOTION\nFrames: 2\nFrame Time: 0.0333333\n0 1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 9\n";

    fn syntax_line(text: &str) -> (usize, String) {
        match Bvh::parse(text, "t.bvh") {
            Err(BvhError::Syntax { line, reason, path }) => {
                assert_eq!(path, "t.bvh");
                (line, reason)
            }
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    #[test]
    fn bvh_parses_a_small_file() {
        let bvh = Bvh::parse(SMALL, "t.bvh").expect("valid file");
        assert_eq!(bvh.joints.len(), 2);
        assert_eq!(bvh.joints[1].parent, Some(0));
        assert_eq!(
            bvh.joints[1].channels,
            vec![Channel::Xrotation, Channel::Zrotation, Channel::Yrotation]
        );
        assert_eq!(bvh.joints[1].end_site, Some(DVec3::new(0.0, -3.0, 0.0)));
        assert_eq!(bvh.frame_count(), 2);
        assert_eq!(bvh.frames[1][8], 9.0);
        assert_eq!(bvh.frame_time, 0.0333333);
        assert_eq!(bvh.joint_index("leg"), Some(1));
    }

    #[test]
    fn bvh_tolerates_crlf_tabs_and_spacing() {
        let text = SMALL.replace('\n', "\r\n").replace(' ', " \t ");
        let a = Bvh::parse(SMALL, "a").expect("lf");
        let b = Bvh::parse(&format!("\u{feff}{text}\r\n\r\n"), "b").expect("crlf");
        assert_eq!(a, b);
        let glued = SMALL
            .replace("Frames: 2", "Frames:2")
            .replace("Frame Time: ", "Frame Time:");
        assert_eq!(Bvh::parse(&glued, "c").expect("glued"), a);
    }

    #[test]
    fn bvh_syntax_errors_name_the_line() {
        let (line, reason) = syntax_line(&SMALL.replace("HIERARCHY", "HIERARCHX"));
        assert_eq!(line, 1);
        assert!(reason.contains("HIERARCHY"), "{reason}");

        let (line, reason) = syntax_line(&SMALL.replace("0 1 2 3 4 5 6 7 8", "0 1 2 3 4 5 6 7"));
        assert_eq!(line, 19);
        assert!(
            reason.contains("8 values") && reason.contains("9 channels"),
            "{reason}"
        );

        let (line, reason) =
            syntax_line(&SMALL.replace("1 2 3 4 5 6 7 8 9", "1 2 3 4 5 6 7 8 9 10"));
        assert_eq!(line, 20);
        assert!(reason.contains("10 values"), "{reason}");

        let (line, reason) = syntax_line(&SMALL.replace("1 2 3 4 5 6 7 8 9", "1 2 3 x4 5 6 7 8 9"));
        assert_eq!(line, 20);
        assert!(
            reason.contains("value 4 is not a number") && !reason.contains("x4"),
            "{reason}"
        );

        let (line, reason) =
            syntax_line(&SMALL.replace("1 2 3 4 5 6 7 8 9", "1 2 3 4 nan 6 7 8 9"));
        assert_eq!(line, 20);
        assert!(reason.contains("not finite"), "{reason}");

        let (line, reason) = syntax_line(&SMALL.replace("OFFSET 1 -2 0", "OFFSET 1 -2 zero"));
        assert_eq!(line, 8);
        assert!(
            reason.contains("not a number") && !reason.contains("zero"),
            "{reason}"
        );

        let (line, reason) = syntax_line(&SMALL.replace("Frames: 2", "Frames: 3"));
        assert_eq!(line, 21);
        assert!(
            reason.contains("Frames: 3") && reason.contains("2 motion lines"),
            "{reason}"
        );

        let (line, reason) = syntax_line(&SMALL.replace("Frames: 2", "Frames: 1"));
        assert_eq!(line, 20);
        assert!(reason.contains("more motion lines"), "{reason}");

        let (line, reason) =
            syntax_line(&SMALL.replace("Xrotation Zrotation", "Xrotation Wrotation"));
        assert_eq!(line, 9);
        assert!(
            reason.contains("not a channel name") && !reason.contains("Wrotation"),
            "{reason}"
        );

        let (line, reason) = syntax_line(&SMALL.replace("Frame Time: 0.0333333", "Frame Time: -1"));
        assert_eq!(line, 18);
        assert!(reason.contains("positive"), "{reason}");

        let (_, reason) = syntax_line(&SMALL.replace("JOINT leg", "JOINT hips"));
        assert!(reason.contains("duplicate"), "{reason}");

        let (line, reason) = syntax_line(&SMALL.replace("\t}\n}\n", "\t}\n"));
        assert_eq!(line, 15);
        assert!(
            reason.contains("hips") && reason.contains("missing `}`"),
            "{reason}"
        );

        let (_, reason) = syntax_line(&SMALL.replace("MOTION", "MOTON"));
        assert!(
            reason.contains("expected MOTION") && !reason.contains("MOTON"),
            "{reason}"
        );
    }

    #[test]
    fn bvh_error_messages_carry_file_and_line() {
        let err = Bvh::parse("HIERARCHY\nROOT a\n{\nOFFSET 0 0\n}\n", "clip.bvh")
            .expect_err("offset too short");
        let msg = err.to_string();
        assert!(msg.starts_with("clip.bvh:"), "{msg}");
        assert!(msg.contains("OFFSET"), "{msg}");
    }

    #[test]
    fn bvh_never_panics_on_truncated_or_garbage_input() {
        // Every prefix of a valid file, at every character boundary.
        for (cut, _) in SMALL.char_indices() {
            let _ = Bvh::parse(&SMALL[..cut], "cut.bvh");
        }
        // Pseudo-random garbage built from BVH-ish words and bytes.
        let words = [
            "HIERARCHY",
            "ROOT",
            "JOINT",
            "End",
            "Site",
            "{",
            "}",
            "OFFSET",
            "CHANNELS",
            "3",
            "6",
            "-1",
            "1e400",
            "nan",
            "Xrotation",
            "Yposition",
            "MOTION",
            "Frames:",
            "Frame",
            "Time:",
            "0.01",
            "\n",
            "\r\n",
            "\t",
            "x",
            "99999999999999999999",
            "é",
            "\u{feff}",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            let mut text = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 60) as usize;
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                text.push_str(words[(seed % words.len() as u64) as usize]);
                text.push(' ');
            }
            let _ = Bvh::parse(&text, "garbage.bvh");
            // Splice the garbage into a valid file as well.
            let at = (seed as usize) % SMALL.len();
            if SMALL.is_char_boundary(at) {
                let _ = Bvh::parse(&format!("{}{text}{}", &SMALL[..at], &SMALL[at..]), "g.bvh");
            }
        }
        assert!(Bvh::parse("", "empty.bvh").is_err());
        assert!(Bvh::parse("HIERARCHY\nROOT", "r.bvh").is_err());
        // Deep nesting must not overflow the stack.
        let deep = "HIERARCHY ROOT r { OFFSET 0 0 0 ".to_string()
            + &(0..20000)
                .map(|i| format!("JOINT j{i} {{ OFFSET 0 0 0 "))
                .collect::<String>();
        assert!(Bvh::parse(&deep, "deep.bvh").is_err());
    }

    #[test]
    fn bvh_accepts_joints_without_channels_and_zero_frames() {
        let text = "HIERARCHY\nROOT r\n{\nOFFSET 0 0 0\nJOINT a\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: 3\nFrame Time: 0.5\n\n\n\n";
        let bvh = Bvh::parse(text, "n.bvh").expect("no channels is valid");
        assert_eq!(bvh.frame_count(), 3);
        assert!(bvh.frames.iter().all(Vec::is_empty));
        let zero = SMALL.replace("Frames: 2", "Frames: 0");
        let zero = &zero[..zero.find("0 1 2 3").expect("first frame")];
        assert_eq!(
            Bvh::parse(zero, "z.bvh").expect("0 frames").frame_count(),
            0
        );
    }
}
