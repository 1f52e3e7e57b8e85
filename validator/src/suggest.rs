//! "Did you mean ...?" for near misses.

const MAX_SUGGEST_LEN: usize = 200;
/// The similarity (Jaro-Winkler) from which a candidate is a likely typo.
const CLOSE: f64 = 0.85;

/// An id or value as quoted in a message: cut short when very long, so that a 1 MB id does
/// not make a 1 MB message.
pub fn short(s: &str) -> std::borrow::Cow<'_, str> {
    const MAX: usize = 80;
    if s.len() <= MAX {
        return s.into();
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &s[..end], s.len()).into()
}

/// The candidate closest to `wrong`, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    near_misses(wrong, candidates).closest
}

/// What one search of the candidates finds.
#[derive(Debug, Default, PartialEq)]
pub struct NearMisses<'a> {
    /// The closest ([`did_you_mean`]).
    pub closest: Option<&'a str>,
    /// The candidate close to `wrong` when it is the only one, and has the same numbers: a
    /// fix can then be applied with no choice left to the user. Two close candidates
    /// (`erzerum` for `erzurum` or `erzincan`) are a question for the designer, and so is a
    /// number: games number their series (`peshmerga_43` ... `peshmerga_46`, `fr-1a`,
    /// `fr-2a`), and a reference to a missing member of one is not a typo of another.
    pub only: Option<&'a str>,
}

/// Both suggestions for `wrong` from one pass over the candidates (a folder with many
/// misspelt references compared each with every id twice).
pub fn near_misses<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> NearMisses<'a> {
    // similarity is quadratic in length: ids are short, and a huge one gets no suggestion
    if wrong.len() > MAX_SUGGEST_LEN {
        return NearMisses::default();
    }
    let mut closest: Option<(f64, &str)> = None;
    let mut first: Option<&str> = None;
    let mut one_only = true;
    // a short id one letter off (`cq` for `cp`) is a likely typo only when no other is as
    // near (`gb` is one letter off both `ge` and `br`); and a guess to show, not a fix to
    // apply unasked
    let mut short: Option<Option<&str>> = None;
    for (score, c) in close(wrong, candidates) {
        if score < CLOSE {
            short = match short {
                None => Some(Some(c)),
                Some(Some(s)) if s == c => Some(Some(s)),
                Some(_) => Some(None),
            };
            one_only = false;
            continue;
        }
        // of equal scores the last, as `max_by` chose
        if closest.is_none_or(|(best, _)| score >= best) {
            closest = Some((score, c));
        }
        match first {
            None => first = Some(c),
            // the same id listed twice (an R001 elsewhere) is still one id
            Some(f) if f == c => {}
            Some(_) => one_only = false,
        }
    }
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    NearMisses {
        closest: closest.map(|(_, c)| c).or(short.flatten()),
        only: first.filter(|f| one_only && digits(f) == digits(wrong)),
    }
}

/// The candidates close enough to `wrong` to be a likely typo of it, with their similarity.
fn close<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> impl Iterator<Item = (f64, &'a str)> {
    let wrong_lower = wrong.to_lowercase();
    candidates
        .into_iter()
        .filter(|c| c.len() <= MAX_SUGGEST_LEN)
        .filter_map(move |c| {
            let c_lower = lowercase(c);
            let score = strsim::jaro_winkler(&wrong_lower, &c_lower);
            (score >= CLOSE || short_typo(&wrong_lower, &c_lower)).then_some((score, c))
        })
}

/// Whether two ids of at most three letters differ by one letter (`cq` for `cp`): too short
/// for the similarity above to call them close, and games name sides and factions so.
fn short_typo(a: &str, b: &str) -> bool {
    a.chars().count() <= 3 && b.chars().count() <= 3 && strsim::osa_distance(a, b) == 1
}

/// `s` in lower case, copied only when it has an upper-case letter (ids seldom do).
fn lowercase(s: &str) -> std::borrow::Cow<'_, str> {
    if s.chars().any(char::is_uppercase) {
        s.to_lowercase().into()
    } else {
        s.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let ids = ["erzurum", "erzincan", "batum"];
        assert_eq!(did_you_mean("erzerum", ids), Some("erzurum"));
        assert_eq!(did_you_mean("batun", ids), Some("batum"));
        assert_eq!(did_you_mean("london", ids), None);
        // case does not matter; of equally close ids the last is named
        assert_eq!(did_you_mean("BATUN", ids), Some("batum"));
        assert_eq!(did_you_mean("Erzurum", ["erzurum"]), Some("erzurum"));
        assert_eq!(did_you_mean("ab-1", ["ab-2", "ab-3"]), Some("ab-3"));
        // ids of two or three letters: one letter off
        assert_eq!(did_you_mean("cq", ["ap", "cp"]), Some("cp"));
        assert_eq!(did_you_mean("pc", ["ap", "cp"]), Some("cp"));
        assert_eq!(did_you_mean("xy", ["ap", "cp"]), None);
        assert_eq!(did_you_mean("c", ["ap", "cp"]), Some("cp"));
        assert_eq!(did_you_mean("ae", ["ge", "be", "ap"]), None);
        assert_eq!(near_misses("cq", ["ap", "cp"]).only, None);
    }

    #[test]
    fn the_closest_is_the_best_scored_close_candidate() {
        let ids = ["batum", "batun2", "Erzurum", "erzincan", "ab-2", "ab-3"];
        for wrong in ["batun", "erzerum", "london", "batum", "ab-1", "ERZINCAN"] {
            let scored = ids.iter().map(|c| {
                let score = strsim::jaro_winkler(&wrong.to_lowercase(), &c.to_lowercase());
                (score, *c)
            });
            let best = scored
                .filter(|(score, _)| *score >= 0.85)
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, c)| c);
            assert_eq!(near_misses(wrong, ids).closest, best, "{wrong}");
        }
    }

    #[test]
    fn a_fix_needs_the_only_close_match() {
        assert_eq!(
            near_misses("batun", ["erzurum", "batum"]).only,
            Some("batum")
        );
        assert_eq!(near_misses("batun", ["batum", "batun2", "x"]).only, None);
        assert_eq!(near_misses("london", ["batum"]).only, None);
        // a missing member of a numbered series is not a typo of another member
        assert_eq!(near_misses("peshmerga_43", ["peshmerga_46"]).only, None);
        assert_eq!(
            near_misses("fr-corp-2", ["fr-corps-2"]).only,
            Some("fr-corps-2")
        );
    }
}
