impl LiveController {
    async fn events(&self, last: Option<String>) -> Sse<NewsEvent> {
        let _ = last;
        Sse::channel(1).1
    }
    async fn topic(&self, topic: String) -> Result<Sse<NewsEvent>, HttpError> {
        match topic.as_str() {
            "news" => Ok(Sse::channel(1).1),
            _ => Err(HttpError::not_found(format!("no topic {topic}"))),
        }
    }
}
const _: () = {
    impl ::tether::__private::Controller for LiveController {
        const NAME: &'static str = "LiveController";
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
            fn __tether_events(
                __this: ::tether::__private::Arc<LiveController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.events(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (last,) = match ::tether::__private::read_args(|| {
                    let last: Option<String> = match ::tether::__private::piped(
                        ::tether::__private::header_param::<
                            Option<String>,
                        >(&__req, "last-event-id"),
                        &__req,
                        "last",
                        ::tether::__private::ArgSource::Header,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    ::tether::__private::Ok((last,))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.events(last).await;
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
            fn __tether_topic(
                __this: ::tether::__private::Arc<LiveController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.topic(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (topic,) = match ::tether::__private::read_args(|| {
                    let topic: String = match ::tether::__private::piped(
                        ::tether::__private::path_param::<
                            String,
                        >(&__req, 0usize, "topic"),
                        &__req,
                        "topic",
                        ::tether::__private::ArgSource::Param,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => {
                            return ::tether::__private::Err(response);
                        }
                    };
                    ::tether::__private::Ok((topic,))
                }) {
                    ::tether::__private::Ok(args) => args,
                    ::tether::__private::Err(response) => {
                        return ::tether::__private::HandlerFuture::ready(response);
                    }
                };
                ::tether::__private::HandlerFuture::new(async move {
                    let __out = __this.topic(topic).await;
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
            const ROUTES: &[::tether::__private::RouteDef<LiveController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("live"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("events"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "events",
                    handler: __tether_events,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Get,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("live"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("events"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("topic"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "topic",
                    handler: __tether_topic,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
            ];
            ROUTES
        }
    }
};
