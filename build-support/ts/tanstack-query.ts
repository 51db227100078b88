// TanStack Query for a generated tether client (SPEC G3), written when
// `[openapi.sdk] tanstack_query = true`. A fixed template like client.ts; the
// generated `queries.ts` builds one of these per operation. It imports only
// TYPES from @tanstack/query-core, so the client keeps no runtime dependency
// and the options work with every adapter (React, Vue, Svelte, Solid, Angular).
import type { DataTag, MutationOptions, QueryFunctionContext } from "@tanstack/query-core";
import type { SDKError, SDKResult, SDKSuccess } from "./client.js";

/** What a key says besides the operation: its version, path parameters and query. */
export interface OperationKeyPart {
  version?: string;
  params?: object;
  query?: object;
}

/** `["books", "findAll", { version: "v1", query: { limit: 2 } }]`: controller, method, then what varies. */
export type OperationKey = readonly [controller: string, method: string, part: OperationKeyPart];

/** The data of a generated method `M` on success. */
export type DataOf<M extends (...args: never[]) => Promise<unknown>> = DataIn<Awaited<ReturnType<M>>>;

/** The error of a generated method `M`: an `SDKError` whose `body` is the documented error body. */
export type ErrorOf<M extends (...args: never[]) => Promise<unknown>> = ErrorIn<Awaited<ReturnType<M>>>;

type DataIn<R> = R extends { error: null; data: infer T } ? T : never;
type ErrorIn<R> = R extends { error: infer E } ? Exclude<E, null> : never;

/** A GET operation as TanStack Query options: `queryClient.fetchQuery(q.books.findAll.queryOptions({ query }))`. */
export interface OperationQuery<TArgs extends unknown[], TData, TError> {
  /** The key of this call; a prefix `[controller]` or `[controller, method]` matches all of them. */
  queryKey(...args: TArgs): DataTag<OperationKey, TData, TError>;
  /** `{ queryKey, queryFn }` for `useQuery`, `fetchQuery`, `prefetchQuery`, `ensureQueryData`. */
  queryOptions(...args: TArgs): {
    queryKey: DataTag<OperationKey, TData, TError>;
    queryFn: (context: QueryFunctionContext<OperationKey>) => Promise<TData>;
  };
}

/** A non-GET operation as TanStack Query mutation options; the variables are the call options. */
export interface OperationMutation<TOptions, TData, TError> {
  /** `[controller, method, { version }]`. */
  mutationKey(): OperationKey;
  /** `{ mutationKey, mutationFn }` for `useMutation` or a `MutationObserver`, typed with the error. */
  mutationOptions(): MutationOptions<TData, TError, TOptions> & {
    mutationKey: OperationKey;
    mutationFn: (options: TOptions) => Promise<TData>;
  };
}

/** Resolves to the data, or throws the `SDKError`, as TanStack Query expects of its functions. */
async function unwrap<TData>(call: Promise<SDKResult<TData, unknown> | SDKSuccess<TData>>): Promise<TData> {
  const result = await call;
  if (result.error !== null) throw result.error;
  return result.data;
}

function keyOf(controller: string, method: string, version: string | undefined, options: { params?: object; query?: object } | undefined): OperationKey {
  const part: OperationKeyPart = {};
  if (version !== undefined) part.version = version;
  if (options?.params !== undefined) part.params = options.params;
  if (options?.query !== undefined) part.query = options.query;
  return [controller, method, part];
}

/** The query helpers of one GET operation; `call` is the client's method. */
export function operationQuery<TArgs extends unknown[], TData, TError extends SDKError<unknown>>(
  controller: string,
  method: string,
  version: string | undefined,
  call: (...args: TArgs) => Promise<SDKResult<TData, unknown> | SDKSuccess<TData>>,
): OperationQuery<TArgs, TData, TError> {
  const queryKey = (...args: TArgs) => keyOf(controller, method, version, args[0] as { params?: object; query?: object } | undefined) as DataTag<OperationKey, TData, TError>;
  return {
    queryKey,
    queryOptions: (...args: TArgs) => ({
      queryKey: queryKey(...args),
      queryFn: ({ signal }: QueryFunctionContext<OperationKey>) => unwrap(call(...([{ ...(args[0] as object | undefined), signal }] as unknown as TArgs))),
    }),
  };
}

/** The mutation helpers of one operation; `call` is the client's method. */
export function operationMutation<TOptions, TData, TError extends SDKError<unknown>>(
  controller: string,
  method: string,
  version: string | undefined,
  call: (options: TOptions) => Promise<SDKResult<TData, unknown> | SDKSuccess<TData>>,
): OperationMutation<TOptions, TData, TError> {
  const mutationKey = () => keyOf(controller, method, version, undefined);
  return {
    mutationKey,
    mutationOptions: () => ({ mutationKey: mutationKey(), mutationFn: (options: TOptions) => unwrap(call(options)) }),
  };
}
