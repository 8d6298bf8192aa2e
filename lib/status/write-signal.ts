/**
 * Tells this process's read caches that a status write committed here, so a
 * read that follows a write on the same instance never sees the old state.
 * Other instances notice through the page revision (public-views.ts).
 * Kept on globalThis: Next bundles route modules separately.
 */
type Listener = () => void;
const holder = globalThis as typeof globalThis & { __statusWriteListeners?: Set<Listener> };
const listeners = (holder.__statusWriteListeners ??= new Set());

export function onStatusWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalStatusWrite(): void {
  for (const listener of listeners) listener();
}
