import { Button, Group, Text } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';
import i18next from 'i18next';
import { isApiError } from './api-client';

/** The most one frame adds to a toast's time on screen: a page frozen for seconds adds no more. */
const frameAtMost = 100;
/** The countdown each toast is closed by: a toast shown again under its id starts a new one. */
const countdowns = new Map<string, symbol>();

const isShown = (id: string) => {
  const { notifications: open, queue } = notificationsStore.getState();
  return open.some((n) => n.id === id) || queue.some((n) => n.id === id);
};

/**
 * Hides toast `id` once it has been on screen for `ms`: counted frame by frame, a frame adding at most
 * `frameAtMost`, and not while it waits in the queue or the pointer rests on it (as Mantine pauses).
 * Mantine's own timer counts the seconds a busy page cannot draw too: on a loaded machine the templates
 * list, refitting its columns after a deletion, froze the page for longer than 4 s, and "Template
 * successfully deleted" was gone before it was ever painted (neither the user nor the test saw it).
 */
function hideWhenShownFor(id: string, ms: number): void {
  const countdown = Symbol(id);
  countdowns.set(id, countdown);
  let shown = 0;
  let last: number | null = null;
  const tick = (now: number) => {
    if (countdowns.get(id) !== countdown) return;
    if (!isShown(id)) {
      countdowns.delete(id);
      return;
    }
    const toast = Array.from(document.querySelectorAll<HTMLElement>('[data-toast]')).find(
      (element) => element.dataset.toast === id,
    );
    if (last !== null && toast && !toast.matches(':hover')) shown += Math.min(now - last, frameAtMost);
    last = now;
    if (shown < ms) {
      requestAnimationFrame(tick);
      return;
    }
    countdowns.delete(id);
    notifications.hide(id);
  };
  requestAnimationFrame(tick);
}

/**
 * Every toast's close button says what it does (Mantine's has no name of its own); one that closes by
 * itself stays its time on screen (`hideWhenShownFor`).
 */
function show(data: NotificationData): string {
  const id = data.id ?? randomId();
  notifications.show({
    ...data,
    id,
    autoClose: false,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
    'data-toast': id,
  } as NotificationData);
  // Mantine's default for a toast that names no time of its own.
  if (data.autoClose !== false)
    hideWhenShownFor(id, typeof data.autoClose === 'number' ? data.autoClose : 4000);
  return id;
}

/** The one toast helper. */
export function notifySuccess(message: string, title?: string): void {
  show({ color: 'teal', title, message, autoClose: 4000 });
}

/** A change saved, with a button that takes it back (the notification closes when pressed). */
export function notifyUndoable(
  message: string,
  undo: { label: string; run: () => void; testId?: string },
): void {
  const id = show({
    color: 'teal',
    autoClose: 8000,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <span>{message}</span>
        <Button
          size="compact-xs"
          variant="light"
          // Its label whole ("Vrátit zpět"): the message beside it wraps instead.
          style={{ flexShrink: 0 }}
          onClick={() => {
            notifications.hide(id);
            undo.run();
          }}
          data-testid={undo.testId}
        >
          {undo.label}
        </Button>
      </Group>
    ),
  });
}

/**
 * A refusal or failure. `reference` (the request's id) is shown for the user to quote to whoever looks
 * into it. With an `id` it replaces the toast of that id, and `dismissNotice` takes it away once what it
 * was about is resolved (a report's refusal after the assessment it asked for).
 */
export function notifyError(
  message: string,
  title?: string,
  options?: { id?: string; reference?: string | null },
): void {
  const reference = options?.reference;
  if (options?.id) notifications.hide(options.id);
  show({
    id: options?.id,
    color: 'red',
    title,
    message: reference ? (
      <>
        {message}
        <Text fz="xs" c="dimmed" mt={4} data-testid="error-reference">
          {i18next.t('errors.reference', { reference })}
        </Text>
      </>
    ) : (
      message
    ),
    autoClose: reference ? 12_000 : 7000,
  });
}

/**
 * A failed API call: the server's message (or `fallback` when there is none), and, when the server
 * failed (5xx, or no answer), its reference to quote. A refusal of what was asked (4xx: a file already
 * imported, a field to correct) says what to do itself: no reference for the administrator.
 */
export function notifyApiError(
  error: unknown,
  fallback: string,
  title?: string,
  options?: { id?: string },
): void {
  if (isApiError(error))
    notifyError(error.message || fallback, title, {
      ...options,
      reference: error.status >= 400 && error.status < 500 ? null : error.requestId,
    });
  else notifyError(fallback, title, options);
}

export function dismissNotice(id: string): void {
  notifications.hide(id);
}

/** The id of a report's refusal toast: one at a time, dismissed when the report's open points change. */
export const productNoticeId = (productId: number) => `product-${productId}-refusal`;
