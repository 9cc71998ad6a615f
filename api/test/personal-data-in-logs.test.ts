import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/index.js';
import { buildServer } from '../src/server.js';
import { demo, type TestApp, testApp } from './test-app.js';

// Values no log line or stored job error may carry (issue 36): a failed query's text holds them all.
const person = {
  Name: 'Radmila',
  Surname: 'Zlatohlávková',
  Email: 'radmila.zlatohlavkova@example.cz',
  Phone: '602 987 654',
  PhonePrefix: '+420',
  Street: 'Tajná',
  StreetNumber: '77',
  City: 'Kroměříž',
  Zipcode: '767 01',
  DateOfBirth: '1961-03-17',
};
const traces = ['Zlatohlávková', 'zlatohlavkova', '987 654', '987654', 'Kroměříž', '1961-03-17', 'Tajná'];

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  // A fault the request did not cause, raised by the database while it writes a row full of personal data.
  await t.db.execute(
    sql.raw(`
    create function refuse_test_customer() returns trigger language plpgsql as $$
    begin
      if new.surname = '${person.Surname}' then raise exception 'storage fault'; end if;
      return new;
    end $$;
    create trigger refuse_test_customer before insert or update on customers
      for each row execute function refuse_test_customer();`),
  );
});
afterAll(() => t.close());

function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('personal data in logs and job output', () => {
  it('a failed write is logged by its code, route and frames, without one of the values it carried', async () => {
    const { lines, stream } = capturedLog();
    const app = await buildServer(
      { db: t.db, config: t.config, jobs: t.jobs, signer: t.signer },
      { logger: { level: 'info', stream } },
    );
    try {
      const headers = await t.authAs(demo.admin);
      const response = await app.inject({
        method: 'PUT',
        url: '/api/admin/customers',
        headers,
        payload: { ...person, Password: 'heslo-heslo', AgreeTerms: true, AgreeProcessingData: true },
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(person.Surname);
      const logged = lines.join('\n');
      const failure = lines
        .map((line) => JSON.parse(line))
        .find((entry) => entry.msg === 'database query failed');
      expect(failure).toMatchObject({ code: 'P0001', route: '/api/admin/customers' });
      expect(failure.stack).toMatch(/^\s+at /);
      for (const trace of traces) expect(logged).not.toContain(trace);
    } finally {
      await app.close();
    }
  });

  it("a job's failure is stored in the job table without the values of the query that failed", async () => {
    const name = 'move-product';
    await t.jobs.work(name, { pollingIntervalSeconds: 0.5 }, async () => {
      await t.db.insert(customers).values({
        name: person.Name,
        surname: person.Surname,
        email: person.Email,
        phone: person.Phone,
        city: person.City,
        street: person.Street,
        dateOfBirth: person.DateOfBirth,
        registrationSource: 1,
      });
    });
    const id = await t.jobs.boss.send(name, { productId: 1 }, { retryLimit: 0 });
    let output: unknown;
    for (let i = 0; i < 100 && output === undefined; i++) {
      const {
        rows: [row],
      } = await t.db.execute<{ state: string; output: unknown }>(
        sql`select state, output from pgboss.job where id = ${id}`,
      );
      if (row?.state === 'failed') output = row.output;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toMatchObject({ code: 'P0001', message: 'database query failed (P0001)' });
    const stored = JSON.stringify(output);
    expect(stored).toMatch(/at /);
    for (const trace of traces) expect(stored).not.toContain(trace);
  });
});
