impl TicketsController {
    async fn list(
        &self,
        code: String,
        limit: Option<u32>,
        tag: Vec<String>,
        page: Option<u32>,
    ) -> String {
        format!("{code} {limit:?} {tag:?} {page:?}")
    }
}
const _: () = {
    impl ::tether::__private::Controller for TicketsController {
        const NAME: &'static str = "TicketsController";
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
            fn __tether_list(
                __this: ::tether::__private::Arc<TicketsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .list(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (code, limit, tag, page) = match ::tether::__private::read_args(|| {
                    let code: String = match ::tether::__private::unpiped(
                        ::tether::__private::path_param::<
                            String,
                        >(&__req, 0usize, "code"),
                        &__req,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    let limit: Option<u32> = match ::tether::__private::unpiped(
                        ::tether::__private::query_param::<Option<u32>>(&__req, "limit"),
                        &__req,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    let tag: Vec<String> = match ::tether::__private::unpiped(
                        ::tether::__private::query_param::<Vec<String>>(&__req, "tag"),
                        &__req,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    let mut __broken = ::tether::__private::Broken::of(&__req);
                    {
                        let __value = &code;
                        let __item = __value;
                        __broken
                            .add(
                                "code",
                                ::tether::__private::rules::ValidatePattern::validate_pattern(
                                    __item,
                                    {
                                        static __PATTERN: ::tether::__private::OnceLock<
                                            ::tether::__private::rules::Regex,
                                        > = ::tether::__private::OnceLock::new();
                                        ::tether::__private::rules::pattern(
                                            &__PATTERN,
                                            "^[A-Z]{3}$",
                                        )
                                    },
                                ),
                            );
                    }
                    if let ::tether::__private::Some(__value) = &limit {
                        let __item = __value;
                        __broken
                            .add(
                                "limit",
                                ::tether::__private::rules::ValidateMinimum::validate_minimum(
                                    __item,
                                    1,
                                ),
                            );
                        __broken
                            .add(
                                "limit",
                                ::tether::__private::rules::ValidateMaximum::validate_maximum(
                                    __item,
                                    100,
                                ),
                            );
                    }
                    {
                        let __value = &tag;
                        __broken
                            .add(
                                "tag",
                                ::tether::__private::rules::ValidateMaxItems::validate_max_items(
                                    __value,
                                    3,
                                ),
                            );
                        __broken
                            .add(
                                "tag",
                                ::tether::__private::rules::ValidateUniqueItems::validate_unique_items(
                                    __value,
                                ),
                            );
                        for (__index, __item) in ::std::iter::Iterator::enumerate(
                            __value.iter(),
                        ) {
                            __broken
                                .add_item(
                                    "tag",
                                    __index,
                                    ::tether::__private::rules::CodePointLength::validate_max_length(
                                        __item,
                                        5,
                                    ),
                                );
                        }
                    }
                    if let ::tether::__private::Err(response) = __broken
                        .finish(&__req, ::tether::__private::status(200u16))
                    {
                        return ::tether::__private::Err(response);
                    }
                    let code: String = match ::tether::__private::piped(
                        ::tether::__private::Ok(code),
                        &__req,
                        "code",
                        ::tether::__private::ArgSource::Param,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    let limit: Option<u32> = match ::tether::__private::piped(
                        ::tether::__private::Ok(limit),
                        &__req,
                        "limit",
                        ::tether::__private::ArgSource::Query,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    let tag: Vec<String> = match ::tether::__private::piped(
                        ::tether::__private::Ok(tag),
                        &__req,
                        "tag",
                        ::tether::__private::ArgSource::Query,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    let page: Option<u32> = match ::tether::__private::piped(
                        ::tether::__private::query_param::<Option<u32>>(&__req, "page"),
                        &__req,
                        "page",
                        ::tether::__private::ArgSource::Query,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    ::tether::__private::Ok((code, limit, tag, page))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.list(code, limit, tag, page).await;
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
            const ROUTES: &[::tether::__private::RouteDef<TicketsController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("tickets"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("code"),
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
    }
};
