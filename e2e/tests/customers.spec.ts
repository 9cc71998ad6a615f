import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { registerCustomer } from '../support/customers';
import { searchList } from '../support/lists';
import { demo, demoPassword, signIn, staffApi, switchLanguage } from '../support/session';

test.describe('customers and samples', () => {
  test('reception registers a paid customer, edits them; the lab sends and receives their kit', async ({
    page,
    browser,
  }) => {
    const email = `jana.e2e.${Date.now()}@example.cz`;
    await signIn(page, demo.reception);
    await page.getByTestId('nav-customers').click();
    await page.getByTestId('customers-create').click();

    await expect(page.getByTestId('customer-form-gender')).toHaveValue('Žena');
    await page.getByTestId('customer-form-name').fill('Jana');
    await page.getByTestId('customer-form-surname').fill('Zkušební');
    await page.getByTestId('customer-form-email').fill(email);
    await page.getByTestId('customer-form-password').fill('heslo-12345');
    await page.getByTestId('customer-form-agree-terms').check();
    await page.getByTestId('customer-form-agree-data').check();
    // Without this consent the lab could not send the kit (samples.spec.ts).
    await page.getByTestId('customer-form-agree-dna').check();
    // The spec's phone message shows before anything is sent.
    await page.getByTestId('customer-form-phone').fill('12ab');
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByText('Toto není platné telefonní číslo!')).toBeVisible();
    await page.getByTestId('customer-form-phone').fill('777 123 456');
    await page.getByTestId('customer-form-city').fill('Brno');
    // The date of birth is typed as Czech staff write it.
    await page.getByTestId('customer-form-dob').click();
    await page.getByTestId('customer-form-dob').pressSequentially('15. 3. 1985');
    await page.getByTestId('customer-form-product-type').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('customer-form-paid-in-cash').check();
    await page.getByTestId('customer-form-submit').click();

    await expect(page.getByTestId('customer-detail-email')).toHaveText(email);
    await expect(page.getByTestId('customer-detail-dob')).toHaveText('15. 3. 1985');
    await expect(page.getByTestId('customer-consent-missing')).toHaveCount(0);
    await expect(page.getByTestId('customer-orders')).toContainText('Zaplaceno');
    await expect(page.getByTestId('customer-samples').getByTestId('sample-status')).toHaveText(
      'Čeká na odeslání',
    );

    // No barcode yet: found by e-mail.
    await page.getByTestId('nav-customers').click();
    await expect(page).toHaveURL(/\/customers$/);
    await searchList(page, 'customers-table', email);
    await expect(page.getByTestId('customers-table-row')).toHaveCount(1);
    await page.getByTestId('customers-table-row').click();
    await page.getByTestId('customer-edit').click();
    await expect(page.getByTestId('customer-form-gender')).toHaveValue('Žena');
    await expect(page.getByTestId('customer-form-dob')).toHaveValue('15. 3. 1985');
    // Corrected in the calendar: one day later.
    await page.getByTestId('customer-form-dob').click();
    await page.getByRole('button', { name: /\s16\. března 1985$/ }).click();
    await expect(page.getByTestId('customer-form-dob')).toHaveValue('16. 3. 1985');
    await page.getByTestId('customer-form-city').fill('Olomouc');
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByTestId('customer-detail-address')).toContainText('Olomouc');
    const change = page.getByTestId('customer-audit-row').filter({ hasText: 'Olomouc' });
    await expect(change).toContainText('Brno');
    await expect(page.getByTestId('customer-detail-dob')).toHaveText('16. 3. 1985');

    // The lab sends the kit (a barcode is assigned) and receives it back.
    const context = await browser.newContext();
    const lab = await context.newPage();
    await signIn(lab, demo.lab);
    await lab.getByTestId('nav-pendingsamples').click();
    await expect(lab.getByTestId('work-list-pending')).toBeVisible();
    await searchList(lab, 'work-list-table', email);
    await expect(lab.getByTestId('work-list-table-row')).toHaveCount(1);
    await lab.getByTestId('work-list-table-row').getByRole('button', { name: 'Odeslat sadu' }).click();
    const barcode = (await lab.getByTestId('sent-barcode').textContent())?.trim() ?? '';
    expect(barcode).toMatch(/^GD\d{8}$/);
    await lab.getByTestId('sent-close').click();
    // The row stays in place, marked done, until the list is reloaded.
    await expect(lab.getByTestId('work-list-table-row')).toContainText('Sada odeslána');
    await lab.getByTestId('work-list-reload').click();
    await expect(lab.getByTestId('work-list-table-empty')).toBeVisible();

    await lab.getByTestId('nav-receivingsamples').click();
    await expect(lab.getByTestId('work-list-receiving')).toBeVisible();
    await searchList(lab, 'work-list-table', barcode);
    await expect(lab.getByTestId('work-list-table-row')).toHaveCount(1);
    await lab.getByTestId('work-list-table-row').getByRole('checkbox').check();
    await lab.getByTestId('bulk-receive').click();
    await expect(lab.getByTestId('work-list-table-row')).toContainText('Přijat');
    await lab.getByTestId('work-list-reload').click();
    await expect(lab.getByTestId('work-list-table-empty')).toBeVisible();
    await context.close();

    // Now the customer is found by the barcode, and the sample waits for analysis.
    await page.getByTestId('nav-customers').click();
    await expect(page).toHaveURL(/\/customers$/);
    await searchList(page, 'customers-table', barcode);
    await expect(page.getByTestId('customers-table-row')).toHaveCount(1);
    await page.getByTestId('customers-table-row').click();
    await expect(page.getByTestId('customer-detail-barcode')).toHaveText(barcode);
    await expect(page.getByTestId('customer-samples').getByTestId('sample-status')).toHaveText('Přijat zpět');
  });

  for (const language of ['cs', 'en'] as const)
    test(`a customer is erased by an administrator with the reason and their password, not past a legal hold (${language})`, async ({
      page,
    }) => {
      const texts = {
        cs: {
          erase: 'Vymazat zákazníka',
          wrong: 'Nesprávné heslo',
          held: 'zákonná archivace',
          done: 'Zákazník byl vymazán',
        },
        en: {
          erase: 'Erase customer',
          wrong: 'password',
          held: 'legal hold',
          done: 'The customer was erased',
        },
      }[language];
      const customer = await registerCustomer({
        surname: 'Vymazávaná',
        emailName: 'vymaz',
        paidInCash: true,
      });
      await signIn(page, demo.admin);
      if (language === 'en') await switchLanguage(page, 'EN');
      await page.getByTestId('nav-customers').click();
      // A customer of the test's own: specs run in parallel, another may be working on the newest one.
      await searchList(page, 'customers-table', customer.email);
      await expect(page.getByTestId('customers-table-row')).toHaveCount(1);
      await page.getByTestId('customers-table-row').click();
      const name = (await page.getByTestId('customer-detail-name').textContent()) ?? '';

      // A legal hold first: the erasure is refused, saying why.
      await page.getByTestId('customer-legal-hold-reason').fill('zdravotnická dokumentace do 2036');
      await page.getByTestId('customer-legal-hold-set').click();
      await expect(page.getByTestId('customer-legal-hold-state')).toContainText(
        'zdravotnická dokumentace do 2036',
      );
      await page.getByTestId('customer-delete').click();
      const dialog = page.getByRole('dialog', { name: texts.erase });
      await expect(dialog.getByTestId('delete-customer-warning')).toBeVisible();
      await expectAccessible(page, `the erasure dialog (${language})`);
      await dialog.getByTestId('erase-customer-reason').fill('Žádost subjektu údajů o výmaz');
      await dialog.getByTestId('erase-customer-request').fill('GDPR-2026-41');
      await dialog.getByTestId('erase-customer-password').fill('not my password');
      await dialog.getByTestId('delete-customer-confirm').click();
      await expect(dialog.getByTestId('erase-customer-password')).toHaveAttribute('data-invalid', 'true');
      await dialog.getByTestId('erase-customer-password').fill(demoPassword);
      await dialog.getByTestId('delete-customer-confirm').click();
      await expect(dialog.getByTestId('erase-customer-problem')).toContainText(texts.held);
      await dialog.getByRole('button', { name: language === 'cs' ? 'Zrušit' : 'Cancel' }).click();

      // Lifted, the erasure goes through.
      await page.getByTestId('customer-legal-hold-lift').click();
      await expect(page.getByTestId('customer-legal-hold-set')).toBeVisible();
      await page.getByTestId('customer-delete').click();
      await dialog.getByTestId('erase-customer-reason').fill('Žádost subjektu údajů o výmaz');
      await dialog.getByTestId('erase-customer-password').fill(demoPassword);
      await dialog.getByTestId('delete-customer-confirm').click();
      await expect(page.getByText(texts.done)).toBeVisible();
      await expect(page).toHaveURL(/\/customers$/);
      await searchList(page, 'customers-table', name.split(' ').at(-1) ?? name);
      await expect(page.getByTestId('customers-table-row').filter({ hasText: name })).toHaveCount(0);
    });

  test('the registration filter picks a range in the calendar, in Czech and in English', async ({ page }) => {
    // The whole of last month but its last days: a range with seeded customers in it, whatever today is.
    const now = new Date();
    const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
    const month = now.getMonth() === 0 ? 12 : now.getMonth();
    const mm = String(month).padStart(2, '0');
    const day = (d: number) => new Date(year, month - 1, d);
    const czechDay = (d: number) =>
      new Intl.DateTimeFormat('cs-CZ', { day: 'numeric', month: 'long', year: 'numeric' }).format(day(d));

    await signIn(page, demo.admin);
    await page.goto('/customers');
    const filter = page.getByTestId('customers-filter-registered');
    await expect(filter).toHaveText('Registrace od – do');
    // The unfiltered total once the list has loaded (before, the summary reads "0 of 0").
    const summary = page.getByTestId('customers-table-summary');
    await expect(summary).toHaveAttribute('data-total', /^[1-9]\d*$/);
    const unfiltered = (await summary.textContent()) ?? '';
    const total = (await summary.getAttribute('data-total')) ?? '';

    await filter.click();
    await page.getByRole('button', { name: 'Předchozí měsíc' }).click();
    await page.getByRole('button', { name: new RegExp(`\\s${czechDay(1).replaceAll('.', '\\.')}$`) }).click();
    await page
      .getByRole('button', { name: new RegExp(`\\s${czechDay(25).replaceAll('.', '\\.')}$`) })
      .click();

    await expect(page).toHaveURL(new RegExp(`registeredFrom=${year}-${mm}-01&registeredTo=${year}-${mm}-25`));
    await expect(filter).toHaveText(`1. ${month}. ${year} – 25. ${month}. ${year}`);
    await expect(page.getByTestId('customers-table-summary')).not.toHaveText(unfiltered);
    const rows = page.getByTestId('customers-table-row');
    await expect(rows.first()).toBeVisible();
    // Registration, "D. M. YYYY H:mm", as a column or on the second line where there is no room for
    // it; a day of slack for the time zones.
    for (const text of await rows.locator('[data-column="dateRegistration"]').allTextContents()) {
      const [, d, m, y] = text.match(/(\d+)\. (\d+)\. (\d{4})/) ?? [];
      const registered = new Date(Number(y), Number(m) - 1, Number(d));
      expect(registered >= day(0) && registered <= day(26), text).toBe(true);
    }

    await switchLanguage(page, 'EN');
    const shortMonth = new Intl.DateTimeFormat('en-GB', { month: 'short' }).format(day(1)).slice(0, 3);
    await expect(filter).toHaveText(`1 ${shortMonth} ${year} – 25 ${shortMonth} ${year}`);
    await filter.click();
    await expect(page.locator('[data-dates-dropdown] th').first()).toHaveText('Mo');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Clear the date filter' }).click();
    await expect(filter).toHaveText('Registered from – to');
    await expect(page).not.toHaveURL(/registeredFrom/);
    await expect(page.getByTestId('customers-table-summary')).toHaveText(new RegExp(` of ${total}$`));
  });

  test('the customers list exports the current filters as CSV', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.goto('/customers?registrationSource=2');
    const download = page.waitForEvent('download');
    await page.getByTestId('customers-export-csv').click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  });

  test('the lab generates a barcode batch and gets its printable Code 128 labels', async ({ page }) => {
    await signIn(page, demo.lab);
    await page.getByTestId('nav-barcodes').click();
    await expect(page.getByTestId('barcodes-table-row').first()).toBeVisible();
    await page.getByTestId('barcodes-generate').click();
    // Too many is said, not quietly turned into the most allowed.
    await page.getByTestId('barcode-generate-count').fill('5000');
    await page.getByTestId('barcode-generate-submit').click();
    await expect(page.getByText('Počet čárových kódů musí být 1 až 1000!')).toBeVisible();
    await expect(page.getByTestId('barcode-generate-count')).toHaveValue('5000');
    await page.getByTestId('barcode-generate-count').fill('3');
    await page.getByTestId('barcode-generate-submit').click();
    await expect(page).toHaveURL(/\/administration\/barcodes\/batch\/\d+$/);
    await expect(page.getByTestId('barcode-label')).toHaveCount(3);
    await expect(page.getByTestId('barcode-label-svg').first().locator('rect').first()).toBeAttached();
    await expect(page.getByTestId('barcode-labels-print')).toBeVisible();
    const code = (await page.getByTestId('barcode-label').first().getAttribute('data-code')) ?? '';
    expect(code).toMatch(/^GD\d{8}$/);

    await page.getByTestId('nav-barcodes').click();
    await expect(page).toHaveURL(/\/administration\/barcodes$/);
    await searchList(page, 'barcodes-table', code);
    await expect(page.getByTestId('barcodes-table-row')).toHaveCount(1);
    await expect(page.getByTestId('barcode-state')).toHaveText('Volný');
  });

  test('reception accepts a partner request by choosing a partner among the candidates', async ({ page }) => {
    await signIn(page, demo.reception);
    await page.getByTestId('nav-relationships').click();
    await page.getByTestId('relationships-filter-status').click();
    await page.getByRole('option', { name: 'Čeká na zpracování' }).click();
    await expect(page).toHaveURL(/status=REQUESTED/);
    const row = page.getByTestId('relationships-table-row').first();
    await expect(row.getByTestId('relationship-status')).toHaveText('Čeká na zpracování');
    const customerId = await row.getAttribute('data-row-id');
    await row.click();
    const detail = page.getByTestId('relationship-detail');
    await expect(detail).toBeVisible();
    await detail.getByRole('radio').first().check();
    await page.getByTestId('relationship-accept').click();
    await expect(page.getByText('Vztah byl přijat.')).toBeVisible();
    await expect(
      page.locator(`[data-testid="relationships-table-row"][data-row-id="${customerId}"]`),
    ).toHaveCount(0);

    await page.goto(`/customers/view/${customerId}`);
    await expect(page.getByTestId('customer-detail-name')).toBeVisible();
    await expect(page.getByTestId('customer-detail-partner')).not.toHaveText('Nepožádáno');
  });

  test("a woman's questionnaire shows its 12 sections, a man's those asked of men; one section is corrected on its own", async ({
    page,
  }) => {
    // A man's and a woman's questionnaire from the demo data.
    const api = await staffApi();
    const listed = await (await api.get('/api/admin/questionnaires?pageSize=50')).json();
    const genders = new Map<number, number>();
    for (const { id } of listed.items as { id: number }[]) {
      const one = await (await api.get(`/api/admin/questionnaires/questionnaire?Id=${id}`)).json();
      if (!genders.has(one.customerGender)) genders.set(one.customerGender, id);
      if (genders.size === 2) break;
    }
    await api.dispose();
    const sectionEdits = page.locator('[data-testid^="q-section-"][data-testid$="-edit"]');

    await signIn(page, demo.admin);
    await page.goto(`/customers/questionnaires/show/${genders.get(1)}`);
    await expect(sectionEdits).toHaveCount(10);
    await expect(page.getByTestId('q-section-pregnancy')).toHaveCount(0);
    await expect(page.getByTestId('questionnaire-not-asked')).toHaveText(
      'Části, které se mužů netýkají: Gynekologie, Těhotenství.',
    );
    await expect(page.getByTestId('q-section-urology')).toContainText('Onemocnění prostaty');

    await page.goto(`/customers/questionnaires/show/${genders.get(2)}`);
    await expect(sectionEdits).toHaveCount(12);
    await expect(page.getByTestId('questionnaire-not-asked')).toHaveCount(0);
    await expect(page.getByTestId('q-section-urology')).not.toContainText('Onemocnění prostaty');
    const section = page.getByTestId('q-section-personalInformation');
    await page.getByTestId('q-section-personalInformation-edit').click();
    // One section at a time.
    await expect(page.locator('[data-testid^="q-section-"][data-testid$="-edit"]')).toHaveCount(0);
    await section.getByTestId('q-personalInformation-height').fill('181');
    await section.getByTestId('q-personalInformation-occupation').fill('Zahradnice');
    await page.getByTestId('q-section-personalInformation-save').click();
    await expect(page.getByText('Část „Osobní údaje“ byla uložena.')).toBeVisible();
    await expect(section.getByTestId('q-answer-personalInformation-height')).toHaveText('181 cm');
    await expect(section.getByTestId('q-answer-personalInformation-occupation')).toHaveText('Zahradnice');

    await page.getByTestId('questionnaire-customer-link').click();
    await expect(
      // The question and its section, named in the reader's language.
      page.getByTestId('customer-audit-row').filter({ hasText: /povolání \(osobní údaje\)/i }),
    ).toContainText('Zahradnice');
    await page.getByTestId('customer-detail-questionnaire').getByRole('link').click();
    await expect(page.getByTestId('questionnaires-table-row')).toHaveCount(1);
    await expect(page.getByTestId('questionnaires-filter-customer')).toBeVisible();
  });

  test('reception finds a customer typing the name without its diacritics, and with them one stored without, in the list and the search', async ({
    page,
  }) => {
    const accented = await registerCustomer({ name: 'Věra', surname: 'Testovací' });
    const plain = await registerCustomer({ name: 'Vera', surname: 'Zemanova' });
    // The run's suffix makes each findable alone; it has no diacritics to drop.
    const suffixOf = (customer: { surname: string }) => customer.surname.split(' ').at(-1);
    await signIn(page, demo.reception);
    await page.getByTestId('nav-customers').click();
    const rows = page.getByTestId('customers-table-row');
    await searchList(page, 'customers-table', `vera testovaci ${suffixOf(accented)}`);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(accented.surname);
    await searchList(page, 'customers-table', `VĚRA ZEMANOVÁ ${suffixOf(plain)}`);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(plain.surname);

    await page.getByTestId('search-open').click();
    await page.getByTestId('search-input').fill(`testovaci ${suffixOf(accented)}`);
    await expect(page.getByTestId(`search-hit-customers-${accented.id}`)).toContainText(accented.fullName);
    await page.getByTestId('search-input').fill(`zemanová ${suffixOf(plain)}`);
    await expect(page.getByTestId(`search-hit-customers-${plain.id}`)).toContainText(plain.fullName);
    await page.getByTestId(`search-hit-customers-${plain.id}`).click();
    await expect(page).toHaveURL(new RegExp(`/customers/view/${plain.id}$`));
  });

  test('a registration with a taken e-mail is refused on the field', async ({ page }) => {
    await signIn(page, demo.reception);
    await page.goto('/customers/create');
    await page.getByTestId('customer-form-name').fill('Tereza');
    await page.getByTestId('customer-form-surname').fill('Dvojnice');
    await page.getByTestId('customer-form-email').fill('tereza.novakova1@example.cz');
    await page.getByTestId('customer-form-phone').fill('777 123 456');
    await page.getByTestId('customer-form-password').fill('heslo-12345');
    await page.getByTestId('customer-form-agree-terms').check();
    await page.getByTestId('customer-form-agree-data').check();
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByText('Zákazník se zadaným e-mailem již existuje!')).toBeVisible();
    await expect(page).toHaveURL(/\/customers\/create$/);
  });
});

test('a double-clicked registration registers the customer once and opens them', async ({ page }) => {
  const email = `dvojklik.${Date.now()}@example.cz`;
  await signIn(page, demo.reception);
  await page.goto('/customers/create');
  await page.getByTestId('customer-form-name').fill('Dana');
  await page.getByTestId('customer-form-surname').fill('Dvojklik');
  await page.getByTestId('customer-form-email').fill(email);
  await page.getByTestId('customer-form-password').fill('heslo-12345');
  await page.getByTestId('customer-form-phone').fill('777 123 456');
  await page.getByTestId('customer-form-agree-terms').check();
  await page.getByTestId('customer-form-agree-data').check();
  await page.getByTestId('customer-form-submit').dblclick();
  await expect(page.getByTestId('customer-detail-email')).toHaveText(email);
  await expect(page.getByText('Zákazník se zadaným e-mailem již existuje')).toHaveCount(0);
  await page.goto(`/customers?search=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('customers-table-row')).toHaveCount(1);
});
