import { Permissions } from '@genodesk/contract/permissions';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePermissions } from '@/features/auth/api/get-current-user';
import { getSampleByBarcode } from '@/features/samples/api/sample-by-barcode';
import { isApiError, isNotFound } from '@/lib/api-client';
import { useBarcodeWedge } from '@/lib/barcode-wedge';
import { notifyError } from '@/lib/notify';

/** Opens the sample a scan names, on any screen that has not claimed scans for itself. */
function OpenScannedSample() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBarcodeWedge((barcode) => {
    getSampleByBarcode(barcode).then(
      (sample) => navigate(paths.samples.view(sample.id)),
      (error: unknown) =>
        notifyError(
          isApiError(error) ? error.message : t('errors.loadFailed'),
          isNotFound(error) ? t('scan.unknownTitle') : undefined,
        ),
    );
  });
  return null;
}

/** A barcode scanner (keyboard wedge) works on every screen for those who may see samples. */
export function BarcodeScanner() {
  const permissions = usePermissions();
  return permissions.includes(Permissions.SamplesView) ? <OpenScannedSample /> : null;
}
