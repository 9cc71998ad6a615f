import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { baseURL } from '../support/base-url';
import { claimReport, validateAsLab } from '../support/release';
import { bearer, demo, demoPassword, switchLanguage } from '../support/session';

// Issue 35: the QR code on a report PDF leads anyone to /verify/<code>. Signed out, the page answers
// publicly — valid or not, report number, version, date, the laboratory — and names no one; the file
// check works signed out too; a customer's erasure leaves the document "withdrawn", not "not issued".

const texts = {
  cs: {
    title: 'Ověření dokumentu',
    valid: 'Platný dokument',
    notIssued: 'Tento dokument laboratoř nevydala',
    withdrawn: 'Dokument byl stažen (zákazník požádal o výmaz údajů)',
    version: 'Verze 1',
    current: 'Aktuální verze',
    replaced: 'Dokument vydala laboratoř, ale nahradila ho novější verze',
    staffSignIn: 'Přihlášení pro personál',
  },
  en: {
    title: 'Verify a document',
    valid: 'Valid document',
    notIssued: 'This document was not issued by the laboratory',
    withdrawn: "Document withdrawn (the customer's data were erased)",
    version: 'Version 1',
    current: 'Current version',
    replaced: 'Issued by the laboratory, but replaced by a newer version',
    staffSignIn: 'Staff sign-in',
  },
} as const;

type Report = { id: number; customerId: number; customerName: string; barcode: string | null };

/**
 * A generated report not yet published, of an adult customer with a date of birth (publication needs
 * it), and its open points: the newest ones, so as not to meet the reports other specs publish
 * (report-pdf.spec takes the oldest). One not validated yet: each test validates the one it publishes
 * (issue 35), so the next takes the next.
 */
async function unpublishedReport(
  request: APIRequestContext,
  headers: Record<string, string>,
  index: number,
): Promise<Report & { openPoints: string[] }> {
  const list = await request.get(
    '/api/admin/products?status=1&requiresInspection=false&sort=-id&pageSize=100',
    { headers },
  );
  expect(list.status(), await list.text()).toBe(200);
  const items = ((await list.json()) as { items: (Report & { customerUnderage: boolean })[] }).items;
  let eligible = 0;
  for (const item of items) {
    if (item.customerUnderage) continue;
    const product = await request.get(`/api/admin/products/getproduct?ProductId=${item.id}`, { headers });
    expect(product.status(), await product.text()).toBe(200);
    const detail = (await product.json()) as {
      openPoints: string[];
      assignedCustomer: { dateOfBirth: string | null };
      technicalValidation: unknown;
      release: { hasValidDnaConsent: boolean; consultationRequired: unknown[] };
    };
    if (!detail.assignedCustomer.dateOfBirth) continue;
    // Released only with a consent, no consultation owed (issue 35), and not one another spec validated.
    if (!detail.release.hasValidDnaConsent || detail.release.consultationRequired.length) continue;
    if (detail.technicalValidation !== null) continue;
    // Nor one another test of the run took (support/release.ts).
    if (!claimReport(item.id)) continue;
    if (eligible++ === index) return { ...item, openPoints: detail.openPoints };
  }
  throw new Error(`the demo data has no ${index + 1} reports to publish`);
}

/** Publishes the report through the API (its open points confirmed): version 1's verification code. */
async function publish(
  request: APIRequestContext,
  headers: Record<string, string>,
  report: Report & { openPoints: string[] },
) {
  await validateAsLab(request, report.id);
  const patched = await request.patch('/api/admin/products/', {
    headers,
    data: {
      Id: report.id,
      Status: 3,
      DoctorIntro: '<p>Veřejné ověření.</p>',
      Confirmations: report.openPoints,
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const documents = await request.get(`/api/admin/products/documents?Id=${report.id}`, { headers });
  const [v1] = ((await documents.json()) as { documents: { version: number; verificationCode: string }[] })
    .documents;
  expect(v1?.version).toBe(1);
  return v1!.verificationCode;
}

/** A fresh browser, signed out, in Czech (the default); English through the page's switch. */
async function visitor(browser: Browser, language: 'cs' | 'en', path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'cs-CZ' });
  const page = await context.newPage();
  await page.goto(path);
  if (language === 'en') await switchLanguage(page, 'EN');
  await expect(page.getByTestId('page-title')).toHaveText(texts[language].title);
  return page;
}

for (const language of ['cs', 'en'] as const) {
  const say = texts[language];

  test(`signed out, the QR code's link answers valid with nothing personal; the file too; a wrong code is not issued (${language})`, async ({
    browser,
    request,
  }) => {
    const doctor = await bearer(request, demo.doctor);
    const report = await unpublishedReport(request, doctor, 0);
    const code = await publish(request, doctor, report);
    const pdf = await request.get(`/api/admin/products/document?Id=${report.id}&version=1`, {
      headers: doctor,
    });
    expect(pdf.status()).toBe(200);
    const bytes = await pdf.body();

    const page = await visitor(browser, language, `/verify/${code}`);
    expect(new URL(page.url()).pathname).toBe(`/verify/${code}`);
    await expect(page.getByTestId('verify-staff-sign-in')).toHaveText(say.staffSignIn);
    const config = (await (await request.get('/api/config')).json()) as { laboratory: string };
    await expect(page.getByTestId('verify-laboratory')).toHaveText(config.laboratory);

    const result = page.getByTestId('verify-result');
    await expect(result).toHaveAttribute('data-audience', 'public');
    await expect(result).toHaveAttribute('data-issued', 'true');
    await expect(result).toContainText(say.valid);
    await expect(result.getByTestId('verify-report-number')).toHaveText(
      `GD-${String(report.id).padStart(6, '0')}`,
    );
    await expect(result.getByTestId('verify-version')).toHaveText(say.version);
    await expect(result.getByTestId('verify-current')).toHaveText(say.current);
    await expect(result.getByTestId('verify-result-laboratory')).toHaveText(config.laboratory);
    // Nothing personal anywhere on the page.
    const body = page.locator('body');
    await expect(body).not.toContainText(report.customerName);
    if (report.barcode) await expect(body).not.toContainText(report.barcode);
    await expect(page.getByTestId('verify-customer')).toHaveCount(0);
    await expectAccessible(page, `the public answer "valid" (${language})`);

    // The file itself, signed out: its bytes are the issued ones; one byte more is not.
    const fileInput = page.getByTestId('verify-dropzone').locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'zprava.pdf', mimeType: 'application/pdf', buffer: bytes });
    await expect(result).toHaveAttribute('data-issued', 'true');
    await expect(result).toContainText('zprava.pdf');
    await fileInput.setInputFiles({
      name: 'zmeneno.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([bytes, Buffer.from('\n')]),
    });
    await expect(result).toHaveAttribute('data-issued', 'false');
    await expect(result).toContainText(say.notIssued);

    // A code no document has, typed into the form.
    await page.getByTestId('verify-code-input').fill('00000-00001');
    await page.getByTestId('verify-code-submit').click();
    await expect(page).toHaveURL(/\/verify\/00000-00001$/);
    await expect(result).toHaveAttribute('data-issued', 'false');
    await expect(result).toContainText(say.notIssued);
    await expect(result).toContainText('00000-00001');
    await expectAccessible(page, `the public answer "not issued" (${language})`);

    // Issued again (version 2): version 1's code is still the lab's, but says it is replaced.
    const again = await request.patch('/api/admin/products/', {
      headers: doctor,
      data: { Id: report.id, Status: 3, DoctorIntro: '<p>Doplněno.</p>', Reason: 'Doplněný úvod' },
    });
    expect(again.status(), await again.text()).toBe(200);
    await page.goto(`/verify/${code}`);
    await expect(result).toHaveAttribute('data-replaced', 'true');
    await expect(result).toContainText(say.replaced);
    await expectAccessible(page, `the public answer "replaced" (${language})`);
    await page.context().close();
  });
}

test('a document of a customer since erased is withdrawn, not forged (cs and en); the staff see it withdrawn too', async ({
  browser,
  request,
}) => {
  const doctor = await bearer(request, demo.doctor);
  const report = await unpublishedReport(request, doctor, 0);
  const code = await publish(request, doctor, report);
  const admin = await bearer(request, demo.admin);
  const erased = await request.delete(`/api/admin/customers?CustomerId=${report.customerId}`, {
    headers: admin,
    data: { Password: demoPassword, Reason: 'Žádost subjektu údajů o výmaz' },
  });
  expect(erased.status(), await erased.text()).toBe(200);

  for (const language of ['cs', 'en'] as const) {
    const page = await visitor(browser, language, `/verify/${code}`);
    const result = page.getByTestId('verify-result');
    await expect(result).toHaveAttribute('data-withdrawn', 'true');
    await expect(result).toContainText(texts[language].withdrawn);
    await expect(result.getByTestId('verify-report-number')).toHaveText(
      `GD-${String(report.id).padStart(6, '0')}`,
    );
    await expect(result).not.toContainText(texts[language].notIssued);
    await expectAccessible(page, `the public answer "withdrawn" (${language})`);
    await page.context().close();
  }

  // A staff member who reads reports, signed in, gets the staff answer: withdrawn, with no one to name.
  const context = await browser.newContext({ baseURL, locale: 'cs-CZ' });
  const page = await context.newPage();
  await page.goto(`/verify/${code}`);
  await page.getByTestId('verify-staff-sign-in').click();
  await page.getByTestId('login-email').fill(demo.lab);
  await page.getByTestId('login-password').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`/verify/${code}$`));
  const result = page.getByTestId('verify-result');
  await expect(result).toHaveAttribute('data-audience', 'staff');
  await expect(result).toHaveAttribute('data-withdrawn', 'true');
  await expect(result).toContainText(texts.cs.withdrawn);
  await expect(page.getByTestId('verify-back-to-app')).toBeVisible();
  await expectAccessible(page, 'the staff answer "withdrawn"');
  await context.close();
});
