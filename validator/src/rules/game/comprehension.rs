//! CEL's comprehensions (`all`, `exists`, `exists_one`, `map`, `filter`) as the evaluator runs
//! them: `all` and `exists` on their predicate alone, the others through CEL's expansion.

use super::eval::{Eval, Fail, boolean};
use super::node::{Loop, Op};
use super::value::Val;

impl<'d> Eval<'d, '_> {
    pub(super) fn comprehension(&mut self, l: &'d Loop) -> Result<Val<'d>, Fail> {
        let range = self.eval(&l.range)?;
        // a map is gone through by its keys; a list item by item, as it is
        let range = match &range {
            Val::Map(m) => Val::list(m.iter().map(|(k, _)| k.clone()).collect()),
            Val::Attrs(..) => match self.materialized(&range) {
                Val::Map(m) => Val::list(m.iter().map(|(k, _)| k.clone()).collect()),
                _ => Val::list(Vec::new()),
            },
            other => other.clone(),
        };
        let n = range
            .len()
            .ok_or_else(|| format!("it goes through {}", range.describe()))?;
        let accu = self.eval(&l.init)?;
        self.vars.truncate(l.slot);
        self.vars.push(Val::Null);
        self.vars.push(accu);
        if let Some(q) = l.quick {
            // as `acc || p` (`acc && p`) would go: stop at the first `stop`, fail at the
            // first error or value that is not true or false
            let op = if q.stop { Op::Or } else { Op::And };
            let mut answer = Ok(Val::Bool(!q.stop));
            for i in 0..n {
                self.vars[l.slot] = range.item(i);
                match self
                    .test(l.predicate())
                    .and_then(|r| r.or_else(|v| boolean(v, op)))
                {
                    Ok(b) if b == q.stop => {
                        answer = Ok(Val::Bool(q.stop));
                        break;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        answer = Err(e);
                        break;
                    }
                }
            }
            self.vars.truncate(l.slot);
            return answer;
        }
        for i in 0..n {
            self.vars[l.slot] = range.item(i);
            if !matches!(self.eval(&l.cond)?, Val::Bool(true)) {
                break;
            }
            let next = self.eval(&l.step)?;
            self.vars[l.slot + 1] = next;
        }
        let result = self.eval(&l.result);
        self.vars.truncate(l.slot);
        result
    }
}
