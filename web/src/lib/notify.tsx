import { Button, Group } from '@mantine/core';
import { type NotificationData, notifications } from '@mantine/notifications';
import i18next from 'i18next';

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

/**
 * A refusal or failure. With an `id` it replaces the toast of that id, and `dismissNotice` takes it away
 * once what it was about is resolved (a report's refusal after the assessment it asked for).
 */
export function notifyError(message: string, title?: string, options?: { id?: string }): void {
  if (options?.id) notifications.hide(options.id);
  show({ id: options?.id, color: 'red', title, message, autoClose: 7000 });
}

export function dismissNotice(id: string): void {
  notifications.hide(id);
}

/** The id of a report's refusal toast: one at a time, dismissed when the report's open points change. */
export const productNoticeId = (productId: number) => `product-${productId}-refusal`;
