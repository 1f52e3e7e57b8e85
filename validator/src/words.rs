//! How rules word lists and counts in their messages.

/// `a, b, c and 4 more` for lists in messages.
pub fn list_some(items: &[&str], max: usize) -> String {
    let shown: Vec<String> = items.iter().take(max).map(|s| format!("`{s}`")).collect();
    let mut out = shown.join(", ");
    if items.len() > max {
        out.push_str(&format!(" and {} more", items.len() - max));
    }
    out
}
