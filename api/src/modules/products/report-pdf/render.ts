import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { availableParallelism, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../../http/errors.js';
import { reportRenderDuration } from '../../../observability/metrics.js';
import { inSpan } from '../../../observability/spans.js';
import type { ReportDocument } from './document.js';
import type { ReportSignature } from './signing.js';

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

/** What a rendering process's compiler is made of (report-compiler.mjs): the template, its folder, the fonts. */
export const reportCompilerOptions = {
  workspace: here,
  mainFile: join(here, 'report.typ'),
  fontFiles: reportFontFiles,
};

/** How long a render may take by default before its process is killed (`REPORT_PDF_TIMEOUT_MS`). */
export const defaultRenderTimeoutMs = 30_000;

/** A render that took longer than its time limit: its process was killed and is replaced. */
export const renderTimedOut = () => new AppError(503, 'REPORT_PDF_TIMEOUT', 'reportPdfTimedOut');

/** Renders waiting in the pool at most (issue 36): past it a new one is refused at once, 503. */
export const maxQueuedRenders = 12;
/** One user's renders waiting or running at most: six previews at once must not take everyone's turn. */
export const maxRendersPerUser = 2;

export const renderersBusy = () => new AppError(503, 'REPORT_PDF_BUSY', 'reportPdfBusy');
export const tooManyRendersOfUser = () => new AppError(429, 'REPORT_PDF_BUSY', 'reportPdfBusyForUser');

type Task = {
  id: number;
  owner: number | undefined;
  data: string;
  sign: ReportSignature | undefined;
  timeoutMs: number;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
};

type Slot = { child: ChildProcess; task: Task | null; timer: NodeJS.Timeout | null };

export type RenderOptions = {
  /** The render's time limit from the moment a process takes it (time in the queue not counted). */
  timeoutMs?: number;
  /** Sign the rendered PDF (an issued report; signing.ts): done in the same process, within the limit. */
  sign?: ReportSignature;
  /** Who asked (a user's id): at most `maxRendersPerUser` of theirs wait or run at once. */
  owner?: number;
};

type RenderMessage = { id: number; pdf?: Uint8Array; error?: string };

/**
 * The niceness of a rendering process: the lowest, so renders use what requests leave. At 10 the API's
 * `auth/user` kept 69 % of its speed while two processes rendered flat out; at 19, 80–83 % (issue 38's
 * goal: 80 %). SCHED_IDLE (`chrt --idle`) measured the same, 82 %: what is left is the caches and
 * memory the renders share, not the scheduler.
 */
export const renderNiceness = 19;

/**
 * A small pool of rendering processes (`render-worker.mjs`, Typst), so rendering never blocks the
 * API's event loop: `size` processes (each ~200 ms of CPU per 10-page report), tasks queued in order,
 * a process's failure rejects its task and it is replaced at the next task. Each render has a time
 * limit: past it the task is rejected (503 `reportPdfTimedOut`), the process is killed (SIGKILL) and
 * leaves the pool at once, and the next task gets a new one, so a hung render never holds a slot.
 * Processes rather than threads: a thread stuck in the native compiler cannot be stopped, and it
 * blocks a new thread's compiler (measured: a replacement thread waited for the stuck one to finish).
 * Idle processes do not keep the API process alive; they exit when it goes away.
 */
export class ReportPdfPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Renders stopped for running too long. */
  timedOut = 0;

  constructor(
    readonly size = Math.max(1, Math.min(2, availableParallelism())),
    private readonly pdfStandard = 'a-2b',
    private readonly timeoutMs = defaultRenderTimeoutMs,
  ) {}

  render(document: ReportDocument, options: RenderOptions = {}): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the report PDF renderer is closed'));
    if (options.owner !== undefined) {
      const owner = options.owner;
      const theirs =
        this.queue.filter((task) => task.owner === owner).length +
        this.slots.filter((slot) => slot.task?.owner === owner).length;
      if (theirs >= maxRendersPerUser) return Promise.reject(tooManyRendersOfUser());
    }
    if (this.queue.length >= maxQueuedRenders) return Promise.reject(renderersBusy());
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        owner: options.owner,
        data: JSON.stringify(document),
        sign: options.sign,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  /** Renders waiting for a process, and renders running now (metrics). */
  get load(): { queued: number; rendering: number } {
    return { queued: this.queue.length, rendering: this.slots.filter((slot) => slot.task !== null).length };
  }

  /** The process ids of the pool's rendering processes now (a killed one has left already). */
  get pids(): number[] {
    return this.slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid]));
  }

  /** Ends every process; queued and running renders are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the report PDF renderer closed'));
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
        slot.task?.reject(new Error('the report PDF renderer closed'));
        slot.task = null;
        if (slot.child.exitCode !== null || slot.child.signalCode !== null) return;
        const exited = once(slot.child, 'exit');
        // Referenced again, so the event loop waits for its exit.
        busy(slot.child, true);
        slot.child.kill('SIGKILL');
        await exited;
      }),
    );
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.task === null);
      if (!slot && this.slots.length < this.size) slot = this.start();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      busy(slot.child, true);
      slot.timer = setTimeout(() => this.expire(slot, task), task.timeoutMs);
      slot.child.send({ id: task.id, data: task.data, sign: task.sign });
    }
  }

  /**
   * A render past its time limit: the slot leaves the pool at once, its process is killed, the caller
   * gets the refusal, and the queue moves on with a new process.
   */
  private expire(slot: Slot, task: Task) {
    if (slot.task !== task) return;
    this.remove(slot);
    slot.task = null;
    this.timedOut++;
    slot.child.kill('SIGKILL');
    task.reject(renderTimedOut());
    if (!this.closed) this.dispatch();
  }

  private remove(slot: Slot): boolean {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const index = this.slots.indexOf(slot);
    if (index < 0) return false;
    this.slots.splice(index, 1);
    return true;
  }

  private start(): Slot {
    const child = fork(
      join(here, 'render-worker.mjs'),
      [JSON.stringify({ ...reportCompilerOptions, pdfStandard: this.pdfStandard })],
      // Plain node (no tsx or vitest loader); the PDF travels back as bytes, not JSON.
      { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    // A render yields the processor to the API's requests: staff waiting on a screen come before a
    // batch of PDFs (issue 38). Raising a process's niceness needs no privilege.
    if (child.pid !== undefined) setPriority(child.pid, renderNiceness);
    const slot: Slot = { child, task: null, timer: null };
    child.on('message', (message: RenderMessage) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      slot.task = null;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      busy(child, false);
      if (message.pdf)
        task.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else task.reject(new Error(message.error ?? 'the report PDF was not rendered'));
      this.dispatch();
    });
    const fail = (error: Error) => {
      if (!this.remove(slot)) return;
      slot.task?.reject(error);
      slot.task = null;
      if (!this.closed) this.dispatch();
    };
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      fail(new Error(`a report PDF process stopped (exit code ${code}, signal ${signal})`)),
    );
    this.slots.push(slot);
    return slot;
  }
}

/** A process keeps the API's event loop alive only while it renders. */
function busy(child: ChildProcess, rendering: boolean) {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if (rendering) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
}

let shared: ReportPdfPool | null = null;

/**
 * Renders a report PDF (PDF/A-2b, tagged) on the process's shared pool, started at the first use;
 * `timeoutMs` is the configured limit (`REPORT_PDF_TIMEOUT_MS`).
 */
export function renderReportPdf(document: ReportDocument, options: RenderOptions = {}): Promise<Buffer> {
  shared ??= new ReportPdfPool();
  const pool = shared;
  return timedRender(() => pool.render(document, options));
}

/** A render timed (`genodesk_report_render_duration_seconds`, its wait for a process included) and traced. */
async function timedRender(render: () => Promise<Buffer>): Promise<Buffer> {
  const started = performance.now();
  let outcome = 'failed';
  try {
    const pdf = await inSpan('report.render', {}, async (span) => {
      const bytes = await render();
      span.setAttribute('report.pdf_bytes', bytes.length);
      return bytes;
    });
    outcome = 'rendered';
    return pdf;
  } catch (error) {
    if (error instanceof AppError)
      outcome =
        error.code === 'REPORT_PDF_TIMEOUT'
          ? 'timed_out'
          : error.code === 'REPORT_PDF_BUSY'
            ? 'refused'
            : outcome;
    throw error;
  } finally {
    reportRenderDuration.observe({ outcome }, (performance.now() - started) / 1000);
  }
}

/** The shared pool's renders waiting and running (none before its first render). */
export function reportRenderLoad(): { queued: number; rendering: number } {
  return shared?.load ?? { queued: 0, rendering: 0 };
}

/** Ends the shared pool (a shutdown step); a later render starts a new one. */
export async function closeReportPdfRenderer(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
