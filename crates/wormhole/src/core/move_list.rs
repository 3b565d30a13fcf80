//! A list of moves on the stack, for games whose moves are small `Copy`
//! values listed one by one (Linked-portal and Two-board portal chess):
//! nothing is allocated and a new list costs nothing; and [`MoveSet`], what
//! every game's list of legal moves is.

use std::fmt;
use std::mem::MaybeUninit;

/// The legal moves of a position, as [`Rules::legal_moves`](crate::rules::Rules::legal_moves) returns them.
pub trait MoveSet<M> {
    /// The number of moves.
    fn len(&self) -> usize;
    /// Whether there is no move.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The moves, by value.
    fn iter(&self) -> impl Iterator<Item = M> + '_;
    /// Whether `m` is one of them.
    fn contains(&self, m: M) -> bool;
}

/// Up to `N` moves of type `M` on the stack, in the order pushed.
#[derive(Clone)]
pub struct MoveStack<M: Copy, const N: usize> {
    /// The first `len` are written, the rest never read (so a new list costs nothing).
    moves: [MaybeUninit<M>; N],
    len: usize,
}

impl<M: Copy, const N: usize> Default for MoveStack<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy, const N: usize> MoveStack<M, N> {
    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        MoveStack { moves: [const { MaybeUninit::uninit() }; N], len: 0 }
    }

    /// The moves written so far.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: `push` wrote every move below `len` (and `len` only grows
        // by writing one), and `MaybeUninit<M>` has `M`'s layout.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<M>(), self.len) }
    }

    /// Adds a move.
    #[inline]
    pub(crate) fn push(&mut self, m: M) {
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }

    /// Keeps only the moves `keep` accepts, in their order.
    #[inline]
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(M) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            // SAFETY: every index below `len` was written.
            let m = unsafe { self.moves[i].assume_init() };
            if keep(m) {
                self.moves[kept] = MaybeUninit::new(m);
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, by value.
    #[inline]
    pub fn iter(&self) -> std::iter::Copied<std::slice::Iter<'_, M>> {
        self.as_slice().iter().copied()
    }
}

impl<M: Copy + PartialEq, const N: usize> MoveStack<M, N> {
    /// Whether `m` is in the list.
    pub fn contains(&self, m: M) -> bool {
        self.as_slice().contains(&m)
    }
}

impl<M: Copy + PartialEq, const N: usize> MoveSet<M> for MoveStack<M, N> {
    #[inline]
    fn len(&self) -> usize {
        MoveStack::len(self)
    }
    #[inline]
    fn iter(&self) -> impl Iterator<Item = M> + '_ {
        MoveStack::iter(self)
    }
    fn contains(&self, m: M) -> bool {
        MoveStack::contains(self, m)
    }
}

impl<'a, M: Copy, const N: usize> IntoIterator for &'a MoveStack<M, N> {
    type Item = M;
    type IntoIter = std::iter::Copied<std::slice::Iter<'a, M>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: Copy + fmt::Debug, const N: usize> fmt::Debug for MoveStack<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_keep_their_order_and_retain_filters_in_place() {
        let mut list = MoveStack::<u32, 8>::new();
        (1..=6).for_each(|m| list.push(m));
        list.retain(|m| m % 2 == 0);
        assert_eq!(list.as_slice(), &[2, 4, 6]);
        assert!(list.contains(4) && !list.contains(3));
        assert_eq!((&list).into_iter().sum::<u32>(), 12);
        assert_eq!(format!("{list:?}"), "[2, 4, 6]");
    }
}
