// Issue 12 item 7: answers sent before the request body is read reach a
// client that is still sending. Node's own `fetch` posts a multipart
// `FormData` with a large file to each URL given as `status=url` on the
// command line, `ATTEMPTS` times, one after another, and prints one JSON
// object: for each URL, how many times each status (or error) was seen.
//
//   node early_answer.mjs 401=http://127.0.0.1:3000/guarded ...

const attempts = Number(process.env.ATTEMPTS ?? "100");
const fileBytes = Number(process.env.FILE_BYTES ?? String(4 * 1024 * 1024));
const file = new Blob([new Uint8Array(fileBytes).fill(120)], {
  type: "application/octet-stream",
});

async function attempt(url) {
  const form = new FormData();
  form.append("title", "early");
  form.append("file", file, "big.bin");
  try {
    const res = await fetch(url, { method: "POST", body: form });
    await res.arrayBuffer();
    return String(res.status);
  } catch (e) {
    const cause = e && e.cause ? e.cause.code ?? e.cause.message : String(e);
    return `error ${cause}`;
  }
}

const seen = {};
for (const arg of process.argv.slice(2)) {
  const url = arg.slice(arg.indexOf("=") + 1);
  const counts = {};
  for (let i = 0; i < attempts; i++) {
    const outcome = await attempt(url);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  seen[arg] = counts;
}
console.log(JSON.stringify(seen));
