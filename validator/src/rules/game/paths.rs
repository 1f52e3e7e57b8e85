//! `reachable` and `distance` with conditions on the spaces and links a path may use
//! (`reachable(a, b, s, control(s.id) == 'fr', l, l.kind != 'sea')`): a breadth-first walk
//! along the links a unit may follow, each space's condition judged once, when first met.

use std::collections::VecDeque;

use super::eval::{Eval, Fail, boolean};
use super::functions::space_index;
use super::node::{Node, Op, Path};
use super::value::{Obj, Val};
use crate::model::Scope;

impl<'d> Eval<'d, '_> {
    pub(super) fn path(&mut self, p: &'d Path) -> Result<Val<'d>, Fail> {
        let name = if p.op == Op::Distance {
            "distance"
        } else {
            "reachable"
        };
        let from = self.eval(&p.from)?;
        let to = self.eval(&p.to)?;
        let (a, b) = (
            space_index(self.data, &from, name)?,
            space_index(self.data, &to, name)?,
        );
        let found = self.walk(p, a, b)?;
        Ok(match p.op {
            Op::Distance => Val::Int(found.map_or(-1, |d| d as i64)),
            _ => Val::Bool(found.is_some()),
        })
    }

    /// The fewest links from `a` to `b` along links and into spaces that meet the path's
    /// conditions.
    fn walk(&mut self, p: &'d Path, a: usize, b: usize) -> Result<Option<usize>, Fail> {
        let Some(world) = self.data.world else {
            return Ok((a == b).then_some(0));
        };
        let n = self.data.spaces.len();
        let mut dist = vec![usize::MAX; n];
        // each space's verdict, once: None not yet judged
        let mut open: Vec<Option<bool>> = vec![None; n];
        let mut queue = VecDeque::from([a]);
        dist[a] = 0;
        self.vars.truncate(p.slot);
        self.vars.push(Val::Null);
        let found = (|| {
            while let Some(s) = queue.pop_front() {
                if s == b {
                    return Ok(Some(dist[s]));
                }
                for (t, link) in world.adjacency.out_of(s) {
                    if dist[t] != usize::MAX {
                        continue;
                    }
                    if let Some(cond) = &p.link
                        && !self.holds_on(cond, p.slot, Obj::new(Scope::Link, link))?
                    {
                        continue;
                    }
                    let ok = match open[t] {
                        Some(ok) => ok,
                        None => {
                            let ok = self.holds_on(&p.space, p.slot, Obj::new(Scope::Space, t))?;
                            open[t] = Some(ok);
                            ok
                        }
                    };
                    if ok {
                        dist[t] = dist[s] + 1;
                        queue.push_back(t);
                    }
                }
            }
            Ok(None)
        })();
        self.vars.truncate(p.slot);
        found
    }

    /// Whether `cond` holds with the entity `on` in `slot`.
    fn holds_on(&mut self, cond: &'d Node, slot: usize, on: Obj) -> Result<bool, Fail> {
        self.vars[slot] = Val::Obj(on);
        self.test(cond)?.or_else(|v| boolean(v, Op::And))
    }
}
