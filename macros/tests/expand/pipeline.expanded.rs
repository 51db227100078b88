impl OrdersController {
    async fn place(&self, id: u32, note: String) -> String {
        format!("{id} {note}")
    }
    async fn list(&self) -> Vec<String> {
        Vec::new()
    }
}
const _: () = {
    impl ::tether::__private::Controller for OrdersController {
        const NAME: &'static str = "OrdersController";
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
            fn __tether_place(
                __this: ::tether::__private::Arc<OrdersController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .place(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (id,) = match ::tether::__private::read_args(|| {
                    let id: u32 = match ::tether::__private::piped(
                        ::tether::__private::path_param::<u32>(&__req, 0usize, "id"),
                        &__req,
                        "id",
                        ::tether::__private::ArgSource::Param,
                        ::tether::__private::status(201u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    ::tether::__private::Ok((id,))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let note: String = match ::tether::__private::piped(
                        ::tether::__private::body_text(&mut __req).await,
                        &__req,
                        "note",
                        ::tether::__private::ArgSource::Body,
                        ::tether::__private::status(201u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => return response,
                    };
                    let __out = __this.place(id, note).await;
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
                                    .respond(__value, ::tether::__private::status(201u16))
                            })
                        }
                        ::tether::__private::Err(__error) => {
                            ::tether::__private::raise(
                                __raise,
                                __error,
                                ::tether::__private::status(201u16),
                            )
                        }
                    }
                })
            }
            fn __tether_pipeline_place() -> ::tether::__private::PipelineDef {
                let mut __def = ::tether::__private::PipelineDef::new();
                __def.guard(Auth);
                __def.guard(Owner(3));
                __def.interceptor(Timing("place"));
                __def.pipe(Trim);
                __def.filter(Friendly);
                __def.metadata(Roles(&["admin"]));
                __def
            }
            #[allow(
                unused_mut,
                unused_variables,
                deprecated,
                clippy::needless_borrow,
                clippy::let_and_return,
                clippy::result_large_err
            )]
            fn __tether_list(
                __this: ::tether::__private::Arc<OrdersController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(__this.list());
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.list().await;
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
            const ROUTES: &[::tether::__private::RouteDef<OrdersController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Post,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("orders"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "place",
                    handler: __tether_place,
                    pipeline: ::tether::__private::Some(__tether_pipeline_place),
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("orders"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "list",
                    handler: __tether_list,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
            ];
            ROUTES
        }
        fn pipeline() -> ::tether::__private::Option<::tether::__private::PipelineDef> {
            fn __tether_pipeline() -> ::tether::__private::PipelineDef {
                let mut __def = ::tether::__private::PipelineDef::new();
                __def.guard(Auth);
                __def.interceptor(Timing("orders"));
                __def.pipe(Trim);
                __def.filter(Friendly);
                __def.metadata(Roles(&["reader"]));
                __def
            }
            ::tether::__private::Some(__tether_pipeline())
        }
    }
};
