import { describe, expect, it } from 'vitest';
import { loadConfig, startRefusals } from './config.js';

describe('the report PDF settings', () => {
  it('has a demo laboratory header without a company ID, and a 30 s render limit, when nothing is set', () => {
    const config = loadConfig({});
    expect(config.reportCompany).toEqual({
      name: 'GenoDesk s.r.o.',
      address: 'Laboratorní 1234/5, 110 00 Praha 1',
      contact: ['tel. +420 123 456 789 · laborator@genodesk.test · www.genodesk.test'],
      id: null,
      accreditation: null,
      method: { cs: null, en: null },
      genomeBuild: 'GRCh38',
      signing: null,
    });
    expect(config.reportPdfTimeoutMs).toBe(30_000);
  });

  it('reads COMPANY_* (contact lines split at |, blanks trimmed) and REPORT_PDF_TIMEOUT_MS', () => {
    const config = loadConfig({
      COMPANY_NAME: ' Laboratoř Šumava a.s. ',
      COMPANY_ADDRESS: 'Náměstí 12, 385 01 Vimperk',
      COMPANY_CONTACT: 'tel. +420 388 000 111 | lab@sumava.test ||',
      COMPANY_ID: ' 87654321 ',
      REPORT_PDF_TIMEOUT_MS: '5000',
    });
    expect(config.reportCompany).toEqual({
      name: 'Laboratoř Šumava a.s.',
      address: 'Náměstí 12, 385 01 Vimperk',
      contact: ['tel. +420 388 000 111', 'lab@sumava.test'],
      id: '87654321',
      accreditation: null,
      method: { cs: null, en: null },
      genomeBuild: 'GRCh38',
      signing: null,
    });
    expect(config.reportPdfTimeoutMs).toBe(5000);
  });

  it('refuses a render limit that is not a positive whole number', () => {
    expect(() => loadConfig({ REPORT_PDF_TIMEOUT_MS: '0' })).toThrow(/REPORT_PDF_TIMEOUT_MS/);
    expect(() => loadConfig({ REPORT_PDF_TIMEOUT_MS: 'soon' })).toThrow(/REPORT_PDF_TIMEOUT_MS/);
  });
});

describe('whole-number settings', () => {
  it('are read from the environment it is given, not the process’s', () => {
    const config = loadConfig({ PORT: '4123', SESSION_MAX_HOURS: '3', RESULTS_MAX_UPLOAD_BYTES: '1000' });
    expect(config.port).toBe(4123);
    expect(config.sessionMaxHours).toBe(3);
    expect(config.resultsMaxUploadBytes).toBe(1000);
    expect(() => loadConfig({ IDLE_TIMEOUT_MS: 'soon' })).toThrow(/IDLE_TIMEOUT_MS/);
  });
});

describe('what a real deployment must set (startRefusals)', () => {
  const key = 'k3y-0123456789abcdefghijklmnopqrstuvwxyz';
  const other = 'another-0123456789ABCDEFGHIJKLMNOPQRSTUV';
  it('asks nothing of the embedded demo on this machine', () => {
    expect(startRefusals(loadConfig({}))).toEqual([]);
    expect(startRefusals(loadConfig({ HOST: 'localhost' }))).toEqual([]);
  });

  it('asks for both keys and the public address with a DATABASE_URL, a public HOST or NODE_ENV=production', () => {
    for (const env of [
      { DATABASE_URL: 'postgres://x@db/genodesk' },
      { HOST: '0.0.0.0' },
      { NODE_ENV: 'production' },
    ])
      expect(startRefusals(loadConfig(env)).map((line) => line.split(' ')[1])).toEqual([
        'JWT_SECRET',
        'SEALING_KEY',
        'PUBLIC_URL',
      ]);
    const complete = {
      NODE_ENV: 'production',
      JWT_SECRET: key,
      SEALING_KEY: other,
      PUBLIC_URL: 'https://lab.example.cz',
    };
    expect(startRefusals(loadConfig(complete))).toEqual([]);
    // Weak or shared keys count as missing.
    expect(startRefusals(loadConfig({ ...complete, JWT_SECRET: 'a'.repeat(40) }))[0]).toMatch(
      /^Set JWT_SECRET/,
    );
    expect(startRefusals(loadConfig({ ...complete, SEALING_KEY: key }))[0]).toMatch(/^Set SEALING_KEY/);
    expect(startRefusals(loadConfig({ ...complete, SEALING_KEY: 'short-key-1234' }))[0]).toMatch(
      /^Set SEALING_KEY/,
    );
  });
});
