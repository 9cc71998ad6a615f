import { MailingStatus, messageKinds } from '@genodesk/contract/messaging';
import { describe, expect, it } from 'vitest';
import { formatPragueDateTime } from '@/lib/format';
import cs from '@/locales/cs.json';
import en from '@/locales/en.json';
import { mailingPollInterval } from '../api/get-mailing';
import { deliveryPollMs, queueingPollMs } from '../api/keys';

const mailing = (status: number, queued: number, sent: number, failed: number) => ({
  id: 1,
  subject: 's',
  to: null,
  filter: {},
  status,
  recipients: queued,
  queued,
  sent,
  failed,
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: null,
  finishedAt: null,
});

describe('outbox times', () => {
  it('are shown on the clock of Prague, in winter and in summer', () => {
    expect(formatPragueDateTime('2026-01-15T23:30:00Z', 'cs')).toBe('16. 1. 2026 0:30');
    expect(formatPragueDateTime('2026-07-15T10:05:00Z', 'en')).toBe('15 Jul 2026, 12:05');
    expect(formatPragueDateTime(null, 'cs')).toBe('—');
  });
});

describe('following a mailing', () => {
  it('polls quickly while it is written to the outbox, slowly while delivered, then stops', () => {
    expect(mailingPollInterval(mailing(MailingStatus.Queued, 0, 0, 0))).toBe(queueingPollMs);
    expect(mailingPollInterval(mailing(MailingStatus.Queueing, 5000, 0, 0))).toBe(queueingPollMs);
    expect(mailingPollInterval(mailing(MailingStatus.Done, 10, 4, 1))).toBe(deliveryPollMs);
    expect(mailingPollInterval(mailing(MailingStatus.Done, 10, 9, 1))).toBe(false);
    expect(mailingPollInterval(mailing(MailingStatus.Failed, 0, 0, 0))).toBe(false);
    expect(mailingPollInterval(undefined)).toBe(false);
  });
});

describe('message kinds', () => {
  it('has a name for every kind of the contract, in Czech and in English', () => {
    for (const [locale, texts] of [
      ['cs', cs],
      ['en', en],
    ] as const) {
      const names = (texts as { messaging: { outbox: { kinds: Record<string, string> } } }).messaging.outbox
        .kinds;
      for (const kind of messageKinds) expect(names[kind], `${locale} ${kind}`).toBeTruthy();
    }
  });
});
