import {
  ResultUploadStatus,
  resultUploadStatusLabels,
  type SampleStatus,
  sampleStatusLabels,
  type UnpairableReason,
  unpairableReasonLabels,
} from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';
import { intlLocale, numberFormat } from '@/lib/format';

/** The uploads list's status filter for processing or generating results (the dashboard links to it). */
export const uploadsInProgressFilter = `${ResultUploadStatus.Processing},${ResultUploadStatus.GeneratingResults}`;

/** SPEC §4 upload status in the reader's language. */
export function uploadStatusName(status: number, locale: Locale): string {
  return resultUploadStatusLabels[status as ResultUploadStatus]?.[locale] ?? String(status);
}

/** Processing and generating are blue, complete green, inspection required orange, failed red. */
export function uploadStatusColor(status: number): string {
  switch (status) {
    case ResultUploadStatus.Complete:
      return 'green';
    case ResultUploadStatus.CompleteInspectionRequired:
      return 'orange';
    case ResultUploadStatus.Failed:
      return 'red';
    default:
      return 'blue';
  }
}

export function unpairableReasonName(reason: string, locale: Locale): string {
  return unpairableReasonLabels[reason as UnpairableReason]?.[locale] ?? reason;
}

export function sampleStatusText(status: number | null, locale: Locale): string {
  if (status === null) return '—';
  return sampleStatusLabels[status as SampleStatus]?.[locale] ?? String(status);
}

/** The share of reports generated so far, 0–100 (100 when there is nothing to generate). */
export function generatedPercent(generated: number, toBeGenerated: number): number {
  if (toBeGenerated <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((generated / toBeGenerated) * 100)));
}

/** A file size in B, kB or MB (decimal units, one decimal place above bytes). */
export function formatFileSize(bytes: number, locale: Locale): string {
  const format = (value: number) =>
    numberFormat(intlLocale[locale], { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1000) return `${format(bytes)} B`;
  if (bytes < 1_000_000) return `${format(bytes / 1000)} kB`;
  return `${format(bytes / 1_000_000)} MB`;
}
