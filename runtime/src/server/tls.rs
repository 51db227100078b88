//! HTTPS with rustls, behind the `tls` cargo feature. The
//! crypto provider is `ring`.
//!
//! ```no_run
//! use tether::server::tls::TlsConfig;
//! use tether::{App, NativeAdapter};
//!
//! # async fn run() -> std::io::Result<()> {
//! let tls = TlsConfig::from_pem_files("cert.pem", "key.pem")?;
//! App::new(NativeAdapter::new().tls(tls))
//!     .listen("0.0.0.0:443")
//!     .await
//! # }
//! ```

use std::io;
use std::path::Path;
use std::sync::Arc;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::ServerConfig;

pub use tokio_rustls::rustls;

/// A server certificate and key, ready to accept TLS connections.
#[derive(Clone)]
pub struct TlsConfig {
    config: Arc<ServerConfig>,
}

impl std::fmt::Debug for TlsConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TlsConfig { .. }")
    }
}

fn invalid(what: &str, e: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, format!("TLS: {what}: {e}"))
}

impl TlsConfig {
    /// From a PEM certificate chain (leaf first) and a PEM private key
    /// (PKCS#8, PKCS#1 or SEC1).
    pub fn from_pem(cert_chain: &[u8], private_key: &[u8]) -> io::Result<Self> {
        let certs = CertificateDer::pem_slice_iter(cert_chain)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| invalid("cannot read the certificate chain", e))?;
        if certs.is_empty() {
            return Err(invalid("the certificate chain", "no certificate found"));
        }
        let key = PrivateKeyDer::from_pem_slice(private_key)
            .map_err(|e| invalid("cannot read the private key", e))?;
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| invalid("protocol versions", e))?
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .map_err(|e| invalid("certificate and key do not fit", e))?;
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(Self::from_rustls(Arc::new(config)))
    }

    /// Like [`TlsConfig::from_pem`], reading two files.
    pub fn from_pem_files(
        cert_chain: impl AsRef<Path>,
        private_key: impl AsRef<Path>,
    ) -> io::Result<Self> {
        Self::from_pem(&std::fs::read(cert_chain)?, &std::fs::read(private_key)?)
    }

    /// From a rustls configuration built by hand (client auth, resumption…).
    /// Its ALPN list should offer `h2` and `http/1.1` (what
    /// [`TlsConfig::from_pem`] offers): a connection that negotiates `h2`
    /// is served as HTTP/2, any other as HTTP/1.1.
    pub fn from_rustls(config: Arc<ServerConfig>) -> Self {
        TlsConfig { config }
    }

    /// The acceptor; with HTTP/2 off, `h2` is taken out of the ALPN list.
    pub(crate) fn acceptor(&self, http2: bool) -> tokio_rustls::TlsAcceptor {
        let offers_h2 = self.config.alpn_protocols.iter().any(|p| p == b"h2");
        if http2 || !offers_h2 {
            return tokio_rustls::TlsAcceptor::from(self.config.clone());
        }
        let mut config = (*self.config).clone();
        config.alpn_protocols.retain(|p| p != b"h2");
        tokio_rustls::TlsAcceptor::from(Arc::new(config))
    }
}
