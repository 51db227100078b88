//! Issue 33 item 3: every error body carries a machine-readable `code`. A
//! `#[derive(ApiError)]` variant's is documented as a `const` (3.1; a
//! one-value `enum` in 3.0), so two variants of one status and the same
//! fields (`NoBooking`, `NoReferral`, both 404 with `bookingId`) get
//! different TypeScript types, a body narrows on its `code`, and the zod
//! schemas tell them apart. From the source (the golden case
//! `typed_error_codes`) to the document, the client under strict tsc and
//! the zod schemas under node.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use tether_build::sdk::{generate_sdk, write_sdk, SdkEmit, SdkOptions};
use tether_build::Builder;

use crate::sdk_support::{crate_dir, node, run_tsc, scratch, strict_tsconfig};

/// What must and must not type-check against the generated client.
const USAGE: &str = r#"import { createClient } from "./sdk/index.js";
import type * as types from "./sdk/types.js";

declare const noBooking: types.ClinicErrorNoBooking;
// @ts-expect-error same status and fields, another code: another type
export const asReferral: types.ClinicErrorNoReferral = noBooking;

export async function branch(): Promise<number> {
  const client = createClient({ baseUrl: "http://localhost" });
  const { error } = await client.bookings.referral({ params: { id: 1 } });
  if (error?.status === 404) {
    const body = error.body;
    if (body.code === "NO_BOOKING") {
      const only: types.ClinicErrorNoBooking = body;
      return only.bookingId;
    }
    // Narrowed by elimination: the other 404.
    const referral: types.ClinicErrorNoReferral = body;
    const code: "NO_REFERRAL" = referral.code;
    void code;
    // @ts-expect-error no 404 answers this code
    if (body.code === "SLOT_TAKEN") return 0;
    return referral.bookingId;
  }
  if (error?.status === 409) {
    const code: "slot.taken" = error.body.code;
    void code;
  }
  if (error?.status === 400) {
    // The framework's own answer carries a code too.
    const code: string = error.body.code;
    void code;
  }
  return -1;
}

// Issue 33 item 4: `find` lists `#[errors(ClinicError::NoBooking)]`.
export async function narrowed(): Promise<number> {
  const client = createClient({ baseUrl: "http://localhost" });
  const { error } = await client.bookings.find({ params: { id: 1 } });
  if (error?.status === 404) {
    const only: types.ClinicErrorNoBooking = error.body;
    return only.bookingId;
  }
  return -1;
}
"#;

/// Checks the zod schemas at run time (the client emitted as JavaScript).
const ZOD_CHECK: &str = r#"import assert from "node:assert/strict";
import { ClinicErrorNoBookingSchema, ClinicErrorNoReferralSchema, HttpErrorSchema } from "./sdk/zod.js";

const noBooking = { statusCode: 404, message: "Not Found", error: "Not Found", code: "NO_BOOKING", bookingId: 7 };
const noReferral = { ...noBooking, code: "NO_REFERRAL" };
assert.equal(ClinicErrorNoBookingSchema.safeParse(noBooking).success, true);
assert.equal(ClinicErrorNoBookingSchema.safeParse(noReferral).success, false);
assert.equal(ClinicErrorNoReferralSchema.safeParse(noReferral).success, true);
assert.equal(ClinicErrorNoReferralSchema.safeParse(noBooking).success, false);
const { code, ...withoutCode } = noBooking;
assert.equal(code, "NO_BOOKING");
assert.equal(ClinicErrorNoBookingSchema.safeParse(withoutCode).success, false);
const framework = { statusCode: 400, message: "invalid JSON", error: "Bad Request", code: "INVALID_JSON" };
assert.equal(HttpErrorSchema.safeParse(framework).success, true);
console.log("zod ok");
"#;

/// The documents of the case, 3.1 and 3.0, generated now.
fn documents(out: &Path) -> (Value, Value) {
    let case = crate_dir().join("tests/data/openapi/typed_error_codes");
    Builder::new()
        .manifest_dir(&case)
        .output_dir(out)
        .run()
        .unwrap_or_else(|e| panic!("typed_error_codes: {e}"));
    let read = |name: &str| -> Value {
        serde_json::from_str(&fs::read_to_string(out.join(name)).unwrap()).unwrap()
    };
    (read("openapi.json"), read("openapi30.json"))
}

/// A scratch ES-module project `name` and the case's documents.
fn project(name: &str) -> (PathBuf, Value, Value) {
    let root = scratch(name);
    let (v31, v30) = documents(&root.join("docs"));
    fs::write(root.join("package.json"), "{ \"type\": \"module\" }\n").unwrap();
    (root, v31, v30)
}

fn schema<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc.pointer(&format!("/components/schemas/{name}"))
        .unwrap_or_else(|| panic!("no component {name}"))
}

fn required(schema: &Value) -> Vec<&str> {
    schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect()
}

/// Each variant's `code` is a required `const` (3.1) or one-value `enum`
/// (3.0): its name in SCREAMING_SNAKE_CASE, or its own `code = "…"`.
fn variant_codes_are_documented_as_const() {
    let (v31, v30) = documents(&scratch("error_codes_doc"));
    for (variant, code) in [
        ("ClinicErrorNoBooking", "NO_BOOKING"),
        ("ClinicErrorNoReferral", "NO_REFERRAL"),
        ("ClinicErrorSlotTaken", "slot.taken"),
    ] {
        let s31 = schema(&v31, variant);
        assert_eq!(
            s31["properties"]["code"],
            json!({"type": "string", "const": code}),
            "{variant}"
        );
        assert!(required(s31).contains(&"code"), "{variant}: {s31}");
        let s30 = schema(&v30, variant);
        assert_eq!(
            s30["properties"]["code"],
            json!({"type": "string", "enum": [code]}),
            "{variant}"
        );
        assert!(required(s30).contains(&"code"), "{variant}: {s30}");
    }
    let http = schema(&v31, "HttpError");
    assert_eq!(http["properties"]["code"]["type"], "string");
    assert!(required(http).contains(&"code"), "{http}");
    let described = http["properties"]["code"]["description"].as_str().unwrap();
    for code in ["INVALID_JSON", "MISSING_PARAMETER", "VALIDATION_FAILED"] {
        assert!(described.contains(code), "{described}");
    }
}

/// Issue 33 item 4: a route with `#[errors(..)]` documents only the
/// variants it lists; without it, every variant.
fn a_route_documents_the_variants_it_lists() {
    let (v31, _) = documents(&scratch("error_codes_listed"));
    let responses = |path: &str| {
        let r = v31
            .pointer(&format!("/paths/{path}/get/responses"))
            .unwrap();
        r.as_object().unwrap().clone()
    };
    let find = responses("~1bookings~1{id}");
    assert_eq!(
        find["404"]["content"]["application/json"]["schema"],
        json!({"$ref": "#/components/schemas/ClinicErrorNoBooking"})
    );
    assert!(!find.contains_key("409"), "{find:?}");
    let all = responses("~1bookings~1{id}~1referral");
    assert_eq!(
        all["404"]["content"]["application/json"]["schema"]["anyOf"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    assert!(all.contains_key("409"), "{all:?}");
}

/// The client's types tell `NoBooking` from `NoReferral` and narrow a
/// 404's body on `code`, under strict tsc, from both documents.
fn client_narrows_on_the_code() {
    let (root, v31, v30) = project("error_codes_tsc");
    let options = SdkOptions {
        zod: true,
        ..SdkOptions::default()
    };
    let mut zods = Vec::new();
    for (name, doc) in [("v31", &v31), ("v30", &v30)] {
        let out = root.join("cases").join(name);
        let files = generate_sdk(doc, &options).unwrap();
        zods.push((name, files.files["zod.ts"].clone()));
        write_sdk(&out.join("sdk"), &files).unwrap();
        fs::write(out.join("usage.ts"), USAGE).unwrap();
    }
    run_tsc(
        &["-p", &strict_tsconfig(&root)],
        "the error-code narrowing (typed_error_codes)",
    );
    for (name, zod) in zods {
        for code in ["NO_BOOKING", "NO_REFERRAL", "slot.taken"] {
            assert!(
                zod.contains(&format!("code: z.literal(\"{code}\")")),
                "{name}: zod.ts has no literal {code}:\n{zod}"
            );
        }
    }
}

/// The zod schemas refuse a body of the other variant, and one without
/// its `code`, under node with the pinned zod.
fn zod_schemas_tell_the_variants_apart() {
    let (root, v31, _) = project("error_codes_zod");
    let options = SdkOptions {
        zod: true,
        emit: SdkEmit::JavaScript,
        ..SdkOptions::default()
    };
    let files = generate_sdk(&v31, &options).unwrap();
    write_sdk(&root.join("sdk"), &files).unwrap();
    fs::write(root.join("check.mjs"), ZOD_CHECK).unwrap();
    let out = node()
        .arg(root.join("check.mjs"))
        .current_dir(&root)
        .output()
        .expect("node runs");
    assert!(
        out.status.success() && String::from_utf8_lossy(&out.stdout).contains("zod ok"),
        "the zod check failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        variant_codes_are_documented_as_const,
        a_route_documents_the_variants_it_lists,
        client_narrows_on_the_code,
        zod_schemas_tell_the_variants_apart,
    ]
}
