/**
 * A small RFC 5545 reader for the tests: unfolds lines, splits properties, parameters and values,
 * and unescapes text, so a test asserts what a calendar application reads.
 */
export type IcsProperty = { name: string; params: Record<string, string>; value: string };
export type IcsComponent = { name: string; properties: IcsProperty[]; components: IcsComponent[] };

export const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

function parseLine(line: string): IcsProperty {
  // The name and parameters end at the first colon outside a quoted parameter value.
  let quoted = false;
  let split = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      split = i;
      break;
    }
  }
  if (split < 0) throw new Error(`not a content line: ${line}`);
  // Parameters split at semicolons outside quotes.
  const [name = '', ...params] = line.slice(0, split).match(/(?:[^;"]|"[^"]*")+/g) ?? [];
  return {
    name: name.toUpperCase(),
    params: Object.fromEntries(
      params.map((p) => {
        const at = p.indexOf('=');
        return [p.slice(0, at).toUpperCase(), p.slice(at + 1).replace(/^"|"$/g, '')];
      }),
    ),
    value: line.slice(split + 1),
  };
}

/** Parses a whole iCalendar text; throws on what a strict reader would refuse (bare LF, long lines). */
export function parseIcs(text: string): IcsComponent {
  if (!text.endsWith('\r\n')) throw new Error('an iCalendar text ends with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r')) throw new Error('bare line break');
    if (new TextEncoder().encode(line).length > 75) throw new Error(`line longer than 75 octets: ${line}`);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const root: IcsComponent = { name: '', properties: [], components: [] };
  const stack: IcsComponent[] = [root];
  for (const line of lines) {
    const property = parseLine(line);
    const current = stack[stack.length - 1]!;
    if (property.name === 'BEGIN') {
      const child: IcsComponent = { name: property.value, properties: [], components: [] };
      current.components.push(child);
      stack.push(child);
    } else if (property.name === 'END') {
      if (current.name !== property.value) throw new Error(`END:${property.value} closes ${current.name}`);
      stack.pop();
    } else current.properties.push(property);
  }
  const calendar = root.components[0];
  if (calendar?.name !== 'VCALENDAR' || stack.length !== 1) throw new Error('not one VCALENDAR');
  return calendar;
}

/** The value of a property (unescaped), or undefined. */
export const prop = (component: IcsComponent, name: string) => {
  const found = component.properties.find((p) => p.name === name);
  return found ? unescapeText(found.value) : undefined;
};
export const propOf = (component: IcsComponent, name: string) =>
  component.properties.find((p) => p.name === name);
export const events = (calendar: IcsComponent) => calendar.components.filter((c) => c.name === 'VEVENT');
