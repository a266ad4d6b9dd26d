/**
 * The app's toasts (spec §8): at most one at a time (a new toast replaces the shown one), each dismissed
 * after 5000 ms unless given another duration. A tiny external store so any code — mutation callbacks
 * included — can raise a toast without a React context.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself. */
  duration?: number;
}

export interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  publish(toasts.filter((toast) => toast.id !== id));
}

export function toast(input: ToastInput): number {
  const shown: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
  };
  const kept = [shown, ...toasts].slice(0, TOAST_LIMIT);
  for (const dropped of toasts.filter((old) => !kept.includes(old))) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  timers.set(shown.id, setTimeout(() => dismissToast(shown.id), shown.duration));
  publish(kept);
  return shown.id;
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
