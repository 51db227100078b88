//! The model of a `#[controller]` impl block: what tether-macros turns
//! into the route table and tether-build into the OpenAPI document.

use crate::attrs::{HttpMethod, ParamSource};
use crate::path::RoutePath;
use crate::security::SecuritySpec;
use crate::versioning::VersionSpec;
use proc_macro2::Span;
use syn::{Attribute, ReturnType, Type};

/// Which stage of the request pipeline an attribute adds to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PipelineKind {
    /// `#[use_guards(..)]`
    Guards,
    /// `#[use_interceptors(..)]`
    Interceptors,
    /// `#[use_pipes(..)]`
    Pipes,
    /// `#[use_filters(..)]`
    Filters,
}

impl PipelineKind {
    pub(super) fn from_attr_name(name: &str) -> Option<Self> {
        Some(match name {
            "use_guards" => PipelineKind::Guards,
            "use_interceptors" => PipelineKind::Interceptors,
            "use_pipes" => PipelineKind::Pipes,
            "use_filters" => PipelineKind::Filters,
            _ => return None,
        })
    }
}

/// `#[use_guards(AuthGuard, Roles::new("admin"))]` and its kin.
#[derive(Debug, Clone)]
pub struct PipelineAttr {
    /// The stage.
    pub kind: PipelineKind,
    /// The expressions building each guard, interceptor, pipe or filter.
    pub exprs: Vec<syn::Expr>,
}

/// A checked controller.
#[derive(Debug, Clone)]
pub struct ControllerModel {
    /// The impl's self type.
    pub self_ty: Type,
    /// The type's name, e.g. `UsersController`.
    pub type_name: String,
    /// The base path from `#[controller("/users")]`.
    pub path: RoutePath,
    /// The controller's own `#[version]`.
    pub version: VersionSpec,
    /// The impl's `#[version(..)]` attribute, for errors about it.
    pub version_attr: Option<Attribute>,
    /// Controller-level guards, interceptors, pipes and filters.
    pub pipeline: Vec<PipelineAttr>,
    /// `#[metadata(..)]` values of the impl.
    pub metadata: Vec<syn::Expr>,
    /// `#[security(..)]` or `#[public]` of the impl.
    pub security: Option<SecuritySpec>,
    /// `#[tags(..)]` of the impl: the document's tags of every route,
    /// instead of the controller's name.
    pub tags: Vec<String>,
    /// Doc comment lines of the impl.
    pub docs: Vec<String>,
    /// Rust's `#[deprecated]` on the impl: every route of the controller
    /// is deprecated (a controller of one version: the version).
    pub deprecated: Option<Deprecation>,
    /// The routes in source order.
    pub routes: Vec<RouteModel>,
}

/// Rust's `#[deprecated]` on a handler, a controller or a type.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Deprecation {
    /// Its note (`#[deprecated = "…"]`, `#[deprecated(note = "…")]`).
    pub note: Option<String>,
}

/// A checked route handler.
#[derive(Debug, Clone)]
pub struct RouteModel {
    /// The method's name.
    pub fn_ident: syn::Ident,
    /// The HTTP method.
    pub method: HttpMethod,
    /// The route's own sub-path.
    pub path: RoutePath,
    /// The controller path joined with the route's own path.
    pub full_path: RoutePath,
    /// The method's own `#[version]` (not yet merged with the controller's).
    pub version: VersionSpec,
    /// The method's `#[version(..)]` attribute, for errors about it.
    pub version_attr: Option<Attribute>,
    /// `#[http_code(..)]`, if given.
    pub http_code: Option<u16>,
    /// Method-level guards, interceptors, pipes and filters.
    pub pipeline: Vec<PipelineAttr>,
    /// The method's `#[metadata(..)]` values.
    pub metadata: Vec<syn::Expr>,
    /// The method's own `#[security(..)]` or `#[public]`.
    pub security: Option<SecuritySpec>,
    /// The method's `#[tags(..)]`, added to the controller's.
    pub tags: Vec<String>,
    /// `#[errors(Enum::Variant, ..)]`: the variants of the route's error
    /// enum it answers, documented alone; `None`: every variant.
    pub errors: Option<Vec<syn::Path>>,
    /// The method's `#[deprecated]` (Rust's own attribute), if any.
    pub deprecated: Option<Deprecation>,
    /// The arguments after `&self`.
    pub params: Vec<ParamModel>,
    /// The declared return type.
    pub output: ReturnType,
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// Span of the route attribute.
    pub span: Span,
    /// The route attribute, for errors spanning all of it.
    pub attr: Attribute,
}

impl RouteModel {
    /// The success status: `#[http_code]`, else 201 for POST, else 200.
    pub fn status(&self) -> u16 {
        self.http_code.unwrap_or(self.method.default_status())
    }

    /// The route's deprecation: its own `#[deprecated]`, else its
    /// controller's.
    pub fn effective_deprecation<'a>(
        &'a self,
        controller: &'a ControllerModel,
    ) -> Option<&'a Deprecation> {
        self.deprecated.as_ref().or(controller.deprecated.as_ref())
    }

    /// The effective version spec (the method's own wins).
    pub fn effective_version(&self, controller: &ControllerModel) -> VersionSpec {
        self.version.or(&controller.version)
    }

    /// The security schemes the route requires, any one of them: the
    /// method's `#[security]`/`#[public]` wins over the controller's.
    pub fn effective_security(&self, controller: &ControllerModel) -> Vec<String> {
        self.security
            .as_ref()
            .or(controller.security.as_ref())
            .map(SecuritySpec::names)
            .unwrap_or_default()
    }
}

/// A handler argument and where it comes from.
#[derive(Debug, Clone)]
pub struct ParamModel {
    /// The argument's binding.
    pub ident: syn::Ident,
    /// The argument's type.
    pub ty: Type,
    /// Where it is extracted from.
    pub source: ParamSource,
    /// Span of the whole argument.
    pub span: Span,
    /// Its `#[validate(..)]` rules, checked against its type.
    pub rules: Vec<crate::rules::Rule>,
}
