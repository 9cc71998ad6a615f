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

/**
 * The last activity in any tab of the app, in local storage: signing out ends every tab's session, so
 * every tab counts the activity of all (a background tab must not sign out the one in use).
 */
const activityKey = 'lastActivity';
function sharedActivity(): number {
  try {
    return Number(localStorage.getItem(activityKey)) || 0;
  } catch {
    return 0;
  }
}
function shareActivity(at: number) {
  try {
    localStorage.setItem(activityKey, String(at));
  } catch {
    // Without storage each tab counts its own activity.
  }
}

interface IdleWatcherProps {
  timeoutMs: number;
  countdownMs: number;
  onExpire: () => void;
}

/**
 * SPEC §9: after `timeoutMs` without mouse, keyboard, touch or scroll activity in any of the app's
 * tabs a modal counts down `countdownMs`, then signs the user out; "Stay signed in", or activity in
 * another tab, closes it.
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
    shareActivity(lastActivity.current);
    let shared = lastActivity.current;
    const onActivity = () => {
      if (openRef.current) return;
      const at = Date.now();
      lastActivity.current = at;
      // At most once a second: mousemove fires far more often, and each write wakes the other tabs.
      if (at - shared >= 1000) {
        shared = at;
        shareActivity(at);
      }
    };
    for (const name of activityEvents)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    const tick = Math.max(100, Math.min(1000, Math.floor(timeoutMs / 4)));
    const timer = window.setInterval(() => {
      const last = Math.max(lastActivity.current, sharedActivity());
      if (!openRef.current && Date.now() - last >= timeoutMs) {
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
    const openedAt = deadline - countdownMs;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      // The user is working in another tab: this one stays signed in too.
      if (sharedActivity() > openedAt) {
        window.clearInterval(timer);
        lastActivity.current = sharedActivity();
        setDeadline(null);
        return;
      }
      if (current >= deadline) {
        window.clearInterval(timer);
        setDeadline(null);
        expireRef.current();
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [deadline, countdownMs]);

  const stay = () => {
    lastActivity.current = Date.now();
    shareActivity(lastActivity.current);
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
