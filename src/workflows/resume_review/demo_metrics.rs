//! Which numbers in a resume line read as a quantified result. A phone number, a date, a year, a
//! postcode or an ID is a number too, but claiming it as "impact backed by numbers" would be
//! false praise: the demo counts (and quotes) only what is left once those are masked out.

use std::collections::BTreeSet;

use super::facts;

/// Labels after which a number is contact data or an identifier, never a result (lowercase;
/// matched right before the number, optionally followed by ':', '：', '#', '.' or spaces).
const LABELS: &[&str] = &[
    "phone",
    "tel",
    "mobile",
    "cell",
    "fax",
    "zip",
    "postcode",
    "postal code",
    "id",
    "no",
    "wechat",
    "qq",
    "手机",
    "电话",
    "联系方式",
    "邮编",
    "编号",
    "工号",
    "学号",
    "身份证",
    "微信",
];

/// Units that make a number a date ("2021年3月", "3月15日"); "3个月" (three months) has "个".
const DATE_UNITS: &[char] = &['年', '月', '日', '号'];

/// The numbers of `text` that can be results: what `facts::numbers` finds once phone numbers,
/// dates, years, postcodes and IDs are masked.
pub fn result_numbers(text: &str) -> BTreeSet<String> {
    facts::numbers(&mask_non_results(text))
        .into_iter()
        .filter(|n| !facts::is_year(n))
        .collect()
}

/// `text` with every digit of a phone number, date, postcode or ID turned into a space.
fn mask_non_results(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts_run = c.is_ascii_digit() || (c == '+' || c == '(') && next_is_digit(&chars, i);
        if !starts_run || (i > 0 && chars[i - 1].is_ascii_digit()) {
            i += 1;
            continue;
        }
        let end = run_end(&chars, i);
        if is_non_result(&chars, i, end) {
            for c in &mut chars[i..end] {
                if c.is_ascii_digit() {
                    *c = ' ';
                }
            }
        }
        i = end.max(i + 1);
    }
    chars.into_iter().collect()
}

fn next_is_digit(chars: &[char], i: usize) -> bool {
    chars.get(i + 1).is_some_and(char::is_ascii_digit)
}

/// End of the run at `start`: digits and the separators phone numbers and dates are written with
/// ("+86 138-0013-8000", "(555) 010-4477", "2021/03/15"), never ending on a separator.
fn run_end(chars: &[char], start: usize) -> usize {
    let mut end = start;
    let mut last_digit = start;
    while end < chars.len() {
        let c = chars[end];
        let joins = matches!(c, '-' | '/' | '.' | ' ' | '(' | ')' | '+')
            && chars[end + 1..].iter().take(2).any(char::is_ascii_digit);
        if c.is_ascii_digit() {
            last_digit = end;
        } else if !joins {
            break;
        }
        end += 1;
    }
    last_digit + 1
}

fn is_non_result(chars: &[char], start: usize, end: usize) -> bool {
    let run: String = chars[start..end].iter().collect();
    let groups: Vec<&str> = run
        .split(|c: char| !c.is_ascii_digit())
        .filter(|g| !g.is_empty())
        .collect();
    let digits: usize = groups.iter().map(|g| g.len()).sum();
    let dated = groups.iter().any(|g| facts::is_year(g));
    let date_separated = run.contains(['/', '-', '.']) && !run.contains(' ');
    // Phone numbers and long IDs: seven digits or more in one run ("13800138000", "+1 555 010 4477").
    digits >= 7
        // Dates: "2021-03", "2021.3", "03/2021", "15/03/21".
        || (date_separated && groups.len() >= 2 && (dated || groups.len() >= 3))
        // Postcodes and IDs: a bare number of five digits or more that starts with 0, or of six.
        || (groups.len() == 1 && (digits >= 6 || (digits == 5 && run.starts_with('0'))))
        // Chinese dates: "2021年", "3月", "15日".
        || chars.get(end).is_some_and(|c| DATE_UNITS.contains(c))
        || labelled(chars, start)
        // "Ticket #4821" is an ID; "#1 on the charts" is a rank, which may be a result.
        || (start > 0 && chars[start - 1] == '#' && digits >= 3)
}

/// Whether a label from [`LABELS`] sits right before `start`.
fn labelled(chars: &[char], start: usize) -> bool {
    let before: String = chars[..start].iter().collect();
    let before = before
        .trim_end_matches([' ', ':', '：', '#', '.', '\t'])
        .to_lowercase();
    LABELS.iter().any(|label| {
        before.ends_with(label)
            && (!label.is_ascii()
                || !before[..before.len() - label.len()]
                    .ends_with(|c: char| c.is_ascii_alphanumeric()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<String> {
        result_numbers(text).into_iter().collect()
    }

    #[test]
    fn results_are_kept() {
        assert_eq!(found("Cut latency from 800 ms to 120 ms"), ["120", "800"]);
        assert_eq!(found("Grew revenue 30% to $2.5M"), ["2.5m", "30%"]);
        assert_eq!(
            found("每天处理 300 万笔交易，工作量减少 70%"),
            ["300", "70%"]
        );
        assert_eq!(found("served 12,000 users, 3x faster"), ["12000", "3x"]);
    }

    #[test]
    fn contact_data_dates_and_ids_are_not_results() {
        for text in [
            "Phone: +1 (555) 010-4477",
            "电话：138-0013-8000",
            "手机 13800138000",
            "2019-2021",
            "2021/03/15",
            "Mar 2021 – Jun 2023",
            "2021年3月至2023年6月",
            "邮编 100080",
            "Springfield, IL 06201",
            "Employee ID 48213",
            "Ticket #4821",
        ] {
            assert!(found(text).is_empty(), "{text}: {:?}", found(text));
        }
    }
}
