//! What an example's `with` may replace: each key must name a field of the scope's view
//! (`types::fields`), a field of a view inside it (`unit.kind` on a placement), a key of a map
//! of unknown shape (`hands.ap`), or an attribute the game declares for that kind of entity
//! (`attrs.command`); and the value it gives must fit that field or attribute. A key or value
//! that does not would make the example prove nothing, in silence.

use crate::analysis::carriers::declared;
use crate::model::{AttrDecl, AttrValue, Game, Holder, Id, Scope};
use crate::rules::attributes::judge::judge;
use crate::suggest::did_you_mean;

use super::types::{FieldTy, fields};
use super::value::{Obj, Val};

/// What a key's value must be.
#[derive(Clone, Copy)]
pub(super) enum Want<'g> {
    /// A field of the view's table.
    Field(FieldTy),
    /// A declared attribute.
    Attr(&'g AttrDecl),
    /// Anything (a key inside a map of unknown shape).
    Any,
}

/// What is wrong with a key or its value: the message and what to write instead.
pub(super) struct Unfit {
    pub message: String,
    pub help: String,
}

/// What `path` names on an entity of `scope`, or why it names nothing.
pub(super) fn want<'g>(game: &'g Game, scope: Scope, path: &str) -> Result<Want<'g>, Unfit> {
    let mut view = scope.var();
    let mut prefix = String::new();
    let mut segments = path.split('.').peekable();
    while let Some(name) = segments.next() {
        let table = fields(view);
        let Some(&(_, ty)) = table.iter().find(|(n, _)| *n == name) else {
            let help = match did_you_mean(name, table.iter().map(|(n, _)| *n)) {
                Some(c) => format!("did you mean `{prefix}{c}`?"),
                None => format!(
                    "a {view}'s fields: {}",
                    table.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                ),
            };
            return Err(Unfit {
                message: format!("the example sets `{path}`, but a {view} has no field `{name}`"),
                help,
            });
        };
        if segments.peek().is_none() {
            return Ok(Want::Field(ty));
        }
        prefix = format!("{prefix}{name}.");
        match ty {
            FieldTy::V(inner) => view = inner,
            FieldTy::D => return Ok(Want::Any),
            FieldTy::A(holder) => return attribute(game, holder, &prefix, path, segments),
            other => {
                return Err(Unfit {
                    message: format!(
                        "the example sets `{path}`, but `{name}` is {} and has no fields",
                        describe(other)
                    ),
                    help: format!("set `{}` itself", prefix.trim_end_matches('.')),
                });
            }
        }
    }
    Err(Unfit {
        message: format!("the example sets `{path}`, which names no field"),
        help: format!(
            "name a field of the {}, e.g. `{}`",
            scope.var(),
            fields(scope.var()).first().map_or("id", |(n, _)| n)
        ),
    })
}

/// The attribute named after `attrs.` (`prefix` is the path up to it).
fn attribute<'g, 'p>(
    game: &'g Game,
    holder: Holder,
    prefix: &str,
    path: &str,
    mut rest: impl Iterator<Item = &'p str>,
) -> Result<Want<'g>, Unfit> {
    let id = rest.next().unwrap_or_default();
    let Some(decl) = declared(game, holder, id) else {
        let names = game
            .attributes
            .iter()
            .filter(|d| d.on.contains(&holder))
            .map(|d| d.id.as_str());
        let help = match did_you_mean(id, names) {
            Some(c) => format!("did you mean `{prefix}{c}`?"),
            None => format!("declare it in game.ron `attributes` with `on: [{holder:?}]`"),
        };
        return Err(Unfit {
            message: format!(
                "the example sets `{path}`, but the game declares no attribute `{id}` for {holder}s"
            ),
            help,
        });
    };
    if rest.next().is_some() {
        return Err(Unfit {
            message: format!(
                "the example sets `{path}`, but attribute `{id}` is {} and has no fields",
                decl.describe()
            ),
            help: format!("set `{prefix}{id}` itself"),
        });
    }
    Ok(Want::Attr(decl))
}

/// Whether `value` fits what `path` names (`want`); None when it does.
pub(super) fn unfit(game: &Game, path: &str, want: Want<'_>, value: &Val<'_>) -> Option<Unfit> {
    match want {
        Want::Any => None,
        Want::Attr(decl) => attr_unfit(decl, value).map(|u| Unfit {
            message: format!(
                "the example's value for `{path}` does not fit: {}",
                u.message
            ),
            help: u.help,
        }),
        Want::Field(FieldTy::A(holder)) => attrs_unfit(game, holder, path, value),
        Want::Field(ty) => (!field_fits(ty, value)).then(|| Unfit {
            message: format!(
                "the example gives `{path}` {}, where it takes {}",
                value.describe(),
                describe(ty)
            ),
            help: format!(
                "write {}, e.g. `\"{path}\": \"{}\"`",
                describe(ty),
                sample(ty)
            ),
        }),
    }
}

fn field_fits(ty: FieldTy, v: &Val<'_>) -> bool {
    let text = v.as_str().is_some();
    let number = matches!(v, Val::Int(_) | Val::UInt(_) | Val::Float(_));
    let items = |ok: &dyn Fn(&Val<'_>) -> bool| {
        v.len()
            .is_some_and(|n| !matches!(v, Val::All(..)) && (0..n).all(|i| ok(&v.item(i))))
    };
    let of = |k: &str, x: &Val<'_>| match x {
        Val::Obj(Obj { kind, .. }) => kind.var() == k,
        Val::Map(_) => true,
        _ => false,
    };
    match ty {
        FieldTy::T => text,
        FieldTy::OptT => text || matches!(v, Val::Null),
        FieldTy::N => number,
        FieldTy::OptN => number || matches!(v, Val::Null),
        FieldTy::B => matches!(v, Val::Bool(_)),
        FieldTy::Ids => items(&|x| x.as_str().is_some()),
        FieldTy::D => true,
        FieldTy::A(_) => matches!(v, Val::Map(_) | Val::Attrs(..)),
        FieldTy::V(k) => of(k, v),
        FieldTy::Vs(k) => items(&|x| of(k, x)) || matches!(v, Val::All(s, _) if s.var() == k),
    }
}

/// A whole `attrs` replaced by a map: each key a declared attribute, each value fitting it.
fn attrs_unfit(game: &Game, holder: Holder, path: &str, value: &Val<'_>) -> Option<Unfit> {
    let Val::Map(entries) = value else {
        return (!matches!(value, Val::Attrs(..))).then(|| Unfit {
            message: format!(
                "the example gives `{path}` {}, where it takes a map of attributes",
                value.describe()
            ),
            help: format!(
                "write a map, e.g. `\"{path}\": \"{}\"`",
                sample(FieldTy::A(holder))
            ),
        });
    };
    entries.iter().find_map(|(k, v)| {
        let id = k.as_str().unwrap_or_default();
        let inner = format!("{path}.{id}");
        match attribute(
            game,
            holder,
            &format!("{path}."),
            &inner,
            std::iter::once(id),
        ) {
            Ok(want) => unfit(game, &inner, want, v),
            Err(u) => Some(u),
        }
    })
}

/// What is wrong with `v` as a value of the attribute `decl`, in A002's words.
fn attr_unfit(decl: &AttrDecl, v: &Val<'_>) -> Option<Unfit> {
    let Some(value) = attr_value(v) else {
        return Some(Unfit {
            message: format!(
                "attribute `{}` takes {}, not {}",
                decl.id,
                decl.describe(),
                v.describe()
            ),
            help: format!("write {}", decl.describe()),
        });
    };
    judge(decl, &value).map(|p| Unfit {
        message: p.message,
        help: p.help,
    })
}

/// A value as it would be written in `attrs`, if it could be.
fn attr_value(v: &Val<'_>) -> Option<AttrValue> {
    Some(match v {
        Val::Bool(b) => AttrValue::Bool(*b),
        Val::Int(i) => AttrValue::Int(*i),
        Val::UInt(u) => AttrValue::Int(i64::try_from(*u).ok()?),
        Val::Float(f) => AttrValue::Number(*f),
        Val::Str(_) | Val::Text(_) => AttrValue::Text(v.as_str()?.into()),
        Val::List(_) | Val::Ids(_) => AttrValue::List(
            (0..v.len()?)
                .map(|i| attr_value(&v.item(i)))
                .collect::<Option<_>>()?,
        ),
        Val::Map(m) => AttrValue::Map(
            m.iter()
                .map(|(k, v)| Some((Id::from(k.as_str()?), attr_value(v)?)))
                .collect::<Option<Vec<_>>>()?
                .into_iter()
                .collect(),
        ),
        _ => return None,
    })
}

fn describe(ty: FieldTy) -> String {
    match ty {
        FieldTy::T => "a text".into(),
        FieldTy::OptT => "a text or null".into(),
        FieldTy::N => "a number".into(),
        FieldTy::OptN => "a number or null".into(),
        FieldTy::B => "true or false".into(),
        FieldTy::Ids => "a list of ids".into(),
        FieldTy::D => "a map".into(),
        FieldTy::A(_) => "a map of attributes".into(),
        FieldTy::V(k) => format!("a {k}"),
        FieldTy::Vs(k) => format!("a list of {k}s"),
    }
}

/// A CEL value of the type, for a help.
fn sample(ty: FieldTy) -> String {
    match ty {
        FieldTy::T | FieldTy::OptT => "'x'".into(),
        FieldTy::N | FieldTy::OptN => "3".into(),
        FieldTy::B => "true".into(),
        FieldTy::Ids => "['a', 'b']".into(),
        FieldTy::D | FieldTy::A(_) => "{'key': 1}".into(),
        FieldTy::V(k) => format!("{k}('x')"),
        FieldTy::Vs(k) => format!("[{k}('x')]"),
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::{Want, unfit, want};
    use crate::model::{Game, Scope};
    use crate::rules::game::value::Val;

    /// The game of `tests/fixtures/valid/declared-checks`, which declares attributes of every
    /// type.
    fn game() -> Game {
        let dir =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/valid/declared-checks");
        let path: PathBuf = dir.join("game.ron");
        let text = std::fs::read_to_string(&path).expect("fixture");
        let mut found = Vec::new();
        let folder = crate::load::load_texts(&dir, &[(path, text)], &mut found);
        folder.game.expect("game.ron loads").value
    }

    fn key(game: &Game, scope: Scope, path: &str) -> Result<(), String> {
        want(game, scope, path)
            .map(|_| ())
            .map_err(|u| format!("{} / {}", u.message, u.help))
    }

    #[test]
    fn keys_name_fields_views_maps_and_declared_attributes() {
        let g = game();
        for (scope, path) in [
            (Scope::Unit, "attrs"),
            (Scope::Unit, "attrs.command"),
            (Scope::Unit, "full.combat"),
            (Scope::Placement, "unit.kind"),
            (Scope::Placement, "unit.attrs.home"),
            (Scope::Stack, "space.terrain"),
            (Scope::Scenario, "hands.ap"),
        ] {
            assert!(key(&g, scope, path).is_ok(), "{path}");
        }
    }

    #[test]
    fn a_misspelt_key_is_refused_with_the_key_it_meant() {
        let g = game();
        let cases = [
            (Scope::Unit, "att", "did you mean `attrs`?"),
            (
                Scope::Faction,
                "attrs.great_powr",
                "did you mean `attrs.great_power`?",
            ),
            (Scope::Placement, "unit.knd", "did you mean `unit.kind`?"),
            (Scope::Space, "kind.name", "set `kind` itself"),
            (Scope::Unit, "attrs.command.x", "set `attrs.command` itself"),
            (Scope::Stack, "attrs", "a stack's fields"),
        ];
        for (scope, path, help) in cases {
            let e = key(&g, scope, path).expect_err(path);
            assert!(e.ends_with(help) || e.contains(help), "{path}: {e}");
        }
    }

    #[test]
    fn a_value_must_fit_what_its_key_names() {
        let g = game();
        let fits = |scope, path: &str, v: Val<'_>| {
            let w: Want<'_> = want(&g, scope, path).ok().expect("a known key");
            unfit(&g, path, w, &v).map(|u| u.message)
        };
        let list = || Val::list(vec![Val::Str("fr-corps")]);
        assert!(fits(Scope::Unit, "attrs.escorts", list()).is_none());
        let text = fits(Scope::Unit, "attrs.escorts", Val::Str("fr-corps"));
        assert!(text.is_some_and(|m| m.contains("takes a list, not a text")));
        assert!(fits(Scope::Unit, "attrs.command", Val::Int(9)).is_some());
        assert!(fits(Scope::Unit, "attrs.command", Val::Int(3)).is_none());
        let map = Val::map(vec![(Val::Str("metz"), Val::Str("fr"))]);
        assert!(fits(Scope::Space, "control", map).is_some());
        assert!(fits(Scope::Space, "control", Val::Null).is_none());
        assert!(fits(Scope::Space, "vp", Val::Str("3")).is_some());
        assert!(fits(Scope::Space, "areas", Val::Str("france")).is_some());
        let attrs = Val::map(vec![(Val::Str("comand"), Val::Int(3))]);
        let undeclared = fits(Scope::Unit, "attrs", attrs);
        assert!(undeclared.is_some_and(|m| m.contains("no attribute `comand`")));
    }
}
