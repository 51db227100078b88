//! The server: [`NativeAdapter`]
//! on hyper + tokio — connections, HTTP/1 and HTTP/2, their timeouts, TLS —
//! and the runtimes that run it.

pub use adapter::{shutdown_signal, HttpAdapter, NativeAdapter};
pub use runtime::Runtime;
#[cfg(feature = "tls")]
pub use tls::TlsConfig;

pub mod adapter;
pub(crate) mod conn_io;
pub(crate) mod connection_limit;
pub(crate) mod h2_clock;
pub(crate) mod h2_connection;
pub(crate) mod h2_streams;
pub(crate) mod h2_writes;
pub(crate) mod host_header;
pub(crate) mod http2;
pub(crate) mod idle;
pub(crate) mod linger;
pub mod runtime;
pub(crate) mod stall;
#[cfg(feature = "tls")]
pub mod tls;
