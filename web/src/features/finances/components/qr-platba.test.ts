import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-platba';

describe('qrPath', () => {
  it('draws exactly the dark modules of the SPAYD string’s QR code', () => {
    const text = 'SPD*1.0*ACC:CZ6508000000192000145399*AM:5990.00*CC:CZK*MSG:GenoDesk 2300004*X-VS:2300004';
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const { size, path } = qrPath(text);
    expect(size).toBe(modules.size);
    const dark = [...modules.data].filter(Boolean).length;
    expect(path.match(/M/g)).toHaveLength(dark);
    // The three finder patterns' corners are dark.
    expect(path).toContain('M0 0h1v1h-1z');
    expect(path).toContain(`M${size - 1} 0h1v1h-1z`);
    expect(path).toContain(`M0 ${size - 1}h1v1h-1z`);
  });
});
