// The load of scripts/scale-out.sh's rolling deploy (issue 36, item 4):
// the tracker's generated client under node, through the load balancer at
// BALANCER_URL, with the client's own retry policy. Workers sign in, file,
// close and list tickets; SSE clients follow the project's feed with
// reconnectSSE. Runs LOAD_MS milliseconds, then checks:
// - 0 failed requests (every answer a 2xx);
// - every acknowledged write is in the database (read back by the client);
// - each SSE client saw every acknowledged write's event exactly once;
// and prints the counts, and the requests served and the p99 latency while
// the deploy ran (its start and end in ms since the epoch, in the file
// DEPLOY_WINDOW, written by the script before LOAD_MS ends).
import { existsSync, readFileSync } from "node:fs";
import { createClient, reconnectSSE, type ProjectsV1EventsEvent } from "../../examples/tracker/sdk/index.js";

const baseUrl = process.env["BALANCER_URL"] ?? "";
const loadMs = Number(process.env["LOAD_MS"] ?? "10000");
const workers = Number(process.env["WORKERS"] ?? "6");
const feeds = Number(process.env["FEEDS"] ?? "2");
const key = process.env["PROJECT"] ?? "LOAD";
const retry = { attempts: 4, baseDelay: 50, maxDelay: 500 };

interface Sample { start: number; ms: number; ok: boolean; what: string }
const samples: Sample[] = [];
const failures: string[] = [];
const filed = new Set<number>();
const closed = new Set<number>();

/** Times `call`; a failure is an error result or a throw. */
async function timed<T>(what: string, call: () => Promise<{ error: unknown; data: T | null }>): Promise<T | null> {
  const start = Date.now();
  let ok = false;
  let data: T | null = null;
  try {
    const result = await call();
    ok = result.error === null;
    data = result.data;
    if (!ok) failures.push(`${what}: ${JSON.stringify(result.error)}`);
  } catch (error) {
    failures.push(`${what}: thrown ${String(error)}`);
  }
  samples.push({ start, ms: Date.now() - start, ok, what });
  return ok ? data : null;
}

const anonymous = createClient({ baseUrl, retry });
const login = await anonymous.v1.auth.login({ body: { name: "ada", password: "lovelace" } });
if (login.error !== null) throw new Error(`login: ${JSON.stringify(login.error)}`);
const token = login.data.token;
const client = createClient({ baseUrl, retry, auth: { bearer: token } });
const made = await client.v1.projects.create({ body: { key, name: "Load" } });
if (made.error !== null) throw new Error(`project: ${JSON.stringify(made.error)}`);

// Feeds from the project's first event ("0"): none is missed at startup.
const stop = new AbortController();
const seen: Array<Map<string, number>> = [];
const feedDone = Array.from({ length: feeds }, async (_, i) => {
  const counts = new Map<string, number>();
  seen.push(counts);
  const open = (headers: { "Last-Event-ID"?: string }) =>
    client.v1.projects.events({ params: { key }, headers, signal: stop.signal });
  try {
    for await (const e of reconnectSSE<ProjectsV1EventsEvent>(open, { signal: stop.signal, lastEventId: "0" })) {
      const k = `${e.event} ${e.data.id}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  } catch (error) {
    if (!stop.signal.aborted) failures.push(`feed ${i}: ${String(error)}`);
  }
});

const until = Date.now() + loadMs;
await Promise.all(
  Array.from({ length: workers }, async (_, w) => {
    for (let n = 0; Date.now() < until; n++) {
      const ticket = await timed("file", () =>
        client.v1.projects.file({ params: { key }, body: { title: `w${w} n${n}` } }),
      );
      if (ticket === null) continue;
      filed.add(ticket.id);
      const updated = await timed("close", () =>
        client.v1.projects.update({ params: { key, id: ticket.id }, body: { status: "closed" } }),
      );
      if (updated !== null) closed.add(ticket.id);
      await timed("list", () => client.v1.projects.tickets({ params: { key }, query: { limit: 5 } }));
    }
  }),
);

// Every acknowledged write, read back.
const stored = new Map<number, string>();
for (let offset = 0; ; offset += 100) {
  const page = await client.v1.projects.tickets({ params: { key }, query: { offset, limit: 100 } });
  if (page.error !== null) throw new Error(`reading back: ${JSON.stringify(page.error)}`);
  for (const t of page.data) stored.set(t.id, t.status);
  if (page.data.length < 100) break;
}
const lost = [...filed].filter((id) => !stored.has(id));
const notClosed = [...closed].filter((id) => stored.get(id) !== "closed");

// The feeds catch up (at most 10 s), then stop.
const expected = filed.size + closed.size;
const deadline = Date.now() + 10_000;
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
while (Date.now() < deadline && seen.some((m) => total(m) < expected)) await new Promise((r) => setTimeout(r, 100));
stop.abort();
await Promise.all(feedDone);
const feedProblems: string[] = [];
seen.forEach((m, i) => {
  for (const id of filed) if (m.get(`filed ${id}`) !== 1) feedProblems.push(`feed ${i}: filed ${id} seen ${m.get(`filed ${id}`) ?? 0} times`);
  for (const id of closed) if (m.get(`updated ${id}`) !== 1) feedProblems.push(`feed ${i}: updated ${id} seen ${m.get(`updated ${id}`) ?? 0} times`);
  if (total(m) !== expected) feedProblems.push(`feed ${i}: ${total(m)} events, expected ${expected}`);
});

const windowFile = process.env["DEPLOY_WINDOW"] ?? "";
for (let i = 0; i < 300 && !existsSync(windowFile); i++) await new Promise((r) => setTimeout(r, 100));
const [from, to] = readFileSync(windowFile, "utf8").trim().split(/\s+/).map(Number) as [number, number];
const during = samples.filter((s) => s.start >= from && s.start <= to).map((s) => s.ms).sort((a, b) => a - b);
const p99 = during.length ? during[Math.min(during.length - 1, Math.ceil(during.length * 0.99) - 1)] : NaN;
console.log(
  `load: ${samples.length} requests (${samples.filter((s) => s.ok).length} ok, ${failures.length} failed), ` +
    `${filed.size} tickets filed and ${closed.size} closed, all acknowledged; ` +
    `during the deploy (${to - from} ms): ${during.length} requests served, p99 ${p99} ms; ` +
    `${feeds} SSE clients saw ${expected} events each`,
);
const problems = [
  ...failures.slice(0, 20),
  ...lost.map((id) => `ticket ${id} acknowledged but missing`),
  ...notClosed.map((id) => `ticket ${id} closed but stored as ${stored.get(id)}`),
  ...feedProblems.slice(0, 20),
];
if (problems.length > 0 || failures.length > 0) {
  console.error(`FAIL:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("load: 0 failed requests, every acknowledged write present, every event seen once by every SSE client");
