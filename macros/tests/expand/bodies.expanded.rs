impl UploadsController {
    async fn json(&self, dto: CreateUpload) -> Upload {
        Upload { size: dto.name.len() }
    }
    async fn form(&self, dto: CreateUpload) -> Upload {
        Upload { size: dto.name.len() }
    }
    async fn multipart(&self, form: UploadForm) -> Upload {
        Upload {
            size: form.file.bytes.len(),
        }
    }
    async fn text(&self, text: String, id: u64) -> Upload {
        Upload {
            size: text.len() + id as usize,
        }
    }
    async fn bytes(&self, id: u64, bytes: Vec<u8>) -> Upload {
        Upload {
            size: bytes.len() + id as usize,
        }
    }
    async fn note(&self, id: u64, note: Option<String>) -> Upload {
        Upload {
            size: note.map_or(0, |n| n.len()) + id as usize,
        }
    }
    async fn blob(&self, id: u64, blob: Option<Vec<u8>>) -> Upload {
        Upload {
            size: blob.map_or(0, |b| b.len()) + id as usize,
        }
    }
}
const _: () = {
    impl ::tether::__private::Controller for UploadsController {
        const NAME: &'static str = "UploadsController";
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
            fn __tether_json(
                __this: ::tether::__private::Arc<UploadsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.json(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                ::tether::__private::HandlerFuture::new(async move {
                    let dto: CreateUpload = match ::tether::__private::piped(
                        ::tether::__private::body_json_validated::<
                            CreateUpload,
                        >(
                                &mut __req,
                                |__value: &CreateUpload| {
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
                    let __out = __this.json(dto).await;
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
            fn __tether_form(
                __this: ::tether::__private::Arc<UploadsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.form(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                ::tether::__private::HandlerFuture::new(async move {
                    let dto: CreateUpload = match ::tether::__private::piped(
                        ::tether::__private::body_form_validated::<
                            CreateUpload,
                        >(
                                &mut __req,
                                |__value: &CreateUpload| {
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
                    let __out = __this.form(dto).await;
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
            fn __tether_multipart(
                __this: ::tether::__private::Arc<UploadsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this.multipart(::tether::__private::unreachable()),
                    );
                }
                let __raise = ::tether::__private::Raise::of(&__req);
                ::tether::__private::HandlerFuture::new(async move {
                    let form: UploadForm = match ::tether::__private::piped(
                        match ::tether::__private::body_multipart_measured::<
                            UploadForm,
                        >(&mut __req)
                            .await
                        {
                            ::tether::__private::Ok((__value, __measured)) => {
                                ::tether::__private::validated::<
                                    UploadForm,
                                >(
                                    ::tether::__private::Ok(__value),
                                    ::tether::__private::measured(
                                        |__value: &UploadForm| {
                                            #[allow(unused_imports)]
                                            use ::tether::__private::{
                                                ViaNothing as _, ViaValidate as _,
                                            };
                                            (&::tether::__private::Check(__value)).tether_validate()
                                        },
                                        __measured,
                                    ),
                                    &__req,
                                    || ::tether::__private::Sent::Parts(
                                        <UploadForm as ::tether::__private::FromMultipart>::part_names(),
                                    ),
                                )
                            }
                            ::tether::__private::Err(e) => ::tether::__private::Err(e),
                        },
                        &__req,
                        "form",
                        ::tether::__private::ArgSource::Body,
                        ::tether::__private::status(201u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => return response,
                    };
                    let __out = __this.multipart(form).await;
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
            fn __tether_text(
                __this: ::tether::__private::Arc<UploadsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .text(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
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
                    let text: String = match ::tether::__private::piped(
                        ::tether::__private::body_text(&mut __req).await,
                        &__req,
                        "text",
                        ::tether::__private::ArgSource::Body,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => return response,
                    };
                    let __out = __this.text(text, id).await;
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
            fn __tether_bytes(
                __this: ::tether::__private::Arc<UploadsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .bytes(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
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
                    let bytes: Vec<u8> = match ::tether::__private::piped(
                        ::tether::__private::body_bytes::<Vec<u8>>(&mut __req).await,
                        &__req,
                        "bytes",
                        ::tether::__private::ArgSource::Body,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => return response,
                    };
                    let __out = __this.bytes(id, bytes).await;
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
            fn __tether_note(
                __this: ::tether::__private::Arc<UploadsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .note(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
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
                    let note: Option<String> = match ::tether::__private::piped(
                        ::tether::__private::body_text_optional(&mut __req).await,
                        &__req,
                        "note",
                        ::tether::__private::ArgSource::Body,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => return response,
                    };
                    let __out = __this.note(id, note).await;
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
            fn __tether_blob(
                __this: ::tether::__private::Arc<UploadsController>,
                mut __req: ::tether::__private::Request,
            ) -> ::tether::__private::HandlerFuture {
                if false {
                    ::tether::__private::assert_send(
                        __this
                            .blob(
                                ::tether::__private::unreachable(),
                                ::tether::__private::unreachable(),
                            ),
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
                    let blob: Option<Vec<u8>> = match ::tether::__private::piped(
                        ::tether::__private::body_bytes_optional::<Vec<u8>>(&mut __req)
                            .await,
                        &__req,
                        "blob",
                        ::tether::__private::ArgSource::Body,
                        ::tether::__private::status(200u16),
                    ) {
                        ::tether::__private::Ok(value) => value,
                        ::tether::__private::Err(response) => return response,
                    };
                    let __out = __this.blob(id, blob).await;
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
            const ROUTES: &[::tether::__private::RouteDef<UploadsController>] = &[
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Post,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("uploads"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("json"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "json",
                    handler: __tether_json,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Post,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("uploads"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("form"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "form",
                    handler: __tether_form,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Post,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("uploads"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("multipart"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "multipart",
                    handler: __tether_multipart,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Put,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("uploads"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("text"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "text",
                    handler: __tether_text,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Put,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("uploads"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("bytes"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "bytes",
                    handler: __tether_bytes,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Patch,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("uploads"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("note"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "note",
                    handler: __tether_note,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
                ::tether::__private::RouteDef {
                    method: ::tether::__private::RouteMethod::Patch,
                    path: ::tether::__private::RoutePath::from_static(
                        &[
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("uploads"),
                            ),
                            ::tether::__private::Segment::Param(
                                ::tether::__private::Cow::Borrowed("id"),
                            ),
                            ::tether::__private::Segment::Static(
                                ::tether::__private::Cow::Borrowed("blob"),
                            ),
                        ],
                    ),
                    versions: ::tether::__private::VersionSpec::Inherit,
                    name: "blob",
                    handler: __tether_blob,
                    pipeline: ::tether::__private::None,
                    reads_credential: false,
                },
            ];
            ROUTES
        }
    }
};
