//! The integration tests of tether, one binary (issue 32): each module was
//! a test binary of its own, and every one of them linked tether, reqwest,
//! axum, tower-http… Their tests now share this process and run on
//! parallel threads; `cargo test -p tether-tests --test integration --
//! adapter_bodies::` runs one module. The two tests that need a process to
//! themselves run in one of their own (`tether_tests::ran_alone`).

/// The one counting allocator (`hostile_memory` reads the live heap).
#[global_allocator]
static COUNTING: tether_tests::counting_alloc::Counting = tether_tests::counting_alloc::Counting;

mod adapter_bodies;
mod adapter_cors;
mod adapter_early_answer;
mod adapter_http2;
mod adapter_interceptor_errors;
mod adapter_middleware;
mod adapter_pipeline;
mod adapter_shutdown;
mod adapter_sse;
mod adapter_tls;
mod compression;
mod context_auth;
mod contract;
mod contract_queries;
mod contract_returns;
mod docs_assets;
mod docs_page;
mod e2e_sdk;
mod error_codes;
mod example_bookstore;
mod expansion_inputs;
mod hostile_http;
mod hostile_memory;
mod load_shutdown;
mod rolling_deploy;
mod routing_methods;
mod routing_paths;
mod routing_versions;
mod sdk_package;
mod testing_client;
mod thread_subscriber;
mod tower_layers;
mod tracing_log;
mod tracing_otel;
mod tracing_spans;
mod typed_errors;
mod validation;
mod validation_formats;
