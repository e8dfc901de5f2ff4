//! Removing a fact from a rewrite: what is left when the user says a fact the model wrote is not
//! theirs. The rule is to cut the smallest piece of text that still reads as a whole without it:
//!
//! - inside brackets, the list item holding it ("(Python, 12 services)" → "(Python)"), or the
//!   whole bracket group when it is the only item ("Parcelwise (2019–2023)" → "Parcelwise");
//! - on a heading-like line (a `#` heading, or a line of parts joined by " — ", " – ", " | ", " · "),
//!   the part holding it with its separator ("Engineer at Initech — 2021" → "Engineer — 2021";
//!   the separators include " at " and ", " there, so no dangling "at" is left);
//! - in prose, the clause after a comma ("Led 4 engineers, cutting costs by 30%." → "Led 4
//!   engineers."), else the sentence, else the whole line (a bullet goes with its marker).
//!
//! Text removed is never rewritten: what is left is the user's or the model's own words, in order.
//! A piece that does not hold the fact whole is not used (a fact across two clauses takes the
//! sentence). Positions are byte offsets into `text`; spans off a char boundary are ignored.

use std::ops::Range;

use super::facts::Fact;

/// `text` without the facts of `facts` (see the module docs); facts are removed by their spans.
pub fn remove_facts(text: &str, facts: &[Fact]) -> String {
    let spans: Vec<(usize, usize)> = facts.iter().map(|f| (f.start, f.end)).collect();
    remove_spans(text, &spans)
}

/// `text` without every fact of `facts` whose key is not in `kept`: the rule for what a
/// rewrite keeps when the user decided on some of its ungrounded facts (undecided = not kept).
pub fn keep_only(text: &str, facts: &[Fact], kept: &[String]) -> String {
    let removed: Vec<Fact> = facts
        .iter()
        .filter(|f| !kept.contains(&f.key))
        .cloned()
        .collect();
    remove_facts(text, &removed)
}

/// A piece of a line of a text: plain, or the fact `facts[i]` (for marking it in a view).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Plain(String),
    Fact(String, usize),
}

/// Each line of `text` (as `str::lines` splits it) cut into pieces at the spans of `facts`, so a
/// view can mark each fact where it stands. Overlapping facts: the first (by start) wins.
pub fn line_pieces(text: &str, facts: &[Fact]) -> Vec<Vec<Piece>> {
    let mut order: Vec<usize> = (0..facts.len()).collect();
    order.sort_by_key(|&i| (facts[i].start, std::cmp::Reverse(facts[i].end)));
    let mut lines = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim_end_matches('\n').trim_end_matches('\r');
        let (start, end) = (offset, offset + line.len());
        offset += raw.len();
        let mut pieces = Vec::new();
        let mut at = start;
        for &i in &order {
            let fact = &facts[i];
            let fits = fact.start >= at && fact.end <= end && fact.start < fact.end;
            if !fits || !text.is_char_boundary(fact.start) || !text.is_char_boundary(fact.end) {
                continue;
            }
            if fact.start > at {
                pieces.push(Piece::Plain(text[at..fact.start].to_string()));
            }
            pieces.push(Piece::Fact(text[fact.start..fact.end].to_string(), i));
            at = fact.end;
        }
        if at < end || pieces.is_empty() {
            pieces.push(Piece::Plain(text[at..end].to_string()));
        }
        lines.push(pieces);
    }
    lines
}

/// `text` without the pieces holding each byte span `(start, end)`.
pub fn remove_spans(text: &str, spans: &[(usize, usize)]) -> String {
    let mut cuts: Vec<Range<usize>> = spans
        .iter()
        .filter(|(s, e)| {
            s < e && *e <= text.len() && text.is_char_boundary(*s) && text.is_char_boundary(*e)
        })
        .map(|&(s, e)| removal(text, s, e))
        .collect();
    cuts.sort_by_key(|r| (r.start, r.end));
    let mut merged: Vec<Range<usize>> = Vec::new();
    for cut in cuts {
        match merged.last_mut() {
            Some(last) if cut.start <= last.end => last.end = last.end.max(cut.end),
            _ => merged.push(cut),
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for cut in merged {
        out.push_str(&text[at..cut.start]);
        at = cut.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The range of `text` to cut for the fact at `s..e`.
fn removal(text: &str, s: usize, e: usize) -> Range<usize> {
    let line_start = text[..s].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[e..].find('\n').map_or(text.len(), |i| e + i);
    let whole_line = whole_line(text, line_start, line_end);
    if text[s..e].contains('\n') {
        return whole_line;
    }
    let line = &text[line_start..line_end];
    let (marker_len, heading) = marker(line);
    let body_start = line_start + marker_len;
    if s < body_start {
        return whole_line;
    }
    let body = &text[body_start..line_end];
    let (rs, re) = (s - body_start, e - body_start);
    let found = in_brackets(body, rs, re)
        .or_else(|| {
            if heading || has_heading_separator(body) {
                in_parts(body, rs, re)
            } else {
                in_prose(body, rs, re)
            }
        })
        .map(|r| r.start + body_start..r.end + body_start);
    found.unwrap_or(whole_line)
}

/// The line with its line break (the one after it, or before it on the last line).
fn whole_line(text: &str, start: usize, end: usize) -> Range<usize> {
    if end < text.len() {
        start..end + 1
    } else if start > 0 {
        start - 1..end
    } else {
        start..end
    }
}

/// Length of the line's indentation and list or heading marker, and whether it is a heading.
fn marker(line: &str) -> (usize, bool) {
    let indent = line.len() - line.trim_start().len();
    let rest = &line[indent..];
    let hashes = rest.chars().take_while(|c| *c == '#').count();
    if hashes > 0 && rest[hashes..].starts_with(' ') {
        return (indent + hashes + 1, true);
    }
    for bullet in ["- ", "* ", "+ ", "• "] {
        if rest.starts_with(bullet) {
            return (indent + bullet.len(), false);
        }
    }
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && (rest[digits..].starts_with(". ") || rest[digits..].starts_with(") ")) {
        return (indent + digits + 2, false);
    }
    (indent, false)
}

const HEADING_SEPARATORS: [&str; 4] = [" — ", " – ", " | ", " · "];
/// On a heading-like line these join parts too ("Engineer at Initech, Berlin"); a bracket group
/// is a part of its own (the bracket itself is not part of the separator).
const PART_SEPARATORS: [&str; 11] = [
    " — ", " – ", " | ", " · ", " at ", " @ ", ", ", "，", " - ", " (", "（",
];
const CLAUSE_SEPARATORS: [&str; 3] = [", ", "，", "、"];
const SENTENCE_ENDS: [&str; 8] = [". ", "! ", "? ", "; ", "。", "！", "？", "；"];

fn has_heading_separator(body: &str) -> bool {
    !separators(body, &HEADING_SEPARATORS).is_empty()
}

/// Where each of `seps` occurs in `text` outside brackets: (start, end) of the separator.
fn separators(text: &str, seps: &[&str]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut depth = 0i32;
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        if depth == 0 {
            if let Some(sep) = seps.iter().find(|sep| rest.starts_with(**sep)) {
                // A separator that opens a bracket ends before it, so the bracket still counts.
                let len = sep.trim_end_matches(['(', '（']).len();
                if i > 0 {
                    found.push((i, i + len));
                }
                if len > 0 {
                    i += len;
                    continue;
                }
            }
        }
        match c {
            '(' | '（' | '[' => depth += 1,
            ')' | '）' | ']' => depth -= 1,
            _ => {}
        }
        i += c.len_utf8();
    }
    found
}

/// The parts of `text` between separators: (part range, separator before it, separator after).
type Part = (Range<usize>, Option<(usize, usize)>, Option<(usize, usize)>);

fn parts(text: &str, seps: &[(usize, usize)]) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut before = None;
    for &sep in seps {
        parts.push((start..sep.0, before, Some(sep)));
        before = Some(sep);
        start = sep.1;
    }
    parts.push((start..text.len(), before, None));
    parts
}

/// The part holding `s..e` with one of its separators (the one before it, or after the first),
/// when there is more than one part.
fn cut_part(text: &str, seps: &[&str], s: usize, e: usize) -> Option<Range<usize>> {
    let found = separators(text, seps);
    if found.is_empty() {
        return None;
    }
    let all = parts(text, &found);
    let (range, before, after) = all.iter().find(|(r, _, _)| r.start <= s && e <= r.end)?;
    Some(match (before, after) {
        (Some(b), _) => b.0..range.end,
        (None, Some(a)) => range.start..a.1,
        (None, None) => return None,
    })
}

/// A list item inside the innermost bracket group holding `s..e`, or the group with the space
/// before it.
fn in_brackets(body: &str, s: usize, e: usize) -> Option<Range<usize>> {
    let mut open: Vec<usize> = Vec::new();
    let mut innermost: Option<Range<usize>> = None;
    for (i, c) in body.char_indices() {
        match c {
            '(' | '（' | '[' => open.push(i),
            ')' | '）' | ']' => {
                if let Some(o) = open.pop() {
                    let close = i + c.len_utf8();
                    let inner = o + body[o..].chars().next()?.len_utf8()..i;
                    if inner.start <= s && e <= inner.end {
                        let tighter = innermost.as_ref().is_none_or(|r| r.start <= o);
                        if tighter {
                            innermost = Some(o..close);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let group = innermost?;
    let open_len = body[group.start..].chars().next()?.len_utf8();
    let inner_start = group.start + open_len;
    let inner_end = group.end - body[..group.end].chars().next_back()?.len_utf8();
    let inner = &body[inner_start..inner_end];
    if let Some(item) = cut_part(inner, &CLAUSE_SEPARATORS, s - inner_start, e - inner_start) {
        return Some(item.start + inner_start..item.end + inner_start);
    }
    let space_before = body[..group.start].ends_with(' ') as usize;
    Some(group.start - space_before..group.end)
}

/// On a heading-like line: the part holding the fact with its separator.
fn in_parts(body: &str, s: usize, e: usize) -> Option<Range<usize>> {
    cut_part(body, &PART_SEPARATORS, s, e)
}

/// In prose: a clause after a comma, else the sentence (when the line has more than one).
fn in_prose(body: &str, s: usize, e: usize) -> Option<Range<usize>> {
    let ends = separators(body, &SENTENCE_ENDS);
    // Sentences: (text without its end mark, whole range up to the next sentence).
    let mut sentences = Vec::new();
    let mut start = 0;
    for (a, b) in ends {
        sentences.push((start..a, start..b));
        start = b;
    }
    if start < body.trim_end().len() {
        // The last sentence's own end mark stays when a clause of it goes.
        let text_end = body
            .trim_end()
            .trim_end_matches(['.', '!', '?', '。', '！', '？'])
            .len();
        sentences.push((start..text_end.max(start), start..body.len()));
    }
    let index = sentences
        .iter()
        .position(|(text, _)| text.start <= s && e <= text.end);
    let Some(index) = index else {
        // Across sentences (or on an end mark): the whole line.
        return None;
    };
    let (text, whole) = sentences[index].clone();
    let clause_text = &body[text.clone()];
    let seps = separators(clause_text, &CLAUSE_SEPARATORS);
    if !seps.is_empty() {
        let all = parts(clause_text, &seps);
        let hit = all
            .iter()
            .find(|(r, _, _)| r.start + text.start <= s && e <= r.end + text.start);
        // A later clause goes with the comma before it; the first clause carries the sentence
        // (what follows it often hangs on it), so the sentence goes.
        if let Some((range, Some(before), _)) = hit {
            return Some(before.0 + text.start..range.end + text.start);
        }
    }
    if sentences.len() < 2 {
        return None;
    }
    if index + 1 == sentences.len() {
        // The last sentence: cut from the end of the one before, so its end mark stays.
        let (prev_text, prev_whole) = sentences[index - 1].clone();
        let mark = body[prev_text.end..prev_whole.end].trim_end().len();
        return Some(prev_text.end + mark..whole.end);
    }
    Some(whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str, fact: &str) -> String {
        let s = text.find(fact).expect(fact);
        remove_spans(text, &[(s, s + fact.len())])
    }

    #[test]
    fn a_bullet_with_one_claim_goes_whole() {
        assert_eq!(cut("- A\n- Grew revenue by 300%\n- B", "300%"), "- A\n- B");
        assert_eq!(cut("- A\n- Grew revenue by 300%", "300%"), "- A");
    }

    #[test]
    fn a_heading_part_goes_with_its_separator() {
        assert_eq!(
            cut("### Engineer — Initech (2019–2023)", "Initech"),
            "### Engineer (2019–2023)"
        );
        assert_eq!(
            cut("### Engineer at Initech (2019–2023)", "Initech"),
            "### Engineer (2019–2023)"
        );
    }
}
