//! The `Plural-Forms` a PO header gives a language, from gettext's table of common languages
//! (its manual, "Plural forms"), so a translator's tool offers the right forms. Orbat's
//! messages have no plural forms, but tools (and msgfmt -c) read the header.

/// `nplurals=2; plural=(n != 1);`, the most common rule, for a language not in the table.
const TWO_ONE: &str = "nplurals=2; plural=(n != 1);";

/// The rules of common languages, by primary language code (`pt_BR` is looked up whole).
const TABLE: &[(&[&str], &str)] = &[
    (
        &["ja", "ko", "zh", "vi", "th", "id", "ms", "lo", "km", "my"],
        "nplurals=1; plural=0;",
    ),
    (
        &[
            "en", "de", "nl", "sv", "da", "no", "nb", "nn", "fo", "fi", "et", "it", "es", "pt",
            "el", "hu", "bg", "ca", "eu", "gl", "he", "tr", "af", "eo", "fy", "is", "la", "ka",
            "sq", "hy", "az", "kk", "ur", "hi", "bn", "sw",
        ],
        TWO_ONE,
    ),
    (
        &["fr", "pt_BR", "oc", "br", "fil", "tl", "ln"],
        "nplurals=2; plural=(n > 1);",
    ),
    (
        &["ru", "uk", "be", "sr", "hr", "bs"],
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    ),
    (
        &["pl"],
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    ),
    (
        &["cs", "sk"],
        "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    ),
    (
        &["ro"],
        "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);",
    ),
    (
        &["lt"],
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);",
    ),
    (
        &["lv"],
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);",
    ),
    (
        &["sl"],
        "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
    ),
    (
        &["ga"],
        "nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4);",
    ),
    (
        &["ar"],
        "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
    ),
];

/// The `Plural-Forms` value for a language code (`de`, `pt_BR`, `sr@latin`, `zh-TW`).
pub fn plural_forms(language: &str) -> &'static str {
    let norm = language.trim().replace('-', "_");
    let base = norm.split('@').next().unwrap_or_default();
    let primary = base
        .split('_')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let region = base.split('_').nth(1).map(str::to_ascii_uppercase);
    let whole = match region {
        Some(r) => format!("{primary}_{r}"),
        None => primary.clone(),
    };
    for code in [whole.as_str(), primary.as_str()] {
        if let Some((_, rule)) = TABLE.iter().find(|(codes, _)| codes.contains(&code)) {
            return rule;
        }
    }
    TWO_ONE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_languages_have_their_plural_forms_and_all_pass_the_check() {
        assert_eq!(plural_forms("de"), "nplurals=2; plural=(n != 1);");
        assert_eq!(plural_forms("it"), "nplurals=2; plural=(n != 1);");
        assert_eq!(plural_forms("de_AT"), "nplurals=2; plural=(n != 1);");
        assert_eq!(plural_forms("fr"), "nplurals=2; plural=(n > 1);");
        assert_eq!(plural_forms("pt-br"), "nplurals=2; plural=(n > 1);");
        assert_eq!(plural_forms("pt"), "nplurals=2; plural=(n != 1);");
        assert_eq!(plural_forms("ja"), "nplurals=1; plural=0;");
        assert!(plural_forms("sr@latin").starts_with("nplurals=3"));
        assert!(plural_forms("pl").starts_with("nplurals=3"));
        assert_eq!(plural_forms("xx"), TWO_ONE);
        for (_, rule) in TABLE {
            assert_eq!(
                super::super::plural::check(&format!("Plural-Forms: {rule}\n")),
                Ok(()),
                "{rule}"
            );
        }
    }
}
