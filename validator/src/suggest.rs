//! "Did you mean ...?" for near misses.

const MAX_SUGGEST_LEN: usize = 200;

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
    // similarity is quadratic in length: ids are short, and a huge one gets no suggestion
    if wrong.len() > MAX_SUGGEST_LEN {
        return None;
    }
    close(wrong, candidates)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
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
        .map(move |c| (strsim::jaro_winkler(&wrong_lower, &c.to_lowercase()), c))
        .filter(|(score, _)| *score >= 0.85)
}

/// The candidate close to `wrong` when it is the only one, and has the same numbers: a fix can
/// then be applied with no choice left to the user. Two close candidates (`erzerum` for
/// `erzurum` or `erzincan`) are a question for the designer, and so is a number: games number
/// their series (`peshmerga_43` ... `peshmerga_46`, `fr-1a`, `fr-2a`), and a reference to a
/// missing member of one is not a typo of another.
pub fn only_close_match<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    if wrong.len() > MAX_SUGGEST_LEN {
        return None;
    }
    let mut close = close(wrong, candidates).map(|(_, c)| c);
    let first = close.next()?;
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    // the same id listed twice (an R001 elsewhere) is still one id
    (close.all(|c| c == first) && digits(first) == digits(wrong)).then_some(first)
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
    }

    #[test]
    fn a_fix_needs_the_only_close_match() {
        assert_eq!(
            only_close_match("batun", ["erzurum", "batum"]),
            Some("batum")
        );
        assert_eq!(only_close_match("batun", ["batum", "batun2", "x"]), None);
        assert_eq!(only_close_match("london", ["batum"]), None);
        // a missing member of a numbered series is not a typo of another member
        assert_eq!(only_close_match("peshmerga_43", ["peshmerga_46"]), None);
        assert_eq!(
            only_close_match("fr-corp-2", ["fr-corps-2"]),
            Some("fr-corps-2")
        );
    }
}
