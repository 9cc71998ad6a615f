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

/** A failure; `reference` (the request's id) is shown for the user to quote to whoever looks into it. */
export function notifyError(message: string, title?: string, reference?: string | null): void {
  show({
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

/** A failed API call: the server's message (or `fallback` when there is none) and its reference. */
export function notifyApiError(error: unknown, fallback: string, title?: string): void {
  if (isApiError(error)) notifyError(error.message || fallback, title, error.requestId);
  else notifyError(fallback, title);
}
