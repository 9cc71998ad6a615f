import { Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The dark modules of a QR code as one SVG path, one unit square per module. */
export function qrPath(text: string): { size: number; path: string } {
  // M is what Czech banks print on QR Platba invoices: readable from a screen or a creased paper.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
  return { size: modules.size, path };
}

const quietZone = 4;

/** A QR Platba code of a SPAYD string, drawn as SVG (sharp at any size, printable), with its label. */
export function QrPlatba({ spayd, size = 200 }: { spayd: string; size?: number }) {
  const { t } = useTranslation();
  const qr = useMemo(() => qrPath(spayd), [spayd]);
  const box = qr.size + 2 * quietZone;
  return (
    <Stack gap={4} align="center" w={size}>
      <svg
        viewBox={`${-quietZone} ${-quietZone} ${box} ${box}`}
        width={size}
        height={size}
        role="img"
        aria-label={t('finances.bankTransfer.qrLabel')}
        shapeRendering="crispEdges"
        data-testid="qr-platba"
        data-spayd={spayd}
        style={{ background: 'white', borderRadius: 4 }}
      >
        <path d={qr.path} fill="black" />
      </svg>
      <Text fz="xs" fw={700} tt="uppercase" lts={1}>
        {t('finances.bankTransfer.qrCaption')}
      </Text>
    </Stack>
  );
}
