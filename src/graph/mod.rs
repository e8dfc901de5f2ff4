//! The graph engine: LangGraph semantics, runtime-agnostic async. Knows nothing about LLMs or resumes.
