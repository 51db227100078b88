//! The check: runs the workloads under callgrind, divides, compares with
//! the committed ratios (`speed-gate/ratios.txt`), prints the table.

use crate::generators;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Requests per route in the first count; the second serves twice as
/// many, and the difference divided by this is one request, the
/// connection's start and end excluded.
const REQUESTS: u64 = 1000;

/// How much worse than committed a ratio may be.
const TOLERANCE: f64 = 0.03;

/// Resources in the SDK's input document (`bench/sdk/gen-doc.mjs`: six
/// operations and three schemas each).
const SDK_RESOURCES: u32 = 200;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("speed-gate/ sits in the repository")
        .to_path_buf()
}

/// Where the committed ratios live.
fn ratios_path() -> PathBuf {
    root().join("speed-gate/ratios.txt")
}

/// The `__generate` child, run under callgrind: the app and the document
/// set up unmeasured, one warm-up generation (it writes the document the
/// next run finds unchanged), then the three measured workloads.
pub fn generate(doc_path: &Path, app_dir: &Path) {
    let text = std::fs::read_to_string(doc_path).expect("the SDK's input document");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let _ = std::fs::remove_dir_all(app_dir);
    crate::fixture::write_app(app_dir);
    assert_eq!(generators::openapi(app_dir), 1);
    let mut documents = 0;
    crate::measured(&mut || documents = generators::openapi(app_dir));
    let mut files = 0;
    crate::measured(&mut || files = generators::sdk(&doc));
    let mut written = 0;
    crate::measured(&mut || written = generators::reference(&text));
    assert_eq!(documents, 1);
    assert!(files > 0);
    assert!(written > text.len() / 2);
}

/// [`crate::measured`] as callgrind names it.
const MEASURED: &str = "tether_speed_gate::measured";

/// One figure of the table.
struct Row {
    item: String,
    tether: u64,
    reference: u64,
}

impl Row {
    fn ratio(&self) -> f64 {
        self.tether as f64 / self.reference as f64
    }
}

/// Starts this binary with `args` under callgrind, collecting only inside
/// [`crate::measured`] and writing one profile part per call (`parts`
/// reads them).
fn counted(work: &Path, name: &str, args: &[&str]) -> std::io::Result<std::process::Child> {
    let out = work.join(format!("{name}.callgrind"));
    for entry in std::fs::read_dir(work)?.flatten() {
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with(&format!("{name}.callgrind"))
        {
            std::fs::remove_file(entry.path())?;
        }
    }
    Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg("--collect-atstart=no")
        .arg(format!("--toggle-collect={MEASURED}"))
        .arg(format!("--dump-after={MEASURED}"))
        .arg(std::env::current_exe()?)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
}

/// The `totals:` (or `summary:`) of each profile part `name` wrote, in order.
fn parts(work: &Path, name: &str) -> Vec<u64> {
    let prefix = format!("{name}.callgrind.");
    let mut numbered: Vec<(u32, u64)> = std::fs::read_dir(work)
        .expect("the work directory")
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().to_string_lossy().into_owned();
            let part: u32 = file.strip_prefix(&prefix)?.parse().ok()?;
            let text = std::fs::read_to_string(entry.path()).ok()?;
            let total = text
                .lines()
                .find_map(|l| {
                    l.strip_prefix("totals:")
                        .or_else(|| l.strip_prefix("summary:"))
                })?
                .split_whitespace()
                .next()?
                .parse()
                .ok()?;
            Some((part, total))
        })
        .collect();
    numbered.sort();
    numbered.into_iter().map(|(_, total)| total).collect()
}

/// The committed ratios, by item.
fn committed() -> Vec<(String, f64)> {
    parse_ratios(&std::fs::read_to_string(ratios_path()).unwrap_or_default())
}

/// `ratios.txt`'s lines: `<item>\t<ratio>`, `#` comments.
fn parse_ratios(text: &str) -> Vec<(String, f64)> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (item, ratio) = l.split_once('\t')?;
            Some((item.to_owned(), ratio.trim().parse().ok()?))
        })
        .collect()
}

/// Writes `rows`' ratios as the committed ones.
fn bless(rows: &[Row]) -> std::io::Result<()> {
    let mut text = String::from(
        "# The speed gate's committed ratios (speed-gate/README.md): a route's\n\
         # instructions per request with tether ÷ with raw hyper; a generator's\n\
         # instructions ÷ the reference workload's. Written by\n\
         # `scripts/speed-gate --bless`; commit with the reason.\n",
    );
    for row in rows {
        writeln!(text, "{}\t{:.4}", row.item, row.ratio()).expect("a String");
    }
    std::fs::write(ratios_path(), text)
}

/// Fails with `message` (exit code 1).
fn fail(message: &str) -> i32 {
    eprintln!("speed gate: error: {message}");
    1
}

/// The gate; the process's exit code.
pub fn check(blessing: bool) -> i32 {
    match Command::new("valgrind").arg("--version").output() {
        Ok(out) if out.status.success() => {}
        _ => return fail("valgrind is missing (Debian: apt-get install valgrind)"),
    }
    let exe = std::env::current_exe().expect("this binary");
    let work = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/")
        .join("speed-gate");
    std::fs::create_dir_all(&work).expect("the work directory");
    let doc = work.join("sdk-doc.json");
    let generated = Command::new("node")
        .arg(root().join("bench/sdk/gen-doc.mjs"))
        .arg(SDK_RESOURCES.to_string())
        .output();
    match generated {
        Ok(out) if out.status.success() => std::fs::write(&doc, out.stdout).expect("written"),
        _ => return fail("node bench/sdk/gen-doc.mjs failed"),
    }
    if let Some(route) = crate::serve::differences() {
        return fail(&format!(
            "the gate's tether app and raw hyper answer {route}"
        ));
    }
    let n = REQUESTS.to_string();
    let app_dir = work.join("openapi-app");
    let runs = [
        ("tether", vec!["__serve", "tether", n.as_str()]),
        ("hyper", vec!["__serve", "hyper", n.as_str()]),
        (
            "generate",
            vec![
                "__generate",
                doc.to_str().expect("a UTF-8 path"),
                app_dir.to_str().expect("a UTF-8 path"),
            ],
        ),
    ];
    // The three counts are independent: run them side by side.
    let children: Vec<_> = runs
        .iter()
        .map(|(name, args)| (name, counted(&work, name, args).expect("valgrind starts")))
        .collect();
    for (name, child) in children {
        let out = child.wait_with_output().expect("valgrind ran");
        if !out.status.success() {
            eprintln!("{}", String::from_utf8_lossy(&out.stderr));
            return fail(&format!("the {name} run under valgrind failed"));
        }
    }
    let tether = parts(&work, "tether");
    let hyper = parts(&work, "hyper");
    let generated = parts(&work, "generate");
    let routes = crate::serve::ROUTES.len();
    if tether.len() < 2 * routes || hyper.len() < 2 * routes || generated.len() < 3 {
        return fail(&format!(
            "callgrind wrote {}, {} and {} profile parts, not {}, {3} and 3 (in {})",
            tether.len(),
            hyper.len(),
            generated.len(),
            2 * routes,
            work.display()
        ));
    }
    let per_request = |counts: &[u64], i: usize| (counts[2 * i + 1] - counts[2 * i]) / REQUESTS;
    let mut rows: Vec<Row> = crate::serve::ROUTES
        .iter()
        .enumerate()
        .map(|(i, (name, ..))| Row {
            item: (*name).to_owned(),
            tether: per_request(&tether, i),
            reference: per_request(&hyper, i),
        })
        .collect();
    rows.push(Row {
        item: "openapi".into(),
        tether: generated[0],
        reference: generated[2],
    });
    rows.push(Row {
        item: "sdk".into(),
        tether: generated[1],
        reference: generated[2],
    });
    if blessing {
        return match bless(&rows) {
            Ok(()) => {
                print_table(&rows, &[], true);
                println!("speed gate: blessed {}", ratios_path().display());
                0
            }
            Err(e) => fail(&format!("{}: {e}", ratios_path().display())),
        };
    }
    let committed = committed();
    let failures = print_table(&rows, &committed, false);
    if failures.is_empty() {
        println!("speed gate: ok (no ratio more than 3 % worse than committed)");
        0
    } else {
        for f in &failures {
            eprintln!("speed gate: FAILED: {f}");
        }
        eprintln!(
            "speed gate: if this cost is wanted, re-bless with `scripts/speed-gate --bless` and say why in the commit"
        );
        1
    }
}

/// Prints the table (`blessing`: without a verdict); the failures, one
/// line each.
fn print_table(rows: &[Row], committed: &[(String, f64)], blessing: bool) -> Vec<String> {
    let mut failures = Vec::new();
    println!(
        "{:<10} {:>14} {:>14} {:>8} {:>10}  verdict",
        "item", "tether instr", "reference", "ratio", "committed"
    );
    for row in rows {
        let ratio = row.ratio();
        let was = committed
            .iter()
            .find(|(item, _)| *item == row.item)
            .map(|c| c.1);
        let (shown, verdict) = match was {
            None if blessing => ("-".to_owned(), "blessed".to_owned()),
            None => {
                failures.push(format!("{}: no committed ratio", row.item));
                ("-".to_owned(), "FAIL (not committed)".to_owned())
            }
            Some(was) => {
                let change = ratio / was - 1.0;
                let verdict = if change > TOLERANCE {
                    failures.push(format!(
                        "{}: ratio {ratio:.4} ({} ÷ {} instructions) is {:+.1} % against the committed {was:.4} (limit +3 %)",
                        row.item,
                        row.tether,
                        row.reference,
                        change * 100.0
                    ));
                    format!("FAIL ({:+.1} %)", change * 100.0)
                } else {
                    format!("ok ({:+.1} %)", change * 100.0)
                };
                (format!("{was:.4}"), verdict)
            }
        };
        println!(
            "{:<10} {:>14} {:>14} {:>8.4} {:>10}  {verdict}",
            row.item, row.tether, row.reference, ratio, shown
        );
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blessed_ratios_read_back() {
        let rows = [Row {
            item: "json".into(),
            tether: 8051,
            reference: 6744,
        }];
        let text = format!("# comment\n\n{}\t{:.4}\n", rows[0].item, rows[0].ratio());
        assert_eq!(parse_ratios(&text), vec![("json".to_owned(), 1.1938)]);
    }

    #[test]
    fn a_ratio_over_three_percent_worse_fails_naming_it() {
        let rows = [
            Row {
                item: "json".into(),
                tether: 1040,
                reference: 1000,
            },
            Row {
                item: "post".into(),
                tether: 1020,
                reference: 1000,
            },
        ];
        let committed = [("json".to_owned(), 1.0), ("post".to_owned(), 1.0)];
        let failures = print_table(&rows, &committed, false);
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(failures[0].starts_with("json: ratio 1.0400 (1040 ÷ 1000"));
    }

    #[test]
    fn an_item_without_a_committed_ratio_fails() {
        let rows = [Row {
            item: "sdk".into(),
            tether: 1,
            reference: 1,
        }];
        assert_eq!(print_table(&rows, &[], false), ["sdk: no committed ratio"]);
        assert!(print_table(&rows, &[], true).is_empty());
    }
}
