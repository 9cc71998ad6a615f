import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.js';

describe('loggableError', () => {
  it('reduces a database error to its codes, never its text', () => {
    const error = Object.assign(new Error('duplicate key: Key (email)=(jana@example.cz) already exists'), {
      code: '23505',
      constraint: 'customers_email_unique',
      table: 'customers',
    });
    expect(loggableError(error)).toMatchObject({
      type: 'Error',
      code: '23505',
      constraint: 'customers_email_unique',
      table: 'customers',
      message: 'database query failed (23505, customers_email_unique)',
    });
    expect(JSON.stringify(loggableError(error))).not.toContain('jana@example.cz');
  });

  it('masks e-mail addresses and long numbers in any other message', () => {
    expect(loggableError(new Error('no mailbox jana@example.cz for 9001011234')).message).toBe(
      'no mailbox [e-mail] for [number]',
    );
  });

  it('keeps the message of an object a library emits instead of an Error, and says what any other is', () => {
    expect(loggableError({ message: 'queue cache refresh failed for x@y.cz', queue: 'q' })).toMatchObject({
      type: 'object',
      message: 'queue cache refresh failed for [e-mail]',
    });
    expect(loggableError({ reason: 'gone', pid: 12 }).message).toBe('an object with reason, pid');
    expect(loggableError('plain words').message).toBe('plain words');
  });
});
