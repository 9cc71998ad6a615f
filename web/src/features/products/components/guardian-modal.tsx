import { emailSchema } from '@genodesk/contract/common';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';

export interface Guardian {
  name: string;
  email: string;
}

interface GuardianModalProps {
  opened: boolean;
  initial: Guardian;
  /** errors the server gave on LegalGuardianName / LegalGuardianEmail */
  serverErrors?: { name?: string; email?: string };
  submitting: boolean;
  onClose: () => void;
  onSubmit: (guardian: Guardian) => void;
}

/** An underage customer's invitation names the parent or legal guardian (required); the e-mail is optional. */
export function GuardianModal({
  opened,
  initial,
  serverErrors,
  submitting,
  onClose,
  onSubmit,
}: GuardianModalProps) {
  const { t } = useTranslation();
  const { tm } = useLocale();
  const [name, setName] = useState(initial.name);
  const [email, setEmail] = useState(initial.email);
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});

  useEffect(() => {
    if (opened) {
      setName(initial.name);
      setEmail(initial.email);
      setErrors({});
    }
  }, [opened, initial.name, initial.email]);

  useEffect(() => {
    if (serverErrors) setErrors(serverErrors);
  }, [serverErrors]);

  const submit = () => {
    const next: { name?: string; email?: string } = {};
    if (!name.trim()) next.name = tm('legalGuardianRequired');
    if (email.trim()) {
      const parsed = emailSchema.safeParse(email.trim());
      if (!parsed.success) next.email = tm(parsed.error.issues[0]?.message ?? 'invalidEmail');
    }
    setErrors(next);
    if (next.name || next.email) return;
    onSubmit({ name: name.trim(), email: email.trim() });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('products.editor.guardian.title')} centered>
      <Stack gap="md" data-testid="guardian-modal">
        <Text fz="sm" c="dimmed">
          {t('products.editor.guardian.description')}
        </Text>
        <TextInput
          label={t('products.editor.guardian.name')}
          withAsterisk
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
          data-testid="guardian-name"
        />
        <TextInput
          label={t('products.editor.guardian.email')}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          data-testid="guardian-email"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={submitting} data-testid="guardian-submit">
            {t('products.editor.actions.invite')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
