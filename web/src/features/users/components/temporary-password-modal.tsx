import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface TemporaryPasswordModalProps {
  password: string | null;
  email: string;
  onClose: () => void;
}

/** A new or reset password is shown once, with a copy button. */
export function TemporaryPasswordModal({ password, email, onClose }: TemporaryPasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={password !== null}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          {t('users.tempPassword.title')}
        </Text>
      }
      centered
      closeOnClickOutside={false}
      data-testid="temp-password-modal"
    >
      <Stack gap="md">
        <Text fz="sm">{t('users.tempPassword.description', { email })}</Text>
        <Group
          justify="space-between"
          wrap="nowrap"
          p="sm"
          style={{ border: '1px dashed var(--mantine-color-teal-4)', borderRadius: 8 }}
          bg="teal.0"
        >
          <Code fz="lg" bg="transparent" fw={600} data-testid="temp-password-value">
            {password}
          </Code>
          <CopyButton value={password ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('common.copied') : t('common.copy')} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('common.copy')}
                  data-testid="temp-password-copy"
                  size="lg"
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
          {t('users.tempPassword.warning')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="temp-password-close">
            {t('users.tempPassword.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
