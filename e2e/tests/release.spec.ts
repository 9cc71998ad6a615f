import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { claimReport, releasableReports } from '../support/release';
import { bearer, demo, signIn, switchLanguage } from '../support/session';

// Issue 35, release in two steps: the laboratory specialist validates the report on its screen, the
// physician signs it off; the screen shows each step, in Czech and English.

const texts = {
  cs: {
    notValidated: 'Dosud nevalidováno',
    validated: 'call rate 100,0 %',
    controlsRequired: 'Potvrďte, že kontroly byly zkontrolovány a prošly.',
    ready: 'Připraveno: lékař může výsledek zveřejnit.',
    published: 'Publikováno',
    signedOff: 'Schválil a zveřejnil',
  },
  en: {
    notValidated: 'Not validated yet',
    validated: 'call rate 100.0 %',
    controlsRequired: 'Confirm that the controls were reviewed and passed.',
    ready: 'Ready: a physician may publish the report.',
    published: 'Published',
    signedOff: 'Signed off and published by',
  },
} as const;

for (const language of ['cs', 'en'] as const) {
  const say = texts[language];

  test(`the lab validates a report, the doctor signs it off (${language})`, async ({ page, browser }) => {
    const headers = await bearer(page.request, demo.doctor);
    // The newest releasable report not validated yet, claimed for this test (each validates its own).
    const [id] = await releasableReports(page.request, headers, '-id', 1);

    // The lab: the report waits for its validation; the publish step is not the lab's.
    await signIn(page, demo.lab);
    if (language === 'en') await switchLanguage(page, 'EN');
    await page.goto(`/customers/products/${id}`);
    const release = page.getByTestId('product-release');
    await expect(release.getByTestId('product-validation-missing')).toContainText(say.notValidated);
    await expect(release.getByTestId('product-release-consent')).toBeVisible();
    await release.getByTestId('product-validate').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page);
    // The controls are a required confirmation.
    await page.getByTestId('product-validate-confirm').click();
    await expect(page.getByText(say.controlsRequired)).toBeVisible();
    await page.getByTestId('product-validate-controls').check();
    await page.getByTestId('product-validate-note').fill('NTC + PC OK');
    await page.getByTestId('product-validate-confirm').click();
    await expect(release.getByTestId('product-validation-record')).toContainText(say.validated);
    await expect(release.getByTestId('product-validation-record')).toContainText('NTC + PC OK');
    await expect(page.getByTestId('product-edit')).toHaveCount(0);

    // The doctor: sees who validated, and publishes.
    const context = await browser.newContext();
    const doctorPage = await context.newPage();
    await signIn(doctorPage, demo.doctor);
    if (language === 'en') await switchLanguage(doctorPage, 'EN');
    await doctorPage.goto(`/customers/products/${id}`);
    const doctorRelease = doctorPage.getByTestId('product-release');
    await expect(doctorRelease.getByTestId('product-validation-record')).toContainText('Lucie');
    await expect(doctorRelease.getByTestId('product-signoff-ready')).toHaveText(say.ready);
    await expectAccessible(doctorPage);
    await doctorPage.getByTestId('product-edit').click();
    await doctorPage.getByTestId('product-publish').click();
    await expect(doctorPage.getByRole('dialog')).toBeVisible();
    for (const point of await doctorPage.getByTestId(/^product-open-point-(inspection|emptyIntro)$/).all())
      await point.check();
    await doctorPage.getByTestId('product-publish-confirm').click();
    await expect(doctorPage.getByTestId('product-detail-status').getByTestId('product-status')).toHaveText(
      say.published,
    );
    // The release says who signed it off, and no longer that it may be published.
    const released = doctorPage.getByTestId('product-release');
    await expect(released.getByTestId('product-signed-off')).toContainText(say.signedOff);
    await expect(released.getByTestId('product-signoff-ready')).toHaveCount(0);
    await context.close();
  });
}

// QA: a report in review whose customer withdrew the consent (demo: Eva Blažková, #55) — the publish
// buttons were disabled, "Uložit a pozvat na konzultaci" was not, and its 422 named the step "vydání zprávy".
test('without a valid consent the doctor may not invite to a consultation either, told why in cs and en', async ({
  page,
}) => {
  const headers = await bearer(page.request, demo.doctor);
  // The demo's report in review of a minor: the adults' ones are the few other specs release.
  const list = await page.request.get('/api/admin/products?status=1&requiresInspection=false&pageSize=100', {
    headers,
  });
  const minors = ((await list.json()) as { items: { id: number; customerUnderage: boolean }[] }).items.filter(
    (item) => item.customerUnderage && claimReport(item.id),
  );
  expect(minors.length).toBeGreaterThan(0);
  const id = minors[0]!.id;
  const detail = await page.request.get(`/api/admin/products/getproduct?ProductId=${id}`, { headers });
  const { assignedCustomer } = (await detail.json()) as { assignedCustomer: { id: number; gender: number } };
  const withdrawn = await page.request.post('/api/admin/customers/dnaconsent/withdraw', {
    headers: await bearer(page.request, demo.admin),
    data: {
      CustomerId: assignedCustomer.id,
      WithdrawnOn: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Prague' }),
      Outcome: 'keepForCustomer',
    },
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(200);

  await signIn(page, demo.doctor);
  await page.goto(`/customers/products/edit/${id}`);
  const invite = page.getByTestId('product-invite');
  const customer = assignedCustomer.gender === 2 ? 'Zákaznice' : 'Zákazník';
  await expect(invite).toBeDisabled();
  await expect(invite).toHaveAccessibleDescription(
    `Pozvat na konzultaci zatím nelze: ${customer} nemá platný souhlas s analýzou DNA.`,
  );
  await expect(page.getByTestId('product-publish-blocked')).toContainText(
    `${customer} nemá platný souhlas s analýzou DNA.`,
  );
  await expect(page.getByTestId('product-preliminary')).toBeDisabled();
  await expect(page.getByTestId('product-save')).toBeEnabled();
  await expectAccessible(page, 'the editor without a consent');

  await switchLanguage(page, 'EN');
  await expect(invite).toHaveAccessibleDescription(
    'Cannot invite for a consultation yet: The customer has no valid consent to DNA analysis.',
  );
  await expect(invite).toBeDisabled();
  await expectAccessible(page, 'the editor without a consent (en)');
});
