import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { syntheticReportSource } from '../../../../bench/report-source.js';
import { loadConfig } from '../../../config.js';
import { AppError } from '../../../http/errors.js';
import { reportDocumentFrom } from './document.js';
import { defaultReportTexts } from './labels.js';
import { maxQueuedRenders, ReportPdfPool, renderNiceness } from './render.js';

// The render's time limit, for real: a report far too long to render within the limit (thousands
// of phenotypes, ~10 s of Typst) against a pool whose limit is 2 s. No mock: the rendering process is
// really busy in the compiler when it is killed.

const documentOf = (phenotypes: number) =>
  reportDocumentFrom(syntheticReportSource({ seed: 7, status: 3, phenotypes, categories: 8 }), {
    locale: 'cs',
    preview: false,
    verification: { code: '7KQ2M-XR4TD', url: 'https://lab.example.cz/verify/7KQ2M-XR4TD' },
    company: loadConfig({}).reportCompany,
    texts: defaultReportTexts.cs,
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const pool = new ReportPdfPool(1, 'a-2b', 2_000);
afterAll(() => pool.close());

describe('ReportPdfPool time limit', () => {
  it('kills a render past its limit, answers 503 reportPdfTimedOut, and renders the next report in a new process', async () => {
    const small = await documentOf(3);
    // The process started (cold, given time for it on a busy machine) and warm.
    expect((await pool.render(small, { timeoutMs: 30_000 })).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [first] = pool.pids;
    expect(first).toBeDefined();
    // It renders at a lower priority than the API, which keeps answering staff while it works.
    expect(getPriority(first)).toBe(renderNiceness);
    expect(getPriority(first)).toBeGreaterThan(getPriority());

    const huge = await documentOf(8000);
    const started = Date.now();
    const refused = await pool.render(huge).then(
      () => null,
      (error: unknown) => error,
    );
    const waited = Date.now() - started;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'REPORT_PDF_TIMEOUT',
      messageKey: 'reportPdfTimedOut',
    });
    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect(waited).toBeLessThan(6_000);
    expect(pool.timedOut).toBe(1);
    // The slot is free at once and the killed process is gone.
    expect(pool.pids).toEqual([]);
    await expect.poll(() => alive(first!), { timeout: 5_000 }).toBe(false);

    // The next report gets a new process (started cold: given time for it on a busy machine).
    const next = await pool.render(small, { timeoutMs: 30_000 });
    expect(next.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pool.pids).toHaveLength(1);
    expect(pool.pids[0]).not.toBe(first);
    expect(pool.timedOut).toBe(1);
  });

  it('limits each render by the time given with it', async () => {
    const refused = await pool.render(await documentOf(3), { timeoutMs: 1 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'REPORT_PDF_TIMEOUT' });
    expect((await pool.render(await documentOf(3), { timeoutMs: 30_000 })).length).toBeGreaterThan(1000);
  });
});

describe('ReportPdfPool bounds (issue 36)', () => {
  it("refuses a user's third render at once (429) and any past the queue's bound (503); the others render", async () => {
    const bounded = new ReportPdfPool(1, 'a-2b', 30_000);
    try {
      const small = await documentOf(3);
      const settle = (promise: Promise<Buffer>) =>
        promise.then(
          (pdf) => ({ ok: true as const, pdf }),
          (error: unknown) => ({ ok: false as const, error }),
        );
      const mine = [1, 2, 3].map(() => settle(bounded.render(small, { owner: 7 })));
      const third = await mine[2]!;
      expect(third).toMatchObject({
        ok: false,
        error: { statusCode: 429, code: 'REPORT_PDF_BUSY', messageKey: 'reportPdfBusyForUser' },
      });
      // Others fill the queue to its bound; the next is refused without waiting.
      const others = Array.from({ length: maxQueuedRenders + 3 }, (_, i) =>
        settle(bounded.render(small, { owner: 100 + i })),
      );
      const outcomes = await Promise.all([...mine.slice(0, 2), ...others]);
      const refused = outcomes.filter((o) => !o.ok);
      expect(refused.length).toBeGreaterThan(0);
      for (const o of refused)
        expect(o).toMatchObject({ error: { statusCode: 503, messageKey: 'reportPdfBusy' } });
      // Everything admitted was rendered.
      expect(outcomes.filter((o) => o.ok)).toHaveLength(outcomes.length - refused.length);
      expect(outcomes.filter((o) => o.ok).length).toBeGreaterThanOrEqual(maxQueuedRenders);
    } finally {
      await bounded.close();
    }
  }, 120_000);
});

describe('a withheld phenotype in the document (issue 35)', () => {
  it('takes with it every fired combination built on it, from the summary and the combinations', async () => {
    const source = syntheticReportSource({ seed: 11, status: 3, phenotypes: 12, categories: 2 });
    const phenotypes = source.content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
    const [first, second] = phenotypes;
    const rule = (ruleId: number, on: typeof phenotypes) => ({
      ruleId,
      name: `Kombinace ${ruleId}`,
      nameEn: `Combination ${ruleId}`,
      risk: 4,
      clinicalWeight: 4,
      text: `<p>Text kombinace ${ruleId}</p>`,
      textEn: `<p>Combination text ${ruleId}</p>`,
      phenotypes: on.map((p) => ({
        geneCombinationId: p.geneCombinationId,
        phenotype: p.phenotype,
        phenotypeEn: p.phenotypeEn,
      })),
    });
    source.content.combinations = [rule(1, [first!, second!]), rule(2, [second!])];
    first!.withheld = {
      by: { id: 1, userName: 'MUDr. Test' },
      at: new Date().toISOString(),
      reason: 'konzultace',
    };
    const document = await reportDocumentFrom(source, {
      locale: 'cs',
      preview: false,
      verification: { code: '7KQ2M-XR4TD', url: 'https://lab.example.cz/verify/7KQ2M-XR4TD' },
      company: loadConfig({}).reportCompany,
      texts: defaultReportTexts.cs,
    });
    expect(document.combinations.map((c) => c.name)).toEqual(['Kombinace 2']);
    expect(document.summary.filter((f) => f.combination).map((f) => f.phenotype)).toEqual(['Kombinace 2']);
    expect(JSON.stringify(document)).not.toContain('Text kombinace 1');
  });
});
