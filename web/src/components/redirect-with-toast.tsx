import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isNotFound } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { StatusScreen } from './status-screen';

/** The record of a detail screen does not exist: its id is no id, or the API answered 404. */
export const isMissingRecord = (id: number, error: unknown) =>
  !Number.isInteger(id) || id <= 0 || isNotFound(error);

/**
 * SPEC §8: a record that failed to load redirects to its list (or the dashboard) with a toast. A record
 * that does not exist (`missing`: no such id, a 404) is a not-found page at its own address instead, so
 * the address the user followed stays in view, with the way back to the list.
 */
export function RedirectWithToast({
  to,
  message,
  missing = false,
}: {
  to: string;
  message: string;
  missing?: boolean;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (missing) return;
    notifyError(message);
    navigate(to, { replace: true });
  }, [navigate, to, message, missing]);
  if (!missing) return null;
  return (
    <StatusScreen
      testId="record-not-found"
      code="404"
      title={t('notFound.recordTitle')}
      description={t('notFound.recordDescription')}
      action={{
        label: t('notFound.backToList'),
        onClick: () => navigate(to),
        testId: 'record-not-found-back',
      }}
    />
  );
}
