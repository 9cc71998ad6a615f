import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { genderContext } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteCustomer } from '../api/delete-customer';

/**
 * Erasing a customer (GDPR Art. 17; issue 36: an administrator's act): what goes and what stays, the
 * reason and the data subject's request it answers, confirmed with the administrator's own password.
 * A legal hold refuses it on the server, which says why.
 */
export function EraseCustomerDialog({
  target,
  opened,
  onClose,
  onErased,
}: {
  target: { id: number; fullName: string; gender: number };
  opened: boolean;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const erase = useDeleteCustomer();
  const [reason, setReason] = useState('');
  const [requestReference, setRequestReference] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setFields({});
    setProblem(null);
    setPassword('');
    onClose();
  };

  const submit = async () => {
    setFields({});
    setProblem(null);
    const missing: Record<string, string> = {};
    if (reason.trim().length < 3) missing.Reason = t('customers.delete.reasonRequired');
    if (!password) missing.Password = t('customers.delete.passwordRequired');
    if (Object.keys(missing).length) {
      setFields(missing);
      return;
    }
    try {
      await erase.mutateAsync({
        id: target.id,
        Reason: reason.trim(),
        Password: password,
        ...(requestReference.trim() ? { RequestReference: requestReference.trim() } : {}),
      });
      notifySuccess(t('customers.delete.success'));
      onErased();
    } catch (error) {
      setPassword('');
      if (isApiError(error) && Object.keys(error.fields).length) setFields(error.fields);
      else if (isApiError(error)) setProblem(error.message);
      else notifyError(t('customers.delete.failed'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('customers.delete.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        // The dialog's own checks say what is missing in the interface language, not the browser's bubble.
        noValidate
        data-testid="erase-customer-form"
      >
        <Stack gap="md">
          <Text fz="sm">
            {t('customers.delete.confirm', { name: target.fullName, context: genderContext(target.gender) })}
          </Text>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="delete-customer-warning"
          >
            {t('customers.delete.warning')}
          </Alert>
          {problem && (
            <Alert color="red" variant="light" role="alert" data-testid="erase-customer-problem">
              {problem}
            </Alert>
          )}
          <Textarea
            label={t('customers.delete.reason')}
            description={t('customers.delete.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={fields.Reason}
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            data-testid="erase-customer-reason"
          />
          <TextInput
            label={t('customers.delete.request')}
            description={t('customers.delete.requestHint')}
            value={requestReference}
            onChange={(event) => setRequestReference(event.currentTarget.value)}
            error={fields.RequestReference}
            maxLength={100}
            data-testid="erase-customer-request"
          />
          <PasswordInput
            label={t('customers.delete.password')}
            description={t('customers.delete.passwordHint')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fields.Password}
            autoComplete="current-password"
            withAsterisk
            data-testid="erase-customer-password"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={erase.isPending} data-testid="delete-customer-confirm">
              {t('customers.delete.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
