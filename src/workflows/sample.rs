//! A fictional sample resume and role, so the app has something real to work on at first open.
//! (Invented person: the real resumes in `shared/corpus` are never copied into the repository.)

pub const SAMPLE_TARGET_ROLE: &str = "Senior Backend Engineer (Rust, distributed systems)";

pub const SAMPLE_RESUME: &str = "\
# Jordan Avery
Backend engineer · Lisbon, Portugal · jordan.avery@example.com

## Summary
Backend engineer with six years of experience building payment and logistics services.
Comfortable across Rust, Go and PostgreSQL; enjoys turning slow batch jobs into streaming pipelines.

## Experience
### Senior Software Engineer — Parcelwise (2021–present)
- Led the rewrite of the shipment-tracking ingestion service from Python to Rust, cutting p99 latency from 900 ms to 120 ms.
- Designed an event-sourced ledger on PostgreSQL and Kafka handling 40k events per second.
- Mentored four engineers; introduced design reviews and on-call runbooks.

### Software Engineer — Tillpoint Payments (2018–2021)
- Built the card-settlement reconciliation service in Go, processing 2M transactions a day.
- Reduced cloud spend by 30% by moving nightly batch jobs to spot instances.
- Worked on fraud rules with the risk team.

## Education
BSc Computer Science — University of Porto (2014–2018)

## Skills
Rust, Go, Python, PostgreSQL, Kafka, Kubernetes, gRPC, AWS, Terraform, observability (Prometheus, OpenTelemetry)
";

/// A fictional job description to pair with [`SAMPLE_RESUME`], so the hiring, batch, tailoring
/// and letter pages have something real to work on at first open. (Invented company; no real ad
/// is copied.)
pub const SAMPLE_JOB_DESCRIPTION: &str = "\
# Senior Backend Engineer — Harbor Logistics

Harbor Logistics moves freight for 3,000 shippers across Europe; our platform team builds the
services that price, book and track every shipment.

## Responsibilities
- Design and run the booking and tracking services
- Mentor engineers and lead design reviews
- Improve reliability and on-call practices

## Requirements
- 5+ years building backend services in Rust or Go
- PostgreSQL and Kafka in production
- Kubernetes and AWS
- Experience with distributed systems

## Nice to have
- Terraform
- gRPC
";
