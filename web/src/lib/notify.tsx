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

export function notifyError(message: string, title?: string): void {
  show({ color: 'red', title, message, autoClose: 7000 });
}
