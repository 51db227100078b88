impl CatsController {
    async fn list(&self) -> Vec<String> {
        Vec::new()
    }
    async fn find(&self, id: u64) -> String {
        format!("cat {id}")
    }
    async fn count(&self) -> u64 {
        0
    }
    async fn health(&self) -> &'static str {
        "ok"
    }
}
const _: () = {
    impl ::tether::__private::Controller for CatsController {
        const NAME: &'static str = "CatsController";
        const VERSIONS: ::tether::__private::VersionSpec = ::tether::__private::VersionSpec::Versions(
            ::tether::__private::Cow::Borrowed(
                &[
                    ::tether::__private::Version::Exact(
                        ::tether::__private::Cow::Borrowed("1"),
                    ),
                    ::tether::__private::Version::Exact(
                        ::tether::__private::Cow::Borrowed("2"),
                    ),
                ],
            ),
        );
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
            fn __tether_list(
                __this: ::tether::__private::Arc<CatsController>,
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
            #[allow(
                unused_mut,
                unused_variables,
                deprecated,
                clippy::needless_borrow,
                clippy::let_and_return,
                clippy::result_large_err
            )]
            fn __tether_find(
                __this: ::tether::__private::Arc<CatsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.find(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (id,) = match ::tether::__private::read_args(|| {
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
                    ::tether::__private::Ok((id,))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.find(id).await;
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
            fn __tether_count(
                __this: ::tether::__private::Arc<CatsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(__this.count());
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.count().await;
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
            fn __tether_health(
                __this: ::tether::__private::Arc<CatsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(__this.health());
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.health().await;
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
            const ROUTES: &[::tether::__private::RouteDef<CatsController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("cats"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "list",
                    handler: __tether_list,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("cats"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Versions(
                        ::tether::__private::Cow::Borrowed(
                            &[
                                ::tether::__private::Version::Exact(
                                    ::tether::__private::Cow::Borrowed("3"),
                                ),
                            ],
                        ),
                    ),
                    name: "find",
                    handler: __tether_find,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("cats"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("count"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Versions(
                        ::tether::__private::Cow::Borrowed(
                            &[
                                ::tether::__private::Version::Exact(
                                    ::tether::__private::Cow::Borrowed("2"),
                                ),
                                ::tether::__private::Version::Exact(
                                    ::tether::__private::Cow::Borrowed("3"),
                                ),
                            ],
                        ),
                    ),
                    name: "count",
                    handler: __tether_count,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("cats"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("health"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Versions(
                        ::tether::__private::Cow::Borrowed(
                            &[::tether::__private::Version::Neutral],
                        ),
                    ),
                    name: "health",
                    handler: __tether_health,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
            ];
            ROUTES
        }
    }
};
