"""Schemathesis hooks for scripts/conformance.sh: two kinds of generated
case that test something other than the server's contract are left out.

1. Under HEADER versioning each document describes one version, and SPEC B2h
   marks `X-API-Version` required on its operations. The server answers a
   request *without* the header with the default version (SPEC A5), so such
   a request belongs to the default version's document, whose run sends it
   and checks the answer against that document. When `TETHER_VERSION_HEADER`
   names a non-default version, cases that drop the header are not sent:
   checking the default version's answer against another version's schema
   tests the wrong contract.
2. Multipart part names with control characters or quotes cannot be written
   in a part's `Content-Disposition` header (RFC 7578 §4.2), so such a body
   is malformed multipart whatever the schema says; the server answers 400.
3. A form (multipart or urlencoded) carries text: a generated object,
   nested list, boolean, number or null as the value of a *string* field
   reaches the server as its text, a valid string; a single string given
   for an array of strings is, on the wire, that array with one item. Such
   a "schema-violating" case is not one on the wire, so it is not sent.
"""

import os

import schemathesis
from schemathesis.transport.prepare import get_exclude_headers

VERSION_HEADER = "x-api-version"


def drops_version_header(case):
    return any(name.lower() == VERSION_HEADER for name in get_exclude_headers(case))


def unwritable_part_name(case):
    if not (case.media_type or "").startswith("multipart/form-data"):
        return False
    if not isinstance(case.body, dict):
        return False
    return any(
        any(ord(c) < 0x20 or ord(c) == 0x7F or c in '"\\' for c in str(name))
        for name in case.body
    )


FORMS = ("multipart/form-data", "application/x-www-form-urlencoded")


def resolve(schema, root):
    """Follows a bundled `$ref` (`#/x-bundled/…`) within the body schema."""
    for _ in range(16):
        ref = schema.get("$ref") if isinstance(schema, dict) else None
        if not (isinstance(ref, str) and ref.startswith("#/")):
            return schema
        target = root
        for part in ref[2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        schema = target
    return schema


def form_properties(case):
    for body in case.operation.body:
        if body.media_type == case.media_type:
            root = body.optimized_schema
            schema = resolve(root, root)
            if isinstance(schema, dict) and isinstance(schema.get("properties"), dict):
                return {k: resolve(v, root) for k, v in schema["properties"].items()}
    return {}


def takes_strings(schema):
    if not isinstance(schema, dict):
        return False
    kinds = schema.get("type")
    if kinds == "array":
        return takes_strings(schema.get("items"))
    return kinds == "string" or (isinstance(kinds, list) and "string" in kinds)


def valid_on_the_wire(case):
    if not (case.media_type or "").startswith(FORMS):
        return False
    if not isinstance(case.body, dict):
        return False
    properties = form_properties(case)
    for name, value in case.body.items():
        field = properties.get(name)
        if not takes_strings(field):
            continue
        if isinstance(field, dict) and field.get("type") == "array" and isinstance(value, str):
            return True
        values = value if isinstance(value, list) else [value]
        if any(not isinstance(v, (str, bytes)) for v in values):
            return True
    return False


@schemathesis.hook
def filter_case(ctx, case):
    if os.environ.get("TETHER_VERSION_HEADER") and drops_version_header(case):
        return False
    return not (unwritable_part_name(case) or valid_on_the_wire(case))
