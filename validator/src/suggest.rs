//! "Did you mean ...?" for near misses.

/// The candidate closest to `wrong`, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let wrong_lower = wrong.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&wrong_lower, &c.to_lowercase()), c))
        .filter(|(score, _)| *score >= 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
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
}
