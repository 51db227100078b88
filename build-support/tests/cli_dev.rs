//! `cargo tether dev` (SPEC D1): run, watch, regenerate, rebuild, restart;
//! `--runtime` wins over tether.toml. Each test stops the whole process
//! group at the end, even when it fails.

mod cli_support;

use cli_support::{fixture_target_dir, Fixture};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bound on each wait (a first compile of the fixture included).
const WAIT: Duration = Duration::from_secs(180);

/// `cargo tether dev` in its own process group, killed on drop.
struct Dev {
    child: Child,
    log: Arc<Mutex<String>>,
}

impl Dev {
    fn start(f: &Fixture, port: u16, args: &[&str]) -> Dev {
        let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("cargo-tether"));
        cmd.arg("dev")
            .args(args)
            .current_dir(&f.dir)
            .env("CARGO_TARGET_DIR", fixture_target_dir())
            .env("CARGO_NET_OFFLINE", "true")
            .env("PORT", port.to_string())
            .env_remove("TETHER_RUNTIME")
            .env_remove("RUST_BACKTRACE")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let mut child = cmd.spawn().unwrap();
        let log = Arc::new(Mutex::new(String::new()));
        let pipes: [Box<dyn Read + Send>; 2] = [
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        ];
        for pipe in pipes {
            let log = log.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                    let mut log = log.lock().unwrap();
                    log.push_str(&line);
                    log.push('\n');
                }
            });
        }
        Dev { child, log }
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Waits until `done` holds, failing with the log after `WAIT`.
    fn wait_for(&self, what: &str, mut done: impl FnMut(&str) -> bool) {
        let start = Instant::now();
        while start.elapsed() < WAIT {
            if done(&self.log()) {
                return;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        panic!("timed out waiting for {what}; log:\n{}", self.log());
    }
}

impl Drop for Dev {
    fn drop(&mut self) {
        // The whole group: cargo-tether, cargo and the app.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .status();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Status code and body of `GET path`, or None when nothing answers.
fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    let status = text.split(' ').nth(1)?.parse().ok()?;
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    Some((status, body))
}

#[test]
fn d1_dev_restarts_with_the_new_route_and_regenerates_the_sdk() {
    let f = Fixture::new("dev");
    let port = free_port();
    let dev = Dev::start(&f, port, &[]);
    dev.wait_for("the app to start", |log| {
        log.contains("listening on") && log.contains("Running")
    });
    dev.wait_for("GET /api/greetings", |_| {
        get(port, "/api/greetings").is_some_and(|(s, b)| s == 200 && b == "hello")
    });
    let log = dev.log();
    // No flag: tether.toml's `runtime = "per-core"`; RUST_BACKTRACE set for the app.
    assert!(log.contains("runtime: per-core"), "{log}");
    assert!(log.contains("backtrace: 1"), "{log}");
    assert!(log.contains("Running"), "status line: {log}");
    assert_eq!(get(port, "/api/greetings/bye").map(|r| r.0), Some(404));
    assert!(!f.read("sdk/greetings/index.ts").contains("bye("));

    f.add_bye_route();
    dev.wait_for("the restarted app to serve /bye", |_| {
        get(port, "/api/greetings/bye").is_some_and(|(s, b)| s == 200 && b == "bye")
    });
    assert!(f.read("sdk/greetings/index.ts").contains("bye("));
    assert!(f.read("openapi.json").contains("/api/greetings/bye"));
    dev.wait_for("two starts", |log| log.matches("listening on").count() == 2);
    let log = dev.log();
    assert!(log.contains("Changed src/controllers.rs"), "{log}");
    assert!(log.contains("Stopped pid"), "{log}");
    assert_eq!(log.matches("listening on").count(), 2, "{log}");
}

#[test]
fn d1_dev_runtime_flag_wins_over_the_config() {
    let f = Fixture::new("dev-runtime");
    let port = free_port();
    let dev = Dev::start(&f, port, &["--runtime", "multi-thread"]);
    // stdout (the app) and stderr (status lines) are read by two threads.
    dev.wait_for("the app to start", |log| {
        log.contains("listening on") && log.contains("from --runtime")
    });
    let log = dev.log();
    assert!(log.contains("runtime: multi-thread"), "{log}");
    assert!(!log.contains("per-core"), "{log}");
    assert!(log.contains("runtime multi-thread from --runtime"), "{log}");
    dev.wait_for("GET /api/greetings", |_| {
        get(port, "/api/greetings").is_some_and(|(s, _)| s == 200)
    });
}
