//! How an app is run: on tokio's multi-threaded runtime, or on
//! one single-threaded runtime per core, each accepting connections on its
//! own `SO_REUSEPORT` listener, so a request never leaves the core that
//! accepted it.
//!
//! [`App::run`] picks one from the `TETHER_RUNTIME` environment variable
//! (set by `cargo tether dev --runtime`), else from `runtime` in the crate's
//! `tether.toml`, else multi-thread.
//!
//! ```no_run
//! use tether::{App, NativeAdapter, Runtime};
//!
//! fn main() -> std::io::Result<()> {
//!     App::new(NativeAdapter::new()).run_with("127.0.0.1:3000", Runtime::PerCore)
//! }
//! ```

use crate::app::builder::App;
use crate::server::adapter::{shutdown_signal, HttpAdapter};
use std::net::{SocketAddr, ToSocketAddrs};

/// The environment variable that overrides `runtime` of `tether.toml`.
pub const RUNTIME_ENV: &str = "TETHER_RUNTIME";

/// Which tokio runtime(s) serve the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Runtime {
    /// tokio's multi-threaded, work-stealing runtime (`"multi-thread"`).
    #[default]
    MultiThread,
    /// One single-threaded runtime per available core, each with its own
    /// `SO_REUSEPORT` listener (`"per-core"`).
    PerCore,
}

impl Runtime {
    /// `"multi-thread"` or `"per-core"`, as `tether.toml` spells them.
    pub fn parse(name: &str) -> Option<Runtime> {
        match name.trim() {
            "multi-thread" => Some(Runtime::MultiThread),
            "per-core" => Some(Runtime::PerCore),
            _ => None,
        }
    }

    /// `TETHER_RUNTIME` if set, else `configured` (from `tether.toml`).
    pub fn from_env_or(configured: Option<&str>) -> std::io::Result<Runtime> {
        let (value, source) = match std::env::var(RUNTIME_ENV) {
            Ok(v) if !v.is_empty() => (v, RUNTIME_ENV),
            _ => match configured {
                Some(c) => (c.to_string(), "runtime in tether.toml"),
                None => return Ok(Runtime::default()),
            },
        };
        Runtime::parse(&value).ok_or_else(|| {
            std::io::Error::other(format!(
                "{source} is {value:?}; expected \"multi-thread\" or \"per-core\""
            ))
        })
    }
}

/// A listener on `addr` that other sockets of this process may share.
fn reuse_port_listener(addr: SocketAddr) -> std::io::Result<std::net::TcpListener> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    socket.set_reuse_address(true)?;
    #[cfg(all(unix, not(any(target_os = "solaris", target_os = "illumos"))))]
    socket.set_reuse_port(true)?;
    socket.set_nonblocking(true)?;
    socket.bind(&addr.into())?;
    socket.listen(1024)?;
    Ok(socket.into())
}

fn current_thread() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}

impl<A: HttpAdapter + Clone> App<A> {
    /// Serves `addr` until Ctrl-C or `SIGTERM` on the runtime chosen by
    /// `TETHER_RUNTIME`, else `tether.toml`'s `runtime`, else multi-thread.
    /// Blocks: call it from a plain `fn main`, not inside a runtime.
    pub fn run(self, addr: impl ToSocketAddrs) -> std::io::Result<()> {
        let runtime = Runtime::from_env_or(self.embedded_runtime())?;
        self.run_with(addr, runtime)
    }

    /// Serves `addr` on `runtime` until Ctrl-C or `SIGTERM`. Blocks.
    ///
    /// It starts its own tokio runtime(s), so inside one (`#[tokio::main]`,
    /// `#[tokio::test]`) it is an error saying what to call instead, not
    /// tokio's panic: `app.bind(addr).await?.serve_until_ctrl_c().await`.
    pub fn run_with(self, addr: impl ToSocketAddrs, runtime: Runtime) -> std::io::Result<()> {
        if tokio::runtime::Handle::try_current().is_ok() {
            return Err(std::io::Error::other(
                "App::run starts its own tokio runtime and blocks, so it cannot be called inside one (`#[tokio::main]`): \
                 call it from a plain `fn main`, or inside the runtime write `app.bind(addr).await?.serve_until_ctrl_c().await` \
                 (the multi-thread runtime; `runtime` of tether.toml is then not read)",
            ));
        }
        let addr = addr
            .to_socket_addrs()?
            .next()
            .ok_or_else(|| std::io::Error::other("no address to bind"))?;
        match runtime {
            Runtime::MultiThread => tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?
                .block_on(async move { self.bind(addr).await?.serve_until_ctrl_c().await }),
            Runtime::PerCore => self.run_per_core(addr),
        }
    }

    fn run_per_core(self, addr: SocketAddr) -> std::io::Result<()> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (adapter, service) = self.into_service()?;
        // The first bind settles the port when `addr` asks for port 0.
        let first = reuse_port_listener(addr)?;
        let addr = first.local_addr()?;
        let mut listeners = vec![first];
        for _ in 1..cores {
            listeners.push(reuse_port_listener(addr)?);
        }
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let serve = move |listener: std::net::TcpListener| {
            let (adapter, service) = (adapter.clone(), service.clone());
            let mut stopped = stopped.clone();
            async move {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                let signal = async move {
                    let _ = stopped.wait_for(|s| *s).await;
                };
                adapter.serve(listener, service, Box::pin(signal)).await
            }
        };
        let mut listeners = listeners.into_iter();
        let main_listener = listeners.next().expect("at least one listener");
        let workers: Vec<_> = listeners
            .enumerate()
            .map(|(i, listener)| {
                let fut = serve(listener);
                std::thread::Builder::new()
                    .name(format!("tether-core-{}", i + 1))
                    .spawn(move || current_thread()?.block_on(fut))
            })
            .collect::<Result<_, _>>()?;
        let main = serve(main_listener);
        let result = current_thread()?.block_on(async move {
            let watcher = tokio::spawn(async move {
                shutdown_signal().await;
                let _ = stop.send(true);
            });
            let result = main.await;
            watcher.abort();
            result
        });
        for worker in workers {
            worker
                .join()
                .map_err(|_| std::io::Error::other("a runtime thread panicked"))??;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a10_runtime_names_as_in_tether_toml() {
        assert_eq!(Runtime::parse("per-core"), Some(Runtime::PerCore));
        assert_eq!(Runtime::parse("multi-thread"), Some(Runtime::MultiThread));
        assert_eq!(Runtime::parse("threads"), None);
    }

    #[tokio::test]
    async fn a10_run_inside_a_runtime_says_what_to_call_instead() {
        for runtime in [Runtime::MultiThread, Runtime::PerCore] {
            let app = App::new(crate::NativeAdapter::new());
            let err = app.run_with("127.0.0.1:0", runtime).unwrap_err();
            assert!(err.to_string().contains("serve_until_ctrl_c()"), "{err}");
        }
    }

    #[test]
    fn a10_per_core_listeners_share_one_port() {
        let first = reuse_port_listener("127.0.0.1:0".parse().unwrap()).unwrap();
        let addr = first.local_addr().unwrap();
        let second = reuse_port_listener(addr).unwrap();
        assert_eq!(second.local_addr().unwrap(), addr);
    }
}
