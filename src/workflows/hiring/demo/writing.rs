//! The demo's written parts, in English and Chinese: interview questions from the match, the
//! evaluation, the email. Templates filled with what the documents show; no invented facts.

use crate::domain::hiring::{
    CandidateProfile, EmailDraft, Evaluation, InterviewQuestion, InterviewQuestions, JdAnalysis,
    MatchingAnalysis, Recommendation,
};
use crate::domain::Language;

fn q(question: String, purpose: &str, listen_for: &str) -> InterviewQuestion {
    InterviewQuestion {
        question,
        purpose: purpose.to_string(),
        listen_for: listen_for.to_string(),
    }
}

fn role_title(jd: &JdAnalysis, lang: Language) -> String {
    if jd.title.is_empty() {
        lang.pick("this role", "该职位").to_string()
    } else {
        jd.title.clone()
    }
}

fn first_or<'a>(items: &'a [String], fallback: &'a str) -> &'a str {
    items.first().map(String::as_str).unwrap_or(fallback)
}

pub fn hr(
    profile: &CandidateProfile,
    jd: &JdAnalysis,
    matching: &MatchingAnalysis,
    lang: Language,
) -> InterviewQuestions {
    let role = role_title(jd, lang);
    let current = profile
        .experience
        .first()
        .map(|r| r.organization.clone())
        .filter(|o| !o.is_empty())
        .unwrap_or_else(|| lang.pick("your current team", "目前的团队").to_string());
    let gap = first_or(&matching.missing_skills, "");
    let mut questions = vec![
        match lang {
            Language::En => q(format!("What draws you to the {role} position, and why now?"), "Motivation and timing", "A specific reason tied to the role, not a generic one"),
            Language::Zh => q(format!("是什么吸引你申请{role}这个职位？为什么是现在？"), "动机与时机", "与职位相关的具体理由，而非泛泛而谈"),
        },
        match lang {
            Language::En => q(format!("Tell us about a disagreement with a colleague at {current}. How was it resolved?"), "Collaboration and conflict", "Listening, a concrete resolution, what they learned"),
            Language::Zh => q(format!("请讲一次你在{current}与同事意见不合的经历，最后如何解决？"), "协作与冲突处理", "倾听、具体的解决办法、从中学到什么"),
        },
        match lang {
            Language::En => q("How do you like to receive feedback, and what was the last piece you acted on?".into(), "Coachability", "A real example with a change in behaviour"),
            Language::Zh => q("你希望以什么方式接收反馈？最近一次根据反馈做出的改变是什么？".into(), "可塑性", "真实的例子，以及随后的行为改变"),
        },
        match lang {
            Language::En => q("What does a good first six months in this role look like to you?".into(), "Expectations", "Realistic goals that match the role"),
            Language::Zh => q("你认为在这个职位上理想的前六个月是什么样的？".into(), "期望", "与职位相符的现实目标"),
        },
    ];
    if !gap.is_empty() {
        questions.push(match lang {
            Language::En => q(format!("The role asks for {gap}, which your resume does not mention. How would you get up to speed?"), "A gap the match found", "Honesty about the gap and a concrete learning plan"),
            Language::Zh => q(format!("该职位要求{gap}，但你的简历中没有提到。你会如何快速补上？"), "匹配分析发现的差距", "坦诚面对差距，并有具体的学习计划"),
        });
    }
    InterviewQuestions {
        focus: lang
            .pick(
                "Motivation, collaboration, communication and expectations.",
                "动机、协作、沟通与期望。",
            )
            .to_string(),
        questions,
    }
}

pub fn technical(
    profile: &CandidateProfile,
    jd: &JdAnalysis,
    matching: &MatchingAnalysis,
    claims: &[String],
    lang: Language,
) -> InterviewQuestions {
    let mut questions = Vec::new();
    for skill in matching.matched_skills.iter().take(2) {
        questions.push(match lang {
            Language::En => q(format!("Walk us through the hardest problem you solved with {skill}. What trade-offs did you make?"), "Depth in a required skill", "Specific design decisions, alternatives considered, results"),
            Language::Zh => q(format!("请讲讲你用{skill}解决过的最难的问题，做了哪些取舍？"), "核心技能的深度", "具体的设计决策、考虑过的方案、结果"),
        });
    }
    for claim in claims.iter().take(2) {
        questions.push(match lang {
            Language::En => q(
                format!("Your resume says: “{claim}”. How did you do it, and how was it measured?"),
                "Verifies a claimed achievement",
                "Their own part, the method, how the number was measured",
            ),
            Language::Zh => q(
                format!("你的简历写道：“{claim}”。你是怎么做到的？如何衡量？"),
                "核实简历中的成果",
                "本人的贡献、方法、数据的衡量方式",
            ),
        });
    }
    for skill in matching.missing_skills.iter().take(2) {
        questions.push(match lang {
            Language::En => q(format!("How would you approach {skill} in our stack, coming from your current experience?"), "A required skill the resume does not show", "Transferable knowledge; honesty about what they have not done"),
            Language::Zh => q(format!("基于你现有的经验，你会如何在我们的技术栈中使用{skill}？"), "简历未体现的必备技能", "可迁移的知识；坦诚说明没做过的部分"),
        });
    }
    let responsibility = first_or(&jd.responsibilities, "");
    questions.push(if responsibility.is_empty() {
        match lang {
            Language::En => q("Design a service you know well for ten times today's load. What breaks first?".into(), "System design", "Bottlenecks, measurement before change, failure modes"),
            Language::Zh => q("请把你熟悉的一个服务设计成能承受十倍负载，最先出问题的是什么？".into(), "系统设计", "瓶颈、先测量再改动、故障模式"),
        }
    } else {
        match lang {
            Language::En => q(format!("The role includes: “{responsibility}”. How would you approach it in your first month?"), "A responsibility of the role", "A plan that starts by learning the current system"),
            Language::Zh => q(format!("该职位的职责包括：“{responsibility}”。入职第一个月你会如何着手？"), "职位职责", "先了解现有系统再行动的计划"),
        }
    });
    if profile.skills.is_empty() && questions.len() < 3 {
        questions.push(match lang {
            Language::En => q(
                "Which tools do you use daily, and which would you replace?".into(),
                "Tooling judgement",
                "Reasons grounded in experience",
            ),
            Language::Zh => q(
                "你日常使用哪些工具？你会替换掉哪一个？".into(),
                "工具选择的判断力",
                "基于经验的理由",
            ),
        });
    }
    InterviewQuestions {
        focus: lang
            .pick(
                "Depth in the required skills, claimed achievements and the gaps.",
                "必备技能的深度、简历成果与差距。",
            )
            .to_string(),
        questions,
    }
}

pub fn ceo(jd: &JdAnalysis, lang: Language) -> InterviewQuestions {
    let role = role_title(jd, lang);
    let questions = match lang {
        Language::En => vec![
            q("Tell me about a decision you owned that turned out wrong. What did you do next?".into(), "Ownership and judgement", "Owning the outcome, a concrete correction"),
            q("What kind of company do you want to help build, and what would make you leave one?".into(), "Values and culture fit", "Values that match how the team works"),
            q(format!("If you joined as {role}, what would you want to be known for in a year?"), "Ambition and impact", "Impact on the business, not only on the code"),
            q("When have you put the team's goal ahead of your own work?".into(), "Team orientation", "A real trade-off they made"),
            q("What is a belief about your field that most of your peers do not share?".into(), "Independent thinking", "A reasoned view, held with openness"),
        ],
        Language::Zh => vec![
            q("讲一个你负责但结果错误的决定，之后你做了什么？".into(), "担当与判断力", "承担结果，并有具体的纠正措施"),
            q("你希望参与打造什么样的公司？什么会让你离开一家公司？".into(), "价值观与文化契合", "与团队做事方式一致的价值观"),
            q(format!("如果你以{role}的身份加入，一年后你希望大家因什么而记住你？"), "抱负与影响力", "对业务的影响，而不仅是代码"),
            q("什么时候你把团队目标放在了自己的工作之前？".into(), "团队意识", "真实做出过的取舍"),
            q("在你的领域里，有什么观点是你持有而多数同行不认同的？".into(), "独立思考", "有理有据、同时保持开放的观点"),
        ],
    };
    InterviewQuestions {
        focus: lang
            .pick(
                "Culture and values fit, ownership, ambition.",
                "文化与价值观契合、担当、抱负。",
            )
            .to_string(),
        questions,
    }
}

pub fn evaluation(
    profile: &CandidateProfile,
    matching: &MatchingAnalysis,
    lang: Language,
) -> Evaluation {
    let score = matching.score;
    let recommendation = Recommendation::from_score(score);
    let name = if profile.name.is_empty() {
        lang.pick("The candidate", "候选人").to_string()
    } else {
        profile.name.clone()
    };
    let summary = match lang {
        Language::En => format!(
            "{name} shows {} of the role's skills the description asks for and misses {}. The match score is {score:.0}/100, which maps to “{}”. The interviews must confirm the claimed achievements and probe the gaps.",
            matching.matched_skills.len(),
            matching.missing_skills.len(),
            recommendation.label(lang)
        ),
        Language::Zh => format!(
            "{name}具备职位描述要求的{}项技能，缺少{}项。匹配分数为{score:.0}/100，对应“{}”。面试需要核实简历中的成果，并深入考察差距。",
            matching.matched_skills.len(),
            matching.missing_skills.len(),
            recommendation.label(lang)
        ),
    };
    let next_steps = match recommendation {
        Recommendation::StrongHire | Recommendation::Hire => vec![
            lang.pick("Schedule the HR, technical and CEO rounds.", "安排 HR、技术和 CEO 三轮面试。").to_string(),
            lang.pick("Check references on the quantified achievements.", "就量化成果进行背景调查。").to_string(),
        ],
        Recommendation::Hold => vec![
            lang.pick("Hold a short screening call on the missing skills before committing interview time.", "在安排正式面试前，先就缺失技能进行简短电话沟通。").to_string(),
        ],
        Recommendation::NoHire => vec![
            lang.pick("Decline kindly and keep the profile for roles that fit better.", "礼貌拒绝，并保留档案以备更合适的职位。").to_string(),
        ],
    };
    Evaluation {
        recommendation,
        overall_score: score,
        summary,
        strengths: matching.strengths.clone(),
        concerns: matching.gaps.clone(),
        next_steps,
    }
}

pub fn email(
    profile: &CandidateProfile,
    jd: &JdAnalysis,
    evaluation: &Evaluation,
    lang: Language,
) -> EmailDraft {
    let role = role_title(jd, lang);
    let name = if profile.name.is_empty() {
        lang.pick("there", "您好").to_string()
    } else {
        profile.name.clone()
    };
    let (subject, body) = match (evaluation.recommendation, lang) {
        (Recommendation::StrongHire | Recommendation::Hire, Language::En) => (
            format!("Next steps: {role} interviews"),
            format!("Hi {name},\n\nThank you for applying for the {role} position. We enjoyed reading about your experience and would like to invite you to our interview process: an HR conversation, a technical interview and a final conversation with our CEO.\n\nCould you share a few times that suit you in the week of [date]?\n\nBest regards,\nThe hiring team"),
        ),
        (Recommendation::Hold, Language::En) => (
            format!("Your application for {role}"),
            format!("Hi {name},\n\nThank you for applying for the {role} position. Before we plan the interviews, we would like a short call to learn more about your experience with some of the role's requirements.\n\nWould [date] at [time] work for you?\n\nBest regards,\nThe hiring team"),
        ),
        (Recommendation::NoHire, Language::En) => (
            format!("Your application for {role}"),
            format!("Hi {name},\n\nThank you for your interest in the {role} position and for the time you put into your application. After careful review, we have decided not to move forward at this time.\n\nWe would be glad to keep your details for future roles that fit your experience more closely.\n\nBest regards,\nThe hiring team"),
        ),
        (Recommendation::StrongHire | Recommendation::Hire, Language::Zh) => (
            format!("下一步：{role}面试安排"),
            format!("{name}，您好：\n\n感谢您申请{role}职位。我们很欣赏您的经历，诚邀您参加我们的面试流程：HR 面谈、技术面试，以及与 CEO 的终面。\n\n请告知您在[日期]那一周方便的几个时间段。\n\n此致\n招聘团队"),
        ),
        (Recommendation::Hold, Language::Zh) => (
            format!("关于您申请的{role}职位"),
            format!("{name}，您好：\n\n感谢您申请{role}职位。在安排面试之前，我们希望先和您简短通话，进一步了解您在部分职位要求上的经验。\n\n请问[日期][时间]是否方便？\n\n此致\n招聘团队"),
        ),
        (Recommendation::NoHire, Language::Zh) => (
            format!("关于您申请的{role}职位"),
            format!("{name}，您好：\n\n感谢您对{role}职位的关注以及为申请付出的时间。经过认真评估，我们决定暂不推进您的申请。\n\n如有更符合您经验的职位，我们很乐意保留您的资料并与您联系。\n\n此致\n招聘团队"),
        ),
    };
    EmailDraft {
        recipient: lang.pick("candidate", "候选人").to_string(),
        subject,
        body,
    }
}
