//! The skills lexicon: a canonical name, a category and the spellings that mean it ("k8s" is
//! Kubernetes, "ML" is machine learning, "机器学习" too). Latin aliases are lowercase token
//! sequences matched on stemmed tokens (plurals need no alias of their own); Chinese aliases are
//! matched inside Chinese runs, which have no spaces. Multi-word entries ("data engineering",
//! "business intelligence") are how common words take part in a requirement: on their own, "data"
//! or "business" never do.

/// What kind of thing a skill is: decides whether the tailoring asks the user about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    /// Languages, frameworks, tools, platforms.
    Tech,
    /// Methods and fields of practice (A/B testing, system design, data engineering).
    Method,
    /// Certificates and licences (forklift, PMP).
    Certification,
    /// Degrees and fields of study.
    Education,
    /// Soft skills: counted only where a requirement names them, never asked about.
    Soft,
}

pub struct Skill {
    pub name: &'static str,
    pub category: Category,
    pub aliases: &'static [&'static str],
}

const fn tech(name: &'static str, aliases: &'static [&'static str]) -> Skill {
    Skill {
        name,
        category: Category::Tech,
        aliases,
    }
}

const fn method(name: &'static str, aliases: &'static [&'static str]) -> Skill {
    Skill {
        name,
        category: Category::Method,
        aliases,
    }
}

const fn cert(name: &'static str, aliases: &'static [&'static str]) -> Skill {
    Skill {
        name,
        category: Category::Certification,
        aliases,
    }
}

const fn edu(name: &'static str, aliases: &'static [&'static str]) -> Skill {
    Skill {
        name,
        category: Category::Education,
        aliases,
    }
}

const fn soft(name: &'static str, aliases: &'static [&'static str]) -> Skill {
    Skill {
        name,
        category: Category::Soft,
        aliases,
    }
}

/// The lexicon. The canonical name's lowercase form is always an alias too, except for names in
/// [`CASE_SENSITIVE`].
pub const KNOWN_SKILLS: &[Skill] = &[
    // Languages
    tech("JavaScript", &["js", "ecmascript", "es6"]),
    tech("TypeScript", &["ts"]),
    tech("Python", &[]),
    tech("Rust", &[]),
    tech("Go", &["golang"]),
    tech("Java", &[]),
    tech("Kotlin", &[]),
    tech("Swift", &[]),
    tech("Scala", &[]),
    tech("Ruby", &[]),
    tech("PHP", &[]),
    tech("C++", &["cpp"]),
    tech("C#", &["csharp", "c sharp"]),
    tech("Elixir", &[]),
    tech("Erlang", &[]),
    tech("Haskell", &[]),
    tech("Dart", &[]),
    tech("MATLAB", &[]),
    tech("SQL", &[]),
    tech("Bash", &["shell scripting"]),
    tech("HTML", &["html5"]),
    tech("CSS", &["css3"]),
    // Frameworks and libraries
    tech("React", &["react.js", "reactjs"]),
    tech("React Native", &[]),
    tech("Vue", &["vue.js", "vuejs"]),
    tech("Angular", &["angularjs"]),
    tech("Next.js", &["nextjs"]),
    tech("Node.js", &["node", "nodejs"]),
    tech("Django", &[]),
    tech("Flask", &[]),
    tech("FastAPI", &[]),
    tech("Spring Boot", &["spring framework"]),
    tech("Rails", &["ruby on rails"]),
    tech("Laravel", &[]),
    tech("Flutter", &[]),
    tech("Tokio", &[]),
    tech("PyTorch", &["torch"]),
    tech("TensorFlow", &["tf"]),
    tech("scikit-learn", &["sklearn", "scikit learn"]),
    tech("Pandas", &[]),
    tech("Spark", &["apache spark", "pyspark"]),
    tech("Hadoop", &[]),
    tech("Flink", &["apache flink"]),
    tech("MLflow", &[]),
    tech("LangChain", &[]),
    tech("Hugging Face", &["huggingface"]),
    tech("OpenAI API", &["openai", "openai api", "openai apis"]),
    // Data stores and messaging
    tech("PostgreSQL", &["postgres", "psql", "postgre"]),
    tech("MySQL", &[]),
    tech("SQL Server", &["mssql", "microsoft sql server"]),
    tech("SQLite", &[]),
    tech("MongoDB", &["mongo"]),
    tech("Cassandra", &[]),
    tech("DynamoDB", &[]),
    tech("Redis", &[]),
    tech("Elasticsearch", &["elastic search", "opensearch"]),
    tech("Kafka", &["apache kafka"]),
    tech("RabbitMQ", &[]),
    tech("Pub/Sub", &["pubsub", "google pub/sub"]),
    tech("Snowflake", &[]),
    tech("BigQuery", &["big query"]),
    tech("Cloud SQL", &[]),
    tech("dbt", &[]),
    tech("Airflow", &["apache airflow"]),
    tech(
        "Vector databases",
        &["vector database", "vector db", "向量数据库"],
    ),
    // Infrastructure
    tech("Kubernetes", &["k8s", "kube"]),
    tech("Docker", &["containerization"]),
    tech("Terraform", &[]),
    tech("Helm", &[]),
    tech("Ansible", &[]),
    tech("AWS", &["amazon web services"]),
    tech("GCP", &["google cloud", "google cloud platform"]),
    tech("Azure", &["microsoft azure"]),
    tech("Linux", &[]),
    tech("GitHub Actions", &[]),
    tech("Jenkins", &[]),
    tech("Git", &["github", "gitlab"]),
    tech(
        "CI/CD",
        &[
            "ci cd",
            "continuous integration",
            "continuous delivery",
            "continuous deployment",
        ],
    ),
    tech("Prometheus", &[]),
    tech("Grafana", &[]),
    tech("Datadog", &[]),
    tech("Amplitude", &[]),
    tech("Observability", &["monitoring"]),
    tech("Serverless", &["lambda"]),
    tech("GraphQL", &[]),
    tech("gRPC", &[]),
    tech("REST", &["rest api", "rest apis", "restful"]),
    tech("WebAssembly", &["wasm"]),
    tech("iOS", &[]),
    tech("Android", &[]),
    tech("Tableau", &[]),
    tech("Power BI", &["powerbi"]),
    tech("Excel", &["microsoft excel"]),
    tech("Figma", &[]),
    tech("Jira", &[]),
    tech("Salesforce", &[]),
    tech("SAP", &[]),
    tech("AutoCAD", &[]),
    tech("Photoshop", &["adobe photoshop"]),
    // Engineering practice
    method(
        "Backend development",
        &[
            "backend",
            "back-end",
            "back end",
            "server-side",
            "server side",
            "后端",
        ],
    ),
    method("Frontend development", &["frontend", "front-end", "前端"]),
    method(
        "Full-stack development",
        &["full stack", "fullstack", "全栈"],
    ),
    method(
        "Mobile apps",
        &["mobile app", "mobile apps", "mobile development", "移动端"],
    ),
    method(
        "Microservices",
        &["microservice", "micro services", "微服务"],
    ),
    method(
        "Distributed systems",
        &["distributed system", "分布式系统", "分布式"],
    ),
    method("System design", &["systems design", "系统设计"]),
    method(
        "Software architecture",
        &[
            "software design",
            "system architecture",
            "systems architecture",
            "架构设计",
        ],
    ),
    method("API design", &["api development"]),
    method("Data modeling", &["data modelling", "schema design"]),
    method(
        "Performance optimization",
        &["performance tuning", "性能优化"],
    ),
    method(
        "Automated testing",
        &[
            "unit testing",
            "unit tests",
            "integration testing",
            "integration tests",
            "automated tests",
            "test automation",
            "testable code",
            "自动化测试",
        ],
    ),
    method(
        "TDD",
        &["test driven development", "test-driven development"],
    ),
    method("Code review", &["code reviews"]),
    method("DevOps", &[]),
    method("SRE", &["site reliability", "site reliability engineering"]),
    method("Security", &["appsec", "application security"]),
    method("Accessibility", &["a11y", "wcag"]),
    method("Agile", &["敏捷"]),
    method("Scrum", &[]),
    method("Kanban", &[]),
    method("Prototyping", &["prototype", "prototypes"]),
    // Data and AI
    method("Machine learning", &["ml", "机器学习"]),
    method("Deep learning", &["深度学习"]),
    method("Artificial intelligence", &["ai", "人工智能"]),
    method("Generative AI", &["genai", "gen ai", "生成式"]),
    method("NLP", &["natural language processing", "自然语言处理"]),
    method(
        "LLM",
        &[
            "llms",
            "large language model",
            "大模型",
            "大语言模型",
            "语言模型",
        ],
    ),
    method(
        "RAG",
        &[
            "retrieval augmented generation",
            "retrieval-augmented generation",
        ],
    ),
    method("Prompt engineering", &["提示词工程", "提示工程"]),
    method("Fine-tuning", &["fine tuning", "微调"]),
    method("AI agents", &["llm agents", "智能体"]),
    method("Multimodal", &["multi-modal", "多模态"]),
    method("Text generation", &["文本生成"]),
    method("Intent recognition", &["intent classification", "意图识别"]),
    method("Computer vision", &["计算机视觉"]),
    method("Reinforcement learning", &["强化学习"]),
    method("Unsupervised learning", &[]),
    method(
        "Recommender systems",
        &["recommendation systems", "推荐系统"],
    ),
    method("Causal inference", &[]),
    method("Time series", &["time series forecasting", "forecasting"]),
    method("Regression", &["linear regression", "logistic regression"]),
    method("Stochastic processes", &[]),
    method("Feature engineering", &["特征工程"]),
    method("MLOps", &["ml ops"]),
    method("Data science", &["数据科学"]),
    method("Data engineering", &["数据工程"]),
    method("Data mining", &["数据挖掘"]),
    method(
        "Data structures and algorithms",
        &[
            "data structures",
            "data structures and algorithms",
            "algorithms and data structures",
            "数据结构",
        ],
    ),
    method("Data pipelines", &["data pipeline", "etl", "elt"]),
    method(
        "Data analysis",
        &["data analytics", "analytics", "数据分析"],
    ),
    method("Data visualization", &["数据可视化"]),
    method("Business intelligence", &["商业智能"]),
    method("Big data", &["大数据"]),
    method("Statistics", &["statistical", "统计"]),
    method(
        "A/B testing",
        &["ab testing", "a b testing", "a/b tests", "experimentation"],
    ),
    // Product, design, business, operations
    method("Product management", &["产品管理"]),
    method("Product roadmap", &["roadmap", "roadmaps"]),
    method("UX", &["user experience", "ux design", "用户体验"]),
    method("User research", &["用户研究"]),
    method("Wireframing", &["wireframe", "wireframes"]),
    method("Project management", &["项目管理"]),
    method("SEO", &["search engine optimization"]),
    method("Inventory management", &["inventory control", "库存管理"]),
    method("Order fulfillment", &["order fulfilment"]),
    method(
        "Computer literacy",
        &["computer skills", "basic computer skills"],
    ),
    // Certificates and licences
    cert(
        "Forklift certification",
        &[
            "forklift",
            "forklift experience",
            "forklift certificate",
            "forklift license",
            "叉车证",
        ],
    ),
    cert("PMP", &["project management professional"]),
    cert(
        "AWS certification",
        &["aws certified", "aws certifications"],
    ),
    cert(
        "Certified Kubernetes Administrator",
        &["cka", "certified kubernetes"],
    ),
    cert("Scrum Master", &["certified scrum master", "csm"]),
    cert("CPA", &["certified public accountant"]),
    cert("CFA", &[]),
    cert("CISSP", &[]),
    cert("First aid", &["cpr", "first aid certification"]),
    cert(
        "Driver's license",
        &[
            "drivers license",
            "driver s license",
            "driving licence",
            "驾照",
        ],
    ),
    // Degrees and fields of study
    edu("Computer science", &["计算机科学"]),
    edu("Mathematics", &["math", "maths", "数学"]),
    edu("Physics", &[]),
    edu("Economics", &[]),
    edu("Bachelor's degree", &["bachelor s", "bachelors", "本科"]),
    edu("Master's degree", &["master s", "masters", "硕士"]),
    edu("PhD", &["ph.d", "doctorate", "博士"]),
    // Soft skills
    soft(
        "Communication",
        &[
            "communication skills",
            "communicating",
            "communicate",
            "communicator",
            "沟通能力",
            "沟通",
        ],
    ),
    soft(
        "Collaboration",
        &[
            "collaborative",
            "collaborate",
            "collaborator",
            "teamwork",
            "团队合作",
            "协作",
        ],
    ),
    soft(
        "Cross-functional collaboration",
        &["cross-functional", "cross functional", "跨部门"],
    ),
    soft("Problem solving", &["problem-solving", "解决问题"]),
    soft("Critical thinking", &[]),
    soft("Analytical skills", &["analytical", "分析能力"]),
    soft(
        "Leadership",
        &[
            "team lead",
            "tech lead",
            "technical leadership",
            "people management",
            "领导力",
        ],
    ),
    soft("Mentoring", &["mentorship", "mentor", "coaching"]),
    soft("Stakeholder management", &["stakeholders"]),
    soft(
        "Attention to detail",
        &["detail-oriented", "detail oriented"],
    ),
    soft("Time management", &[]),
];

/// Canonical names that are also common words ("go live", "excel at", "react to"): matched as
/// written, capitalised, or through an unambiguous alias ("golang").
pub const CASE_SENSITIVE: &[&str] = &["Go", "Excel", "React", "Swift", "Spark", "Helm", "Rust"];

/// The lexicon entry of a canonical name.
pub fn skill(name: &str) -> Option<&'static Skill> {
    KNOWN_SKILLS.iter().find(|s| s.name == name)
}
