import { ResultUploadStatus } from '@genodesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, killGroup, startProcess, waitFor } from './processes.js';
import { plateState, processedOnce, resultsFile, samplesAwaitingResults } from './results-plate.js';
import { demo, type TestApp, testApp } from './test-app.js';

/**
 * Job workers in processes of their own, as `npm run worker` runs them, killed or stopped in the middle
 * of a results upload: the job is finished by a worker, exactly once.
 */
let t: TestApp;
const running: AppProcess[] = [];

beforeAll(async () => {
  t = await testApp();
});
afterEach(async () => {
  // A test that failed half-way leaves its workers running: they would take the next test's job.
  for (const worker of running.splice(0)) {
    killGroup(worker);
    await worker.exited;
  }
});
afterAll(async () => {
  await t.close();
});

const worker = () => {
  const started = startProcess('worker', { DATABASE_URL: t.url, SEED_DEMO: '0' });
  running.push(started);
  return started;
};

/** A plate of samples awaiting results and its file, uploaded by the lab: the processing job waits. */
async function uploadPlate(samples: number, genes: number) {
  const codes = await samplesAwaitingResults(t.db.$client, samples);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/results/upload?FileName=deska.csv',
    headers: { ...(await t.authAs(demo.lab)), 'content-type': 'text/csv' },
    payload: resultsFile(codes, genes),
  });
  expect(response.statusCode).toBe(202);
  return { uploadId: (response.json() as { id: number }).id, codes, genes };
}

const jobOf = async (uploadId: number) => {
  const { rows } = await t.db.$client.query<{ state: string; retry_count: number }>(
    `select state, retry_count from pgboss.job where name = 'process-results-upload' and data->>'uploadId' = $1`,
    [String(uploadId)],
  );
  return rows;
};

/** Complete, or complete with reports to inspect (made-up genes fall back to default templates). */
const finished: number[] = [ResultUploadStatus.Complete, ResultUploadStatus.CompleteInspectionRequired];

const uploadStatus = async (uploadId: number) => {
  const { rows } = await t.db.$client.query<{ status: number }>(
    'select status from result_uploads where id = $1',
    [uploadId],
  );
  return rows[0]?.status;
};

/** What one processing of the plate leaves, whatever happened to the workers on the way. */
async function expectProcessedOnce({ uploadId, codes, genes }: Awaited<ReturnType<typeof uploadPlate>>) {
  expect(finished).toContain(await uploadStatus(uploadId));
  expect(await plateState(t.db.$client, codes, uploadId)).toEqual(processedOnce(codes, genes));
  expect((await jobOf(uploadId)).map((job) => job.state)).toEqual(['completed']);
}

describe('job workers in their own processes', () => {
  it('a worker killed with SIGKILL during a results job: another worker finishes it, exactly once, within 90 s', async () => {
    const plate = await uploadPlate(300, 1000);
    const first = worker();
    await waitFor(
      'the first worker to take the job',
      async () => (await jobOf(plate.uploadId))[0]?.state === 'active',
      60_000,
    );
    // Into the processing itself: pairing, storing genotypes, generating reports.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    killGroup(first);
    await first.exited;
    expect(finished).not.toContain(await uploadStatus(plate.uploadId));

    const killedAt = Date.now();
    const second = worker();
    await waitFor(
      'the second worker to finish the upload',
      async () => finished.includes((await uploadStatus(plate.uploadId)) ?? 0),
      90_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(90_000);
    await waitFor(
      'the job to complete',
      async () => (await jobOf(plate.uploadId))[0]?.state === 'completed',
      10_000,
    );
    await expectProcessedOnce(plate);
    // The killed attempt was taken again. More attempts may follow it on a machine too busy to open a
    // connection within 3 s (the pool's limit): each is a retry of the same job, and the plate above
    // shows it was processed once whatever their number.
    expect((await jobOf(plate.uploadId))[0]?.retry_count).toBeGreaterThanOrEqual(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('a worker stopped with SIGTERM finishes its job or hands it back, and exits 0', async () => {
    const plate = await uploadPlate(200, 1000);
    const first = worker();
    await waitFor(
      'the worker to take the job',
      async () => (await jobOf(plate.uploadId))[0]?.state === 'active',
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopping = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(15_000);
    expect(first.output()).toContain('SIGTERM: stopping');

    const [job] = await jobOf(plate.uploadId);
    if (job?.state !== 'completed') {
      // Handed back: waiting for its next attempt, which a worker started later completes.
      expect(['retry', 'created']).toContain(job?.state);
      const second = worker();
      await waitFor(
        'another worker to finish the upload',
        async () => (await jobOf(plate.uploadId))[0]?.state === 'completed',
        90_000,
      );
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    await expectProcessedOnce(plate);
  }, 180_000);
});
