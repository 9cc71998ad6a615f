import type { Locale, MessageKind } from '@genodesk/contract';
import { plainText } from '../templates/rich-text.js';

/**
 * Every message GenoDesk sends, in one place: per language a subject (e-mails) and a body of
 * paragraphs, with `{placeholder}`s filled from the message's parameters. Rendered as plain text and as
 * HTML (values escaped) in one layout; an SMS is its text alone. Facts (label: value lines, e.g. the
 * payment details) render as a table in HTML.
 */
type Texts = {
  subject: string;
  paragraphs: string[];
  /** Label → value (a `{placeholder}`); a fact whose value is empty is left out. */
  facts?: [string, string][];
};
type Template<P extends string> = {
  channel: 'email' | 'sms';
  /** The outbox `kind` of its messages. */
  kind: MessageKind;
  params: readonly P[];
  /** Parameters that are sanitised rich text: placed as HTML, and as its plain text in the text part. */
  richText?: readonly P[];
  cs: Texts;
  en: Texts;
};

const template = <const P extends string>(definition: Template<P>) => definition;

export const messageTemplates = {
  productPublished: template({
    channel: 'email',
    kind: 'product-published',
    params: ['name'],
    cs: {
      subject: 'GenoDesk – vaše genetická zpráva je připravena',
      paragraphs: [
        'Dobrý den, {name},',
        'vaše genetická zpráva byla zveřejněna. Najdete ji ve svém zákaznickém účtu.',
      ],
    },
    en: {
      subject: 'GenoDesk – your genetic report is ready',
      paragraphs: [
        'Hello {name},',
        'your genetic report has been published. You will find it in your customer account.',
      ],
    },
  }),
  productPreliminarilyPublished: template({
    channel: 'email',
    kind: 'product-preliminarily-published',
    params: ['name'],
    cs: {
      subject: 'GenoDesk – předběžná genetická zpráva',
      paragraphs: [
        'Dobrý den, {name},',
        'vaše genetická zpráva byla předběžně zveřejněna. Najdete ji ve svém zákaznickém účtu; lékař ji ještě může doplnit.',
      ],
    },
    en: {
      subject: 'GenoDesk – a preliminary genetic report',
      paragraphs: [
        'Hello {name},',
        'your genetic report has been published preliminarily. You will find it in your customer account; the doctor may still complete it.',
      ],
    },
  }),
  /** `REPORT_EMAIL_ATTACHMENT=encrypted`: the publication e-mail with the report PDF attached, encrypted. */
  productPublishedWithPdf: template({
    channel: 'email',
    kind: 'product-published',
    params: ['name'],
    cs: {
      subject: 'GenoDesk – vaše genetická zpráva je připravena',
      paragraphs: [
        'Dobrý den, {name},',
        'vaše genetická zpráva byla zveřejněna. Najdete ji ve svém zákaznickém účtu a v příloze tohoto e-mailu.',
        'Příloha (PDF) je zašifrována (AES-256). Heslo je vaše datum narození ve tvaru DDMMRRRR, například 15031985 pro 15. 3. 1985.',
      ],
    },
    en: {
      subject: 'GenoDesk – your genetic report is ready',
      paragraphs: [
        'Hello {name},',
        'your genetic report has been published. You will find it in your customer account and attached to this e-mail.',
        'The attachment (PDF) is encrypted (AES-256). The password is your date of birth as DDMMYYYY, for example 15031985 for 15 March 1985.',
      ],
    },
  }),
  productAmended: template({
    channel: 'email',
    kind: 'product-amended',
    params: ['name', 'reportNumber', 'version', 'replacedVersion', 'replacedDate', 'reason'],
    cs: {
      subject: 'GenoDesk – opravená verze vaší genetické zprávy',
      paragraphs: [
        'Dobrý den, {name},',
        'vaši genetickou zprávu {reportNumber} jsme opravili. Nová verze {version} nahrazuje verzi {replacedVersion} ze dne {replacedDate}; platí jen nová verze. Najdete ji ve svém zákaznickém účtu.',
        'Co se změnilo: {reason}',
      ],
    },
    en: {
      subject: 'GenoDesk – an amended version of your genetic report',
      paragraphs: [
        'Hello {name},',
        'we have amended your genetic report {reportNumber}. The new version {version} replaces version {replacedVersion} of {replacedDate}; only the new version is valid. You will find it in your customer account.',
        'What changed: {reason}',
      ],
    },
  }),
  productAmendedWithPdf: template({
    channel: 'email',
    kind: 'product-amended',
    params: ['name', 'reportNumber', 'version', 'replacedVersion', 'replacedDate', 'reason'],
    cs: {
      subject: 'GenoDesk – opravená verze vaší genetické zprávy',
      paragraphs: [
        'Dobrý den, {name},',
        'vaši genetickou zprávu {reportNumber} jsme opravili. Nová verze {version} nahrazuje verzi {replacedVersion} ze dne {replacedDate}; platí jen nová verze. Najdete ji ve svém zákaznickém účtu a v příloze tohoto e-mailu.',
        'Co se změnilo: {reason}',
        'Příloha (PDF) je zašifrována (AES-256). Heslo je vaše datum narození ve tvaru DDMMRRRR, například 15031985 pro 15. 3. 1985.',
      ],
    },
    en: {
      subject: 'GenoDesk – an amended version of your genetic report',
      paragraphs: [
        'Hello {name},',
        'we have amended your genetic report {reportNumber}. The new version {version} replaces version {replacedVersion} of {replacedDate}; only the new version is valid. You will find it in your customer account and attached to this e-mail.',
        'What changed: {reason}',
        'The attachment (PDF) is encrypted (AES-256). The password is your date of birth as DDMMYYYY, for example 15031985 for 15 March 1985.',
      ],
    },
  }),
  productPreliminarilyPublishedWithPdf: template({
    channel: 'email',
    kind: 'product-preliminarily-published',
    params: ['name'],
    cs: {
      subject: 'GenoDesk – předběžná genetická zpráva',
      paragraphs: [
        'Dobrý den, {name},',
        'vaše genetická zpráva byla předběžně zveřejněna. Najdete ji ve svém zákaznickém účtu a v příloze tohoto e-mailu; lékař ji ještě může doplnit.',
        'Příloha (PDF) je zašifrována (AES-256). Heslo je vaše datum narození ve tvaru DDMMRRRR, například 15031985 pro 15. 3. 1985.',
      ],
    },
    en: {
      subject: 'GenoDesk – a preliminary genetic report',
      paragraphs: [
        'Hello {name},',
        'your genetic report has been published preliminarily. You will find it in your customer account and attached to this e-mail; the doctor may still complete it.',
        'The attachment (PDF) is encrypted (AES-256). The password is your date of birth as DDMMYYYY, for example 15031985 for 15 March 1985.',
      ],
    },
  }),
  productInvitation: template({
    channel: 'email',
    kind: 'product-invitation',
    params: ['name'],
    cs: {
      subject: 'GenoDesk – pozvánka na konzultaci výsledků',
      paragraphs: [
        'Dobrý den, {name},',
        'výsledky vaší genetické analýzy chce lékař probrat osobně. Zveme vás na konzultaci; ozvěte se nám prosím a domluvte si termín.',
      ],
    },
    en: {
      subject: 'GenoDesk – an invitation to discuss your results',
      paragraphs: [
        'Hello {name},',
        'the doctor would like to discuss the results of your genetic analysis in person. We invite you to a consultation; please contact us to arrange a date.',
      ],
    },
  }),
  productInvitationGuardian: template({
    channel: 'email',
    kind: 'product-invitation-guardian',
    params: ['guardian', 'customer'],
    cs: {
      subject: 'GenoDesk – pozvánka na konzultaci výsledků',
      paragraphs: [
        'Dobrý den, {guardian},',
        // "osoby" agrees with anyone: the words fit a daughter as well as a son.
        'lékař chce s vámi osobně probrat výsledky genetické analýzy osoby {customer}, kterou zákonně zastupujete. Zveme vás na konzultaci; ozvěte se nám prosím a domluvte si termín.',
      ],
    },
    en: {
      subject: 'GenoDesk – an invitation to discuss results',
      paragraphs: [
        'Hello {guardian},',
        'the doctor would like to discuss in person the genetic analysis results of {customer}, whose legal guardian you are. We invite you to a consultation; please contact us to arrange a date.',
      ],
    },
  }),
  templateChanged: template({
    channel: 'email',
    kind: 'template-changed',
    params: ['notice'],
    richText: ['notice'],
    cs: {
      subject: 'GenoDesk – aktualizace vaší genetické zprávy',
      paragraphs: ['Dobrý den,', 've vaší genetické zprávě jsme aktualizovali jeden z výsledků:', '{notice}'],
    },
    en: {
      subject: 'GenoDesk – an update to your genetic report',
      paragraphs: ['Hello,', 'we have updated one of the results in your genetic report:', '{notice}'],
    },
  }),
  paymentInstructions: template({
    channel: 'email',
    kind: 'payment-instructions',
    params: ['name', 'productType', 'orderNumber', 'amount', 'account', 'iban', 'variableSymbol'],
    cs: {
      subject: 'GenoDesk – platební údaje k objednávce {orderNumber}',
      paragraphs: [
        'Dobrý den, {name},',
        'děkujeme za objednávku {productType} (číslo {orderNumber}). Zaplaťte ji prosím bankovním převodem s těmito údaji, nebo naskenujte QR kód v aplikaci své banky.',
      ],
      facts: [
        ['Číslo účtu', '{account}'],
        ['IBAN', '{iban}'],
        ['Částka', '{amount}'],
        ['Variabilní symbol', '{variableSymbol}'],
      ],
    },
    en: {
      subject: 'GenoDesk – payment details of order {orderNumber}',
      paragraphs: [
        'Hello {name},',
        'thank you for ordering {productType} (order {orderNumber}). Please pay by bank transfer with these details, or scan the QR code in your banking app.',
      ],
      facts: [
        ['Account number', '{account}'],
        ['IBAN', '{iban}'],
        ['Amount', '{amount}'],
        ['Variable symbol', '{variableSymbol}'],
      ],
    },
  }),
  paymentReceived: template({
    channel: 'email',
    kind: 'payment-received',
    params: ['name', 'productType', 'orderNumber', 'amount', 'method'],
    cs: {
      subject: 'GenoDesk – platba objednávky {orderNumber} přijata',
      paragraphs: ['Dobrý den, {name},', 'přijali jsme vaši platbu za {productType}. Děkujeme.'],
      facts: [
        ['Objednávka', '{orderNumber}'],
        ['Částka', '{amount}'],
        ['Způsob platby', '{method}'],
      ],
    },
    en: {
      subject: 'GenoDesk – payment of order {orderNumber} received',
      paragraphs: ['Hello {name},', 'we have received your payment for {productType}. Thank you.'],
      facts: [
        ['Order', '{orderNumber}'],
        ['Amount', '{amount}'],
        ['Payment method', '{method}'],
      ],
    },
  }),
  voucher: template({
    channel: 'email',
    kind: 'voucher',
    params: ['code', 'value', 'validTo', 'forWho', 'fromWho'],
    cs: {
      subject: 'GenoDesk – váš poukaz {code}',
      paragraphs: [
        'Dobrý den,',
        'posíláme vám poukaz na genetickou analýzu GenoDesk. Uplatníte jej při objednávce zadáním kódu.',
      ],
      facts: [
        ['Kód', '{code}'],
        ['Hodnota', '{value}'],
        ['Platí do', '{validTo}'],
        ['Pro', '{forWho}'],
        ['Od', '{fromWho}'],
      ],
    },
    en: {
      subject: 'GenoDesk – your voucher {code}',
      paragraphs: [
        'Hello,',
        'here is your voucher for a GenoDesk genetic analysis. Redeem it with its code when you order.',
      ],
      facts: [
        ['Code', '{code}'],
        ['Value', '{value}'],
        ['Valid until', '{validTo}'],
        ['For', '{forWho}'],
        ['From', '{fromWho}'],
      ],
    },
  }),
  consultationBooked: template({
    channel: 'email',
    kind: 'consultation-booked',
    params: ['name', 'type', 'start', 'end', 'room', 'doctor', 'more'],
    cs: {
      subject: 'GenoDesk – konzultace {start}',
      paragraphs: [
        'Dobrý den, {name},',
        'rezervovali jsme vám konzultaci. Termín najdete i v příloze pro váš kalendář.',
      ],
      facts: [
        ['Konzultace', '{type}'],
        ['Začátek', '{start}'],
        ['Konec', '{end}'],
        ['Ambulance', '{room}'],
        ['Lékař', '{doctor}'],
        ['Další termíny', '{more}'],
      ],
    },
    en: {
      subject: 'GenoDesk – consultation on {start}',
      paragraphs: [
        'Hello {name},',
        'we have booked a consultation for you. The attachment adds it to your calendar.',
      ],
      facts: [
        ['Consultation', '{type}'],
        ['Start', '{start}'],
        ['End', '{end}'],
        ['Consulting room', '{room}'],
        ['Doctor', '{doctor}'],
        ['Further dates', '{more}'],
      ],
    },
  }),
  consultationChanged: template({
    channel: 'email',
    kind: 'consultation-changed',
    params: ['name', 'type', 'start', 'end', 'room', 'doctor', 'more'],
    cs: {
      subject: 'GenoDesk – změna konzultace, nově {start}',
      paragraphs: ['Dobrý den, {name},', 'vaše konzultace se mění. Platí tento termín:'],
      facts: [
        ['Konzultace', '{type}'],
        ['Začátek', '{start}'],
        ['Konec', '{end}'],
        ['Ambulance', '{room}'],
        ['Lékař', '{doctor}'],
        ['Další termíny', '{more}'],
      ],
    },
    en: {
      subject: 'GenoDesk – your consultation has changed, now {start}',
      paragraphs: ['Hello {name},', 'your consultation has changed. This is the time that holds:'],
      facts: [
        ['Consultation', '{type}'],
        ['Start', '{start}'],
        ['End', '{end}'],
        ['Consulting room', '{room}'],
        ['Doctor', '{doctor}'],
        ['Further dates', '{more}'],
      ],
    },
  }),
  consultationCancelled: template({
    channel: 'email',
    kind: 'consultation-cancelled',
    params: ['name', 'type', 'start', 'room', 'more'],
    cs: {
      subject: 'GenoDesk – konzultace {start} je zrušena',
      paragraphs: [
        'Dobrý den, {name},',
        'vaše konzultace ({type}) {start} v ambulanci {room} byla zrušena. Pro nový termín nás prosím kontaktujte.',
      ],
      facts: [['Zrušeny jsou i termíny', '{more}']],
    },
    en: {
      subject: 'GenoDesk – consultation on {start} cancelled',
      paragraphs: [
        'Hello {name},',
        'your consultation ({type}) on {start} in {room} has been cancelled. Please contact us for a new date.',
      ],
      facts: [['Also cancelled', '{more}']],
    },
  }),
  consultationReminder: template({
    channel: 'sms',
    kind: 'consultation-reminder',
    params: ['start', 'room'],
    cs: {
      subject: '',
      paragraphs: [
        'GenoDesk: připomínáme vaši konzultaci {start}, {room}. Nemůžete-li přijít, dejte nám prosím vědět.',
      ],
    },
    en: {
      subject: '',
      paragraphs: [
        'GenoDesk: a reminder of your consultation on {start}, {room}. If you cannot come, please let us know.',
      ],
    },
  }),
  staffAccountCreated: template({
    channel: 'email',
    kind: 'user-created',
    params: ['password'],
    cs: {
      subject: 'GenoDesk – nový účet',
      paragraphs: [
        'Dobrý den, byl vám vytvořen účet v GenoDesku.',
        'Dočasné heslo: {password}',
        'Při prvním přihlášení si zvolíte nové heslo.',
      ],
    },
    en: {
      subject: 'new account',
      paragraphs: [
        'Hello, an account has been created for you in GenoDesk.',
        'Temporary password: {password}',
        'You will choose a new password when you first sign in.',
      ],
    },
  }),
  staffPasswordReset: template({
    channel: 'email',
    kind: 'password-reset',
    params: ['password'],
    cs: {
      subject: 'GenoDesk – obnova hesla',
      paragraphs: [
        'Dobrý den, vaše heslo do GenoDesku bylo obnoveno.',
        'Dočasné heslo: {password}',
        'Při prvním přihlášení si zvolíte nové heslo.',
      ],
    },
    en: {
      subject: 'password reset',
      paragraphs: [
        'Hello, your GenoDesk password has been reset.',
        'Temporary password: {password}',
        'You will choose a new password when you first sign in.',
      ],
    },
  }),
} as const;

export type MessageTemplateName = keyof typeof messageTemplates;
export type TemplateParams<N extends MessageTemplateName> = Record<
  (typeof messageTemplates)[N]['params'][number],
  string
>;

export type RenderedMessage = { kind: string; subject: string; text: string; html: string };

const signature: Record<Locale, string> = { cs: 'Tým GenoDesk', en: 'The GenoDesk team' };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `text` with its `{placeholder}`s replaced by `values` (already escaped where it matters). */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? (values[name] ?? '') : placeholder,
  );

/** The HTML frame of every e-mail: the message, then the signature. */
export function htmlLayout(bodyHtml: string, locale: Locale): string {
  return [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"></head>`,
    '<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2a33">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    '<div style="font-size:20px;font-weight:bold;color:#087f5b;margin-bottom:16px">GenoDesk</div>',
    bodyHtml,
    `<p style="margin-top:24px">${escapeHtml(signature[locale])}</p>`,
    '</div></body></html>',
  ].join('');
}

type RenderedBody = { kind: string; subject: string; text: string; bodyHtml: string };

function renderBody(name: MessageTemplateName, locale: Locale, params: Record<string, string>): RenderedBody {
  const definition: Template<string> = messageTemplates[name];
  const texts: Texts = definition[locale];
  const richText = new Set<string>(definition.richText ?? []);
  const entries = Object.entries(params);
  const htmlValues = Object.fromEntries(entries.map(([k, v]) => [k, richText.has(k) ? v : escapeHtml(v)]));
  const values = Object.fromEntries(entries.map(([k, v]) => [k, richText.has(k) ? plainText(v) : v]));
  const facts = (texts.facts ?? [])
    .map(([label, value]) => [label, fill(value, values)] as const)
    .filter(([, value]) => value.trim() !== '');
  const paragraphs = texts.paragraphs.map((p) => fill(p, values));
  const text =
    definition.channel === 'sms'
      ? paragraphs.join(' ')
      : [
          ...paragraphs,
          ...(facts.length ? [facts.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
          signature[locale],
        ].join('\n\n');
  // A paragraph that is one rich-text parameter is a block of its own; the others are escaped text.
  const block = (p: string) => {
    const only = /^\{(\w+)\}$/.exec(p)?.[1];
    return only && richText.has(only)
      ? `<div>${htmlValues[only] ?? ''}</div>`
      : `<p>${fill(escapeHtml(p), htmlValues)}</p>`;
  };
  const factsHtml = facts.length
    ? `<table style="border-collapse:collapse;margin:16px 0">${facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#495057">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  return {
    kind: definition.kind,
    subject: fill(texts.subject, values),
    text,
    bodyHtml: texts.paragraphs.map(block).join('') + factsHtml,
  };
}

/** A template in one language with its parameters: subject, plain text and HTML. */
export function renderMessage<N extends MessageTemplateName>(
  name: N,
  locale: Locale,
  params: TemplateParams<N>,
): RenderedMessage {
  const { bodyHtml, ...rest } = renderBody(name, locale, params);
  return { ...rest, html: htmlLayout(bodyHtml, locale) };
}

/** A message to staff, who have no language of their own: Czech, then English, in one e-mail. */
export function renderBilingual<N extends MessageTemplateName>(
  name: N,
  params: TemplateParams<N>,
): RenderedMessage {
  const cs = renderBody(name, 'cs', params);
  const en = renderBody(name, 'en', params);
  return {
    kind: cs.kind,
    subject: `${cs.subject} / ${en.subject}`,
    text: `${cs.text}\n\n---\n\n${en.text}`,
    html: htmlLayout(`${cs.bodyHtml}<hr>${en.bodyHtml}`, 'cs'),
  };
}
