// Issue 16 defect 4: the inline allOf response is typed once, and precisely (not unknown).
import { createClient } from "./sdk/index.js";

export async function zone(): Promise<void> {
  const client = createClient();
  const r = await client.zone.zoneDetails({ params: { id: "023e105f" } });
  const success: boolean | undefined = r.data?.success;
  const result: unknown = r.data?.result;
  // @ts-expect-error: the data is the envelope, not a string
  const wrong: string | undefined = r.data;
  void success;
  void result;
  void wrong;
}
