import { translateMessage } from '@genodesk/contract/messages';
import { maxLabFileBytes } from '@genodesk/contract/results';
import { Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropzone, fileNameValidator } from '@/components/file-dropzone';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { type UploadOptions, useUploadResults } from '../api/upload-results';

const maxMegabytes = Math.floor(maxLabFileBytes / (1024 * 1024));

/**
 * The lab's files by their extension (systems label them as anything): this project's CSV, VCF plain or
 * bgzipped, an Illumina Final Report (.txt, .csv), 23andMe and AncestryDNA raw data (.txt). The server
 * reads the format from the content.
 */
export const resultsFileError = fileNameValidator(
  /\.(csv|tsv|txt|vcf|vcf\.gz|vcf\.bgz|gz)$/i,
  'not a results file',
);

/** Drag-and-drop (or click) upload of one results file (Results.Upload), with what a lab format may need. */
export function ResultsDropzone() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const upload = useUploadResults();
  const [build, setBuild] = useState<string | null>(null);
  const [barcode, setBarcode] = useState('');
  const [allPositions, setAllPositions] = useState(false);

  const onFile = (file: File) => {
    const options: UploadOptions = {
      genomeBuild: build === '37' ? 37 : build === '38' ? 38 : undefined,
      barcode,
      allPositions,
    };
    upload.mutate(
      { file, options },
      {
        onSuccess: (created) => notifySuccess(t('results.uploaded', { fileName: created.fileName })),
        onError: (error) =>
          notifyError(
            isApiError(error) ? error.message : t('results.uploadFailed'),
            t('results.uploadFailedTitle'),
          ),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md" data-testid="results-upload-options">
        <Select
          label={t('results.options.build')}
          description={t('results.options.buildHint')}
          placeholder={t('results.options.buildFromFile')}
          data={[
            { value: '37', label: 'GRCh37 (hg19)' },
            { value: '38', label: 'GRCh38 (hg38)' },
          ]}
          value={build}
          onChange={setBuild}
          clearable
          w={240}
          data-testid="results-option-build"
        />
        <TextInput
          label={t('results.options.barcode')}
          description={t('results.options.barcodeHint')}
          value={barcode}
          onChange={(event) => setBarcode(event.currentTarget.value)}
          maxLength={50}
          w={240}
          data-testid="results-option-barcode"
        />
        <Checkbox
          label={t('results.options.allPositions')}
          checked={allPositions}
          onChange={(event) => setAllPositions(event.currentTarget.checked)}
          mb={8}
          data-testid="results-option-all-positions"
        />
      </Group>
      <FileDropzone
        onFile={onFile}
        pending={upload.isPending}
        validator={resultsFileError}
        inputProps={{
          accept: '.csv,.tsv,.txt,.vcf,.gz,text/csv,text/plain',
          'aria-label': t('results.dropzone.inputLabel'),
        }}
        maxSize={maxLabFileBytes}
        idleIcon={<IconFileSpreadsheet size={28} stroke={1.5} />}
        title={
          upload.isPending
            ? t('results.dropzone.uploading', { fileName: upload.variables?.file.name ?? '' })
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
    </Stack>
  );
}
