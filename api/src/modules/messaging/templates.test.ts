import { locales } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { type MessageTemplateName, messageTemplates, renderBilingual, renderMessage } from './templates.js';

/** A value per parameter, with characters that must be escaped in HTML. */
const sample = (name: MessageTemplateName) =>
  Object.fromEntries(
    messageTemplates[name].params.map((param) => [
      param,
      (messageTemplates[name] as { richText?: readonly string[] }).richText?.includes(param)
        ? '<p>Nový <strong>text</strong></p>'
        : `${param} <A&B>`,
    ]),
  ) as Record<string, string>;

describe('message templates', () => {
  for (const name of Object.keys(messageTemplates) as MessageTemplateName[]) {
    for (const locale of locales) {
      it(`${name} renders in ${locale}: every placeholder filled, values escaped in HTML`, () => {
        const params = sample(name);
        const rendered = renderMessage(name, locale, params as never);
        const definition = messageTemplates[name];
        expect(rendered.kind).toBe(definition.kind);
        for (const part of [rendered.subject, rendered.text, rendered.html])
          expect(part).not.toMatch(/\{\w+\}/);
        for (const [param, value] of Object.entries(params)) {
          if (definition.richText?.includes(param as never)) {
            expect(rendered.html).toContain('<strong>text</strong>');
            expect(rendered.text).toContain('Nový text');
          } else {
            expect(rendered.text).toContain(value);
            expect(rendered.html).toContain(`${param} &#60;A&#38;B&#62;`);
            expect(rendered.html).not.toContain(value);
          }
        }
        if (definition.channel === 'email') {
          expect(rendered.subject.length).toBeGreaterThan(0);
          expect(rendered.html).toContain(`<html lang="${locale}">`);
          expect(rendered.text).toContain(locale === 'cs' ? 'Tým GenoDesk' : 'The GenoDesk team');
        } else {
          // An SMS is one short text.
          expect(rendered.text).not.toContain('\n');
          expect(rendered.text.length).toBeLessThan(320);
        }
      });
    }
  }

  it('speaks the recipient’s language', () => {
    expect(renderMessage('productPublished', 'cs', { name: 'Eva' }).text).toContain('Dobrý den, Eva,');
    expect(renderMessage('productPublished', 'en', { name: 'Eva' }).text).toContain('Hello Eva,');
  });

  it('leaves out a fact without a value (a standard voucher has no "for whom")', () => {
    const text = renderMessage('voucher', 'en', {
      code: 'GD-1',
      value: 'CZK 500.00',
      validTo: '31 Dec 2027',
      forWho: '',
      fromWho: '',
    }).text;
    expect(text).toContain('Code: GD-1');
    expect(text).not.toContain('For:');
  });

  it('writes to staff in Czech, then English', () => {
    const rendered = renderBilingual('staffPasswordReset', { password: 'abc123' });
    expect(rendered.subject).toBe('GenoDesk – obnova hesla / password reset');
    expect(rendered.text.indexOf('Dočasné heslo: abc123')).toBeLessThan(
      rendered.text.indexOf('Temporary password: abc123'),
    );
  });
});
