impl ArticlesController {
    async fn list(&self) -> Vec<String> {
        Vec::new()
    }
    async fn find(&self, id: u64, version: Option<String>) -> String {
        format!("{id} {version:?}")
    }
}
const _: () = {
    impl ::tether::__private::Controller for ArticlesController {
        const NAME: &'static str = "ArticlesController";
        const VERSIONS: ::tether::__private::VersionSpec = ::tether::__private::VersionSpec::Versions(
            ::tether::__private::Cow::Borrowed(
                &[
                    ::tether::__private::Version::Exact(
                        ::tether::__private::Cow::Borrowed("1"),
                    ),
                ],
            ),
        );
        const FRAMEWORK: ::tether::__private::Framework = {
            const _: &[u8] = ::core::include_bytes!(
                "tests/expand/header_versioning.tether.toml"
            );
            ::tether::__private::Framework {
                global_prefix: ::tether::__private::Some(
                    ::tether::__private::Cow::Borrowed("api"),
                ),
                global_prefix_exclude: ::tether::__private::Cow::Borrowed(
                    &[
                        ::tether::__private::PrefixExclusion {
                            path: ::tether::__private::RoutePath::from_static(
                                &[
                                    ::tether::__private::Segment::Static(
                                        ::tether::__private::Cow::Borrowed("health"),
                                    ),
                                ],
                            ),
                            method: ::tether::__private::None,
                        },
                    ],
                ),
                versioning: ::tether::__private::Some(::tether::__private::Versioning {
                    kind: ::tether::__private::VersioningKind::Header,
                    default_version: ::tether::__private::Some(
                        ::tether::__private::Cow::Borrowed("1"),
                    ),
                    prefix: ::tether::__private::Cow::Borrowed("v"),
                }),
            }
        };
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
                __this: ::tether::__private::Arc<ArticlesController>,
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
                __this: ::tether::__private::Arc<ArticlesController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .find(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (id, version) = match ::tether::__private::read_args(|| {
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
                    let version: Option<String> = match ::tether::__private::piped(
                        ::tether::__private::header_param::<
                            Option<String>,
                        >(&__req, "x-api-version"),
                        &__req,
                        "version",
                        ::tether::__private::ArgSource::Header,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    ::tether::__private::Ok((id, version))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.find(id, version).await;
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
            const ROUTES: &[::tether::__private::RouteDef<ArticlesController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("articles"),
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
                                ::tether::__private::Cow::Borrowed("articles"),
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
                                    ::tether::__private::Cow::Borrowed("2"),
                                ),
                            ],
                        ),
                    ),
                    name: "find",
                    handler: __tether_find,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
            ];
            ROUTES
        }
    }
};
