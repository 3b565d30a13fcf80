//! Zeroed memory for the engine's big tables, on huge pages where the
//! system gives them.
//!
//! The search reads its tables at random places, one cache line at a
//! time: with ordinary 4 KiB pages nearly every read of a 16 MiB table
//! also misses the processor's address-translation cache and walks the
//! page tables. A table of 2 MiB or more is therefore aligned to 2 MiB
//! and, on Linux and up to 256 MiB, advised onto huge pages
//! (`madvise(MADV_HUGEPAGE)`: the systems that leave transparent huge
//! pages to the program's choice). Such a table is written once when it
//! is made, one byte a page, so that the system backs it then: a huge
//! page is zeroed whole at its first write and, where memory is
//! fragmented, compacted for first, and left to the search that cost the
//! first searches of a game most of their time (measured: a 200 ms search
//! reached depth 2-5 instead of 9 with a 64-256 MiB table on a loaded
//! machine).
//! Where that fails or is not known, the table is the same memory on
//! ordinary pages: only the speed differs. Also here: [`prefetch`], the
//! hint that brings a table entry into the cache before it is read.

use std::alloc::Layout;
use std::ops::Deref;
use std::ptr::NonNull;

/// The size, and so the alignment, of a huge page on x86-64 and AArch64.
const HUGE_PAGE: usize = 2 << 20;

/// The size of an ordinary page (4 KiB on x86-64 and most AArch64 systems;
/// where pages are larger, writing every 4 KiB still writes each).
const SMALL_PAGE: usize = 4 << 10;

/// The largest table advised onto huge pages. A huge page is zeroed whole
/// when first written, so the first writes into a table pay for all of it
/// at once: for 4 GiB, a short search spent its time zeroing pages (and
/// answered `stop` late). Ordinary pages spread that cost over the search.
const MAX_HUGE_TABLE: usize = 256 << 20;

/// A type whose all-zero bytes are a valid value.
///
/// # Safety
/// Implement only for types where every field is an integer (or atomic
/// integer) or another `Zeroable`.
pub(crate) unsafe trait Zeroable {}

/// `len` zeroed values of `T`, owned; frees itself.
pub(crate) struct ZeroedPages<T: Zeroable> {
    /// The values: at a multiple of 2 MiB within the block when they take
    /// 2 MiB or more.
    ptr: NonNull<T>,
    len: usize,
    /// Whether every page was written when made (see the module's docs).
    resident: bool,
    /// The memory, freed when dropped.
    _block: Block,
}

// SAFETY: `ZeroedPages` owns its values like a `Box<[T]>` does.
unsafe impl<T: Zeroable + Send> Send for ZeroedPages<T> {}
// SAFETY: as above; shared access only hands out `&[T]`.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedPages<T> {}

impl<T: Zeroable> ZeroedPages<T> {
    /// `len` zeroed values, or `None` when `len` is 0 or the memory cannot
    /// be had. A large block is asked for 2 MiB larger, and the values
    /// start at the first 2 MiB boundary within it.
    pub fn new(len: usize) -> Option<ZeroedPages<T>> {
        let size = len.checked_mul(size_of::<T>())?;
        if size == 0 {
            return None;
        }
        let huge = size >= HUGE_PAGE;
        let block = Block::new(size.checked_add(if huge { HUGE_PAGE } else { 0 })?, align_of::<T>())?;
        let skip = if huge { block.start.as_ptr().align_offset(HUGE_PAGE) } else { 0 };
        // SAFETY: `skip` < 2 MiB, within the block, and leaves `size` bytes
        // after it; a multiple of 2 MiB is a multiple of `T`'s alignment.
        let ptr = unsafe { block.start.add(skip) };
        let resident = huge && size <= MAX_HUGE_TABLE;
        if resident {
            os::advise_huge_pages(ptr.as_ptr(), size);
            for offset in (0..size).step_by(SMALL_PAGE) {
                // SAFETY: within the `size` bytes at `ptr`, which no one
                // else holds yet; writing zero keeps them zeroed.
                unsafe { ptr.add(offset).write_volatile(0) };
            }
        }
        Some(ZeroedPages { ptr: ptr.cast(), len, resident, _block: block })
    }

    /// Whether the memory is backed already (a table of up to 256 MiB on
    /// huge pages): writing it over is then quicker than asking the
    /// system for fresh memory.
    pub fn resident(&self) -> bool {
        self.resident
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

/// Hints the processor to load the cache line of `value`, to be read soon.
#[inline]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is only a hint, here of memory that is ours.
    unsafe {
        std::arch::x86_64::_mm_prefetch((value as *const T).cast::<i8>(), std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// Zeroed bytes, as the system or the allocator gave them.
struct Block {
    start: NonNull<u8>,
    layout: Layout,
    /// Mapped from the system (freed by unmapping), not the allocator's.
    mapped: bool,
}

impl Block {
    /// `size` zeroed bytes aligned to `align`. A block of at least a huge
    /// page is mapped from the system where it can be: fresh pages, zeroed
    /// when first written, where the allocator could hand back reused
    /// memory and zero it by writing every page at once (before huge
    /// pages were advised).
    fn new(size: usize, align: usize) -> Option<Block> {
        let layout = Layout::from_size_align(size, align).ok()?;
        if size >= HUGE_PAGE
            && let Some(start) = os::map(size)
        {
            return Some(Block { start, layout, mapped: true });
        }
        // SAFETY: the layout has a non-zero size (callers ask for some bytes).
        let start = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        Some(Block { start, layout, mapped: false })
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        if self.mapped {
            os::unmap(self.start, self.layout.size());
        } else {
            // SAFETY: allocated in `Block::new` with this layout, freed once.
            unsafe { std::alloc::dealloc(self.start.as_ptr(), self.layout) }
        }
    }
}

/// The system calls behind [`Block`] and the huge-page advice, through the
/// C library the standard library already links (no new dependency), on
/// the Linux targets whose constants these are.
#[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64")))]
mod os {
    use std::ptr::NonNull;

    // Linux's `<sys/mman.h>` (`off_t` is 64 bits on these targets).
    const PROT_READ_WRITE: i32 = 0x1 | 0x2;
    const MAP_PRIVATE_ANONYMOUS: i32 = 0x02 | 0x20;
    const MADV_HUGEPAGE: i32 = 14;

    unsafe extern "C" {
        fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, offset: i64) -> *mut u8;
        fn munmap(addr: *mut u8, len: usize) -> i32;
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }

    /// `len` fresh zeroed bytes of private memory, or `None`.
    pub fn map(len: usize) -> Option<NonNull<u8>> {
        // SAFETY: an anonymous private mapping at an address the system
        // chooses touches no memory of ours.
        let p = unsafe { mmap(std::ptr::null_mut(), len, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0) };
        // `MAP_FAILED` is the address -1.
        if p as isize == -1 { None } else { NonNull::new(p) }
    }

    /// Frees what [`map`] gave.
    pub fn unmap(start: NonNull<u8>, len: usize) {
        // SAFETY: `start` and `len` are a mapping from `map`, unmapped once.
        let _ = unsafe { munmap(start.as_ptr(), len) };
    }

    /// Asks the system to back `len` bytes at `addr` (2 MiB aligned) with
    /// huge pages. Only a hint: an error leaves ordinary pages.
    pub fn advise_huge_pages(addr: *mut u8, len: usize) {
        // SAFETY: the range is memory this process owns; the advice changes
        // only how the pages are backed, never their contents.
        let _ = unsafe { madvise(addr, len, MADV_HUGEPAGE) };
    }
}

/// Elsewhere: the allocator's memory, on whatever pages it gives.
#[cfg(not(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64"))))]
mod os {
    use std::ptr::NonNull;

    pub fn map(_len: usize) -> Option<NonNull<u8>> {
        None
    }

    pub fn unmap(_start: NonNull<u8>, _len: usize) {}

    pub fn advise_huge_pages(_addr: *mut u8, _len: usize) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    // SAFETY: zero is a valid integer.
    unsafe impl Zeroable for u64 {}

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
