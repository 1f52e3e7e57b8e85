//! Equality and order of short texts (ids, keys, names) compared in line, eight bytes at a
//! time. `==` and `<` on strings call the C library's `memcmp`, whose call and dispatch on
//! the length cost more than comparing an id of a dozen bytes: id lookups through `memcmp`
//! took a fifth of R002's time (BENCHMARKS.md, session 14), and on the corpus of real-sized
//! games a check still made some ten thousand such calls a folder, `memcmp` taking 4 to 7% of
//! the time (session 23). Used where a check compares texts by the
//! thousand; the results are those of `==` and `str::cmp`.

use std::cmp::Ordering;

/// The eight bytes of `s` from `at`, as a big-endian number: comparing two such numbers
/// orders the bytes as `str::cmp` does.
#[inline(always)]
fn word(s: &[u8], at: usize) -> u64 {
    u64::from_be_bytes(s[at..at + 8].try_into().unwrap_or([0; 8]))
}

/// `a == b`.
#[inline]
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    let mut at = 0;
    while at + 8 < n {
        if word(a, at) != word(b, at) {
            return false;
        }
        at += 8;
    }
    // the last eight bytes, overlapping the bytes compared already
    word(a, n - 8) == word(b, n - 8)
}

/// `a.cmp(b)`.
#[inline]
pub fn cmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len().min(b.len());
    if n < 8 {
        for (x, y) in a.iter().zip(b) {
            if x != y {
                return x.cmp(y);
            }
        }
    } else {
        let mut at = 0;
        while at + 8 < n {
            let (x, y) = (word(a, at), word(b, at));
            if x != y {
                return x.cmp(&y);
            }
            at += 8;
        }
        // the last eight bytes of the common length: those already compared are equal, so
        // the first that differs is among the rest
        let (x, y) = (word(a, n - 8), word(b, n - 8));
        if x != y {
            return x.cmp(&y);
        }
    }
    a.len().cmp(&b.len())
}

/// `a < b`.
#[inline]
pub fn less(a: &str, b: &str) -> bool {
    cmp(a, b) == Ordering::Less
}

#[cfg(test)]
mod tests {
    use super::{cmp, less, same};

    /// Every prefix of a text, and each with one byte changed up or down at each place (first
    /// and last bytes of each word included), against each other.
    fn texts() -> Vec<String> {
        let long = "abcdefghijklmnopqrstuvwxyz0123456789";
        let mut all = Vec::new();
        for n in 0..=long.len() {
            let a = &long[..n];
            all.push(a.to_owned());
            for i in 0..n {
                for change in [b'#', b'~'] {
                    let mut b = a.as_bytes().to_vec();
                    b[i] = change;
                    all.push(String::from_utf8(b).expect("ascii"));
                }
            }
        }
        all.extend(["é-ü", "é-u", "é", "e", "\u{0}", "a\u{0}", "a"].map(String::from));
        all
    }

    #[test]
    fn same_and_cmp_agree_with_the_string_operators() {
        let all = texts();
        for a in &all {
            for b in &all {
                assert_eq!(same(a, b), a == b, "{a:?} == {b:?}");
                assert_eq!(cmp(a, b), a.cmp(b), "{a:?} cmp {b:?}");
                assert_eq!(less(a, b), a < b, "{a:?} < {b:?}");
            }
        }
    }
}
