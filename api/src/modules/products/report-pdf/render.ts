import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReportDocument } from './document.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The only fonts the compiler gets (DejaVu, shipped as the `dejavu-fonts-ttf` package). */
export const reportFontFiles = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSans-Oblique.ttf',
  'DejaVuSans-BoldOblique.ttf',
  'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold.ttf',
].map((file) => join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', file));

type Task = {
  id: number;
  data: string;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; task: Task | null };

/**
 * A small pool of worker threads rendering report PDFs with Typst, so rendering never blocks the
 * API's event loop: `size` threads (each ~200 ms of CPU per 10-page report), tasks queued in order,
 * a thread's failure rejects its task and the thread is replaced at the next task. Idle threads do
 * not keep the process alive.
 */
export class ReportPdfPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size = Math.max(1, Math.min(2, availableParallelism())),
    private readonly pdfStandard = 'a-2b',
  ) {}

  render(document: ReportDocument): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the report PDF renderer is closed'));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, data: JSON.stringify(document), resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every thread; queued and running renders are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the report PDF renderer closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.task === null);
      if (!slot && this.slots.length < this.size) slot = this.start();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, data: task.data });
    }
  }

  private start(): Slot {
    const worker = new Worker(join(here, 'render-worker.mjs'), {
      workerData: {
        workspace: here,
        mainFile: join(here, 'report.typ'),
        fontFiles: reportFontFiles,
        pdfStandard: this.pdfStandard,
      },
    });
    const slot: Slot = { worker, task: null };
    worker.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      slot.task = null;
      worker.unref();
      if (message.pdf)
        task.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else task.reject(new Error(message.error ?? 'the report PDF was not rendered'));
      this.dispatch();
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.task?.reject(error);
      slot.task = null;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a report PDF thread stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}

let shared: ReportPdfPool | null = null;

/** Renders a report PDF (PDF/A-2b, tagged) on the process's shared pool, started at the first use. */
export function renderReportPdf(document: ReportDocument): Promise<Buffer> {
  shared ??= new ReportPdfPool();
  return shared.render(document);
}

/** Ends the shared pool (a shutdown step); a later render starts a new one. */
export async function closeReportPdfRenderer(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
