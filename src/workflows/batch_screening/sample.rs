//! Fictional resumes for the batch's sample input (names, companies and figures invented).

pub const SAMPLE_RESUMES: [(&str, &str); 3] = [
    (
        "ines-varga.md",
        "# Ines Varga\nBackend engineer\n## Experience\n### Senior Engineer — Quillmark (2018–2024)\n- Built Rust and Python services handling 3M requests a day\n- Ran Kubernetes clusters on AWS; cut deploy time 40%\n## Skills\nRust, Python, Kubernetes, AWS, PostgreSQL\n",
    ),
    (
        "tomas-reyes.md",
        "# Tomas Reyes\nFull-stack developer\n## Experience\n### Developer — Brightpane (2020–2024)\n- Wrote React front ends and Node.js APIs\n- Added PostgreSQL reporting used by 200 customers\n## Skills\nJavaScript, React, Node.js, PostgreSQL\n",
    ),
    (
        "yuki-hale.md",
        "# Yuki Hale\nPlatform engineer\n## Experience\n### Engineer — Lowtide Labs (2016–2024)\n- Operated Kubernetes and Terraform for 60 services\n- Wrote Go tooling; on-call lead for 2 years\n## Skills\nGo, Kubernetes, Terraform, AWS, Linux\n",
    ),
];
