impl JobsController {
    async fn create(&self, dto: CreateJob) -> Job {
        Job { id: dto.name.len() as u64 }
    }
    async fn run(&self, id: u64) -> Result<Job, HttpError> {
        Ok(Job { id })
    }
    async fn remove(&self, id: u64) {
        let _ = id;
    }
}
const _: () = {
    impl ::tether::__private::Controller for JobsController {
        const NAME: &'static str = "JobsController";
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
            fn __tether_create(
                __this: ::tether::__private::Arc<JobsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.create(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                ::tether::__private::HandlerFuture::new(async move {
                    let dto: CreateJob = match ::tether::__private::piped(
                        ::tether::__private::body_json_validated::<
                            CreateJob,
                        >(
                                &mut __req,
                                |__value: &CreateJob| {
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
                    let __out = __this.create(dto).await;
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
            fn __tether_run(
                __this: ::tether::__private::Arc<JobsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.run(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                let (id,) = match ::tether::__private::read_args(|| {
                    let id: u64 = match ::tether::__private::piped(
                        ::tether::__private::path_param::<u64>(&__req, 0usize, "id"),
                        &__req,
                        "id",
                        ::tether::__private::ArgSource::Param,
                        ::tether::__private::status(202u16),
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
                    let __out = __this.run(id).await;
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
                                    .respond(__value, ::tether::__private::status(202u16))
                            })
                        }
                        ::tether::__private::Err(__error) => {
                            ::tether::__private::raise(
                                __raise,
                                __error,
                                ::tether::__private::status(202u16),
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
                __this: ::tether::__private::Arc<JobsController>,
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
            const ROUTES: &[::tether::__private::RouteDef<JobsController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Post,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("jobs"),
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
                    method: ::tether::__private::RouteMethod::Post,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("jobs"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("run"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "run",
                    handler: __tether_run,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Delete,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("jobs"),
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
