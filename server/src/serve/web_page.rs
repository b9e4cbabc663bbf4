//! The web view's page: the bundle built from `web/` (three.js and the
//! page's code, by `web/build.sh`) is embedded in the binary at compile
//! time, so the daemon serves it with no file at run time and `cargo
//! build` needs no npm.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// One embedded file of the page.
#[derive(Debug, Clone, Copy)]
pub struct PageFile {
    /// Its URL path (`/`, `/assets/app.js`).
    pub path: &'static str,
    /// Its media type.
    pub content_type: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
}

macro_rules! bundled {
    ($file:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist/", $file))
    };
}

/// Every file of the page, as built into `web/dist/`.
pub const PAGE_FILES: [PageFile; 2] = [
    PageFile {
        path: "/",
        content_type: "text/html; charset=utf-8",
        bytes: bundled!("index.html"),
    },
    PageFile {
        path: "/assets/app.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: bundled!("assets/app.js"),
    },
];

/// Whether `path` is one of the page's own files (served to anyone: the
/// page holds no data, and it must load to ask for a token).
pub fn is_page_path(path: &str) -> bool {
    path == "/index.html" || path == "/favicon.ico" || PAGE_FILES.iter().any(|f| f.path == path)
}

/// The response for a GET of `path`: the file, or 404.
pub fn respond(path: &str) -> Response {
    let path = if path == "/index.html" { "/" } else { path };
    match PAGE_FILES.iter().find(|f| f.path == path) {
        Some(file) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(file.content_type),
                ),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            file.bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundle_is_embedded_and_the_page_loads_its_script() {
        let index = std::str::from_utf8(PAGE_FILES[0].bytes).expect("utf-8 html");
        assert!(index.contains("/assets/app.js"), "{index}");
        assert!(PAGE_FILES[1].bytes.len() > 10_000, "the bundle is built");
        assert!(is_page_path("/") && is_page_path("/assets/app.js"));
        assert!(!is_page_path("/posewire.v1.FrameService/StreamFrames"));
        assert_eq!(respond("/nope").status(), StatusCode::NOT_FOUND);
        assert_eq!(respond("/").status(), StatusCode::OK);
    }

    #[test]
    fn the_bundle_holds_the_current_proto_files() {
        // The page parses the .proto texts it was built with: a .proto
        // change needs `web/build.sh` run again, or the page would decode
        // the old messages.
        let bundle = std::str::from_utf8(PAGE_FILES[1].bytes).expect("utf-8 script");
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../proto/posewire/v1");
        for name in [
            "types",
            "frames",
            "stats",
            "avatars",
            "calibration",
            "takes",
        ] {
            let text =
                std::fs::read_to_string(format!("{folder}/{name}.proto")).expect("the proto file");
            // (Lines with a backtick or a backslash are escaped in the
            // bundle's template literals; every field line is plain.)
            let plain = |l: &&str| !l.is_empty() && !l.contains(['`', '\\']);
            for line in text.lines().map(str::trim).filter(plain) {
                assert!(
                    bundle.contains(line),
                    "web/dist is older than {name}.proto (no `{line}`): run web/build.sh"
                );
            }
        }
    }
}
