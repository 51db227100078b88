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
type DataIn<R> = R extends {
    error: null;
    data: infer T;
} ? T : never;
type ErrorIn<R> = R extends {
    error: infer E;
} ? Exclude<E, null> : never;
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
/** The query helpers of one GET operation; `call` is the client's method. */
export declare function operationQuery<TArgs extends unknown[], TData, TError extends SDKError<unknown>>(controller: string, method: string, version: string | undefined, call: (...args: TArgs) => Promise<SDKResult<TData, unknown> | SDKSuccess<TData>>): OperationQuery<TArgs, TData, TError>;
/** The mutation helpers of one operation; `call` is the client's method. */
export declare function operationMutation<TOptions, TData, TError extends SDKError<unknown>>(controller: string, method: string, version: string | undefined, call: (options: TOptions) => Promise<SDKResult<TData, unknown> | SDKSuccess<TData>>): OperationMutation<TOptions, TData, TError>;
export {};
