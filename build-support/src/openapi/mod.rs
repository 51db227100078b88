//! OpenAPI generation (SPEC B).
