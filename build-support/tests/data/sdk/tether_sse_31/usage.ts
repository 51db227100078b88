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
