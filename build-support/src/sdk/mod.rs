//! TypeScript SDK generation (SPEC C).
