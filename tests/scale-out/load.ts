// The load of scripts/scale-out.sh (issue 36): the tracker's generated
// client under node, through the load balancer at BALANCER_URL, with the
// client's own retry policy. Runs LOAD_MS milliseconds; SSE clients follow
// the project's feed with reconnectSSE meanwhile. Two modes:
//
// MODE=deploy (the default; the rolling deploy, item 4): workers sign in,
// file, close and list tickets. Checks 0 failed requests (every answer a
// 2xx), every acknowledged write in the database (read back by the
// client), each SSE client saw every acknowledged write's event exactly
// once.
//
// MODE=kill (an instance killed with SIGKILL, item 5): workers file a
// ticket (POST), replace it (PUT), list (GET), delete every third (DELETE)
// and list again. A fetcher given to the client counts every attempt and
// every in-flight failure (a thrown fetch, or 502/503/504 from the
// balancer) by method. Checks: after the client's retries, 0 failures of
// GET, PUT and DELETE; a POST that failed (its answer lost) was tried once
// and is counted, and read back to see whether it was written anyway; a
// DELETE retried after a lost answer may find its ticket gone (404), which
// is accepted only when the fetcher saw more than one attempt; every
// acknowledged write is in the database (filed and not deleted: present as
// last replaced; deleted: absent), and nothing else is; some requests
// failed in flight (else the kill proved nothing); each SSE client saw the
// project's events as the database has them (psql, PSQL), each once.
//
// Both print the counts, and the requests served and the p99 latency in
// the window of the deploy or of the kills (its start and end in ms since
// the epoch, in the file DEPLOY_WINDOW, written by the script before
// LOAD_MS ends).
import { AsyncLocalStorage } from "node:async_hooks";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createClient, reconnectSSE, type ProjectsV1EventsEvent } from "../../examples/tracker/sdk/index.js";

const mode = process.env["MODE"] ?? "deploy";
if (mode !== "deploy" && mode !== "kill") throw new Error(`MODE=${mode}: deploy or kill`);
const baseUrl = process.env["BALANCER_URL"] ?? "";
const loadMs = Number(process.env["LOAD_MS"] ?? "10000");
const workers = Number(process.env["WORKERS"] ?? "6");
const feeds = Number(process.env["FEEDS"] ?? "2");
const key = process.env["PROJECT"] ?? "LOAD";
const retry = { attempts: 4, baseDelay: 50, maxDelay: 500 };

interface Sample { start: number; ms: number; ok: boolean; what: string }
const samples: Sample[] = [];
const failures: string[] = [];

/** Counts by name. */
class Counts extends Map<string, number> {
  add(name: string, n = 1): void {
    this.set(name, (this.get(name) ?? 0) + n);
  }
  n(name: string): number {
    return this.get(name) ?? 0;
  }
  sum(): number {
    return [...this.values()].reduce((a, b) => a + b, 0);
  }
  show(names: readonly string[]): string {
    return names.map((m) => `${m} ${this.n(m)}`).join(", ");
  }
}

// Every attempt the client makes goes through `counting`; the call being
// made (its AsyncLocalStorage store) learns how many attempts it took.
const attempts = new Counts();
const inFlight = new Counts();
const call = new AsyncLocalStorage<{ attempts: number }>();
const LOST = [502, 503, 504];
async function counting(url: string, init: RequestInit): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  attempts.add(method);
  const current = call.getStore();
  if (current) current.attempts += 1;
  try {
    const response = await fetch(url, init);
    if (LOST.includes(response.status)) inFlight.add(method);
    return response;
  } catch (error) {
    inFlight.add(method);
    throw error;
  }
}

interface Outcome<T> { data: T | null; error: unknown; attempts: number }

/** Times `run` (a client call, retries included); a failure is an error result or a throw. */
async function timed<T>(what: string, run: () => Promise<{ error: unknown; data: T | null }>): Promise<Outcome<T>> {
  const start = Date.now();
  const current = { attempts: 0 };
  let outcome: Outcome<T>;
  try {
    const result = await call.run(current, run);
    outcome = { data: result.error === null ? result.data : null, error: result.error, attempts: current.attempts };
  } catch (error) {
    outcome = { data: null, error, attempts: current.attempts };
  }
  samples.push({ start, ms: Date.now() - start, ok: outcome.error === null, what });
  return outcome;
}

/** `error`'s HTTP status, 0 when no answer came. */
function statusOf(error: unknown): number {
  return typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : 0;
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error));

const anonymous = createClient({ baseUrl, retry });
const login = await anonymous.v1.auth.login({ body: { name: "ada", password: "lovelace" } });
if (login.error !== null) throw new Error(`login: ${JSON.stringify(login.error)}`);
const token = login.data.token;
const auth = { bearer: token };
const client = createClient({ baseUrl, retry, auth, fetcher: counting });
const made = await client.v1.projects.create({ body: { key, name: "Load" } });
if (made.error !== null) throw new Error(`project: ${JSON.stringify(made.error)}`);
attempts.clear();

// Feeds from the project's first event ("0"): none is missed at startup.
// Their own client: their calls are not the workers'.
const feedClient = createClient({ baseUrl, retry, auth });
const stop = new AbortController();
const seen: string[][] = [];
const feedDone = Array.from({ length: feeds }, async (_, i) => {
  const ids: string[] = [];
  seen.push(ids);
  const open = (headers: { "Last-Event-ID"?: string }) =>
    feedClient.v1.projects.events({ params: { key }, headers, signal: stop.signal });
  try {
    for await (const e of reconnectSSE<ProjectsV1EventsEvent>(open, { signal: stop.signal, lastEventId: "0" })) {
      ids.push(`${e.id ?? "?"} ${e.event} ${e.data.id}`);
    }
  } catch (error) {
    if (!stop.signal.aborted) failures.push(`feed ${i}: ${String(error)}`);
  }
});
/** Waits (at most 10 s) until every feed has `n` events, then stops them. */
async function feedsCatchUp(n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && seen.some((ids) => ids.length < n)) await new Promise((r) => setTimeout(r, 100));
  stop.abort();
  await Promise.all(feedDone);
}

/** Every ticket of the project, read back after the load. */
async function readBack() {
  const stored = new Map<number, { title: string; labels: string[]; status: string }>();
  for (let offset = 0; ; offset += 100) {
    const page = await client.v1.projects.tickets({ params: { key }, query: { offset, limit: 100 } });
    if (page.error !== null) throw new Error(`reading back: ${JSON.stringify(page.error)}`);
    for (const t of page.data) stored.set(t.id, { title: t.title, labels: t.labels, status: t.status });
    if (page.data.length < 100) break;
  }
  return stored;
}

/** The requests that started in the window the script wrote, and their p99. */
async function window(): Promise<{ ms: number; served: number; p99: number }> {
  const windowFile = process.env["DEPLOY_WINDOW"] ?? "";
  for (let i = 0; i < 300 && !existsSync(windowFile); i++) await new Promise((r) => setTimeout(r, 100));
  const [from, to] = readFileSync(windowFile, "utf8").trim().split(/\s+/).map(Number) as [number, number];
  const during = samples.filter((s) => s.start >= from && s.start <= to).map((s) => s.ms).sort((a, b) => a - b);
  const p99 = during.length ? (during[Math.min(during.length - 1, Math.ceil(during.length * 0.99) - 1)] ?? NaN) : NaN;
  return { ms: to - from, served: during.length, p99 };
}

function finish(problems: string[], passed: string): void {
  if (problems.length > 0) {
    console.error(`FAIL:\n${problems.slice(0, 40).join("\n")}`);
    process.exit(1);
  }
  console.log(passed);
}

const until = Date.now() + loadMs;
if (mode === "deploy") await deploy();
else await kill();

async function deploy(): Promise<void> {
  const filed = new Set<number>();
  const closed = new Set<number>();
  const check = <T>(what: string, outcome: Outcome<T>): T | null => {
    if (outcome.error !== null) failures.push(`${what}: ${describe(outcome.error)}`);
    return outcome.data;
  };
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let n = 0; Date.now() < until; n++) {
        const ticket = check("file", await timed("file", () => client.v1.projects.file({ params: { key }, body: { title: `w${w} n${n}` } })));
        if (ticket === null) continue;
        filed.add(ticket.id);
        const update = () => client.v1.projects.update({ params: { key, id: ticket.id }, body: { status: "closed" } });
        if (check("close", await timed("close", update)) !== null) closed.add(ticket.id);
        check("list", await timed("list", () => client.v1.projects.tickets({ params: { key }, query: { limit: 5 } })));
      }
    }),
  );

  // Every acknowledged write, read back.
  const stored = await readBack();
  const lost = [...filed].filter((id) => !stored.has(id));
  const notClosed = [...closed].filter((id) => stored.get(id)?.status !== "closed");

  const expected = filed.size + closed.size;
  await feedsCatchUp(expected);
  const feedProblems: string[] = [];
  seen.forEach((ids, i) => {
    const m = new Counts();
    for (const line of ids) m.add(line.split(" ").slice(1).join(" "));
    for (const id of filed) if (m.n(`filed ${id}`) !== 1) feedProblems.push(`feed ${i}: filed ${id} seen ${m.n(`filed ${id}`)} times`);
    for (const id of closed) if (m.n(`updated ${id}`) !== 1) feedProblems.push(`feed ${i}: updated ${id} seen ${m.n(`updated ${id}`)} times`);
    if (ids.length !== expected) feedProblems.push(`feed ${i}: ${ids.length} events, expected ${expected}`);
  });

  const w = await window();
  console.log(
    `load: ${samples.length} requests (${samples.filter((s) => s.ok).length} ok, ${failures.length} failed), ` +
      `${filed.size} tickets filed and ${closed.size} closed, all acknowledged; ` +
      `during the deploy (${w.ms} ms): ${w.served} requests served, p99 ${w.p99} ms; ` +
      `${feeds} SSE clients saw ${expected} events each`,
  );
  finish(
    [
      ...failures.slice(0, 20),
      ...lost.map((id) => `ticket ${id} acknowledged but missing`),
      ...notClosed.map((id) => `ticket ${id} closed but stored as ${stored.get(id)?.status}`),
      ...feedProblems.slice(0, 20),
    ],
    "load: 0 failed requests, every acknowledged write present, every event seen once by every SSE client",
  );
}

async function kill(): Promise<void> {
  const METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
  const calls = new Counts();
  const visible = new Counts();
  /** Acknowledged tickets as they must be stored; `null`: deleted. */
  const expected = new Map<number, { title: string; labels: string[]; status: "open" | "closed" } | null>();
  /** Tickets whose last change failed: what is stored is not known. */
  const unknown = new Set<number>();
  const lostPosts: string[] = [];
  let deletedOnRetry = 0;
  /** Counts a call of `method`; a failure the user sees is kept with `what`. */
  const settle = <T>(method: string, what: string, outcome: Outcome<T>): boolean => {
    calls.add(method);
    if (outcome.error === null) return true;
    visible.add(method);
    failures.push(`${method} ${what}: ${describe(outcome.error)} after ${outcome.attempts} attempts`);
    return false;
  };
  const list = async () =>
    settle("GET", "list", await timed("list", () => client.v1.projects.tickets({ params: { key }, query: { limit: 5 } })));
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let n = 0; Date.now() < until; n++) {
        const title = `w${w} n${n}`;
        const filed = await timed("file", () => client.v1.projects.file({ params: { key }, body: { title } }));
        calls.add("POST");
        if (filed.error !== null || filed.data === null) {
          const status = statusOf(filed.error);
          // Its answer was lost (no answer, or the balancer's 5xx): counted, not retried.
          if (status === 0 || LOST.includes(status)) lostPosts.push(title);
          else {
            visible.add("POST");
            failures.push(`POST ${title}: ${describe(filed.error)}`);
          }
          if (filed.attempts !== 1) failures.push(`POST ${title}: tried ${filed.attempts} times`);
          continue;
        }
        const id = filed.data.id;
        expected.set(id, { title, labels: [], status: "open" });
        const body = { title: `${title} replaced`, labels: [`w${w}`, `n${n % 7}`], status: n % 2 === 0 ? ("closed" as const) : ("open" as const) };
        const put = await timed("replace", () => client.v1.projects.replace({ params: { key, id }, body }));
        if (settle("PUT", `${id}`, put)) expected.set(id, body);
        else unknown.add(id);
        await list();
        if (n % 3 !== 0) continue;
        const del = await timed("delete", () => client.v1.projects.deleteTicket({ params: { key, id } }));
        if (del.error !== null && statusOf(del.error) === 404 && del.attempts > 1) {
          // An earlier attempt deleted it; its answer was lost.
          calls.add("DELETE");
          deletedOnRetry += 1;
          expected.set(id, null);
        } else if (settle("DELETE", `${id}`, del)) expected.set(id, null);
        else unknown.add(id);
        await list();
      }
    }),
  );

  // The load's requests (the read-back below makes more).
  const requests = attempts.sum();
  const inFlightNow = inFlight.sum();
  const inFlightByMethod = inFlight.show(METHODS);
  const stored = await readBack();
  const problems: string[] = [];
  for (const [id, want] of expected) {
    if (unknown.has(id)) continue;
    const got = stored.get(id);
    if (want === null && got !== undefined) problems.push(`ticket ${id} deleted (acknowledged) but stored: ${JSON.stringify(got)}`);
    if (want !== null && JSON.stringify(got) !== JSON.stringify(want))
      problems.push(`ticket ${id} acknowledged as ${JSON.stringify(want)} but stored as ${JSON.stringify(got)}`);
  }
  const lostTitles = new Set(lostPosts);
  const writtenAnyway = [...stored.values()].filter((t) => lostTitles.has(t.title)).length;
  for (const [id, t] of stored)
    if (!expected.has(id) && !lostTitles.has(t.title)) problems.push(`ticket ${id} stored but never filed: ${JSON.stringify(t)}`);

  // The project's events as the database has them, in order.
  const psql = process.env["PSQL"] ?? "psql";
  const sql = "SELECT e.seq || ' ' || e.kind || ' ' || e.ticket_id FROM events e JOIN projects p ON p.id = e.project_id WHERE p.key = :'key' ORDER BY e.seq;";
  const inDb = execFileSync(psql, [process.env["DATABASE_URL"] ?? "", "-X", "-At", "-v", "ON_ERROR_STOP=1", "-v", `key=${key}`], { input: sql, encoding: "utf8" })
    .split("\n")
    .filter((line) => line !== "");
  await feedsCatchUp(inDb.length);
  seen.forEach((ids, i) => {
    if (ids.length === inDb.length && ids.every((line, j) => line === inDb[j])) return;
    const counts = new Counts();
    for (const line of ids) counts.add(line);
    const twice = [...counts].filter(([, c]) => c > 1).length;
    const missing = inDb.filter((line) => !counts.has(line)).length;
    problems.push(`feed ${i}: ${ids.length} events, the database has ${inDb.length} (${missing} missing, ${twice} seen more than once)`);
  });

  const w = await window();
  const callsMade = calls.sum();
  console.log(
    `kill: ${callsMade} calls, ${requests} requests (${requests - callsMade} retries); ` +
      `failed in flight: ${inFlightNow} (${inFlightByMethod}); ` +
      `failures seen by the user after retries: ${visible.show(METHODS)}, besides ` +
      `${lostPosts.length} POSTs whose answer was lost (not retried; ${writtenAnyway} of them written anyway); ` +
      `${deletedOnRetry} DELETEs retried after a lost answer found their ticket gone (404); ` +
      `${[...expected.values()].filter((t) => t !== null).length} tickets kept and ${[...expected.values()].filter((t) => t === null).length} deleted, all as acknowledged; ` +
      `during the kills (${w.ms} ms): ${w.served} calls, p99 ${w.p99} ms; ` +
      `${feeds} SSE clients saw the ${inDb.length} events of the database each`,
  );
  if (inFlightNow === 0) problems.push("no request failed in flight: the kills hit nothing, the test proved nothing");
  finish(
    [...failures.slice(0, 20), ...problems],
    "kill: 0 failures of GET, PUT and DELETE after the client's retries, lost POSTs counted and not retried, every acknowledged write as acknowledged, every event seen once by every SSE client",
  );
}
