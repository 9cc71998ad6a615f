import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  testId?: string;
}

/** The one confirm dialog: resolves true when confirmed. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: options.message,
      centered: true,
      labels: { confirm: options.confirmLabel, cancel: options.cancelLabel },
      confirmProps: {
        color: options.danger ? 'red' : undefined,
        'data-testid': `${options.testId ?? 'confirm'}-confirm`,
      } as Record<string, unknown>,
      cancelProps: { 'data-testid': `${options.testId ?? 'confirm'}-cancel` } as Record<string, unknown>,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
