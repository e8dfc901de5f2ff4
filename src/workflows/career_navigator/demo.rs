//! Offline answers for every CareerNavigator agent, plugged into the llm layer's `DemoModel`.
//! Deterministic and honest: everything is derived from the request (the profile, the feedback,
//! the earlier answers) with transparent rules (keyword families, skill overlap), and written in
//! the run's language, read from the language instruction at the end of the system prompt.

use std::rc::Rc;

use crate::domain::career_plan::{
    CareerAnalysis, CareerGoal, CareerGoals, FeedbackAdjustments, GoalAnalysis, IndustryResearch,
    IntegratedReport, RoleFit, SelfInsight, UserProfile,
};
use crate::domain::Language;
use crate::llm::demo::{DemoModel, DemoResponder};
use crate::llm::ChatRequest;
use serde::de::DeserializeOwned;

use super::agents::{
    CoordinatorAnswer, GoalsAnswer, JobAnswer, PlanAnswer, PlannerAnswer, ProfilerAnswer,
    ReporterAnswer, ResearcherAnswer, SupervisorAnswer, COORDINATOR, GOAL_DECOMPOSER,
    INDUSTRY_RESEARCHER, JOB_ANALYZER, PLANNER, REPORTER, SCHEDULER, SUPERVISOR, USER_PROFILER,
};
use super::nodes::{item, phase};
use super::prompts::block;

fn part(request: &ChatRequest, tag: &str) -> String {
    block(&request.user_text(), tag).unwrap_or("").to_string()
}

fn parsed<T: DeserializeOwned + Default>(request: &ChatRequest, tag: &str) -> T {
    // Through `Value`: these types are also read from a run's state (one deserializer each).
    serde_json::from_str(&part(request, tag))
        .and_then(crate::value_de::from_value)
        .unwrap_or_default()
}

fn language(request: &ChatRequest) -> Language {
    if request.system.contains(Language::Zh.prompt_instruction()) {
        Language::Zh
    } else {
        Language::En
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

fn lower(text: &str) -> String {
    text.to_lowercase()
}

/// A career direction the demo knows, with what it says about it in both languages.
struct Family {
    keys: &'static [&'static str],
    roles: [(&'static str, &'static str); 3],
    skills: [(&'static str, &'static str); 4],
    trends: [(&'static str, &'static str); 2],
    opportunity: (&'static str, &'static str),
    risk: (&'static str, &'static str),
    resources: [(&'static str, &'static str); 2],
}

const FAMILIES: [Family; 4] = [
    Family {
        keys: &["product", "产品"],
        roles: [
            ("Technical product manager", "技术产品经理"),
            ("AI product manager", "AI 产品经理"),
            ("Platform product owner", "平台产品负责人"),
        ],
        skills: [
            ("user research", "用户研究"),
            ("roadmapping", "路线图规划"),
            ("stakeholder communication", "干系人沟通"),
            ("product metrics", "产品指标分析"),
        ],
        trends: [
            (
                "Companies hire product managers who can talk to engineers about AI features.",
                "企业需要能与工程师讨论 AI 功能的产品经理。",
            ),
            (
                "Platform and developer-tool products value a technical background.",
                "平台和开发者工具类产品看重技术背景。",
            ),
        ],
        opportunity: (
            "An internal move into a product role on a team you already support.",
            "在已合作的团队内部转岗到产品岗位。",
        ),
        risk: (
            "Product roles are competitive and often ask for shipped product results.",
            "产品岗位竞争激烈，常要求有产品落地成果。",
        ),
        resources: [
            ("“Inspired” by Marty Cagan", "《启示录》（Marty Cagan）"),
            (
                "A product-management community or meetup near you",
                "本地或线上的产品经理社区",
            ),
        ],
    },
    Family {
        keys: &[
            "data",
            "machine learning",
            " ml",
            "ai ",
            "数据",
            "算法",
            "人工智能",
            "大模型",
        ],
        roles: [
            ("Machine-learning engineer", "机器学习工程师"),
            ("Data engineer", "数据工程师"),
            ("Applied scientist", "应用科学家"),
        ],
        skills: [
            ("Python", "Python"),
            ("statistics", "统计学"),
            ("model evaluation", "模型评估"),
            ("data pipelines", "数据管道"),
        ],
        trends: [
            (
                "Teams move from model research to shipping and evaluating LLM features.",
                "团队正从模型研究转向大模型功能的落地与评估。",
            ),
            (
                "Data-quality and evaluation work is in demand.",
                "数据质量和评估工作需求旺盛。",
            ),
        ],
        opportunity: (
            "Engineering experience transfers to ML platform and data-pipeline work.",
            "工程经验可迁移到机器学习平台和数据管道工作。",
        ),
        risk: (
            "Research roles usually ask for advanced degrees.",
            "研究类岗位通常要求较高学历。",
        ),
        resources: [
            (
                "A hands-on machine-learning course with projects",
                "带项目实践的机器学习课程",
            ),
            (
                "Public datasets to build a portfolio project",
                "用公开数据集完成作品集项目",
            ),
        ],
    },
    Family {
        keys: &[
            "manager",
            "management",
            "lead",
            "管理",
            "经理",
            "负责人",
            "主管",
        ],
        roles: [
            ("Engineering manager", "工程经理"),
            ("Tech lead", "技术负责人"),
            ("Staff engineer", "资深工程师（Staff）"),
        ],
        skills: [
            ("people management", "团队管理"),
            ("hiring", "招聘"),
            ("project planning", "项目规划"),
            ("coaching", "辅导下属"),
        ],
        trends: [
            (
                "Flatter organisations expect managers to stay technical.",
                "组织扁平化，要求管理者保持技术能力。",
            ),
            (
                "Remote teams value written communication.",
                "远程团队重视书面沟通能力。",
            ),
        ],
        opportunity: (
            "Leading a project or mentoring is a low-risk first step.",
            "先带一个项目或做导师，是低风险的第一步。",
        ),
        risk: (
            "Management openings are fewer than engineering ones.",
            "管理岗位数量少于工程岗位。",
        ),
        resources: [
            (
                "“The Manager's Path” by Camille Fournier",
                "《技术管理之路》（Camille Fournier）",
            ),
            ("A mentoring programme at work", "公司内部的导师计划"),
        ],
    },
    Family {
        keys: &[],
        roles: [
            ("Senior engineer", "高级工程师"),
            ("Solutions architect", "解决方案架构师"),
            ("Developer advocate", "开发者布道师"),
        ],
        skills: [
            ("system design", "系统设计"),
            ("cloud architecture", "云架构"),
            ("technical writing", "技术写作"),
            ("mentoring", "指导他人"),
        ],
        trends: [
            (
                "Cloud and platform skills stay in demand.",
                "云与平台技能需求持续。",
            ),
            (
                "Companies value engineers who can explain trade-offs to the business.",
                "企业看重能向业务方解释权衡的工程师。",
            ),
        ],
        opportunity: (
            "Deepening what you already do well is the fastest path to a senior role.",
            "深耕现有优势是晋升高级岗位最快的路径。",
        ),
        risk: (
            "A vague direction makes it hard to show progress.",
            "方向模糊会让进展难以体现。",
        ),
        resources: [
            (
                "“Designing Data-Intensive Applications”",
                "《数据密集型应用系统设计》",
            ),
            (
                "An open-source project in your stack",
                "与你技术栈相关的开源项目",
            ),
        ],
    },
];

/// The family the text points to (the first whose keywords appear), else the general one.
fn family_of(texts: &[&str]) -> &'static Family {
    for text in texts {
        let text = format!(" {} ", lower(text));
        if let Some(f) = FAMILIES
            .iter()
            .find(|f| f.keys.iter().any(|k| text.contains(k)))
        {
            return f;
        }
    }
    &FAMILIES[FAMILIES.len() - 1]
}

/// Feedback first (it is what the user asked for now), then the goal, then the background.
fn family_for(profile: &UserProfile, adjustments: &FeedbackAdjustments) -> &'static Family {
    let feedback = format!(
        "{} {}",
        adjustments.user_feedback,
        adjustments.focus_areas.join(" ")
    );
    let interests = profile.interests.join(" ");
    let texts: Vec<&str> = [
        feedback.as_str(),
        profile.career_goals.as_str(),
        interests.as_str(),
    ]
    .into_iter()
    .filter(|t| !t.trim().is_empty())
    .collect();
    family_of(&texts)
}

fn pick_all(lang: Language, pairs: &[(&str, &str)]) -> Vec<String> {
    pairs
        .iter()
        .map(|(en, zh)| lang.pick(en, zh).to_string())
        .collect()
}

const ROLE_WORDS: [&str; 19] = [
    "manager",
    "engineer",
    "designer",
    "analyst",
    "scientist",
    "architect",
    "director",
    "lead",
    "consultant",
    "developer",
    "经理",
    "工程师",
    "设计师",
    "分析师",
    "科学家",
    "架构师",
    "总监",
    "负责人",
    "顾问",
];
const HEDGES: [&str; 10] = [
    "not sure",
    "maybe",
    "something",
    "don't know",
    "unsure",
    "不确定",
    "不知道",
    "也许",
    "或许",
    "还没想好",
];

/// The clarity rules (each says what it found): a role named +40, a timeframe +30, enough detail
/// +20, no hedging +10; hedging −30.
pub fn clarity(goal: &str) -> (u32, Vec<&'static str>, Vec<&'static str>) {
    let text = lower(goal);
    let mut score: i32 = 0;
    let mut met = Vec::new();
    let mut open = Vec::new();
    if ROLE_WORDS.iter().any(|w| text.contains(w)) {
        score += 40;
        met.push("role");
    } else {
        open.push("role");
    }
    let has_digit_unit = ["year", "month", "yr", "年", "月"].iter().any(|u| {
        text.match_indices(u).any(|(i, _)| {
            text[..i]
                .trim_end()
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_digit() || "一二三四五六七八九十两半".contains(c))
        })
    });
    if has_digit_unit || text.contains("within") || text.contains(" by 20") {
        score += 30;
        met.push("timeframe");
    } else {
        open.push("timeframe");
    }
    let cjk = text.chars().filter(|c| *c as u32 > 0x2E80).count();
    if text.split_whitespace().count() >= 10 || cjk >= 15 {
        score += 20;
        met.push("detail");
    } else {
        open.push("detail");
    }
    if HEDGES.iter().any(|h| text.contains(h)) {
        score -= 30;
        open.push("certainty");
    } else {
        score += 10;
    }
    (score.clamp(0, 100) as u32, met, open)
}

fn criterion(lang: Language, key: &str) -> String {
    match key {
        "role" => lang.pick("a target role", "目标岗位"),
        "timeframe" => lang.pick("a timeframe", "时间范围"),
        "detail" => lang.pick("enough detail", "足够的细节"),
        _ => lang.pick("a decided direction", "明确的方向"),
    }
    .to_string()
}

struct Coordinator;
impl DemoResponder for Coordinator {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let profile: UserProfile = parsed(request, "profile");
        let (score, met, open) = clarity(&profile.career_goals);
        let names = |keys: &[&str]| {
            keys.iter()
                .map(|k| criterion(lang, k))
                .collect::<Vec<_>>()
                .join(lang.pick(", ", "、"))
        };
        let reasoning = format!(
            "{} {}/100. {} {}. {} {}.",
            lang.pick(
                "Demo clarity rules score the goal",
                "演示规则给目标的明确度打分为"
            ),
            score,
            lang.pick("It names:", "已包含："),
            if met.is_empty() {
                lang.pick("nothing specific", "无具体内容").to_string()
            } else {
                names(&met)
            },
            lang.pick("Still open:", "尚不明确："),
            if open.is_empty() {
                lang.pick("nothing", "无").to_string()
            } else {
                names(&open)
            },
        );
        let family = family_for(&profile, &FeedbackAdjustments::default());
        json(&CoordinatorAnswer {
            is_goal_clear: score > 70,
            clarity_score: f64::from(score),
            target_role: if met.contains(&"role") {
                lang.pick(family.roles[0].0, family.roles[0].1).to_string()
            } else {
                String::new()
            },
            reasoning,
            missing_information: open.iter().map(|k| criterion(lang, k)).collect(),
        })
    }
}

struct Planner;
impl DemoResponder for Planner {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let profile: UserProfile = parsed(request, "profile");
        let analysis: GoalAnalysis = parsed(request, "goal_analysis");
        let family = family_for(&profile, &FeedbackAdjustments::default());
        let from = if profile.current_position.trim().is_empty() {
            lang.pick("your current role", "当前岗位").to_string()
        } else {
            profile.current_position.trim().to_string()
        };
        json(&PlannerAnswer {
            strategy: format!(
                "{} {from} {} {}.",
                lang.pick("Compare the path from", "比较从"),
                lang.pick("towards roles such as", "转向以下岗位的路径："),
                pick_all(lang, &family.roles).join(lang.pick(", ", "、"))
            ),
            focus_areas: analysis.missing_information,
        })
    }
}

/// Splits feedback into short focus phrases ("AI product roles and large models" → two).
pub fn focus_phrases(feedback: &str) -> Vec<String> {
    let mut text = feedback.to_string();
    for sep in [" and ", "，", "、", "；", ";", "。", "和"] {
        text = text.replace(sep, ",");
    }
    text.split([',', '.', '\n'])
        .map(|p| p.trim().to_string())
        .filter(|p| p.chars().count() >= 2)
        .take(4)
        .collect()
}

struct Supervisor;
impl DemoResponder for Supervisor {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let feedback = part(request, "feedback");
        json(&SupervisorAnswer {
            focus_areas: focus_phrases(&feedback),
            instructions: format!(
                "{} “{}”",
                lang.pick(
                    "Re-run every analysis with the user's request first:",
                    "请优先围绕用户的要求重新分析："
                ),
                feedback.trim()
            ),
        })
    }
}

fn adjustments(request: &ChatRequest) -> FeedbackAdjustments {
    parsed(request, "feedback_adjustments")
}

fn focus_note(lang: Language, adjustments: &FeedbackAdjustments) -> String {
    if adjustments.focus_areas.is_empty() {
        String::new()
    } else {
        format!(
            " {} {}.",
            lang.pick("Focus, as you asked:", "按您的要求重点关注："),
            adjustments.focus_areas.join(lang.pick(", ", "、"))
        )
    }
}

struct Profiler;
impl DemoResponder for Profiler {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let profile: UserProfile = parsed(request, "profile");
        let adj = adjustments(request);
        let family = family_for(&profile, &adj);
        let mut strengths: Vec<String> = profile.skills.iter().take(3).cloned().collect();
        if let Some(years) = profile.years_experience.filter(|y| *y > 0) {
            strengths.push(format!(
                "{years} {}",
                lang.pick("years of experience", "年工作经验")
            ));
        }
        let known = lower(&profile.skills.join(" "));
        let gaps: Vec<String> = family
            .skills
            .iter()
            .filter(|(en, zh)| !known.contains(&lower(en)) && !known.contains(zh))
            .map(|(en, zh)| lang.pick(en, zh).to_string())
            .collect();
        let position = profile.current_position.trim();
        json(&ProfilerAnswer {
            summary: format!(
                "{} {} {}.{}",
                if position.is_empty() {
                    lang.pick("You", "您")
                } else {
                    position
                },
                lang.pick("brings", "具备"),
                if strengths.is_empty() {
                    lang.pick("a background to build on", "可供发展的基础")
                        .to_string()
                } else {
                    strengths.join(lang.pick(", ", "、"))
                },
                focus_note(lang, &adj)
            ),
            strengths,
            improvement_areas: gaps,
            work_style: if profile.interests.is_empty() {
                lang.pick(
                    "The profile does not say; add interests for a sharper picture.",
                    "资料未提及，补充兴趣可以让画像更准确。",
                )
                .to_string()
            } else {
                format!(
                    "{} {}",
                    lang.pick("Drawn to", "兴趣在于"),
                    profile.interests.join(lang.pick(", ", "、"))
                )
            },
        })
    }
}

struct Researcher;
impl DemoResponder for Researcher {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let profile: UserProfile = parsed(request, "profile");
        let adj = adjustments(request);
        let family = family_for(&profile, &adj);
        json(&ResearcherAnswer {
            summary: format!(
                "{} {}.{}",
                lang.pick(
                    "Demo outlook (general knowledge, no live market data) for",
                    "演示版行业展望（基于通用知识，无实时市场数据）："
                ),
                lang.pick(family.roles[0].0, family.roles[0].1),
                focus_note(lang, &adj)
            ),
            trends: pick_all(lang, &family.trends),
            opportunities: vec![lang
                .pick(family.opportunity.0, family.opportunity.1)
                .to_string()],
            risks: vec![lang.pick(family.risk.0, family.risk.1).to_string()],
        })
    }
}

/// Fit: 50, +10 per family skill the profile names, +5 with three years or more; at most 95,
/// and each further role 10 lower.
fn fit(profile: &UserProfile, family: &Family) -> u32 {
    let known = lower(&profile.skills.join(" "));
    let matched = family
        .skills
        .iter()
        .filter(|(en, zh)| known.contains(&lower(en)) || known.contains(zh))
        .count() as u32;
    let years = u32::from(profile.years_experience.unwrap_or(0) >= 3) * 5;
    (50 + 10 * matched + years).min(95)
}

struct Jobs;
impl DemoResponder for Jobs {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let profile: UserProfile = parsed(request, "profile");
        let adj = adjustments(request);
        let family = family_for(&profile, &adj);
        let base = fit(&profile, family);
        let roles = family
            .roles
            .iter()
            .enumerate()
            .map(|(i, (en, zh))| RoleFit {
                title: lang.pick(en, zh).to_string(),
                fit_score: base.saturating_sub(10 * i as u32),
                reason: lang
                    .pick(
                        "Fit from the overlap of your skills with what the role needs.",
                        "根据您的技能与岗位要求的重合度估算。",
                    )
                    .to_string(),
            })
            .collect();
        let known = lower(&profile.skills.join(" "));
        json(&JobAnswer {
            summary: format!(
                "{} {}.{}",
                lang.pick("Best fit:", "最匹配："),
                lang.pick(family.roles[0].0, family.roles[0].1),
                focus_note(lang, &adj)
            ),
            recommended_roles: roles,
            skill_gaps: family
                .skills
                .iter()
                .filter(|(en, zh)| !known.contains(&lower(en)) && !known.contains(zh))
                .map(|(en, zh)| lang.pick(en, zh).to_string())
                .collect(),
        })
    }
}

#[derive(Default, serde::Deserialize)]
#[serde(default)]
struct Analyses {
    self_insight_result: Option<SelfInsight>,
    industry_research_result: Option<IndustryResearch>,
    career_analysis_result: Option<CareerAnalysis>,
}

struct Reporter;
impl DemoResponder for Reporter {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let analyses: Analyses = parsed(request, "analyses");
        let adj = adjustments(request);
        let insight = analyses.self_insight_result.unwrap_or_default();
        let industry = analyses.industry_research_result.unwrap_or_default();
        let career = analyses.career_analysis_result.unwrap_or_default();
        let top = career
            .recommended_roles
            .first()
            .cloned()
            .unwrap_or_default();
        let summary = [insight.summary, industry.summary, career.summary]
            .into_iter()
            .filter(|s| !s.trim().is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let iteration_summary = if adj.is_empty() {
            String::new()
        } else {
            format!(
                "{} {}",
                lang.pick(
                    "This round follows your feedback:",
                    "本轮已根据您的反馈调整："
                ),
                if adj.focus_areas.is_empty() {
                    adj.user_feedback.clone()
                } else {
                    adj.focus_areas.join(lang.pick(", ", "、"))
                }
            )
        };
        let mut recommendations: Vec<String> = career
            .skill_gaps
            .iter()
            .take(2)
            .map(|g| {
                format!(
                    "{} {g}",
                    lang.pick("Build evidence of", "积累以下能力的实践成果：")
                )
            })
            .collect();
        recommendations.extend(industry.opportunities);
        json(&ReporterAnswer {
            executive_summary: summary,
            recommended_career: top.title,
            match_score: f64::from(top.fit_score),
            strengths: insight.strengths,
            development_areas: career.skill_gaps,
            recommendations,
            iteration_summary,
        })
    }
}

struct Decomposer;
impl DemoResponder for Decomposer {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let profile: UserProfile = parsed(request, "profile");
        let report: IntegratedReport = parsed(request, "report");
        let analysis: GoalAnalysis = parsed(request, "goal_analysis");
        let direction = [
            report.recommended_career.clone(),
            analysis.target_role.clone(),
            profile.career_goals.clone(),
        ]
        .into_iter()
        .find(|d| !d.trim().is_empty())
        .unwrap_or_else(|| {
            lang.pick("Your next career step", "您的下一步职业发展")
                .to_string()
        });
        let family = family_for(&profile, &FeedbackAdjustments::default());
        let gaps = if report.development_areas.is_empty() {
            pick_all(lang, &family.skills)
        } else {
            report.development_areas.clone()
        };
        let goal = |title: String, description: String, timeframe: &str, criteria: Vec<String>| {
            CareerGoal {
                title,
                description,
                timeframe: timeframe.to_string(),
                success_criteria: criteria,
            }
        };
        let answer = GoalsAnswer {
            long_term_goals: vec![goal(
                format!("{} {direction}", lang.pick("Work as", "成为")),
                lang.pick(
                    "The direction the analysis points to.",
                    "分析所指向的方向。",
                )
                .to_string(),
                lang.pick("3–5 years", "3–5 年"),
                vec![lang
                    .pick(
                        "An offer or internal move into the role",
                        "获得该岗位的录用或内部转岗",
                    )
                    .to_string()],
            )],
            medium_term_goals: gaps
                .iter()
                .take(2)
                .map(|g| {
                    goal(
                        format!("{} {g}", lang.pick("Become strong in", "熟练掌握")),
                        lang.pick(
                            "Use it in real work, not only in courses.",
                            "在实际工作中运用，而不仅是上课。",
                        )
                        .to_string(),
                        lang.pick("1–2 years", "1–2 年"),
                        vec![lang
                            .pick("A project that shows it", "有体现该能力的项目")
                            .to_string()],
                    )
                })
                .collect(),
            short_term_goals: gaps
                .iter()
                .take(3)
                .map(|g| {
                    goal(
                        format!("{} {g}", lang.pick("Start learning", "开始学习")),
                        lang.pick("A course or a small project.", "一门课程或一个小项目。")
                            .to_string(),
                        lang.pick("3 months", "3 个月"),
                        vec![lang
                            .pick("Finished and written up", "完成并写下总结")
                            .to_string()],
                    )
                })
                .collect(),
        };
        json(&answer)
    }
}

struct Scheduler;
impl DemoResponder for Scheduler {
    fn respond(&self, request: &ChatRequest) -> String {
        let lang = language(request);
        let profile: UserProfile = parsed(request, "profile");
        let goals: CareerGoals = parsed(request, "goals");
        let feedback = part(request, "plan_feedback");
        // The demo cannot apply free-form feedback: it gives the same plan more room.
        let stretch = |weeks: u32| {
            if feedback.trim().is_empty() {
                weeks
            } else {
                weeks + weeks / 2
            }
        };
        let mut items = Vec::new();
        let mut week = 0;
        for goal in &goals.short_term_goals {
            items.push(item(goal, week, stretch(4), "high"));
            week += stretch(4);
        }
        let medium_start = week.max(12);
        for (i, goal) in goals.medium_term_goals.iter().enumerate() {
            items.push(item(
                goal,
                medium_start + stretch(8) * i as u32,
                stretch(8),
                "medium",
            ));
        }
        let end = items
            .iter()
            .map(|i| i.start_week + i.duration_weeks)
            .max()
            .unwrap_or(12);
        let family = family_for(&profile, &FeedbackAdjustments::default());
        let mut overview = format!(
            "{} {} {}.",
            lang.pick(
                "Short-term goals one after another, then the medium-term ones; about",
                "先逐个完成短期目标，再推进中期目标；共约"
            ),
            end,
            lang.pick("weeks in all", "周")
        );
        if !profile.constraints.trim().is_empty() {
            overview.push_str(&format!(
                " {} {}",
                lang.pick("Respecting:", "已考虑："),
                profile.constraints.trim()
            ));
        }
        if !feedback.trim().is_empty() {
            overview.push_str(&format!(
                " {}",
                lang.pick(
                    "Revised after your feedback: the demo gives every item half as much time again; use a real model for other changes.",
                    "已根据您的反馈修改：演示版将每项时间延长一半；其他修改请使用真实模型。"
                )
            ));
        }
        json(&PlanAnswer {
            schedule_overview: overview,
            action_items: items,
            timeline: vec![
                phase(
                    lang.pick("Foundation", "打基础"),
                    0,
                    medium_start,
                    lang.pick("Learn the basics of each gap", "补齐各项能力的基础"),
                ),
                phase(
                    lang.pick("Practice", "实践"),
                    medium_start,
                    end.max(medium_start + 1),
                    lang.pick("Apply them in real projects", "在真实项目中运用"),
                ),
            ],
            resources: pick_all(lang, &family.resources),
        })
    }
}

/// Registers the CareerNavigator responders on `model`.
pub fn with_navigator_responders(model: DemoModel) -> DemoModel {
    model
        .with_responder(COORDINATOR.node, Rc::new(Coordinator))
        .with_responder(PLANNER.node, Rc::new(Planner))
        .with_responder(SUPERVISOR.node, Rc::new(Supervisor))
        .with_responder(USER_PROFILER.node, Rc::new(Profiler))
        .with_responder(INDUSTRY_RESEARCHER.node, Rc::new(Researcher))
        // the resume_tailoring design's tailoring has a `job_analyzer` too: told apart by the answer's schema.
        .with_responder_for_schema(JOB_ANALYZER.node, JOB_ANALYZER.schema_name, Rc::new(Jobs))
        .with_responder(REPORTER.node, Rc::new(Reporter))
        .with_responder(GOAL_DECOMPOSER.node, Rc::new(Decomposer))
        .with_responder(SCHEDULER.node, Rc::new(Scheduler))
}

/// The offline model with every CareerNavigator agent answered from the input.
pub fn demo_model() -> DemoModel {
    with_navigator_responders(DemoModel::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clarity_rules_tell_clear_from_vague_goals_in_both_languages() {
        let (clear, _, _) = clarity("Become an engineering manager at a fintech company within 2 years, leading a team of backend engineers");
        assert!(clear > 70, "{clear}");
        let (vague, _, open) = clarity("Not sure yet, maybe something closer to product");
        assert!(vague <= 70, "{vague}");
        assert!(open.contains(&"certainty"));
        let (zh_clear, _, _) =
            clarity("两年内成为金融科技公司的工程经理，带领一个六到八人的后端团队");
        assert!(zh_clear > 70, "{zh_clear}");
        let (zh_vague, _, _) = clarity("我想转向产品方向，但还不确定具体岗位");
        assert!(zh_vague <= 70, "{zh_vague}");
    }

    #[test]
    fn feedback_splits_into_focus_phrases() {
        assert_eq!(
            focus_phrases("AI product roles and large models."),
            vec!["AI product roles", "large models"]
        );
        assert_eq!(
            focus_phrases("大模型和多智能体方向"),
            vec!["大模型", "多智能体方向"]
        );
    }
}
