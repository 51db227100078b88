/** Resolves to the data, or throws the `SDKError`, as TanStack Query expects of its functions. */
async function unwrap(call) {
    const result = await call;
    if (result.error !== null)
        throw result.error;
    return result.data;
}
function keyOf(controller, method, version, options) {
    const part = {};
    if (version !== undefined)
        part.version = version;
    if (options?.params !== undefined)
        part.params = options.params;
    if (options?.query !== undefined)
        part.query = options.query;
    return [controller, method, part];
}
/** The query helpers of one GET operation; `call` is the client's method. */
export function operationQuery(controller, method, version, call) {
    const queryKey = (...args) => keyOf(controller, method, version, args[0]);
    return {
        queryKey,
        queryOptions: (...args) => ({
            queryKey: queryKey(...args),
            queryFn: ({ signal }) => unwrap(call(...[{ ...args[0], signal }])),
        }),
    };
}
/** The mutation helpers of one operation; `call` is the client's method. */
export function operationMutation(controller, method, version, call) {
    const mutationKey = () => keyOf(controller, method, version, undefined);
    return {
        mutationKey,
        mutationOptions: () => ({ mutationKey: mutationKey(), mutationFn: (options) => unwrap(call(options)) }),
    };
}
