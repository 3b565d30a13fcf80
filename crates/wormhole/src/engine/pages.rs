//! Zeroed memory for the engine's big tables, on huge pages where the
//! system gives them.
//!
//! The search reads its tables at random places, one cache line at a
//! time: with ordinary 4 KiB pages nearly every read of a 16 MiB table
//! also misses the processor's address-translation cache and walks the
//! page tables. A table of 2 MiB or more is therefore aligned to 2 MiB
//! and, on Linux, advised onto huge pages (`madvise(MADV_HUGEPAGE)`: the
//! systems that leave transparent huge pages to the program's choice).
//! Where that fails or is not known, the table is the same memory on
//! ordinary pages: only the speed differs.

use std::alloc::Layout;
use std::ops::Deref;
use std::ptr::NonNull;

/// The size, and so the alignment, of a huge page on x86-64 and AArch64.
const HUGE_PAGE: usize = 2 << 20;

/// A type whose all-zero bytes are a valid value.
///
/// # Safety
/// Implement only for types where every field is an integer (or atomic
/// integer) or another `Zeroable`.
pub(crate) unsafe trait Zeroable {}

// SAFETY: zero is a valid integer.
unsafe impl Zeroable for u64 {}

/// `len` zeroed values of `T`, owned; frees itself.
pub(crate) struct ZeroedPages<T: Zeroable> {
    /// The values: at a multiple of 2 MiB within the allocation when they
    /// take 2 MiB or more.
    ptr: NonNull<T>,
    len: usize,
    /// The allocation, as made: where it starts and its layout.
    block: (NonNull<u8>, Layout),
}

// SAFETY: `ZeroedPages` owns its values like a `Box<[T]>` does.
unsafe impl<T: Zeroable + Send> Send for ZeroedPages<T> {}
// SAFETY: as above; shared access only hands out `&[T]`.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedPages<T> {}

impl<T: Zeroable> ZeroedPages<T> {
    /// `len` zeroed values, or `None` when `len` is 0 or the memory cannot
    /// be had. Nothing is touched: the system hands out zeroed pages, paid
    /// for when first written. (An allocation aligned by the allocator
    /// would be zeroed by writing it, page by page, before the advice could
    /// apply; so a large one asks for 2 MiB more and starts the values at
    /// the first 2 MiB boundary within it.)
    pub fn new(len: usize) -> Option<ZeroedPages<T>> {
        let size = len.checked_mul(size_of::<T>())?;
        let huge = size >= HUGE_PAGE;
        let layout =
            Layout::from_size_align(size.checked_add(if huge { HUGE_PAGE } else { 0 })?, align_of::<T>()).ok()?;
        if size == 0 {
            return None;
        }
        // SAFETY: the layout has a non-zero size (checked above).
        let start = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        let skip = if huge { start.as_ptr().align_offset(HUGE_PAGE) } else { 0 };
        // SAFETY: `skip` < 2 MiB, within the allocation, and leaves `size`
        // bytes after it; a multiple of 2 MiB is a multiple of `T`'s alignment.
        let ptr = unsafe { start.add(skip) };
        if huge {
            advise_huge_pages(ptr.as_ptr(), size);
        }
        Some(ZeroedPages { ptr: ptr.cast(), len, block: (start, layout) })
    }
}

impl<T: Zeroable> Deref for ZeroedPages<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` values, zeroed (valid, as `T: Zeroable`)
        // when allocated and changed since only through `&mut [T]` or the
        // values' own interior mutability.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> std::ops::DerefMut for ZeroedPages<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for ZeroedPages<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout, freed once.
        unsafe { std::alloc::dealloc(self.block.0.as_ptr(), self.block.1) }
    }
}

/// Asks the system to back `len` bytes at `addr` (2 MiB aligned) with huge
/// pages. Only a hint: an error leaves ordinary pages.
#[cfg(target_os = "linux")]
fn advise_huge_pages(addr: *mut u8, len: usize) {
    /// `MADV_HUGEPAGE` of Linux's `<sys/mman.h>`.
    const MADV_HUGEPAGE: i32 = 14;
    unsafe extern "C" {
        /// The C library's `madvise(2)`, which the standard library links.
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }
    // SAFETY: the range is memory this process owns; the advice changes
    // only how the pages are backed, never their contents.
    let _ = unsafe { madvise(addr, len, MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_addr: *mut u8, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_writable_and_aligned_when_large() {
        let mut small = ZeroedPages::<u64>::new(100).unwrap();
        assert!(small.iter().all(|&v| v == 0));
        small[99] = 7;
        assert_eq!(small.iter().sum::<u64>(), 7);
        let big = ZeroedPages::<u64>::new(HUGE_PAGE / 8 * 2).unwrap();
        assert_eq!(big.as_ptr() as usize % HUGE_PAGE, 0);
        assert!(big.iter().step_by(4096).all(|&v| v == 0));
        assert!(ZeroedPages::<u64>::new(0).is_none());
        assert!(ZeroedPages::<u64>::new(usize::MAX).is_none());
    }
}
