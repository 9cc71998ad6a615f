import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { baseURL } from '../support/base-url';
import { releasableReports, validateAsLab } from '../support/release';
import { bearer, demo, demoPassword, signIn, switchLanguage } from '../support/session';

// Issue 22: the report as a PDF — preview, publication storing version 1, its download (and, issue
// 40, its FHIR bundle's) and verification (by code and by the file's bytes, a changed copy refused),
// re-publication with a reason making version 2.

const texts = {
  cs: {
    published: 'Publikováno',
    version: (n: number) => `Verze ${n}`,
    current: 'aktuální',
    issued: 'Vydaný dokument',
    notIssued: 'Tento dokument nebyl vydán',
    currentVersion: 'Aktuální verze',
    replacedBy: (n: number) => `Nahrazeno verzí ${n}`,
    replaces: (n: number, reason: string) => `verzi ${n}: ${reason}`,
    nextVersion: 'vznikne verze 2, která nahradí verzi 1',
    reasonRequired: 'Uveďte důvod nové verze.',
    logVersion: 'Vydaná verze PDF',
    logReason: 'Důvod nové verze PDF',
  },
  en: {
    published: 'Published',
    version: (n: number) => `Version ${n}`,
    current: 'current',
    issued: 'Issued document',
    notIssued: 'This document was not issued',
    currentVersion: 'Current version',
    replacedBy: (n: number) => `Replaced by version ${n}`,
    replaces: (n: number, reason: string) => `version ${n}: ${reason}`,
    nextVersion: 'makes version 2, which replaces version 1',
    reasonRequired: 'Give the reason for the new version.',
    logVersion: 'Issued PDF version',
    logReason: 'Reason for the new PDF version',
  },
} as const;

/** Confirms, one by one, every open point the publish dialog lists. */
async function confirmOpenPoints(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  for (const point of await page
    .getByTestId(/^product-open-point-(inspection|notAssessed|notDetermined|emptyIntro)$/)
    .all())
    await point.check();
}

/** A PDF's text, soft hyphens (Czech hyphenation) removed and whitespace collapsed. */
async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return result.pages.map((page) => page.text.replace(/\u00ad\s*/g, '').replace(/\s+/g, ' ')).join(' ');
  } finally {
    await parser.destroy();
  }
}

/** Clicks "Preview PDF" and answers the PDF the API sent (read on its way: see the test below). */
async function previewPdf(page: Page): Promise<{ url: URL; body: Buffer }> {
  const previews: { url: URL; body: Buffer }[] = [];
  await page.route('**/api/admin/products/pdfpreview?*', async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    previews.push({ url: new URL(route.request().url()), body });
    await route.fulfill({ response, body });
  });
  const popup = page.waitForEvent('popup');
  await page.getByTestId('product-pdf-preview-button').click();
  await expect.poll(() => previews.length).toBe(1);
  await page.unroute('**/api/admin/products/pdfpreview?*');
  await (await popup).close();
  return previews[0]!;
}

/** Types at the end of the editor's introduction. */
async function appendToIntro(page: Page, text: string) {
  const editor = page.getByTestId('product-doctor-intro').locator('.ProseMirror');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

for (const language of ['cs', 'en'] as const) {
  const say = texts[language];

  test(`a report as a PDF (${language}): preview, publish version 1, download it, verify it, a changed copy refused, version 2 with a reason`, async ({
    page,
    browser,
  }, testInfo) => {
    await signIn(page, demo.doctor);
    if (language === 'en') await switchLanguage(page, 'EN');

    // A generated report not flagged for inspection, a different one for each language, that a
    // physician may release (issue 35), validated by the lab's specialist first.
    const headers = await bearer(page.request, demo.doctor);
    // The oldest one not validated yet: the cs run validates its own, so en takes the next.
    const id = String((await releasableReports(page.request, headers, 'id', 1))[0]);
    await validateAsLab(page.request, id);
    await page.goto(`/customers/products/${id}`);
    const customerName = (await page.getByTestId('product-customer-name').innerText()).trim();
    await expect(page.getByTestId('product-pdf-versions-empty')).toBeVisible();

    // The preview: rendered now by the API, opened in a new tab. (The response is read on its way:
    // Chromium does not keep the body of a fetch read as a blob for Playwright.)
    const previews: { status: number; type: string; body: Buffer }[] = [];
    await page.route('**/api/admin/products/pdfpreview?*', async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      previews.push({ status: response.status(), type: response.headers()['content-type'] ?? '', body });
      await route.fulfill({ response, body });
    });
    const popup = page.waitForEvent('popup');
    await page.getByTestId('product-pdf-preview-button').click();
    await expect.poll(() => previews.length).toBe(1);
    const [preview] = previews;
    expect(preview?.status).toBe(200);
    expect(preview?.type).toContain('application/pdf');
    expect(preview?.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.unroute('**/api/admin/products/pdfpreview?*');
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    // Publish: the first version needs no reason.
    const intro = `Úvodní slovo PDF ${language} ${Date.now()}`;
    await page.getByTestId('product-edit').click();
    await expect(page).toHaveURL(new RegExp(`/customers/products/edit/${id}$`));
    await appendToIntro(page, intro);
    await page.getByTestId('product-publish').click();
    await confirmOpenPoints(page);
    await expect(page.getByTestId('product-publish-reason')).toHaveCount(0);
    await page.getByTestId('product-publish-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/customers/products/${id}$`));
    await expect(page.getByTestId('product-detail-status').getByTestId('product-status')).toHaveText(
      say.published,
    );

    // Version 1 in the versions card, and in the change log.
    const versions = page.getByTestId('product-pdf-version');
    await expect(versions).toHaveCount(1);
    await expect(versions.first().getByTestId('product-pdf-version-number')).toHaveText(say.version(1));
    await expect(versions.first().getByTestId('product-pdf-version-current')).toHaveText(say.current);
    await expect(page.getByTestId('product-changelog')).toContainText(say.logVersion);
    const code = (await versions.first().getByTestId('product-pdf-version-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);

    // Its download: the stored bytes, named by the report number, version and language.
    const downloading = page.waitForEvent('download');
    await versions.first().getByTestId('product-pdf-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^GD-0*${id}-v1-(cs|en)\\.pdf$`));
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const issuedFile = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(issuedFile);

    // Beside it, the same version as HL7 FHIR (issue 40): the very bundle the API gives, its PDF inside.
    const fhirDownloading = page.waitForEvent('download');
    await versions.first().getByTestId('product-fhir-download').click();
    const fhirDownload = await fhirDownloading;
    expect(fhirDownload.suggestedFilename()).toMatch(new RegExp(`^GD-0*${id}-v1-(cs|en)\\.fhir\\.json$`));
    const bundle = JSON.parse(readFileSync(await fhirDownload.path(), 'utf8'));
    const fromApi = await page.request.get(`/api/fhir/DiagnosticReport/${id}/_history/1`, { headers });
    expect(fromApi.headers()['content-type']).toContain('application/fhir+json');
    expect(bundle).toEqual(await fromApi.json());
    expect(bundle.entry[0].resource.presentedForm[0].data).toBe(pdf.toString('base64'));

    // The QR code's link: the code is checked at once.
    await page.goto(`/verify/${code}`);
    const result = page.getByTestId('verify-result');
    await expect(result).toHaveAttribute('data-issued', 'true');
    await expect(result).toContainText(say.issued);
    await expect(result.getByTestId('verify-customer')).toHaveText(customerName);
    await expect(result.getByTestId('verify-version')).toContainText(say.version(1));
    await expect(result.getByTestId('verify-current')).toHaveText(say.currentVersion);
    await expect(result.getByTestId('verify-report-number')).toContainText(`GD-${id.padStart(6, '0')}`);

    // The file itself is accepted by its bytes; a copy with one byte more is refused.
    const fileInput = page.getByTestId('verify-dropzone').locator('input[type="file"]');
    await fileInput.setInputFiles(issuedFile);
    await expect(result).toHaveAttribute('data-matched-by', 'sha256');
    await expect(result).toHaveAttribute('data-issued', 'true');
    await fileInput.setInputFiles({
      name: 'changed.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf, Buffer.from('\n')]),
    });
    await expect(result).toHaveAttribute('data-issued', 'false');
    await expect(result).toContainText(say.notIssued);

    // A changed introduction published again: the reason is required and printed on version 2.
    await page.goto(`/customers/products/edit/${id}`);
    await appendToIntro(page, ' doplněno');
    await page.getByTestId('product-publish').click();
    await confirmOpenPoints(page);
    await expect(page.getByTestId('product-publish-next-version')).toContainText(say.nextVersion);
    await page.getByTestId('product-publish-confirm').click();
    const reasonField = page.getByTestId('product-publish-reason');
    await expect(reasonField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog')).toContainText(say.reasonRequired);
    const reason = `Doplněno úvodní slovo (${language})`;
    await reasonField.fill(reason);
    await page.getByTestId('product-publish-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/customers/products/${id}$`));
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toHaveAttribute('data-version', '2');
    await expect(versions.first().getByTestId('product-pdf-version-replaces')).toHaveText(
      say.replaces(1, reason),
    );
    await expect(versions.nth(1).getByTestId('product-pdf-version-current')).toHaveCount(0);
    await expect(page.getByTestId('product-changelog')).toContainText(say.logReason);
    await expect(page.getByTestId('product-changelog')).toContainText(reason);

    // Version 1 is still issued, but no longer current.
    await page.goto(`/verify/${code}`);
    await expect(result).toHaveAttribute('data-issued', 'true');
    await expect(result.getByTestId('verify-current')).toHaveText(say.replacedBy(2));

    if (language === 'cs') {
      // A visitor following the QR code gets the public answer (issue 35; verify-public.spec); staff
      // sign in from it and come back to the check with the details.
      const visitor = await browser.newContext({ baseURL, locale: 'cs-CZ' });
      const other = await visitor.newPage();
      await other.goto(`/verify/${code}`);
      await expect(other.getByTestId('verify-result')).toHaveAttribute('data-audience', 'public');
      await expect(other.getByTestId('verify-result')).not.toContainText(customerName);
      await other.getByTestId('verify-staff-sign-in').click();
      await expect(other).toHaveURL(/\/login\?from=/);
      await other.getByTestId('login-email').fill(demo.reception);
      await other.getByTestId('login-password').fill(demoPassword);
      await other.getByTestId('login-submit').click();
      await expect(other).toHaveURL(new RegExp(`/verify/${code}$`));
      // Whose report it is, only readers of reports learn (issue 36): reception gets the public answer.
      await expect(other.getByTestId('verify-result')).toHaveAttribute('data-audience', 'public');
      await expect(other.getByTestId('verify-result')).toHaveAttribute('data-issued', 'true');
      await expect(other.getByTestId('verify-result')).not.toContainText(customerName);
      await visitor.close();
    }
  });
}

test("report texts in the catalogue: read-only without Templates.Edit; saved by the doctor in cs and en; the preview prints them, in the customer's language by default", async ({
  page,
  browser,
}) => {
  // The laboratory may read the texts, not change them.
  const labContext = await browser.newContext({ baseURL, locale: 'cs-CZ' });
  const lab = await labContext.newPage();
  await signIn(lab, demo.lab);
  await lab.getByTestId('nav-reporttexts').click();
  await expect(lab).toHaveURL(/\/templates\/report-texts$/);
  await expect(lab.getByTestId('report-texts-read-only')).toBeVisible();
  await expect(lab.getByTestId('report-texts-limitations-cs')).toHaveAttribute('readonly', '');
  await expect(lab.getByTestId('report-texts-disclaimer-en')).toHaveAttribute('readonly', '');
  await expect(lab.getByTestId('report-texts-submit')).toHaveCount(0);
  await labContext.close();

  // The doctor saves both languages; an empty text is refused on its field.
  await signIn(page, demo.doctor);
  await page.getByTestId('nav-reporttexts').click();
  await expect(page.getByTestId('report-texts-status')).toBeVisible();
  const stamp = Date.now();
  const texts = {
    cs: `Omezení z katalogu ${stamp}: hodnotí jen vybrané varianty.`,
    en: `Catalogue limitations ${stamp}: selected variants only.`,
  };
  await page.getByTestId('report-texts-disclaimer-cs').fill('');
  await page.getByTestId('report-texts-submit').click();
  await expect(page.getByTestId('report-texts-disclaimer-cs')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('report-texts-reset').click();
  await page.getByTestId('report-texts-limitations-cs').fill(texts.cs);
  await page.getByTestId('report-texts-limitations-en').fill(texts.en);
  await page.getByTestId('report-texts-submit').click();
  await expect(page.getByTestId('report-texts-status')).toContainText('Naposledy uloženo:');
  await page.reload();
  await expect(page.getByTestId('report-texts-limitations-cs')).toHaveValue(texts.cs);
  await expect(page.getByTestId('report-texts-limitations-en')).toHaveValue(texts.en);

  // A report's preview opens in its customer's language and prints that language's text; the other
  // language can be chosen.
  await page.goto('/customers/products?status=1&requiresInspection=false&sort=id');
  const rows = page.getByTestId('products-table-row');
  await expect(rows.nth(2)).toBeVisible();
  const id = (await rows.nth(2).getAttribute('data-row-id')) ?? '';
  await page.goto(`/customers/products/${id}`);
  const language = page.getByTestId('product-pdf-preview-language');
  await expect(language).toHaveValue(/^(Česky|Anglicky) – jazyk zákazníka$/);
  const customerLanguage = (await language.inputValue()).startsWith('Česky') ? 'cs' : 'en';
  const other = customerLanguage === 'cs' ? 'en' : 'cs';
  const first = await previewPdf(page);
  expect(first.url.searchParams.get('locale')).toBe(customerLanguage);
  const firstText = await pdfText(first.body);
  expect(firstText).toContain(texts[customerLanguage]);
  expect(firstText).not.toContain(texts[other]);

  await language.click();
  await page.getByRole('option', { name: other === 'cs' ? 'Česky' : 'Anglicky', exact: true }).click();
  const second = await previewPdf(page);
  expect(second.url.searchParams.get('locale')).toBe(other);
  expect(await pdfText(second.body)).toContain(texts[other]);

  // The screen in English.
  await switchLanguage(page, 'EN');
  await page.goto('/templates/report-texts');
  await expect(page.getByTestId('page-title')).toHaveText('Report texts');
  await expect(page.getByTestId('report-texts-status')).toContainText('Last saved by');
  await expect(page.getByText('Limitations of the test (English)')).toBeVisible();
});
