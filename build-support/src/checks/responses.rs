//! The refusals of an operation's answers: a return type written without
//! what it needs (`Sse` without its event type), an `Sse<E>` whose events
//! would not be sent as documented, a `Result` whose `Err` is answered as
//! a success, a `#[derive(ApiError)]` variant with a field named like a
//! key of the error body. The types of the answers are walked as the
//! operation writer documents them, so that [`super::types`] checks them.

use super::Checker;
use crate::analysis::controllers::FoundController;
use crate::analysis::diagnostics::Diagnostic;
use crate::analysis::index::{DefId, DefItem};
use crate::analysis::modules::ModId;
use crate::analysis::serde::{ContainerAttrs, EnumRepr, VariantAttrs};
use crate::analysis::types::Ty;
use crate::openapi::output::{Output, Outputs};
use syn::spanned::Spanned;
use syn::{ReturnType, Type};
use tether_model::api_error::RESERVED_KEYS;
use tether_model::controller::RouteModel;

impl Checker<'_, '_> {
    /// The answers of `route`: its success body and its error answers.
    pub(super) fn responses(&mut self, route: &RouteModel, c: &FoundController) {
        let output = match &route.output {
            ReturnType::Default => Some(Output::Empty),
            ReturnType::Type(_, ty) => Outputs { gen: self.gen }.output(ty, c),
        };
        let output = match output {
            Some(Output::Refused(d)) => {
                self.errors.push(*d);
                Output::Opaque
            }
            Some(output) => output,
            None => Output::Opaque,
        };
        let output = match output {
            Output::WithHeaders(body, headers) => {
                self.reach(&headers);
                *body
            }
            other => other,
        };
        // The body of a `204` is not documented.
        let body = match output {
            Output::NoContent | Output::Redirect => None,
            Output::WithStatus(body) => Some(*body),
            other => (route.status() != 204).then_some(other),
        };
        if let Some(body) = body {
            self.content(body);
        }
        self.error_answers(route, c);
    }

    /// The types of a success body.
    fn content(&mut self, output: Output) {
        match output {
            Output::Json(ty) => self.reach(&ty),
            Output::Sse(ty, module, span) => match self.sse_event_type(&ty, (module, span)) {
                Ok(()) => {
                    self.gen.sse_events(&ty);
                }
                Err(d) => self.errors.push(d),
            },
            Output::WithStatus(inner) | Output::WithHeaders(inner, _) => self.content(*inner),
            _ => {}
        }
    }

    /// The error answers: the `Err` of a `Result`, and the variants of a
    /// `#[derive(ApiError)]` enum.
    fn error_answers(&mut self, route: &RouteModel, c: &FoundController) {
        let ReturnType::Type(_, ty) = &route.output else {
            return;
        };
        let outputs = Outputs { gen: self.gen };
        let Some((err, module)) = outputs.result_error_of(ty, c.module) else {
            return;
        };
        let id = outputs.api_error_def(&err, module);
        self.refuse_success_shaped_error(&err, ty, c);
        if let Some(id) = id {
            self.refuse_reserved_keys(id);
        }
    }

    /// `type ApiResult<T> = Result<T, String>`: the `Err` would answer with
    /// the route's success status (the macro refuses the `Result` written
    /// out; only tether-build sees through the alias).
    fn refuse_success_shaped_error(&mut self, err: &Type, written: &Type, c: &FoundController) {
        let Some(shown) = tether_model::response::success_shaped(err) else {
            return;
        };
        let message = format!(
            "the `Err` of this `Result` is `{shown}`, which is answered with the route's success status (`200`, or `201` for a POST): a client would read the failure as a success"
        );
        let help = format!(
            "return an error type: `HttpError` (`Err(HttpError::not_found(..))`), a `#[derive(ApiError)]` enum, or `(StatusCode, {shown})`"
        );
        let d = self.diagnostic(c, written.span(), &message).with_help(help);
        self.errors.push(d);
    }

    /// A field of a variant of the error enum `id` serialised as a key of
    /// the error body itself (`statusCode`, `message`, `error`, `code`) would
    /// replace it.
    fn refuse_reserved_keys(&mut self, id: DefId) {
        let Some((model, bodies, module)) = (Outputs { gen: self.gen }).api_error_variants(id)
        else {
            return;
        };
        let index = self.gen.index_ref();
        for (variant, fields) in model.variants.iter().zip(bodies) {
            let clash = fields
                .props
                .iter()
                .map(|p| p.name.as_str())
                .find(|n| RESERVED_KEYS.contains(n));
            if let Some(clash) = clash {
                let message = format!(
                    "a field of `{}::{}` is serialised as `{}`, a key of the error body itself",
                    model.ident, variant.ident, clash
                );
                let d = index
                    .sources
                    .diagnostic(module, variant.ident.span(), message)
                    .with_help("rename the field: `#[serde(rename = \"detail\")]`");
                self.errors.push(d);
            }
        }
    }

    /// The event type `E` of an `Sse<E>`, written at `at`: each variant
    /// of the enum `E` is one event, named as serde names it.
    ///
    /// The runtime names an event after the value serde writes: a unit
    /// variant's string or the one key of an externally tagged variant's
    /// object; anything else goes out as a `message` event carrying the
    /// whole value. So only an externally tagged enum (serde's default)
    /// without `#[serde(untagged)]` variants is served as documented; the
    /// others are refused.
    fn sse_event_type(&self, ty: &Ty, at: (ModId, proc_macro2::Span)) -> Result<(), Diagnostic> {
        let index = self.gen.index_ref();
        let here = |message: String, help: &str| {
            index
                .sources
                .diagnostic(at.0, at.1, message)
                .with_help(help)
        };
        let Ty::Def(id, _) = ty else {
            return Err(here(
                "the events of `Sse<E>` come from an enum `E` of this crate (one variant per event)".into(),
                "declare an enum with one variant per event, e.g. `enum Event { Item(Item), Ping }`, and return `Sse<Event>`",
            ));
        };
        let def = &index.defs[*id];
        let DefItem::Enum(e) = &def.item else {
            return Err(here(
                format!(
                    "`{}` is not an enum; `Sse<E>` takes an enum with one variant per event",
                    def.name
                ),
                &format!(
                    "wrap it in an enum, one variant per event: `enum Event {{ Item({}) }}`, and return `Sse<Event>`",
                    def.name
                ),
            ));
        };
        let c = ContainerAttrs::from_attrs(&e.attrs);
        let written = match &c.repr {
            EnumRepr::External => None,
            EnumRepr::Internal { tag } => Some(format!(
                "is internally tagged (`#[serde(tag = \"{tag}\")]`)"
            )),
            EnumRepr::Adjacent { tag, content } => Some(format!(
                "is adjacently tagged (`#[serde(tag = \"{tag}\", content = \"{content}\")]`)"
            )),
            EnumRepr::Untagged => Some("is untagged (`#[serde(untagged)]`)".into()),
        };
        let untagged_variant = e
            .variants
            .iter()
            .find(|v| VariantAttrs::from_attrs(&v.attrs).untagged);
        let written = written.or_else(|| {
            untagged_variant
                .map(|v| format!("has an untagged variant (`#[serde(untagged)] {}`)", v.ident))
        });
        if let Some(written) = written {
            return Err(here(
                format!(
                    "`{}` {written}: an `Sse<E>` event is named after the variant serde writes as the key of a one-key object (or as a string), so the stream would not send the events the document and the client name",
                    def.name
                ),
                "use an externally tagged enum, serde's default: remove `tag`/`content`/`untagged` from its `#[serde(..)]`, e.g. `enum Event { Ping { at: u64 }, End }` (each variant's data is its fields)",
            ));
        }
        Ok(())
    }
}
