//! The span index: JSON pointer -> byte range of the value (and of its key) in the RON source.
//! Built while parsing, on the JSON path, or on first use for a file read straight into the
//! model ([`super::SourceFile::spans`]); schema errors and rule findings both use it to point
//! at `file:line:col`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

/// Where one value sits in its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueSpan {
    /// The value itself.
    pub value: Range<usize>,
    /// The field name or map key that introduces the value, if any.
    pub key: Option<Range<usize>>,
}

/// The span index of one file. Keys are 64-bit hashes of the pointers, not the pointers
/// themselves: a large game has millions of indexed values, and a `String` per value cost more
/// time and memory than parsing did. The hash streams over the pointer's bytes, so a parser can
/// extend a parent's hash with a child's token ([`PointerHash`]) without building strings. Two
/// pointers of one file sharing a hash (odds about n²/2⁶⁴) would make one of them point at the
/// other's place; nothing else depends on it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SpanIndex {
    spans: HashMap<u64, Packed, BuildHasherDefault<KeyHasher>>,
}

/// A span as stored: offsets as u32 (game files are far below 4 GiB), `NONE` for no key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Packed {
    value: (u32, u32),
    key: (u32, u32),
}

const NONE: u32 = u32::MAX;

fn pack(span: &ValueSpan) -> Packed {
    let clamp = |x: usize| u32::try_from(x).unwrap_or(NONE - 1);
    Packed {
        value: (clamp(span.value.start), clamp(span.value.end)),
        key: span
            .key
            .as_ref()
            .map_or((NONE, NONE), |k| (clamp(k.start), clamp(k.end))),
    }
}

fn unpack(p: &Packed) -> ValueSpan {
    ValueSpan {
        value: p.value.0 as usize..p.value.1 as usize,
        key: (p.key.0 != NONE).then_some(p.key.0 as usize..p.key.1 as usize),
    }
}

/// The keys are already well mixed: use them as they are.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The hash of a JSON pointer, extended token by token (FNV-1a over the escaped bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerHash(u64);

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

impl PointerHash {
    /// The empty pointer (the whole document).
    pub fn root() -> Self {
        PointerHash(FNV_OFFSET)
    }

    fn byte(self, b: u8) -> Self {
        PointerHash((self.0 ^ u64::from(b)).wrapping_mul(FNV_PRIME))
    }

    fn bytes(mut self, bytes: &[u8]) -> Self {
        for &b in bytes {
            self = self.byte(b);
        }
        self
    }

    /// `self/token`, escaping the token as [`escape_token`] does.
    pub fn child(self, token: &str) -> Self {
        let mut h = self.byte(b'/');
        for &b in token.as_bytes() {
            h = match b {
                b'~' => h.byte(b'~').byte(b'0'),
                b'/' => h.byte(b'~').byte(b'1'),
                _ => h.byte(b),
            };
        }
        h
    }

    /// `self/<i>`.
    pub fn index(self, i: usize) -> Self {
        let mut buf = [0u8; 20];
        let mut n = i;
        let mut at = buf.len();
        loop {
            at -= 1;
            buf[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.byte(b'/').bytes(&buf[at..])
    }

    /// The hash of a whole (escaped) pointer.
    pub fn of(pointer: &str) -> Self {
        PointerHash::root().bytes(pointer.as_bytes())
    }

    /// The map key: the FNV state, mixed (murmur3's finaliser).
    fn key(self) -> u64 {
        let mut k = self.0;
        k ^= k >> 33;
        k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
        k ^= k >> 33;
        k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        k ^ (k >> 33)
    }
}

impl SpanIndex {
    pub fn with_capacity(n: usize) -> Self {
        SpanIndex {
            spans: HashMap::with_capacity_and_hasher(n, BuildHasherDefault::default()),
        }
    }

    pub fn insert(&mut self, pointer: String, span: ValueSpan) {
        self.insert_hash(PointerHash::of(&pointer), span);
    }

    pub fn insert_hash(&mut self, pointer: PointerHash, span: ValueSpan) {
        self.spans.insert(pointer.key(), pack(&span));
    }

    /// The span of the value at `pointer`, or of its closest ancestor that has one.
    pub fn value(&self, pointer: &str) -> Option<Range<usize>> {
        self.nearest(pointer).map(|s| s.value)
    }

    /// The span of the key introducing `pointer` (falling back to the value's span).
    pub fn key_or_value(&self, pointer: &str) -> Option<Range<usize>> {
        let found = self.get(pointer)?;
        Some(found.key.unwrap_or(found.value))
    }

    pub fn get(&self, pointer: &str) -> Option<ValueSpan> {
        self.spans.get(&PointerHash::of(pointer).key()).map(unpack)
    }

    fn nearest(&self, pointer: &str) -> Option<ValueSpan> {
        // the hashes of every ancestor (the prefixes before each `/`), then the pointer's own
        let mut prefixes: [PointerHash; 16] = [PointerHash::root(); 16];
        let mut n = 0;
        let mut h = PointerHash::root();
        let mut deep = false;
        for &b in pointer.as_bytes() {
            if b == b'/' {
                if n < prefixes.len() {
                    prefixes[n] = h;
                    n += 1;
                } else {
                    deep = true;
                }
            }
            h = h.byte(b);
        }
        if let Some(p) = self.spans.get(&h.key()) {
            return Some(unpack(p));
        }
        if deep {
            // deeper than any game file: walk up the slow way
            let mut p = pointer;
            while let Some(cut) = p.rfind('/') {
                p = &p[..cut];
                if let Some(s) = self.get(p) {
                    return Some(s);
                }
            }
            return None;
        }
        prefixes[..n]
            .iter()
            .rev()
            .find_map(|h| self.spans.get(&h.key()))
            .map(unpack)
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }
}

/// Escapes one reference token of a JSON pointer (RFC 6901).
pub fn escape_token(token: &str) -> String {
    if token.contains(['~', '/']) {
        token.replace('~', "~0").replace('/', "~1")
    } else {
        token.to_owned()
    }
}

/// Appends a token to a pointer.
pub fn child(pointer: &str, token: &str) -> String {
    format!("{pointer}/{}", escape_token(token))
}
