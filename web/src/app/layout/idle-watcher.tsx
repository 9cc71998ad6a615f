import { Button, Group, Modal, RingProgress, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
// Registers Czech for `humanize` below, which is given the UI language explicitly; nothing else reads
// dayjs's locale (dates are formatted with Intl), so dayjs stays out of the login screen's chunks.
import 'dayjs/locale/cs';
import duration from 'dayjs/plugin/duration';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(duration);
dayjs.extend(relativeTime);

const activityEvents = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

interface IdleWatcherProps {
  timeoutMs: number;
  countdownMs: number;
  onExpire: () => void;
}

/**
 * SPEC §9: after `timeoutMs` without mouse, keyboard, touch or scroll activity a modal counts down
 * `countdownMs`, then signs the user out; "Stay signed in" closes it.
 */
export function IdleWatcher({ timeoutMs, countdownMs, onExpire }: IdleWatcherProps) {
  const { t, i18n } = useTranslation();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastActivity = useRef(Date.now());
  const open = deadline !== null;
  const openRef = useRef(open);
  openRef.current = open;
  const expireRef = useRef(onExpire);
  expireRef.current = onExpire;

  useEffect(() => {
    lastActivity.current = Date.now();
    const onActivity = () => {
      if (!openRef.current) lastActivity.current = Date.now();
    };
    for (const name of activityEvents)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    const tick = Math.max(100, Math.min(1000, Math.floor(timeoutMs / 4)));
    const timer = window.setInterval(() => {
      if (!openRef.current && Date.now() - lastActivity.current >= timeoutMs) {
        setNow(Date.now());
        setDeadline(Date.now() + countdownMs);
      }
    }, tick);
    return () => {
      window.clearInterval(timer);
      for (const name of activityEvents) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [timeoutMs, countdownMs]);

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) {
        window.clearInterval(timer);
        setDeadline(null);
        expireRef.current();
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const stay = () => {
    lastActivity.current = Date.now();
    setDeadline(null);
  };

  const remainingMs = deadline === null ? countdownMs : Math.max(0, deadline - now);
  const seconds = Math.ceil(remainingMs / 1000);
  const idleFor = dayjs.duration(timeoutMs).locale(i18n.language).humanize();

  return (
    <Modal
      opened={open}
      onClose={stay}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={
        <Text fw={700} fz="lg">
          {t('idle.title')}
        </Text>
      }
      data-testid="idle-modal"
      overlayProps={{ backgroundOpacity: 0.55, blur: 3 }}
    >
      <Stack gap="md" data-testid="idle-modal-body">
        <Group wrap="nowrap" gap="lg" align="center">
          <RingProgress
            size={92}
            thickness={7}
            roundCaps
            sections={[{ value: (remainingMs / countdownMs) * 100, color: 'orange' }]}
            label={
              <Text ta="center" fw={700} fz="xl" data-testid="idle-countdown">
                {seconds}
              </Text>
            }
          />
          <Stack gap={4}>
            <Text>{t('idle.message', { duration: idleFor })}</Text>
            <Text c="dimmed" fz="sm">
              {t('idle.countdown', { seconds })}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button onClick={stay} data-testid="idle-stay">
            {t('idle.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
