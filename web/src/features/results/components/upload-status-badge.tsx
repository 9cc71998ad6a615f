import { Badge, Loader } from '@mantine/core';
import { useLocale } from '@/lib/use-locale';
import { isUploadInProgress } from '../api/polling';
import { uploadStatusColor, uploadStatusName } from './labels';

/** An upload's status (SPEC §4) in the reader's language; a spinner while the job is still working. */
export function UploadStatusBadge({ status }: { status: number }) {
  const { locale } = useLocale();
  const color = uploadStatusColor(status);
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      leftSection={isUploadInProgress(status) ? <Loader size={10} color={color} /> : undefined}
      data-testid="result-status"
      data-status={status}
      // The whole label, never cut short by a narrow column.
      style={{ whiteSpace: 'nowrap', minWidth: 'max-content' }}
    >
      {uploadStatusName(status, locale)}
    </Badge>
  );
}
