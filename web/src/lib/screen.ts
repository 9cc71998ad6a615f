/**
 * Which screen the API's reads are for: the route's name and one id per opening of it (a UUIDv7, whose
 * time the server checks). The access log writes one row per customer per opening instead of one per
 * call the screen makes (issue 36); a new path is a new opening, a changed query (a tab, a page) is not.
 */
let current: { name: string | null; path: string; view: string } | undefined;

/** A UUIDv7: 48 bits of the time in ms, then random bits (getRandomValues works on plain http). */
export function uuidV7(now = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(10));
  const hex =
    now.toString(16).padStart(12, '0') + Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The router arrived at `path`, showing the screen `name`. */
export function screenOpened(name: string | null, path: string): void {
  if (current && current.name === name && current.path === path) return;
  current = { name, path, view: uuidV7() };
}

/** The headers naming the screen an API call is made for. */
export function screenHeaders(): Record<string, string> {
  if (!current) return {};
  return current.name
    ? { 'X-Screen': current.name, 'X-Screen-View': current.view }
    : { 'X-Screen-View': current.view };
}

const titles = new Map<string, string>();

/** The i18n title keys of the app's screens by route name (the router registers them). */
export function registerScreenTitles(entries: Iterable<[name: string, title: string]>): void {
  for (const [name, title] of entries) titles.set(name, title);
}

/** A screen's i18n title key, for showing a route name recorded by the API. */
export const screenTitleKey = (name: string): string | undefined => titles.get(name);
