//! The error answers of an operation, per status: the framework's
//! own where they apply (`400` when an argument is read from the request,
//! `413` and `415` for bodies) and the variants of the route's
//! `#[derive(ApiError)]` error enum, each with its body.

use super::operation::{reason, OperationContext};
use super::output::Outputs;
use super::schema::{reference, Property, Shape};
use crate::analysis::controllers::FoundController;
use crate::analysis::index::DefId;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use syn::ReturnType;
use tether_model::attrs::{BodyKind, ParamSource};
use tether_model::controller::{doc_summary, PipelineKind, RouteModel};

/// One documented error status: its bodies and what each means.
#[derive(Default)]
pub(super) struct ErrorAnswer {
    bodies: Vec<Value>,
    descriptions: Vec<String>,
}

impl ErrorAnswer {
    /// Adds a body and, when it has one, what it means.
    fn add(&mut self, body: Value, description: Option<String>) {
        if !self.bodies.contains(&body) {
            self.bodies.push(body);
        }
        if let Some(d) = description.filter(|d| !self.descriptions.contains(d)) {
            self.descriptions.push(d);
        }
    }

    /// The response object: one body, or `anyOf` the bodies that share the
    /// status (several may match one value, so not `oneOf`).
    fn response(mut self, status: u16) -> Value {
        let schema = match self.bodies.len() {
            1 => self.bodies.remove(0),
            _ => json!({ "anyOf": self.bodies }),
        };
        let description = match self.descriptions.is_empty() {
            true => format!("{}.", reason(status)),
            false => self.descriptions.join(" "),
        };
        json!({
            "description": description,
            "content": {"application/json": {"schema": schema}}
        })
    }
}

/// Error answers by status, sorted.
pub(super) type ErrorAnswers = BTreeMap<u16, ErrorAnswer>;

impl OperationContext<'_, '_> {
    /// The documented error responses of `route`, by status.
    pub(super) fn error_responses(
        &mut self,
        route: &RouteModel,
        c: &FoundController,
    ) -> Vec<(String, Value)> {
        let mut answers = ErrorAnswers::new();
        self.framework_answers(route, &mut answers);
        self.access_answers(route, c, &mut answers);
        if let ReturnType::Type(_, ty) = &route.output {
            let outputs = Outputs { gen: self.gen };
            let error = outputs.result_error_of(ty, c.module);
            if let Some(id) = error.and_then(|(err, module)| outputs.api_error_def(&err, module)) {
                self.typed_answers(id, route.errors.as_deref(), &mut answers);
            }
        }
        answers
            .into_iter()
            .map(|(status, a)| (status.to_string(), a.response(status)))
            .collect()
    }

    /// What tether itself answers before the handler runs: `400` when an
    /// argument is read from the request, `413` for a body over the limit,
    /// `415` for a body sent with another media type.
    fn framework_answers(&mut self, route: &RouteModel, answers: &mut ErrorAnswers) {
        let mut reads = false;
        let mut body = None;
        for p in &route.params {
            match &p.source {
                ParamSource::Request | ParamSource::Extractor => {}
                ParamSource::Body(kind) => {
                    reads = true;
                    body = Some(*kind);
                }
                _ => reads = true,
            }
        }
        let error = self.gen.http_error();
        if reads {
            let d = "Bad Request: a parameter or the body could not be read as declared; `message` says which and why, `code` what kind (`MISSING_PARAMETER`, `INVALID_PARAMETER`, `INVALID_JSON`, `INVALID_BODY`, `VALIDATION_FAILED`).";
            answers
                .entry(400)
                .or_default()
                .add(error.clone(), Some(d.into()));
        }
        let Some(kind) = body else { return };
        let d = "Payload Too Large: the body is over the app's size limit (`PAYLOAD_TOO_LARGE`).";
        answers
            .entry(413)
            .or_default()
            .add(error.clone(), Some(d.into()));
        if kind != BodyKind::Bytes {
            let d = format!(
                "Unsupported Media Type: the body was not sent as `{}` (`UNSUPPORTED_MEDIA_TYPE`).",
                kind.content_type()
            );
            answers.entry(415).or_default().add(error, Some(d));
        }
    }

    /// `401` on a route that requires a security scheme (no credential of
    /// one, or a malformed one, before guards run; guards and extractors
    /// may answer it too), `403` where the route or its controller has
    /// `#[use_guards(..)]` (a guard that denies).
    fn access_answers(
        &mut self,
        route: &RouteModel,
        c: &FoundController,
        answers: &mut ErrorAnswers,
    ) {
        let error = self.gen.http_error();
        if !route.effective_security(&c.model).is_empty() {
            let d = "Unauthorized: no credential of a scheme the operation requires was sent, or it was malformed or refused (`UNAUTHORIZED`).";
            answers
                .entry(401)
                .or_default()
                .add(error.clone(), Some(d.into()));
        }
        let guarded = c
            .model
            .pipeline
            .iter()
            .chain(&route.pipeline)
            .any(|p| p.kind == PipelineKind::Guards);
        if guarded {
            let d = "Forbidden: a guard refused the request (`FORBIDDEN`).";
            answers.entry(403).or_default().add(error, Some(d.into()));
        }
    }

    /// Each variant of the error enum `id` (only those `#[errors(..)]`
    /// lists, when given): its status, with its body as a component
    /// `{Enum}{Variant}` (its `code` a `const`) (a field named like a key of the body
    /// itself is refused before: see `crate::checks`).
    fn typed_answers(&mut self, id: DefId, only: Option<&[syn::Path]>, answers: &mut ErrorAnswers) {
        let Some((model, bodies, _)) = (Outputs { gen: self.gen }).api_error_variants(id) else {
            return;
        };
        let enum_name = self
            .gen
            .type_name(&crate::analysis::types::Ty::Def(id, Vec::new()));
        let listed = |ident: &syn::Ident| {
            only.is_none_or(|paths| {
                paths
                    .iter()
                    .any(|p| p.segments.last().is_some_and(|s| s.ident == *ident))
            })
        };
        for (variant, mut fields) in model.variants.iter().zip(bodies) {
            if !listed(&variant.ident) {
                continue;
            }
            let status = variant.status;
            let phrase = reason(status);
            let mut shape = Shape::default();
            let status_code = json!({"type": "integer", "const": status});
            shape.push(Property::required("statusCode", status_code));
            shape.push(Property::required("message", json!({"type": "string"})));
            let error = json!({"type": "string", "const": phrase});
            shape.push(Property::required("error", error));
            // What tells apart variants of one status and fields.
            let code = json!({"type": "string", "const": variant.code});
            shape.push(Property::required("code", code));
            // The fields were gathered apart: pushed onto the keys, a field
            // named like one would silently replace it.
            shape.props.append(&mut fields.props);
            shape.additional = fields.additional;
            shape.all_of = fields.all_of;
            shape.groups = fields.groups;
            let summary = doc_summary(&variant.docs).map(|(s, _)| s);
            let mut schema = shape.into_schema(false);
            if let (Some(s), Some(obj)) = (&summary, schema.as_object_mut()) {
                obj.insert("description".into(), json!(s));
            }
            let name = format!("{enum_name}{}", variant.ident);
            self.gen.components.entry(name.clone()).or_insert(schema);
            let description = summary.map(|s| format!("{phrase}: {s}"));
            answers
                .entry(status)
                .or_default()
                .add(reference(&name), description);
        }
    }
}
