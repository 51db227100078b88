//! `queries.ts` (`[openapi.sdk] tanstack_query = true`): TanStack
//! Query options and keys for every operation but the SSE ones, shaped like
//! the client (`queries.v1.books.findAll.queryOptions(..)`). It is the
//! package's entry `./queries` (as `zod.ts` is `./zod`), not part of the main
//! entry, which so never imports the optional peer `@tanstack/query-core`. GET and HEAD
//! operations are queries, the others mutations; data and error types come
//! from the client's own methods (`DataOf`, `ErrorOf` in the template).

use super::naming::{prop_key, string_literal};
use super::operations::Operation;
use super::plan::{Class, Controller};
use super::templates::{Flavor, HEADER, NO_CHECK};

/// One operation in the tree: its place and how to build it.
struct Entry<'a> {
    controller: &'a Controller,
    class: &'a Class,
    method: &'a str,
    options: &'a str,
    query: bool,
    required: bool,
}

/// A version key (none for unversioned routes) and its classes.
type Group<'a> = (Option<&'a str>, Vec<(&'a Controller, &'a Class)>);

/// Unversioned classes first, then one group per version key (as `Client`).
fn groups(controllers: &[Controller]) -> Vec<Group<'_>> {
    let mut out: Vec<Group<'_>> = Vec::new();
    for c in controllers {
        for class in &c.classes {
            let key = class.version_key.as_deref();
            match out.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.push((c, class)),
                None => out.push((key, vec![(c, class)])),
            }
        }
    }
    out.sort_by_key(|g| g.0.is_some());
    out
}

fn entries<'a>(c: &'a Controller, class: &'a Class, ops: &[Operation<'_>]) -> Vec<Entry<'a>> {
    class
        .methods
        .iter()
        .filter(|m| m.event_type.is_none())
        .map(|m| {
            let op = &ops[m.op];
            Entry {
                controller: c,
                class,
                method: &m.name,
                options: &m.options_type,
                query: matches!(op.method.as_str(), "GET" | "HEAD"),
                required: op.options_required(),
            }
        })
        .collect()
}

/// `OperationQuery<[options?: X], DataOf<C["m"]>, ErrorOf<C["m"]>>`.
fn entry_type(e: &Entry<'_>) -> String {
    let member = format!("{}[{}]", e.class.name, string_literal(e.method));
    let types = format!("DataOf<{member}>, ErrorOf<{member}>");
    if e.query {
        let opt = if e.required { "" } else { "?" };
        format!("OperationQuery<[options{opt}: {}], {types}>", e.options)
    } else {
        format!("OperationMutation<{}, {types}>", e.options)
    }
}

/// `operationQuery("books", "findAll", "v1", (...args) => client.v1.books.findAll(...args))`.
fn entry_value(e: &Entry<'_>, path: &str, flavor: Flavor) -> String {
    let version = match &e.class.version_key {
        Some(v) => string_literal(v),
        None => "undefined".into(),
    };
    let head = format!(
        "{}, {}, {version}",
        string_literal(&e.controller.key),
        string_literal(e.method)
    );
    let call = format!("{path}{}", access(e.method));
    let typed = flavor == Flavor::Ts;
    if e.query {
        let args = match (typed, e.required) {
            (false, _) => "...args".to_string(),
            (true, true) => format!("...args: [options: {}]", e.options),
            (true, false) => format!("...args: [options?: {}]", e.options),
        };
        format!("operationQuery({head}, ({args}) => {call}(...args))")
    } else {
        let arg = if typed {
            format!("options: {}", e.options)
        } else {
            "options".into()
        };
        format!("operationMutation({head}, ({arg}) => {call}(options))")
    }
}

/// The `queries` module in one flavor.
pub(super) fn queries_file(
    controllers: &[Controller],
    ops: &[Operation<'_>],
    ext: &str,
    flavor: Flavor,
) -> String {
    let groups = groups(controllers);
    let mut out = String::from(HEADER);
    if flavor == Flavor::Ts {
        out += NO_CHECK;
    }
    // This file is the package's entry `./queries`: it carries the helpers' names too.
    out += &format!("export * from \"./tanstack-query{ext}\";\n");
    if flavor != Flavor::Dts {
        out += &format!(
            "import {{ operationMutation, operationQuery }} from \"./tanstack-query{ext}\";\n"
        );
    }
    if flavor.typed() {
        out += &format!("import type {{ DataOf, ErrorOf, OperationMutation, OperationQuery }} from \"./tanstack-query{ext}\";\nimport type {{ Client }} from \"./index{ext}\";\n");
        for c in controllers {
            let mut names: Vec<&str> = Vec::new();
            for class in &c.classes {
                let list = entries(c, class, ops);
                if !list.is_empty() {
                    names.push(&class.name);
                    names.extend(list.iter().map(|e| e.options));
                }
            }
            if !names.is_empty() {
                out += &format!(
                    "import type {{ {} }} from \"./{}/index{ext}\";\n",
                    names.join(", "),
                    c.dir
                );
            }
        }
    }
    if flavor.typed() {
        out += "\n/** TanStack Query options and keys of every operation (SSE ones are left out): get them from `createQueries`. */\nexport interface Queries {\n";
        for (version, members) in &groups {
            let indent = if version.is_some() { "    " } else { "  " };
            if let Some(v) = version {
                out += &format!("  readonly {}: {{\n", prop_key(v));
            }
            for (c, class) in members {
                out += &format!("{indent}readonly {}: {{\n", prop_key(&c.key));
                for e in entries(c, class, ops) {
                    out += &format!(
                        "{indent}  readonly {}: {};\n",
                        prop_key(e.method),
                        entry_type(&e)
                    );
                }
                out += &format!("{indent}}};\n");
            }
            if version.is_some() {
                out += "  };\n";
            }
        }
        out += "}\n";
    }
    out += "\n/**\n * TanStack Query options and keys for `client`:\n * `queryClient.fetchQuery(queries.books.findAll.queryOptions({ query }))`,\n * `useMutation(queries.books.create.mutationOptions())`. Queries reject with the `SDKError`\n * (its `body` typed as the method's errors), whatever the client's `throwOnError`.\n */\n";
    out += &match flavor {
        Flavor::Ts => {
            "export function createQueries(client: Client<boolean>): Queries {\n".to_string()
        }
        Flavor::Js => "export function createQueries(client) {\n".to_string(),
        Flavor::Dts => {
            return out
                + "export declare function createQueries(client: Client<boolean>): Queries;\n"
        }
    };
    out += "  return {\n";
    for (version, members) in &groups {
        let pad = " ".repeat(if version.is_some() { 6 } else { 4 });
        if let Some(v) = version {
            out += &format!("    {}: {{\n", prop_key(v));
        }
        for (c, class) in members {
            let path = match version {
                Some(v) => format!("client{}{}", access(v), access(&c.key)),
                None => format!("client{}", access(&c.key)),
            };
            out += &format!("{pad}{}: {{\n", prop_key(&c.key));
            for e in entries(c, class, ops) {
                out += &format!(
                    "{pad}  {}: {},\n",
                    prop_key(e.method),
                    entry_value(&e, &path, flavor)
                );
            }
            out += &format!("{pad}}},\n");
        }
        if version.is_some() {
            out += "    },\n";
        }
    }
    out + "  };\n}\n"
}

/// `.books` or `["my-books"]`: how to reach a key of the client.
fn access(key: &str) -> String {
    let k = prop_key(key);
    if k.starts_with('"') {
        format!("[{k}]")
    } else {
        format!(".{k}")
    }
}
