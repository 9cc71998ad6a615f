import { nprogress } from '@mantine/nprogress';
import { useSyncExternalStore } from 'react';

/** Counts running requests so one progress bar spans overlapping calls; remembers whether any failed. */
let active = 0;
let failed = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function progressStart(): void {
  if (active === 0) {
    if (failed) {
      failed = false;
      emit();
    }
    nprogress.start();
  }
  active += 1;
}

export function progressDone(error: boolean): void {
  if (error && !failed) {
    failed = true;
    emit();
  }
  active = Math.max(0, active - 1);
  if (active === 0) nprogress.complete();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the progress bar should show red (an error happened in the latest batch of requests). */
export function useProgressFailed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => failed,
    () => false,
  );
}
