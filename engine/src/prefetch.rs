//! One cache-line prefetch, shared by the tables a child node reads first.

/// Hints the CPU to fetch the cache line holding `value`. Only a hint: it
/// never faults and changes nothing; elsewhere than x86-64 it does nothing.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults, and the address is that of a live value.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch(value as *const T as *const i8, _MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
