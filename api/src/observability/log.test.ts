import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { configureLog, createLogger, log } from './log.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream: stream as unknown as { write(text: string): void } };
}

describe('the process log', () => {
  it('writes one JSON line per event, and one readable line with LOG_FORMAT=pretty', () => {
    const json = capture();
    createLogger({ stream: json.stream }).info({ reqId: 'a1', route: '/api/auth/user', ms: 3 }, 'request');
    expect(json.lines).toHaveLength(1);
    expect(JSON.parse(json.lines[0]!)).toMatchObject({
      level: 30,
      reqId: 'a1',
      route: '/api/auth/user',
      msg: 'request',
    });

    const pretty = capture();
    const logger = createLogger({ format: 'pretty', stream: pretty.stream, level: 'warn' });
    logger.info('not at this level');
    logger.error({ code: '57P01', rows: 2 }, 'access log: writing its rows failed');
    expect(pretty.lines).toHaveLength(1);
    expect(pretty.lines[0]).toMatch(
      /^\d\d:\d\d:\d\d ERROR access log: writing its rows failed code=57P01 rows=2$/,
    );
  });

  it('writes the start and stop notices whatever the level', () => {
    const out = capture();
    configureLog({ level: 'warn', stream: out.stream });
    log.info('a detail');
    log.notice('SIGTERM: stopping');
    expect(out.lines.map((line) => JSON.parse(line).msg)).toEqual(['SIGTERM: stopping']);
  });
});
