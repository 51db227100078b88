// An object header or cookie parameter of a third-party document is typed
// as its object, not as text (trial T8), and sent in its style: see the
// node test "C6 object header and cookie parameters ..." for the wire.
import { createClient, type Pair } from "./sdk/index.js";

const client = createClient({ baseUrl: "http://localhost" });

export async function calls(pair: Pair): Promise<void> {
  await client.echo.echo({
    headers: {
      "X-Obj": { k: "v" },
      // A value of a named (interface) type fits as well as a literal.
      "X-Pair": pair,
      "X-Map": { a: 1, b: 2 },
      "X-Odd": { "a,b": "1", "c=d": "2", ünï: "3" },
      // Nested objects, free-form objects and `content` (JSON) stay text the caller writes.
      "X-Nested": "inner={\"k\":\"v\"}",
      "X-Free": "anything",
      "X-Json": "{\"k\":\"v\"}",
      // What worked before still does.
      "X-Tags": ["a", "b"],
      "X-Mode": "fast",
      "X-Undeclared": "text",
    },
    cookies: { prefs: { a: "x", b: 1, mode: "on" }, flags: { dark: true }, session: "s" },
  });
  await client.echo.echo({ headers: { "X-Obj": {} }, cookies: { flags: {} } });
  // @ts-expect-error the object's values are typed: k is a string
  await client.echo.echo({ headers: { "X-Obj": { k: 1 } } });
  // @ts-expect-error no longer text
  await client.echo.echo({ headers: { "X-Obj": "k=v" } });
  // @ts-expect-error a required property of the named type is missing
  await client.echo.echo({ headers: { "X-Pair": { b: 1 } } });
  // @ts-expect-error the map's values are integers
  await client.echo.echo({ headers: { "X-Map": { a: "1" } } });
  // @ts-expect-error a nested object header stays text
  await client.echo.echo({ headers: { "X-Nested": { inner: { k: "v" } } } });
  // @ts-expect-error a cookie object's values are typed too
  await client.echo.echo({ cookies: { flags: { dark: "yes" } } });
  // @ts-expect-error an enum value of the named type
  await client.echo.echo({ cookies: { prefs: { a: "x", mode: "maybe" } } });
  // A list cookie is typed as its list (issue 33, item 8), not as text.
  await client.echo.echo({ cookies: { ids: [1, 2], tags: ["a"], "odd name;=ü": ["on", "off"], free: [] } });
  // @ts-expect-error no longer text
  await client.echo.echo({ cookies: { ids: "1,2" } });
  // @ts-expect-error the items are typed
  await client.echo.echo({ cookies: { ids: ["1"] } });
  // @ts-expect-error an enum item of the named type
  await client.echo.echo({ cookies: { "odd name;=ü": ["maybe"] } });
}
