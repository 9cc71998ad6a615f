import '@mantine/dropzone/styles.css';
import { translateMessage } from '@genodesk/contract/messages';
import { maxResultsFileBytes } from '@genodesk/contract/results';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useUploadResults } from '../api/upload-results';

const maxMegabytes = Math.round(maxResultsFileBytes / (1024 * 1024));

/**
 * Systems label .csv files as text/csv, Excel or plain text: the extension decides, not the type.
 * While dragging, the browser does not tell the name yet; the drop decides then.
 */
export function csvFileError(file: { name?: unknown }): { code: string; message: string } | null {
  if (typeof file.name !== 'string' || /\.csv$/i.test(file.name)) return null;
  return { code: 'file-invalid-type', message: 'not a .csv file' };
}

/** Drag-and-drop (or click) upload of one CSV results file (Results.Upload). */
export function ResultsDropzone() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const upload = useUploadResults();

  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file || upload.isPending) return;
    upload.mutate(file, {
      onSuccess: (created) => notifySuccess(t('results.uploaded', { fileName: created.fileName })),
      onError: (error) =>
        notifyError(
          isApiError(error) ? error.message : t('results.uploadFailed'),
          t('results.uploadFailedTitle'),
        ),
    });
  };

  const onReject = (rejections: FileRejection[]) => {
    const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
    const message = codes.has('too-many-files')
      ? t('results.dropzone.oneFile')
      : codes.has('file-too-large')
        ? translateMessage('resultsFileTooLarge', locale, { max: maxMegabytes })
        : t('results.dropzone.csvOnly');
    notifyError(message, t('results.uploadFailedTitle'));
  };

  return (
    <Dropzone
      onDrop={onDrop}
      onReject={onReject}
      validator={csvFileError}
      inputProps={{ accept: '.csv,text/csv', 'aria-label': t('results.dropzone.inputLabel') }}
      maxSize={maxResultsFileBytes}
      maxFiles={1}
      multiple={false}
      loading={upload.isPending}
      disabled={upload.isPending}
      radius="md"
      data-testid="results-dropzone"
      data-uploading={upload.isPending || undefined}
    >
      <Group justify="center" gap="xl" mih={120} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <ThemeIcon size={52} radius="xl" variant="light" color="blue">
            <IconUpload size={28} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Accept>
        <Dropzone.Reject>
          <ThemeIcon size={52} radius="xl" variant="light" color="red">
            <IconX size={28} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Reject>
        <Dropzone.Idle>
          <ThemeIcon size={52} radius="xl" variant="light" color="gray">
            <IconFileSpreadsheet size={28} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Idle>
        <Stack gap={4}>
          <Text fz="lg" fw={600}>
            {upload.isPending
              ? t('results.dropzone.uploading', { fileName: upload.variables?.name ?? '' })
              : t('results.dropzone.title')}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('results.dropzone.hint', { max: maxMegabytes })}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
