import { Button, Group, Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useState } from 'react';

interface TypedConfirmOptions {
  title: string;
  message: ReactNode;
  /** What the user must type to allow the action (e.g. the customer's full name). */
  expected: string;
  inputLabel: string;
  confirmLabel: string;
  cancelLabel: string;
  testId: string;
}

function TypedConfirmBody({
  options,
  onDone,
}: {
  options: TypedConfirmOptions;
  onDone: (confirmed: boolean) => void;
}) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLocaleLowerCase() === options.expected.trim().toLocaleLowerCase();
  return (
    <Stack gap="md">
      {options.message}
      <TextInput
        label={options.inputLabel}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
        data-testid={`${options.testId}-typed`}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onDone(false)} data-testid={`${options.testId}-cancel`}>
          {options.cancelLabel}
        </Button>
        <Button
          color="red"
          disabled={!matches}
          onClick={() => onDone(true)}
          data-testid={`${options.testId}-confirm`}
        >
          {options.confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The confirmation of an irreversible action: the user types what it acts on (a name) before the
 * button allows it. Resolves true when confirmed.
 */
export function confirmTyped(options: TypedConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const id = modals.open({
      title: options.title,
      centered: true,
      onClose: () => {
        if (!settled) resolve(false);
      },
      children: (
        <TypedConfirmBody
          options={options}
          onDone={(confirmed) => {
            settled = true;
            resolve(confirmed);
            modals.close(id);
          }}
        />
      ),
    });
  });
}
