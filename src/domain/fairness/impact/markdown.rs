//! An [`ImpactTable`] as Markdown: the summary of results, which must name the categories
//! excluded for size and the number of people of unknown category.

use crate::domain::Language;

use super::{Dimension, ImpactRow, ImpactTable, RateKind};

/// Text from someone's list, made safe for a table cell or a line: a `|` would end the cell, a
/// line break the row.
fn md_cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace(['\n', '\r'], " ")
}

/// `n` people, in `language`.
fn people(n: usize, language: Language) -> String {
    match (language, n) {
        (Language::En, 1) => "1 person".into(),
        (Language::En, n) => format!("{n} people"),
        (Language::Zh, n) => format!("{n} 人"),
    }
}

/// A number as people read it: no trailing zeros, at most four decimals.
fn plain_number(x: f64) -> String {
    let text = format!("{x:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

fn dimension_heading(dimension: Dimension, language: Language) -> &'static str {
    match dimension {
        Dimension::Sex => language.pick("Sex", "性别"),
        Dimension::RaceEthnicity => language.pick("Race/ethnicity", "种族/族裔"),
        Dimension::Intersection => language.pick("Sex × race/ethnicity", "性别 × 种族/族裔"),
    }
}

/// One dimension: its table, or a line saying it has no rows; and a line when no compared
/// category was selected at all, so the empty ratio column is explained.
fn dimension_section(table: &ImpactTable, dimension: Dimension, language: Language) -> String {
    let scoring = table.kind == RateKind::Scoring;
    let mut out = format!("\n## {}\n\n", dimension_heading(dimension, language));
    let rows: Vec<&ImpactRow> = table.rows_of(dimension).collect();
    if rows.is_empty() {
        out.push_str(language.pick(
            "No one in the sample reported a category here.\n",
            "样本中无人报告此项类别。\n",
        ));
        return out;
    }
    let heads = [
        language.pick("Category", "类别"),
        language.pick("Count", "人数"),
        if scoring {
            language.pick("Above median", "高于中位数")
        } else {
            language.pick("Selected", "被选中")
        },
        if scoring {
            language.pick("Scoring rate", "评分率")
        } else {
            language.pick("Selection rate", "选择率")
        },
        language.pick("Impact ratio", "影响比"),
        language.pick("Flag", "标记"),
    ];
    out.push_str(&format!(
        "| {} |\n|{}\n",
        heads.join(" | "),
        "---|".repeat(heads.len())
    ));
    for row in &rows {
        let flag = if row.excluded_for_size {
            language.pick("excluded: under 2%", "已排除：不足 2%")
        } else if row.flagged {
            language.pick("⚠ under 0.8", "⚠ 低于 0.8")
        } else {
            ""
        };
        let cells = [
            md_cell(&row.category),
            row.count.to_string(),
            row.above_or_selected.to_string(),
            format!("{:.1}%", row.rate * 100.0),
            row.impact_ratio
                .map_or_else(|| "—".into(), |r| format!("{r:.3}")),
            flag.to_string(),
        ];
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    let compared = rows.iter().any(|r| !r.excluded_for_size);
    if compared && rows.iter().all(|r| r.impact_ratio.is_none()) {
        out.push_str(&format!(
            "\n{}\n",
            if scoring {
                language.pick(
                    "No one in a compared category scored above the median: impact ratios are \
                     undefined.",
                    "参与比较的类别中无人高于中位数：影响比无定义。",
                )
            } else {
                language.pick(
                    "No one in a compared category was selected: impact ratios are undefined.",
                    "参与比较的类别中无人被选中：影响比无定义。",
                )
            }
        ));
    }
    out
}

/// The closing lines: which categories were excluded for size, and how many people reported no
/// category, per dimension.
fn closing_lines(table: &ImpactTable, language: Language) -> String {
    let mut out = String::from("\n");
    if table.small_categories_excluded {
        let excluded: Vec<String> = table
            .excluded()
            .map(|r| format!("{} ({})", r.category, r.count))
            .collect();
        let excluded = if excluded.is_empty() {
            language.pick("none", "无").to_string()
        } else {
            md_cell(&excluded.join(", "))
        };
        let assessed = table.assessed;
        out.push_str(&match language {
            Language::En => {
                format!("Excluded for size (under 2% of the {assessed} assessed): {excluded}.\n\n")
            }
            Language::Zh => {
                format!("因人数过少而排除（不足 {assessed} 名受评估者的 2%）：{excluded}。\n\n")
            }
        });
    } else {
        out.push_str(language.pick(
            "Categories under 2% of those assessed were compared like the others.\n\n",
            "不足受评估者 2% 的类别与其他类别一样参与比较。\n\n",
        ));
    }
    out.push_str(&match language {
        Language::En => format!(
            "Unknown (not reported), counted among the {} assessed but in no row:\n",
            table.assessed
        ),
        Language::Zh => format!(
            "未报告类别者（计入 {} 名受评估者，但不列入任何一行）：\n",
            table.assessed
        ),
    });
    for dimension in Dimension::ALL {
        let name = match dimension {
            Dimension::Sex => language.pick("sex", "性别"),
            Dimension::RaceEthnicity => language.pick("race/ethnicity", "种族/族裔"),
            Dimension::Intersection => language.pick(
                "sex × race/ethnicity (either or both unknown)",
                "性别 × 种族/族裔（任一或两者未知）",
            ),
        };
        let count = people(table.unknown.of(dimension), language);
        out.push_str(&format!("- {name}{}{count}\n", language.pick(": ", "：")));
    }
    out
}

/// The table as Markdown, headings in `language`: a title, the sample (and the median), one
/// table per dimension, then the categories excluded for size and the unknowns.
pub fn to_markdown(table: &ImpactTable, language: Language) -> String {
    let mut out = format!(
        "# {}\n\n",
        match table.kind {
            RateKind::Scoring => language.pick("Impact ratios: scoring rate", "影响比：评分率"),
            RateKind::Selection => language.pick("Impact ratios: selection rate", "影响比：选择率"),
        }
    );
    let assessed = people(table.assessed, language);
    out.push_str(&match language {
        Language::En => format!("Assessed: {assessed}.\n"),
        Language::Zh => format!("受评估人数：{assessed}。\n"),
    });
    if let Some(median) = table.median {
        let median = plain_number(median);
        out.push_str(&match language {
            Language::En => format!(
                "Median score: {median}. The scoring rate counts scores strictly above it; the \
                 median is of everyone scored, unknown categories included.\n"
            ),
            Language::Zh => format!(
                "分数中位数：{median}。评分率只计严格高于中位数的分数；\
                 中位数按全部受评分者计算，含类别未知者。\n"
            ),
        });
    }
    for dimension in Dimension::ALL {
        out.push_str(&dimension_section(table, dimension, language));
    }
    out.push_str(&closing_lines(table, language));
    out
}
