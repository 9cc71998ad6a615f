/** The browser and system a user agent names, for a table cell: "Chrome 131 · Windows". */
const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A short name of the device a sign-in came from; the start of the text when it is no browser
 * (a script, a test client), and null when there is none.
 */
export function shortUserAgent(userAgent: string | null | undefined): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const browser = browsers.find(([pattern]) => pattern.test(text));
  const system = systems.find(([pattern]) => pattern.test(text))?.[1];
  if (!browser) return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  const version = text.match(browser[0])?.[1];
  const name = version ? `${browser[1]} ${version}` : browser[1];
  return system ? `${name} · ${system}` : name;
}
