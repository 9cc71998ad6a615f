import { describe, expect, it } from 'vitest';
import { screenHeaders, screenOpened, uuidV7 } from './screen';

describe('the screen an API call is for', () => {
  it('makes a UUIDv7 carrying the time in ms', () => {
    const at = Date.UTC(2026, 10, 28, 9, 30);
    const id = uuidV7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    expect(uuidV7(at)).not.toBe(id);
  });

  it('keeps one opening while the path stays, and starts another on a new path or screen', () => {
    screenOpened('admin.customers.view', '/customers/view/6');
    const first = screenHeaders();
    expect(first['X-Screen']).toBe('admin.customers.view');
    screenOpened('admin.customers.view', '/customers/view/6');
    expect(screenHeaders()).toEqual(first);
    screenOpened('admin.customers.view', '/customers/view/7');
    expect(screenHeaders()['X-Screen-View']).not.toBe(first['X-Screen-View']);
    screenOpened(null, '/nowhere');
    expect(screenHeaders()).toEqual({ 'X-Screen-View': expect.any(String) });
  });
});
