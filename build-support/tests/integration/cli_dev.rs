//! `cargo tether dev` (SPEC D1): run, watch, regenerate, rebuild, restart;
//! `--runtime` wins over tether.toml. Each test stops the whole process
//! group at the end, even when it fails.

use crate::cli_support;

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

    // The app embeds the document (`include_openapi!`), which did not
    // exist when dev started: dev wrote it and built again.
    let (status, served) = get(port, "/docs/openapi.json").expect("the document is served");
    assert_eq!(status, 200);
    assert!(served.contains("/api/greetings") && !served.contains("/api/greetings/bye"));

    f.add_bye_route();
    dev.wait_for("the restarted app to serve /bye", |_| {
        get(port, "/api/greetings/bye").is_some_and(|(s, b)| s == 200 && b == "bye")
    });
    assert!(f.read("sdk/greetings/index.ts").contains("bye("));
    assert!(f.read("openapi.json").contains("/api/greetings/bye"));
    // The document it serves is the one of this change, not the last one.
    let (_, served) = get(port, "/docs/openapi.json").expect("the document is served");
    assert!(served.contains("/api/greetings/bye"), "{served}");
    dev.wait_for("two starts", |log| log.matches("listening on").count() == 2);
    let log = dev.log();
    assert!(log.contains("Changed src/controllers.rs"), "{log}");
    assert!(log.contains("Stopped pid"), "{log}");
    assert_eq!(log.matches("listening on").count(), 2, "{log}");
}

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

fn d1_dev_regenerates_clients_only_after_a_build_that_succeeded() {
    let f = Fixture::new("dev-failed-build");
    // No `runtime` in the file: dev must not say it came from there.
    let config = f
        .read("tether.toml")
        .replace("runtime = \"per-core\"\n", "");
    f.write("tether.toml", &config);
    let port = free_port();
    let dev = Dev::start(&f, port, &[]);
    dev.wait_for("the app to start", |log| log.contains("listening on"));
    let log = dev.log();
    assert!(
        log.contains("runtime multi-thread from the default"),
        "{log}"
    );
    assert!(!log.contains("from tether.toml"), "{log}");

    // A new route and a type error in one save: the build fails.
    f.add_bye_route();
    let main = f.read("src/main.rs");
    f.write(
        "src/main.rs",
        &format!("{main}\nfn broken() -> u8 {{ \"not a number\" }}\n"),
    );
    dev.wait_for("the failed build", |log| {
        log.contains("`cargo build` failed") && log.contains("Waiting")
    });
    // dev waits for the next save: its help says so, not the one-shot
    // build's "run the command again" (F8).
    let log = dev.log();
    assert!(!log.contains("run the command again"), "{log}");
    assert!(
        log.contains("help: fix the errors cargo printed above and save: dev builds again on the next change"),
        "{log}"
    );
    assert!(
        !f.read("sdk/greetings/index.ts").contains("bye("),
        "the client calls a route the running app does not serve"
    );
    assert!(!f.read("openapi.json").contains("/bye"));
    assert_eq!(
        get(port, "/api/greetings").map(|r| r.0),
        Some(200),
        "the old app runs"
    );

    f.write("src/main.rs", &main);
    dev.wait_for("the app with /bye", |_| {
        get(port, "/api/greetings/bye").is_some_and(|(s, _)| s == 200)
    });
    assert!(f.read("sdk/greetings/index.ts").contains("bye("));
}

/// Processes whose command line mentions `needle`.
fn processes_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(needle) {
            found.push(format!(
                "{}: {cmdline}",
                entry.file_name().to_string_lossy()
            ));
        }
    }
    found
}

fn sigterm(dev: &mut Dev) -> std::process::ExitStatus {
    Command::new("kill")
        .args(["-TERM", &dev.child.id().to_string()])
        .status()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = dev.child.try_wait().unwrap() {
            return status;
        }
        assert!(start.elapsed() < WAIT, "dev did not exit: {}", dev.log());
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn d1_dev_stopped_leaves_no_process_even_mid_stream_or_mid_build() {
    let f = Fixture::new("dev-stop");
    let src = f.read("src/controllers.rs").replace(
        "    // ROUTES",
        "    /// Never answers, like an open event stream.\n    #[get(\"/hang\")]\n    async fn hang(&self) -> String {\n        std::future::pending::<String>().await\n    }\n    // ROUTES",
    );
    f.write("src/controllers.rs", &src);
    let port = free_port();

    // Stopped while idle: the app's exit (it got the signal too) is part of
    // stopping, not an app that "exited, waiting for a change".
    let mut dev = Dev::start(&f, port, &[]);
    dev.wait_for("GET /api/greetings", |_| {
        get(port, "/api/greetings").is_some()
    });
    sigterm(&mut dev);
    let log = dev.log();
    assert!(log.contains("Stopped cargo tether dev"), "{log}");
    assert!(!log.contains("Exited"), "{log}");

    // Stopped mid-stream.
    let mut dev = Dev::start(&f, port, &[]);
    dev.wait_for("GET /api/greetings", |_| {
        get(port, "/api/greetings").is_some()
    });
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /api/greetings/hang HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let status = sigterm(&mut dev);
    assert_eq!(status.code(), Some(128 + 15), "{}", dev.log());
    let left = processes_with("cli-app-dev-stop");
    assert!(
        left.is_empty(),
        "the app outlived dev: {left:?}\n{}",
        dev.log()
    );
    drop(stream);

    // Stopped while cargo compiles the change.
    let mut dev = Dev::start(&f, port, &[]);
    dev.wait_for("the app to start", |log| log.contains("listening on"));
    f.add_bye_route();
    dev.wait_for("the rebuild", |log| log.contains("Changed"));
    std::thread::sleep(Duration::from_millis(500));
    sigterm(&mut dev);
    let left = [
        processes_with("tether-cli-dev-stop"),
        processes_with("cli_app_dev_stop"),
    ]
    .concat();
    assert!(
        left.is_empty(),
        "cargo, rustc or the app outlived dev: {left:?}\n{}",
        dev.log()
    );
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        d1_dev_restarts_with_the_new_route_and_regenerates_the_sdk,
        d1_dev_runtime_flag_wins_over_the_config,
        d1_dev_regenerates_clients_only_after_a_build_that_succeeded,
        d1_dev_stopped_leaves_no_process_even_mid_stream_or_mid_build,
    ]
}
