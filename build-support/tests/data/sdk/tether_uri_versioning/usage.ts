// SPEC C2–C4: what a user writes against the URI-versioned client; every
// `@ts-expect-error` line must fail to type-check, or tsc reports it.
import { createClient, SDKError, type SDKResult, type User } from "./sdk/index.js";

export async function uriVersioning(): Promise<void> {
  const client = createClient({ baseUrl: "http://localhost:3000", headers: async () => ({ authorization: "Bearer x" }) });

  const one = await client.v1.users.findOne({ params: { id: 1 } });
  if (one.error === null) {
    const user: User = one.data;
    const email: string | null = user.email;
    void email;
  } else {
    const status: number = one.error.status;
    // E6: a 404 is declared, so its body is typed once the status is known.
    const message: string | string[] | undefined = one.error.status === 404 ? one.error.body.message : undefined;
    const sameError: SDKError = one.error;
    void status, message, sameError;
    const noData: null = one.data;
    void noData;
  }
  // @ts-expect-error v1 takes a numeric id
  await client.v1.users.findOne({ params: { id: "1" } });
  // @ts-expect-error path parameters are required
  await client.v1.users.findOne();
  // @ts-expect-error the data may be missing until the error is checked
  const unchecked: User = one.data;
  void unchecked;

  const two = await client.v2.users.findOne({ params: { id: "abc" } });
  if (two.data) {
    const fullName: string = two.data.fullName;
    void fullName;
  }

  // Unversioned routes live at the top level; 204 is `null`.
  const health = await client.health.check();
  const alive: null | undefined = health.data ?? undefined;
  void alive;
  const removed: SDKResult<null> = await client.v10.users.remove({ params: { id: "x" } });
  void removed;

  // @ts-expect-error the global prefix is not part of the client
  void client.api;
  // @ts-expect-error a version the document does not have
  void client.v3;

  await client.v1.users.findAll({ query: { limit: 10, tags: ["a", "b"] }, signal: AbortSignal.timeout(1000) });
  // @ts-expect-error unknown query parameters are refused
  await client.v1.users.findAll({ query: { limmit: 10 } });
  // @ts-expect-error exactOptionalPropertyTypes: undefined is not a limit
  await client.v1.users.findAll({ query: { limit: undefined } });

  await client.v1.users.create({ body: { name: "Ada" } });
  // @ts-expect-error the body is required and typed
  await client.v1.users.create({ body: { email: "a@b.c" } });

  // throwOnError: a success is all that can come back.
  const strict = createClient({ throwOnError: true });
  const { data } = await strict.v1.users.findOne({ params: { id: 2 } });
  const name: string = data.name;
  void name;
  try {
    await strict.v2.users.findOne({ params: { id: "missing" } });
  } catch (e) {
    if (e instanceof SDKError) {
      const kind: "http" | "network" | "abort" | "timeout" | "parse" | "validation" | "request" = e.kind;
      void kind;
    }
  }
}
