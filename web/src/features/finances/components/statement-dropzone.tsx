import type { BankStatementDetail } from '@genodesk/contract/finances';
import { maxStatementBytes } from '@genodesk/contract/finances';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileDropzone, fileNameValidator } from '@/components/file-dropzone';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useImportStatement } from '../api/import-statement';

const maxMegabytes = Math.round(maxStatementBytes / (1024 * 1024));

/** Banks name the export .gpc (or .abo, or .txt): the content decides, the server checks it. */
export const statementFileError = fileNameValidator(/\.(gpc|abo|txt)$/i, 'not a GPC statement');

/** Drag-and-drop (or click) import of one GPC (ABO) bank statement. */
export function StatementDropzone({ onImported }: { onImported: (statement: BankStatementDetail) => void }) {
  const { t } = useTranslation();
  const importer = useImportStatement();

  const onFile = (file: File) =>
    importer.mutate(file, {
      onSuccess: (statement) => {
        notifySuccess(
          t('finances.statements.imported', { matched: statement.matched, unmatched: statement.unmatched }),
        );
        onImported(statement);
      },
      onError: (error) => notifyApiError(error, '', t('finances.statements.importFailed')),
    });

  return (
    <FileDropzone
      onFile={onFile}
      pending={importer.isPending}
      validator={statementFileError}
      inputProps={{ accept: '.gpc,.abo,.txt', 'aria-label': t('finances.statements.dropzone.inputLabel') }}
      maxSize={maxStatementBytes}
      idleIcon={<IconFileInvoice size={28} stroke={1.5} />}
      title={
        importer.isPending
          ? t('finances.statements.dropzone.importing', { fileName: importer.variables?.name ?? '' })
          : t('finances.statements.dropzone.title')
      }
      hint={t('finances.statements.dropzone.hint', { max: maxMegabytes })}
      refused={{
        title: t('finances.statements.importFailed'),
        oneFile: t('finances.statements.dropzone.oneFile'),
        tooLarge: t('finances.statements.dropzone.tooLarge', { max: maxMegabytes }),
        wrongType: t('finances.statements.dropzone.gpcOnly'),
      }}
      mih={100}
      mb="lg"
      data-testid="statement-dropzone"
    />
  );
}
