//! `file://` URIs and paths, both ways (percent-encoding by hand: lsp-types' `Uri` does not
//! convert to paths, and this is all a language server for local files needs).

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::Uri;

/// The path a `file://` URI names; `None` for any other scheme.
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file:///x` (empty authority) or `file://localhost/x`
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let bytes = decode(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
    }
    #[cfg(not(unix))]
    {
        Some(PathBuf::from(String::from_utf8(bytes).ok()?))
    }
}

/// The `file://` URI of an absolute path.
pub fn from_path(path: &Path) -> Uri {
    let mut out = String::from("file://");
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = path.to_string_lossy().replace('\\', "/").into_bytes();
    for b in bytes {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&out).expect("every byte outside the unreserved set is percent-encoded")
}

fn decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut bytes = s.bytes();
    while let Some(b) = bytes.next() {
        if b == b'%' {
            let hi = (bytes.next()? as char).to_digit(16)?;
            let lo = (bytes.next()? as char).to_digit(16)?;
            out.push((hi * 16 + lo) as u8);
        } else {
            out.push(b);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_with_spaces_and_non_ascii_round_trip() {
        let path = Path::new("/tmp/my games/Caporetto é/map.ron");
        let uri = from_path(path);
        assert_eq!(
            uri.as_str(),
            "file:///tmp/my%20games/Caporetto%20%C3%A9/map.ron"
        );
        assert_eq!(to_path(&uri).as_deref(), Some(path));
    }

    #[test]
    fn other_schemes_are_not_paths() {
        let uri = Uri::from_str("untitled:Untitled-1").unwrap();
        assert_eq!(to_path(&uri), None);
        let bad = Uri::from_str("file:///a%2").unwrap_or_else(|_| from_path(Path::new("/a")));
        let _ = to_path(&bad);
    }
}
