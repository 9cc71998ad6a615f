import { translateMessage } from '@genodesk/contract/messages';
import { maxResultsFileBytes } from '@genodesk/contract/results';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileDropzone, fileNameValidator } from '@/components/file-dropzone';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useUploadResults } from '../api/upload-results';

const maxMegabytes = Math.round(maxResultsFileBytes / (1024 * 1024));

/** Systems label .csv files as text/csv, Excel or plain text: the extension decides, not the type. */
export const csvFileError = fileNameValidator(/\.csv$/i, 'not a .csv file');

/** Drag-and-drop (or click) upload of one CSV results file (Results.Upload). */
export function ResultsDropzone() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const upload = useUploadResults();

  const onFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: (created) => notifySuccess(t('results.uploaded', { fileName: created.fileName })),
      onError: (error) =>
        notifyError(
          isApiError(error) ? error.message : t('results.uploadFailed'),
          t('results.uploadFailedTitle'),
        ),
    });

  return (
    <FileDropzone
      onFile={onFile}
      pending={upload.isPending}
      validator={csvFileError}
      inputProps={{ accept: '.csv,text/csv', 'aria-label': t('results.dropzone.inputLabel') }}
      maxSize={maxResultsFileBytes}
      idleIcon={<IconFileSpreadsheet size={28} stroke={1.5} />}
      title={
        upload.isPending
          ? t('results.dropzone.uploading', { fileName: upload.variables?.name ?? '' })
          : t('results.dropzone.title')
      }
      hint={t('results.dropzone.hint', { max: maxMegabytes })}
      refused={{
        title: t('results.uploadFailedTitle'),
        oneFile: t('results.dropzone.oneFile'),
        tooLarge: translateMessage('resultsFileTooLarge', locale, { max: maxMegabytes }),
        wrongType: t('results.dropzone.csvOnly'),
      }}
      data-testid="results-dropzone"
      data-uploading={upload.isPending || undefined}
    />
  );
}
