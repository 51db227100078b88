impl ItemsController {
    async fn r#type(&self, r#type: String, r#match: Option<String>) -> String {
        format!("{} {:?}", r#type, r#match)
    }
    async fn r#ref(&self, id: u64, r#in: Filter) -> String {
        format!("{id} {:?}", r#in.r#in)
    }
}
const _: () = {
    impl ::tether::__private::Controller for ItemsController {
        const NAME: &'static str = "ItemsController";
        const VERSIONS: ::tether::__private::VersionSpec = ::tether::__private::VersionSpec::Inherit;
        const FRAMEWORK: ::tether::__private::Framework = ::tether::__private::Framework::new();
        const RUNTIME: &'static str = "multi-thread";
        fn routes() -> &'static [::tether::__private::RouteDef<Self>] {
            #[allow(
                unused_mut,
                unused_variables,
                deprecated,
                clippy::needless_borrow,
                clippy::let_and_return,
                clippy::result_large_err
            )]
            fn __tether_type(
                __this: ::tether::__private::Arc<ItemsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .r#type(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (r#type, r#match) = match ::tether::__private::read_args(|| {
                    let r#type: String = match ::tether::__private::piped(
                        ::tether::__private::path_param::<
                            String,
                        >(&__req, 0usize, "type"),
                        &__req,
                        "type",
                        ::tether::__private::ArgSource::Param,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    let r#match: Option<String> = match ::tether::__private::piped(
                        ::tether::__private::query_param::<
                            Option<String>,
                        >(&__req, "match"),
                        &__req,
                        "match",
                        ::tether::__private::ArgSource::Query,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    ::tether::__private::Ok((r#type, r#match))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.r#type(r#type, r#match).await;
                    #[allow(unused_imports)]
                    use ::tether::__private::{
                        BodyJson as _, BodyResponse as _, SplitPlain as _,
                        SplitResult as _,
                    };
                    match (&__out).__tether_split().split(__out) {
                        ::tether::__private::Ok(__value) => {
                            ::tether::__private::Ok({
                                (&__value)
                                    .__tether_body()
                                    .respond(__value, ::tether::__private::status(200u16))
                            })
                        }
                        ::tether::__private::Err(__error) => {
                            ::tether::__private::raise(
                                __raise,
                                __error,
                                ::tether::__private::status(200u16),
                            )
                        }
                    }
                })
            }
            #[allow(
                unused_mut,
                unused_variables,
                deprecated,
                clippy::needless_borrow,
                clippy::let_and_return,
                clippy::result_large_err
            )]
            fn __tether_ref(
                __this: ::tether::__private::Arc<ItemsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .r#ref(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (id, r#in) = match ::tether::__private::read_args(|| {
                    let id: u64 = match ::tether::__private::piped(
                        ::tether::__private::path_param::<u64>(&__req, 0usize, "id"),
                        &__req,
                        "id",
                        ::tether::__private::ArgSource::Param,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    let r#in: Filter = match ::tether::__private::piped(
                        ::tether::__private::validated::<
                            Filter,
                        >(
                            ::tether::__private::query_all::<Filter>(&__req),
                            ::tether::__private::counted(
                                |__value: &Filter| {
                                    #[allow(unused_imports)]
                                    use ::tether::__private::{
                                        ViaNothing as _, ViaValidate as _,
                                    };
                                    (&::tether::__private::Check(__value)).tether_validate()
                                },
                                ::tether::__private::Input::Form(
                                    __req.query_string().unwrap_or("").as_bytes(),
                                ),
                            ),
                            &__req,
                            || ::tether::__private::Sent::form(
                                __req.query_string().unwrap_or("").as_bytes(),
                            ),
                        ),
                        &__req,
                        "in",
                        ::tether::__private::ArgSource::Query,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    ::tether::__private::Ok((id, r#in))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.r#ref(id, r#in).await;
                    #[allow(unused_imports)]
                    use ::tether::__private::{
                        BodyJson as _, BodyResponse as _, SplitPlain as _,
                        SplitResult as _,
                    };
                    match (&__out).__tether_split().split(__out) {
                        ::tether::__private::Ok(__value) => {
                            ::tether::__private::Ok({
                                (&__value)
                                    .__tether_body()
                                    .respond(__value, ::tether::__private::status(200u16))
                            })
                        }
                        ::tether::__private::Err(__error) => {
                            ::tether::__private::raise(
                                __raise,
                                __error,
                                ::tether::__private::status(200u16),
                            )
                        }
                    }
                })
            }
            const ROUTES: &[::tether::__private::RouteDef<ItemsController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("items"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("type"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "r#type",
                    handler: __tether_type,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("items"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("ref"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "r#ref",
                    handler: __tether_ref,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
            ];
            ROUTES
        }
    }
};
