// SPEC G2: generic instances get readable names; a schema named PageIssue keeps its name, the generic gets PageIssue2.
import { createClient, type Issue, type PageIssue, type PageIssue2 } from "./sdk/index.js";

export async function exact(): Promise<void> {
  const { data } = await createClient().issues.listIssues();
  if (!data) return;
  const page: PageIssue2 = data;
  const first: Issue | undefined = page.items[0];
  const total: number = page.total;
  const clash: PageIssue = "a string";
  void first;
  void total;
  void clash;
}
