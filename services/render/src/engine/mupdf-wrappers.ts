/**
 * What mupdf.js (1.28) hands to a walker or device callback is a wrapper object, registered for a
 * drop of its pointer when the wrapper is collected. Left to that, a long document grew a render
 * thread's heap by hundreds of MiB: every character's font wrapper and every drawn path's wrappers
 * kept a FinalizationRegistry cell that outlived the young generation. Every callback here ends its
 * wrappers at once, with one of the two below.
 */
interface Wrapper {
  destroy(): void;
}

/**
 * A wrapper of a pointer mupdf.js did not keep (a structured-text character's font and an image
 * block's image, a device's images, a text walk's fonts): its registered drop would release a
 * reference nobody took, long after the page. Unregistering ends the wrapper without a drop; the
 * pointer stays valid while what it came from lives.
 */
export function forgetBorrowed(wrapper: Wrapper): void {
  (wrapper.constructor as { _finalizer?: FinalizationRegistry<number> })._finalizer?.unregister(wrapper);
}

/** Wrappers of pointers mupdf.js kept for the callback (a device's paths, stroke states, colour spaces, texts): dropped now. */
export function dropKept(...wrappers: Wrapper[]): void {
  for (const wrapper of wrappers) wrapper.destroy();
}
