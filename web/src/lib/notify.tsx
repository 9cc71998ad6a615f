import { Button, Group, Text } from '@mantine/core';
import { type NotificationData, notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { isApiError } from './api-client';

/** Every toast's close button says what it does (Mantine's has no name of its own). */
const show = (data: NotificationData) =>
  notifications.show({ ...data, closeButtonProps: { 'aria-label': i18next.t('common.close') } });

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
