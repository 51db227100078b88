// SPEC G3: TanStack Query options and keys, typed through the client's data and
// error types; SSE operations are left out.
import { QueryClient, MutationObserver } from "@tanstack/query-core";
import { createClient, type Article, type ArticleV2, type HttpError, type SDKError } from "./sdk/index.js";
// The TanStack glue is an entry of its own (`<package>/queries`): the main one never imports the optional peer.
import { createQueries, type OperationKey } from "./sdk/queries.js";

export async function queries(): Promise<void> {
  const client = createClient({ throwOnError: true });
  const q = createQueries(client);
  const queryClient = new QueryClient();
  const v1: Article = await queryClient.fetchQuery(q.v1.articles.findOne.queryOptions({ params: { slug: "a" } }));
  const v2: ArticleV2 = await queryClient.fetchQuery(q.v2.articles.findOne.queryOptions({ params: { slug: "a" } }));
  const list: Article[] = await queryClient.fetchQuery(q.v1.articles.findAll.queryOptions());
  const key = q.v1.articles.findOne.queryKey({ params: { slug: "a" } });
  const plain: OperationKey = key;
  void plain;
  const cached: Article | undefined = queryClient.getQueryData(key);
  const error: SDKError<HttpError> | null | undefined = queryClient.getQueryState(key)?.error;
  const observer = new MutationObserver(queryClient, q.v1.articles.create.mutationOptions());
  const created: Article = await observer.mutate({ body: { title: "t", body: "b" } });
  // @ts-expect-error: SSE operations have no query options
  q.live.events.queryOptions();
  // @ts-expect-error: path parameters are required
  q.v1.articles.findOne.queryOptions();
  const data = await queryClient.fetchQuery(q.v1.articles.findOne.queryOptions({ params: { slug: "a" } }));
  // @ts-expect-error: the data is an article, not a string
  const wrong: string = data;
  const fromCache = queryClient.getQueryData(key);
  // @ts-expect-error: the key carries the data type
  const wrongCache: string | undefined = fromCache;
  void [v1, v2, list, cached, error, created, wrong, wrongCache];
}
