//! Unit tests of the diff rules: one small pair of documents per rule family.

use super::{diff, render_json, render_markdown, render_text, Level};
use serde_json::{json, Value};

fn doc(paths: Value) -> Value {
    json!({"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": paths})
}

/// A `POST /users` taking `body` and answering `answer` with 200.
fn op(body: Value, answer: Value) -> Value {
    doc(json!({"/users": {"post": {
        "requestBody": {"required": true, "content": {"application/json": {"schema": body}}},
        "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": answer}}}}
    }}}))
}

fn found(old: &Value, new: &Value) -> Vec<(Level, String)> {
    diff(old, new)
        .unwrap()
        .into_iter()
        .map(|c| (c.level, c.rule))
        .collect()
}

fn has(old: &Value, new: &Value, level: Level, rule: &str) {
    let all = found(old, new);
    assert!(
        all.contains(&(level, rule.to_string())),
        "no {level:?} {rule} in {all:?}"
    );
}

fn obj(props: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": props, "required": required})
}

#[test]
fn identical_reordered_and_renamed_path_parameters_are_no_change() {
    let a = doc(json!({"/users/{id}": {"get": {
        "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok"}}}}}));
    let b = doc(json!({"/users/{userId}": {"get": {
        "responses": {"200": {"description": "ok"}},
        "parameters": [{"schema": {"type": "string"}, "required": true, "in": "path", "name": "userId"}]}}}));
    assert_eq!(found(&a, &b), vec![]);
    assert_eq!(found(&a, &a), vec![]);
}

#[test]
fn operations_removed_and_added() {
    let a = doc(json!({"/a": {"get": {"responses": {}}}}));
    let b = doc(json!({"/b": {"get": {"responses": {}}}}));
    has(&a, &b, Level::Breaking, "operation-removed");
    has(&a, &b, Level::Compatible, "operation-added");
    let changes = diff(&a, &b).unwrap();
    assert_eq!(changes[0].operation, "GET /a");
    assert_eq!(changes[0].pointer, "/paths/~1a/get");
}

#[test]
fn parameters_required_and_optional() {
    let with = |params: Value| doc(json!({"/u": {"get": {"parameters": params, "responses": {}}}}));
    let none = with(json!([]));
    let opt = with(json!([{"name": "q", "in": "query", "schema": {"type": "string"}}]));
    let req =
        with(json!([{"name": "q", "in": "query", "required": true, "schema": {"type": "string"}}]));
    has(
        &none,
        &req,
        Level::Breaking,
        "request-parameter-added-required",
    );
    has(&none, &opt, Level::Compatible, "request-parameter-added");
    has(
        &opt,
        &req,
        Level::Breaking,
        "request-parameter-became-required",
    );
    has(
        &req,
        &opt,
        Level::Compatible,
        "request-parameter-became-optional",
    );
    has(
        &opt,
        &none,
        Level::PossiblyBreaking,
        "request-parameter-removed",
    );
    let dflt =
        with(json!([{"name": "q", "in": "query", "schema": {"type": "string", "default": "x"}}]));
    has(
        &opt,
        &dflt,
        Level::Breaking,
        "request-parameter-default-changed",
    );
}

#[test]
fn request_properties_required_added_removed() {
    let s = json!({"type": "string"});
    let a = op(obj(json!({"name": s}), &[]), json!({}));
    let b = op(obj(json!({"name": s}), &["name"]), json!({}));
    let c = op(
        obj(json!({"name": s, "age": {"type": "integer"}}), &["age"]),
        json!({}),
    );
    let d = op(
        obj(json!({"name": s, "age": {"type": "integer"}}), &[]),
        json!({}),
    );
    has(&a, &b, Level::Breaking, "request-property-became-required");
    has(&a, &c, Level::Breaking, "request-property-added-required");
    has(&a, &d, Level::Compatible, "request-property-added");
    has(&d, &a, Level::PossiblyBreaking, "request-property-removed");
    // A read-only property is not sent: requiring it breaks nobody.
    let ro = op(
        obj(
            json!({"name": s, "id": {"type": "string", "readOnly": true}}),
            &["id"],
        ),
        json!({}),
    );
    assert!(!found(&a, &ro).iter().any(|(l, _)| *l == Level::Breaking));
}

#[test]
fn response_properties_removed_optional_nullable() {
    let s = json!({"type": "string"});
    let a = op(json!({}), obj(json!({"name": s}), &["name"]));
    let gone = op(json!({}), obj(json!({}), &[]));
    let optional = op(json!({}), obj(json!({"name": s}), &[]));
    let nullable = op(
        json!({}),
        obj(json!({"name": {"type": ["string", "null"]}}), &["name"]),
    );
    let more = op(json!({}), obj(json!({"name": s, "age": s}), &["name"]));
    has(&a, &gone, Level::Breaking, "response-property-removed");
    has(
        &a,
        &optional,
        Level::Breaking,
        "response-property-became-optional",
    );
    has(
        &a,
        &nullable,
        Level::Breaking,
        "response-property-became-nullable",
    );
    has(&a, &more, Level::Compatible, "response-property-added");
    has(
        &optional,
        &gone,
        Level::PossiblyBreaking,
        "response-optional-property-removed",
    );
    let text = render_text(&diff(&a, &gone).unwrap());
    assert!(text.contains("error[response-property-removed]"), "{text}");
    assert!(
        text.contains("--> POST /users response 200 body .name"),
        "{text}"
    );
}

#[test]
fn types_by_direction() {
    let int = json!({"type": "integer"});
    let num = json!({"type": "number"});
    let st = json!({"type": "string"});
    has(
        &op(int.clone(), json!({})),
        &op(num.clone(), json!({})),
        Level::Compatible,
        "request-body-type-changed",
    );
    has(
        &op(num.clone(), json!({})),
        &op(int.clone(), json!({})),
        Level::Breaking,
        "request-body-type-changed",
    );
    has(
        &op(json!({}), int.clone()),
        &op(json!({}), num.clone()),
        Level::Breaking,
        "response-body-type-changed",
    );
    has(
        &op(json!({}), num),
        &op(json!({}), int.clone()),
        Level::Compatible,
        "response-body-type-changed",
    );
    has(
        &op(int.clone(), json!({})),
        &op(st.clone(), json!({})),
        Level::Breaking,
        "request-body-type-changed",
    );
    let f32 = json!({"type": "integer", "format": "int32"});
    let f64 = json!({"type": "integer", "format": "int64"});
    has(
        &op(f32, json!({})),
        &op(f64, json!({})),
        Level::Compatible,
        "request-body-format-changed",
    );
}

#[test]
fn enums_by_direction() {
    let ab = json!({"type": "string", "enum": ["a", "b"]});
    let a = json!({"type": "string", "enum": ["a"]});
    has(
        &op(ab.clone(), json!({})),
        &op(a.clone(), json!({})),
        Level::Breaking,
        "request-body-enum-value-removed",
    );
    has(
        &op(a.clone(), json!({})),
        &op(ab.clone(), json!({})),
        Level::Compatible,
        "request-body-enum-value-added",
    );
    has(
        &op(json!({}), a.clone()),
        &op(json!({}), ab.clone()),
        Level::PossiblyBreaking,
        "response-body-enum-value-added",
    );
    has(
        &op(json!({}), ab),
        &op(json!({}), a),
        Level::Compatible,
        "response-body-enum-value-removed",
    );
}

#[test]
fn constraints_tightened_and_loosened() {
    let s = |extra: Value| {
        let mut v = json!({"type": "string"});
        v.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        obj(json!({"name": v}), &[])
    };
    let ten = s(json!({"maxLength": 10}));
    let five = s(json!({"maxLength": 5}));
    has(
        &op(ten.clone(), json!({})),
        &op(five.clone(), json!({})),
        Level::Breaking,
        "request-property-max-length-decreased",
    );
    has(
        &op(five.clone(), json!({})),
        &op(ten.clone(), json!({})),
        Level::Compatible,
        "request-property-max-length-increased",
    );
    has(
        &op(json!({}), five.clone()),
        &op(json!({}), ten),
        Level::Breaking,
        "response-property-max-length-increased",
    );
    has(
        &op(s(json!({})), json!({})),
        &op(five, json!({})),
        Level::PossiblyBreaking,
        "request-property-max-length-set",
    );
    has(
        &op(s(json!({"minimum": 1})), json!({})),
        &op(s(json!({"minimum": 2})), json!({})),
        Level::Breaking,
        "request-property-minimum-increased",
    );
    has(
        &op(s(json!({})), json!({})),
        &op(s(json!({"pattern": "^a"})), json!({})),
        Level::Breaking,
        "request-property-pattern-added",
    );
    has(
        &op(s(json!({"pattern": "^a"})), json!({})),
        &op(s(json!({})), json!({})),
        Level::Compatible,
        "request-property-pattern-removed",
    );
}

#[test]
fn media_types_statuses_headers() {
    let a = op(json!({}), json!({}));
    let mut b = a.clone();
    let post = b.pointer_mut("/paths/~1users/post").unwrap();
    post["requestBody"]["content"] = json!({"text/plain": {"schema": {}}});
    post["responses"] = json!({"201": {"description": "created"}});
    has(&a, &b, Level::Breaking, "request-body-media-type-removed");
    has(&a, &b, Level::Breaking, "response-success-status-removed");
    has(&a, &b, Level::Compatible, "response-status-added");
    let mut h = a.clone();
    h["paths"]["/users"]["post"]["responses"]["200"]["headers"] =
        json!({"X-Rate": {"required": true, "schema": {"type": "integer"}}});
    has(&h, &a, Level::Breaking, "response-required-header-removed");
}

#[test]
fn security_added_changed_removed() {
    let sec = |s: Value| {
        let mut d = doc(json!({"/u": {"get": {"responses": {}}}}));
        if !s.is_null() {
            d["paths"]["/u"]["get"]["security"] = s;
        }
        d
    };
    let open = sec(Value::Null);
    let key = sec(json!([{"key": []}]));
    let oauth = sec(json!([{"oauth": ["read"]}]));
    let either = sec(json!([{"key": []}, {"oauth": ["read"]}]));
    has(&open, &key, Level::Breaking, "security-added");
    has(&key, &oauth, Level::Breaking, "security-changed");
    has(&key, &either, Level::Compatible, "security-loosened");
    has(&key, &open, Level::Compatible, "security-removed");
}

#[test]
fn refs_are_followed_and_cycles_end() {
    let with = |name_type: &str| {
        let mut d = op(
            json!({"$ref": "#/components/schemas/Node"}),
            json!({"$ref": "#/components/schemas/Node"}),
        );
        d["components"] = json!({"schemas": {"Node": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": name_type},
            "next": {"$ref": "#/components/schemas/Node"},
            "kids": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}});
        d
    };
    assert_eq!(found(&with("string"), &with("string")), vec![]);
    has(
        &with("string"),
        &with("integer"),
        Level::Breaking,
        "response-property-type-changed",
    );
    // A chain of refs that loops, and a ref to nowhere: compared, not followed forever.
    let mut looped = op(
        json!({"$ref": "#/components/schemas/A"}),
        json!({"$ref": "#/nowhere"}),
    );
    looped["components"] = json!({"schemas": {"A": {"$ref": "#/components/schemas/B"}, "B": {"$ref": "#/components/schemas/A"}}});
    let _ = diff(&looped, &with("string")).unwrap();
    let _ = diff(&with("string"), &looped).unwrap();
}

#[test]
fn hostile_documents_give_errors_or_findings() {
    for bad in [
        json!([]),
        json!({"swagger": "2.0"}),
        json!({"openapi": "2.0"}),
        json!({"openapi": "3.0.0", "paths": []}),
        json!(null),
    ] {
        assert!(diff(&bad, &doc(json!({}))).is_err(), "{bad}");
        assert!(diff(&doc(json!({})), &bad).is_err(), "{bad}");
    }
    // Deep nesting: bounded, no stack overflow.
    let mut deep = json!({"type": "string"});
    let mut deeper = json!({"type": "integer"});
    for _ in 0..120 {
        deep = json!({"type": "object", "properties": {"x": deep}});
        deeper = json!({"type": "object", "properties": {"x": deeper}});
    }
    let _ = diff(&op(deep.clone(), deep.clone()), &op(deeper.clone(), deeper)).unwrap();
    // Odd keys and values where objects belong.
    let odd = doc(
        json!({"/x~y/{a}{b}": {"get": {"parameters": [1, "p", {"in": "path"}], "responses": {"x": 3}, "security": "s"}, "parameters": {}}, "/z": 7}),
    );
    let _ = diff(&odd, &doc(json!({}))).unwrap();
    let _ = diff(&doc(json!({})), &odd).unwrap();
    let _ = diff(&odd, &odd).unwrap();
}

#[test]
fn markdown_and_json_outputs() {
    let a = doc(json!({"/a": {"get": {"responses": {}}}}));
    let b = doc(json!({"/b": {"get": {"responses": {}}}}));
    let changes = diff(&a, &b).unwrap();
    let md = render_markdown(&changes);
    assert!(
        md.contains(
            "## Breaking changes\n\n- `GET /a`: the operation was removed (`operation-removed`)"
        ),
        "{md}"
    );
    assert!(md.contains("## Compatible changes"), "{md}");
    let js: Value = serde_json::from_str(&render_json(&changes)).unwrap();
    assert_eq!(js["summary"]["breaking"], 1);
    assert_eq!(js["changes"][0]["rule"], "operation-removed");
    assert_eq!(js["changes"][0]["level"], "breaking");
    for field in ["operation", "location", "pointer", "message"] {
        assert!(js["changes"][0].get(field).is_some(), "{field}");
    }
}

#[test]
fn json_schema_keywords_all_of_and_loose_media() {
    let base = json!({"type": "array", "items": {"type": "string"}});
    let mut with = base.clone();
    with["contains"] = json!({"const": "x"});
    has(
        &op(base.clone(), json!({})),
        &op(with.clone(), json!({})),
        Level::Breaking,
        "request-contains-added",
    );
    has(
        &op(json!({}), with),
        &op(json!({}), base),
        Level::Breaking,
        "response-contains-removed",
    );
    let part = json!({"type": "object", "properties": {"a": {"type": "string"}}});
    let one = json!({"allOf": [part]});
    let two = json!({"allOf": [part, {"required": ["a"]}]});
    has(
        &op(one.clone(), json!({})),
        &op(two.clone(), json!({})),
        Level::Breaking,
        "request-all-of-added",
    );
    has(
        &op(two, json!({})),
        &op(one, json!({})),
        Level::Compatible,
        "request-all-of-removed",
    );
    // XML carries text: a type change there is not a breaking one.
    let xml = |t: &str| {
        doc(
            json!({"/x": {"post": {"requestBody": {"content": {"application/xml": {"schema": {"type": t}}}}, "responses": {}}}}),
        )
    };
    has(
        &xml("object"),
        &xml("string"),
        Level::Compatible,
        "request-body-type-changed",
    );
}

#[test]
fn webhooks_are_operations_too() {
    let hook = |name: &str| {
        json!({"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
               "webhooks": {name: {"post": {"responses": {"200": {"description": "ok"}}}}}})
    };
    let changes = diff(&hook("orderCreated"), &hook("orderUpdated")).unwrap();
    assert_eq!(changes[0].rule, "operation-removed");
    assert_eq!(changes[0].operation, "POST webhook orderCreated");
    assert_eq!(changes[0].pointer, "/webhooks/orderCreated/post");
}

#[test]
fn paths_of_one_template_match_by_spelling_first() {
    // GitHub has both `/users/{username}` and `/users/{account_id}`.
    let get = json!({"get": {"responses": {}}});
    let a = doc(json!({"/users/{username}": get, "/users/{account_id}": get}));
    assert_eq!(found(&a, &a), vec![]);
    let b = doc(json!({"/users/{login}": get, "/users/{account_id}": get}));
    assert_eq!(found(&a, &b), vec![]);
}

#[test]
fn one_of_parts_match_by_ref_title_and_occurrence() {
    let any = |parts: Value| op(json!({}), json!({"anyOf": parts}));
    let a = any(json!([{"title": "T", "type": "string"}, {"title": "T", "type": "number"}]));
    assert_eq!(found(&a, &a), vec![]);
    let b = any(
        json!([{"title": "T", "type": "string"}, {"title": "T", "type": "number"}, {"title": "U", "type": "boolean"}]),
    );
    has(&a, &b, Level::PossiblyBreaking, "response-any-of-added");
    let one = |parts: Value| op(json!({}), json!({"oneOf": parts}));
    has(
        &one(json!([{"$ref": "#/x/A"}])),
        &one(json!([{"$ref": "#/x/A"}, {"$ref": "#/x/B"}])),
        Level::Breaking,
        "response-one-of-added",
    );
}

#[test]
fn stream_items_are_compared_like_bodies() {
    // An event stream's items: a new event kind is a new `oneOf` branch a
    // client's exhaustive handling does not know.
    for key in ["x-tether-item-schema", "itemSchema"] {
        let feed = |events: Value| {
            doc(
                json!({"/feed": {"get": {"responses": {"200": {"description": "ok",
                "content": {"text/event-stream": {key: {"oneOf": events}}}}}}}}),
            )
        };
        let filed = json!({"title": "filed", "type": "object"});
        let deleted = json!({"title": "deleted", "type": "object"});
        let a = feed(json!([filed]));
        assert_eq!(found(&a, &a), vec![]);
        has(
            &a,
            &feed(json!([filed, deleted])),
            Level::Breaking,
            "response-one-of-added",
        );
        has(
            &feed(json!([filed, deleted])),
            &a,
            Level::Compatible,
            "response-one-of-removed",
        );
    }
}

#[test]
fn a_fan_out_of_refs_is_walked_once_per_operation() {
    // L0 -> 12 x L1 -> 12 x L2 ... -> L11 whose type changed: 12^11 paths if walked naively.
    let level = |leaf: &str| {
        let mut schemas = serde_json::Map::new();
        for i in 0..11 {
            let props: serde_json::Map<String, Value> = (0..12)
                .map(|p| {
                    (
                        format!("p{p}"),
                        json!({"$ref": format!("#/components/schemas/L{}", i + 1)}),
                    )
                })
                .collect();
            schemas.insert(
                format!("L{i}"),
                json!({"type": "object", "properties": props}),
            );
        }
        schemas.insert("L11".into(), json!({"type": leaf}));
        let mut d = op(json!({}), json!({"$ref": "#/components/schemas/L0"}));
        d["components"] = json!({"schemas": schemas});
        d
    };
    let start = std::time::Instant::now();
    let changes = diff(&level("string"), &level("integer")).unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(changes[0].rule, "response-property-type-changed");
}
