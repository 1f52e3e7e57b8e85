//! Prints the tree: the top-level value and its direct fields spread over lines, one list
//! item per line, anything deeper on one line.

use super::node::Node;

/// Containers this deep or shallower are spread over lines; deeper ones stay on one line.
const SPREAD_DEPTH: usize = 2;
const INDENT: &str = "    ";

pub fn print(node: &Node, depth: usize, out: &mut String) {
    let spread = depth < SPREAD_DEPTH;
    match node {
        Node::Atom(s) => out.push_str(s),
        Node::Variant(name, None) => out.push_str(name),
        Node::Variant(name, Some(inner)) => {
            out.push_str(name);
            match &**inner {
                // `Name(a, b)` and `Name(a: x)`: the parentheses are the variant's own
                Node::Tuple(_) | Node::Struct(_) => print(inner, depth, out),
                other => {
                    out.push('(');
                    print(other, depth + 1, out);
                    out.push(')');
                }
            }
        }
        Node::Some(inner) => {
            out.push_str("Some(");
            print(inner, depth + 1, out);
            out.push(')');
        }
        Node::Seq(items) => list(out, depth, spread, ('[', ']'), items, |n, d, o| {
            print(n, d, o)
        }),
        Node::Tuple(items) => {
            // a tuple is short and positional: always on one line
            list(out, depth, false, ('(', ')'), items, |n, d, o| {
                print(n, d, o)
            });
        }
        Node::Map(entries) => list(out, depth, spread, ('{', '}'), entries, |(k, v), d, o| {
            print(k, d, o);
            o.push_str(": ");
            print(v, d, o);
        }),
        Node::Struct(fields) => list(out, depth, spread, ('(', ')'), fields, |(k, v), d, o| {
            o.push_str(k);
            o.push_str(": ");
            print(v, d, o);
        }),
    }
}

fn list<T>(
    out: &mut String,
    depth: usize,
    spread: bool,
    (open, close): (char, char),
    items: &[T],
    mut item: impl FnMut(&T, usize, &mut String),
) {
    out.push(open);
    if spread && !items.is_empty() {
        out.push('\n');
        for it in items {
            indent(out, depth + 1);
            item(it, depth + 1, out);
            out.push_str(",\n");
        }
        indent(out, depth);
    } else {
        for (i, it) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            item(it, depth + 1, out);
        }
    }
    out.push(close);
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str(INDENT);
    }
}
