//! Whether one game folder's own work (reading its files, running its rules) is spread over
//! the cores or done in turn on the thread checking the folder.
//!
//! Spread by default: one large game uses every core. When many folders are checked at once,
//! the folders alone keep every core busy, and a folder's work spread over two cores costs
//! more than it gains: its model moves between the cores' caches, and each task handed over
//! is a write to counters the cores share (BENCHMARKS.md, session 17).

use std::cell::Cell;

use rayon::prelude::*;

thread_local! {
    static IN_TURN: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with the folder work it starts done in turn on this thread.
pub fn in_turn<R>(f: impl FnOnce() -> R) -> R {
    /// Puts the setting back however `f` ends (a panic caught further up included).
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            IN_TURN.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(IN_TURN.with(|c| c.replace(true)));
    f()
}

fn is_in_turn() -> bool {
    IN_TURN.with(Cell::get)
}

/// How many threads a folder's own work may use: the pool's, or one when in turn.
pub fn threads() -> usize {
    if is_in_turn() {
        1
    } else {
        rayon::current_num_threads().max(1)
    }
}

/// `rayon::join`, or `a` then `b` when in turn.
pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    if is_in_turn() {
        (a(), b())
    } else {
        rayon::join(a, b)
    }
}

/// The items `f` keeps, in the order of `items`: found in parallel, or in turn.
pub fn filter_map<'a, T, R, F>(items: &'a [T], f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&'a T) -> Option<R> + Sync + Send,
{
    if is_in_turn() {
        items.iter().filter_map(f).collect()
    } else {
        items.par_iter().filter_map(f).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_in_turn_stays_on_its_thread_and_the_setting_is_put_back() {
        let here = std::thread::current().id();
        let items: Vec<u32> = (0..64).collect();
        let (threads, kept) = in_turn(|| {
            let threads = filter_map(&items, |_| Some(std::thread::current().id()));
            let kept = filter_map(&items, |&x| (x % 2 == 0).then_some(x));
            let (a, b) = join(|| std::thread::current().id(), is_in_turn);
            assert!(b && a == here);
            (threads, kept)
        });
        assert!(threads.iter().all(|&t| t == here));
        assert_eq!(kept, (0..64).step_by(2).collect::<Vec<_>>());
        assert!(!is_in_turn());
        let caught = std::panic::catch_unwind(|| in_turn(|| panic!("a rule panicked")));
        assert!(caught.is_err() && !is_in_turn());
    }
}
