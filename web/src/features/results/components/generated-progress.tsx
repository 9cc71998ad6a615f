import { ResultUploadStatus } from '@genodesk/contract/enums';
import type { ResultUpload } from '@genodesk/contract/results';
import { Progress, Stack, Text } from '@mantine/core';
import { generatedPercent } from './labels';

/** Reports generated of those to be generated; a small bar while the upload is generating results. */
export function GeneratedProgress({ upload }: { upload: ResultUpload }) {
  const generating = upload.status === ResultUploadStatus.GeneratingResults;
  return (
    <Stack gap={4} w={110}>
      <Text fz="sm" data-testid="result-generated">{`${upload.generated} / ${upload.toBeGenerated}`}</Text>
      {generating && (
        <Progress
          size="sm"
          value={generatedPercent(upload.generated, upload.toBeGenerated)}
          animated
          data-testid="result-generating-progress"
        />
      )}
    </Stack>
  );
}
