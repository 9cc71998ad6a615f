import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend most of their time waiting (on processes they start, on a heartbeat, a lease or a
 * retry to run out), longest first. They begin the run, so their waits pass while the other workers
 * run the rest; last, as a clean clone orders them (by size: they are short), one worker would wait
 * alone for two minutes at the end.
 */
const waitingFiles = [
  'test/delivery.test.ts',
  'test/workers.test.ts',
  'test/start.test.ts',
  'test/database-restart.test.ts',
  'test/production-start.test.ts',
  'test/nodes.test.ts',
];

/**
 * Files that time what they test against a bound (a hung database answered within 5 s, an SMTP send's
 * 1.5 s deadline, a render's time limit): they end the run, once the type check and the build beside
 * it are done and the machine is the tests' again.
 */
const timingFiles = [
  'test/database-hang.test.ts',
  'src/modules/messaging/delivery-faults.test.ts',
  'src/modules/products/report-pdf/render.test.ts',
];

class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const waiting = waitingFiles.findIndex((name) => file.moduleId.endsWith(name));
      if (waiting !== -1) return waiting;
      const timing = timingFiles.findIndex((name) => file.moduleId.endsWith(name));
      return timing === -1 ? waitingFiles.length : waitingFiles.length + 1 + timing;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database. The files wait more than they compute (under half of two
    // cores is used with two workers), so four run at once.
    maxWorkers: 4,
    // A worker imports the app once for all its files, not once per file (that import was most of the
    // suite's CPU). Files share the process's module state: counters are compared before and after.
    isolate: false,
    sequence: { sequencer: WaitingFirst },
  },
});
