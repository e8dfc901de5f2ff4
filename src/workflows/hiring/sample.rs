//! A fictional job description to pair with `workflows::sample::SAMPLE_RESUME`, so the hiring page
//! has something real to work on at first open. (Invented company; no real ad is copied.)

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
