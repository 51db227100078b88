//! Counting pipelined request heads in freshly read bytes (issue 18's
//! SSE2 scan, `runtime/src/server/request_heads.rs`) on arbitrary bytes: the
//! same count as a plain scan for `\r\n\r\n`, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tether::__fuzz::request_heads;

fuzz_target!(|data: &[u8]| {
    let plain = data.windows(4).filter(|w| *w == b"\r\n\r\n").count() as u32;
    assert_eq!(request_heads(data), plain);
});
