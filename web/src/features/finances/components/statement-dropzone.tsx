import '@mantine/dropzone/styles.css';
import type { BankStatementDetail } from '@genodesk/contract/finances';
import { maxStatementBytes } from '@genodesk/contract/finances';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileInvoice, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useImportStatement } from '../api/import-statement';

const maxMegabytes = Math.round(maxStatementBytes / (1024 * 1024));

/** Banks name the export .gpc (or .abo, or .txt): the content decides, the server checks it. */
const statementExtensions = /\.(gpc|abo|txt)$/i;

export function statementFileError(file: { name?: unknown }): { code: string; message: string } | null {
  if (typeof file.name !== 'string' || statementExtensions.test(file.name)) return null;
  return { code: 'file-invalid-type', message: 'not a GPC statement' };
}

/** Drag-and-drop (or click) import of one GPC (ABO) bank statement. */
export function StatementDropzone({ onImported }: { onImported: (statement: BankStatementDetail) => void }) {
  const { t } = useTranslation();
  const importer = useImportStatement();

  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file || importer.isPending) return;
    importer.mutate(file, {
      onSuccess: (statement) => {
        notifySuccess(
          t('finances.statements.imported', { matched: statement.matched, unmatched: statement.unmatched }),
        );
        onImported(statement);
      },
      onError: (error) =>
        notifyError(isApiError(error) ? error.message : '', t('finances.statements.importFailed')),
    });
  };

  const onReject = (rejections: FileRejection[]) => {
    const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
    const message = codes.has('too-many-files')
      ? t('finances.statements.dropzone.oneFile')
      : codes.has('file-too-large')
        ? t('finances.statements.dropzone.tooLarge', { max: maxMegabytes })
        : t('finances.statements.dropzone.gpcOnly');
    notifyError(message, t('finances.statements.importFailed'));
  };

  return (
    <Dropzone
      onDrop={onDrop}
      onReject={onReject}
      validator={statementFileError}
      inputProps={{ accept: '.gpc,.abo,.txt', 'aria-label': t('finances.statements.dropzone.inputLabel') }}
      maxSize={maxStatementBytes}
      maxFiles={1}
      multiple={false}
      loading={importer.isPending}
      disabled={importer.isPending}
      radius="md"
      mb="lg"
      data-testid="statement-dropzone"
    >
      <Group justify="center" gap="xl" mih={100} style={{ pointerEvents: 'none' }}>
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
            <IconFileInvoice size={28} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Idle>
        <Stack gap={4}>
          <Text fz="lg" fw={600}>
            {importer.isPending
              ? t('finances.statements.dropzone.importing', { fileName: importer.variables?.name ?? '' })
              : t('finances.statements.dropzone.title')}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('finances.statements.dropzone.hint', { max: maxMegabytes })}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
