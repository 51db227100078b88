// SPEC C5: an SSE route hands back the Response; its events are typed by name.
import { createClient, SSEConnection, type UsersEventsEvent, type UsersProgressEvent } from "./sdk/index.js";

export async function sse(): Promise<void> {
  const client = createClient();
  const { data: response, error } = await client.users.events();
  if (error) return;
  const res: Response = response;
  for await (const e of new SSEConnection<UsersEventsEvent>(res)) {
    switch (e.event) {
      case "created": {
        const name: string = e.data.name;
        void name;
        break;
      }
      case "deleted": {
        const id: string = e.data.id;
        void id;
        break;
      }
      case "ping": {
        const text: string = e.data;
        // @ts-expect-error a ping carries a string, not a user
        void e.data.name;
        void text;
        break;
      }
      // @ts-expect-error no such event
      case "updated":
        break;
    }
    const id: string | undefined = e.id;
    void id;
  }
  // A stream without an item schema still iterates, loosely typed.
  const progress = await client.users.progress({ params: { id: "7" } });
  if (progress.data) {
    for await (const e of new SSEConnection<UsersProgressEvent>(progress.data)) {
      const any: unknown = e.data;
      void any;
    }
  }
}

// SPEC G2: the method's data knows its events: no type argument, no cast.
export async function sseWithoutTypeArgument(): Promise<void> {
  const client = createClient();
  const { data } = await client.users.events();
  if (!data) return;
  for await (const e of new SSEConnection(data)) {
    if (e.event === "created") {
      const name: string = e.data.name;
      void name;
    }
    // @ts-expect-error the events of this route have no `updated`
    if (e.event === "updated") return;
  }
  const progress = await client.users.progress({ params: { id: "7" } });
  if (!progress.data) return;
  // @ts-expect-error a wrong event type does not compile: these are not the progress events
  void new SSEConnection<UsersEventsEvent>(progress.data);
  // A plain Response still works, loosely typed (the seed's shape).
  const loose = new SSEConnection(new Response(""));
  for await (const e of loose) {
    const any: unknown = e.data;
    void any;
  }
}
