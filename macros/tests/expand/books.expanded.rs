impl BooksController {
    /// Finds one book.
    async fn find_one(&self, id: u64, rid: Option<String>) -> Result<Book, HttpError> {
        Ok(Book {
            id,
            title: rid.unwrap_or_default(),
        })
    }
    async fn find_all(&self, query: ListQuery, page: Option<u32>) -> Vec<Book> {
        let _ = (query.limit, page);
        Vec::new()
    }
    async fn create(&self, dto: CreateBook, req: &Request) -> Json<Book> {
        let _ = req.method();
        Json(Book { id: 1, title: dto.title })
    }
    async fn remove(&self, id: u64) {
        let _ = id;
    }
}
const _: () = {
    impl ::tether::__private::Controller for BooksController {
        const NAME: &'static str = "BooksController";
        const VERSIONS: ::tether::__private::VersionSpec = ::tether::__private::VersionSpec::Versions(
            ::tether::__private::Cow::Borrowed(
                &[
                    ::tether::__private::Version::Exact(
                        ::tether::__private::Cow::Borrowed("1"),
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
            fn __tether_find_one(
                __this: ::tether::__private::Arc<BooksController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .find_one(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (id, rid) = match ::tether::__private::read_args(|| {
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
                    let rid: Option<String> = match ::tether::__private::piped(
                        ::tether::__private::header_param::<
                            Option<String>,
                        >(&__req, "x-request-id"),
                        &__req,
                        "rid",
                        ::tether::__private::ArgSource::Header,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    ::tether::__private::Ok((id, rid))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.find_one(id, rid).await;
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
            fn __tether_find_all(
                __this: ::tether::__private::Arc<BooksController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .find_all(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (query, page) = match ::tether::__private::read_args(|| {
                    let query: ListQuery = match ::tether::__private::piped(
                        ::tether::__private::validated::<
                            ListQuery,
                        >(
                            ::tether::__private::query_all::<ListQuery>(&__req),
                            ::tether::__private::counted(
                                |__value: &ListQuery| {
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
                        "query",
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
                    ::tether::__private::Ok((query, page))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.find_all(query, page).await;
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
            fn __tether_create(
                __this: ::tether::__private::Arc<BooksController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .create(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                ::tether::__private::HandlerFuture::new(async move {
                    let dto: CreateBook = match ::tether::__private::piped(
                        ::tether::__private::body_json_validated::<
                            CreateBook,
                        >(
                                &mut __req,
                                |__value: &CreateBook| {
                                    #[allow(unused_imports)]
                                    use ::tether::__private::{
                                        ViaNothing as _, ViaValidate as _,
                                    };
                                    (&::tether::__private::Check(__value)).tether_validate()
                                },
                            )
                            .await,
                        &__req,
                        "dto",
                        ::tether::__private::ArgSource::Body,
                        ::tether::__private::status(201u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => return response,
                    };
                    let __out = __this.create(dto, &__req).await;
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
            #[allow(
                unused_mut,
                unused_variables,
                deprecated,
                clippy::needless_borrow,
                clippy::let_and_return,
                clippy::result_large_err
            )]
            fn __tether_remove(
                __this: ::tether::__private::Arc<BooksController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.remove(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (id,) = match ::tether::__private::read_args(|| {
                    let id: u64 = match ::tether::__private::piped(
                        ::tether::__private::path_param::<u64>(&__req, 0usize, "id"),
                        &__req,
                        "id",
                        ::tether::__private::ArgSource::Param,
                        ::tether::__private::status(204u16),
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
                    let __out = __this.remove(id).await;
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
                                    .respond(__value, ::tether::__private::status(204u16))
                            })
                        }
                        ::tether::__private::Err(__error) => {
                            ::tether::__private::raise(
                                __raise,
                                __error,
                                ::tether::__private::status(204u16),
                            )
                        }
                    }
                })
            }
            const ROUTES: &[::tether::__private::RouteDef<BooksController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("books"),
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
                                    ::tether::__private::Cow::Borrowed("1"),
                                ),
                                ::tether::__private::Version::Exact(
                                    ::tether::__private::Cow::Borrowed("2"),
                                ),
                            ],
                        ),
                    ),
                    name: "find_one",
                    handler: __tether_find_one,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("books"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "find_all",
                    handler: __tether_find_all,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Post,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("books"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "create",
                    handler: __tether_create,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Delete,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("books"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "remove",
                    handler: __tether_remove,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
            ];
            ROUTES
        }
    }
};
