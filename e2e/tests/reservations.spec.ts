import { expect, type Page, request, test } from '@playwright/test';
import { baseURL } from '../support/base-url';
import { registerCustomer } from '../support/customers';
import { bearer, demo, signIn, staffApi, switchLanguage } from '../support/session';
import { createStaffUser } from '../support/users';

/**
 * Each run makes its own consulting room (a stamped name) and customer, and books next week's
 * slots in that room only (the calendar filtered to it), so the spec reruns on one database.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const texts = {
  cs: {
    doctorRequired: 'Musíte zvolit lékaře!',
    roomCreated: 'Ambulance byla vytvořena.',
    series: 'Rezervace byla vytvořena s 3 týdenními opakováními.',
    overlap: 'Ambulance je v tomto čase již obsazená!',
    saved: 'Rezervace byla uložena.',
    cancelled: 'Rezervace byla zrušena.',
    upcoming: 'Konzultace naplánována',
    cancelledState: 'Zrušeno',
    hours: 'po–čt 08:00–18:00',
    freeSlotRefused:
      'V tomto čase má ambulance vypsaný volný termín. Otevřete ho v kalendáři a přiřaďte do něj zákazníka.',
    freeSlot: (day: string) => `Volný termín: ${day} 14:00–14:45`,
  },
  en: {
    doctorRequired: 'You have to choose a doctor!',
    roomCreated: 'The consulting room was created.',
    series: 'The reservation was created with 3 weekly repeats.',
    overlap: 'The consulting room is already busy at this time!',
    saved: 'The reservation was saved.',
    cancelled: 'The reservation was cancelled.',
    upcoming: 'Consultation upcoming',
    cancelledState: 'Cancelled',
    hours: 'Mon–Thu 08:00–18:00',
    freeSlotRefused:
      'This time is a free slot of the consulting room. Open the free slot in the calendar and assign the customer to it.',
    freeSlot: (day: string) => `Free slot: ${day} 14:00–14:45`,
  },
} as const;

/** A customer registered through the API (a demo product type), for booking. */
async function newCustomer(): Promise<{ id: number; surname: string }> {
  const customer = await registerCustomer({
    as: demo.admin,
    name: 'Olga',
    surname: 'Rezervační',
    emailName: 'olga',
    emailDomain: 'rezervace-e2e.example.cz',
  });
  return { id: customer.id, surname: customer.surname };
}

/**
 * A doctor of the run's own: a doctor is in one of their rooms at a time, so a demo doctor, whose demo
 * room is booked next week too, would refuse the spec's bookings in the new room.
 */
async function newDoctor(): Promise<string> {
  const admin = await staffApi();
  const name = `MUDr. E2E ${stamp()}`;
  await createStaffUser(admin, { label: 'doctor-e2e', role: 'Lékař', name });
  await admin.dispose();
  return name;
}

/** A consulting room of a doctor of the run's own, made through the API: its id. */
async function newRoom(name: string): Promise<number> {
  const admin = await staffApi();
  const doctor = await createStaffUser(admin, {
    label: 'doctor-e2e',
    role: 'Lékař',
    name: `MUDr. E2E ${stamp()}`,
  });
  const created = await admin.put('/api/admin/consultingrooms', {
    data: { Name: name, IsEnabled: true, DoctorId: doctor.id },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  await admin.dispose();
  return id;
}

/** The centre of a time slot (`10:00`) in the day column `date` of the time grid. */
async function slotPoint(page: Page, date: string, time: string) {
  await page.locator('td.fc-timegrid-slot-lane[data-time="09:00:00"]').scrollIntoViewIfNeeded();
  const lane = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`).boundingBox();
  const column = await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  if (!lane || !column) throw new Error(`no slot ${date} ${time}`);
  return { x: column.x + column.width / 2, y: lane.y + lane.height / 2 };
}

const intlLocale = { cs: 'cs-CZ', en: 'en-GB' } as const;
const monthsShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** How the date-time field shows a day and time: cs `24. 11. 2026 07:00`, en `24 Nov 2026 07:00`. */
function shownDateTime(day: string, time: string, lang: 'cs' | 'en') {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return lang === 'cs' ? `${d}. ${m}. ${y} ${time}` : `${d} ${monthsShort[m - 1]} ${y} ${time}`;
}

/** How a reservation's time names its day: cs `út 24. 11. 2026`, en `Tue, 24 Nov 2026`. */
function shownDay(day: string, lang: 'cs' | 'en') {
  return new Intl.DateTimeFormat(intlLocale[lang], {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: lang === 'en' ? 'short' : 'numeric',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** Picks a day and a time in the date-time field: the month's arrow as needed, the day, the hours and minutes. */
async function pickDateTime(page: Page, testId: string, day: string, time: string, lang: 'cs' | 'en') {
  const field = page.getByTestId(testId);
  const shown = (await field.textContent()) ?? '';
  await field.click();
  const [y, m] = day.split('-').map(Number) as [number, number];
  const current = /(\d{4})/.exec(shown)?.[1];
  const currentMonth =
    lang === 'cs'
      ? Number(/^\d{1,2}\. (\d{1,2})\./.exec(shown)?.[1])
      : monthsShort.indexOf(/^\d{1,2} (\w{3})/.exec(shown)?.[1] ?? '') + 1;
  const steps = (y - Number(current)) * 12 + (m - currentMonth);
  for (let i = 0; i < steps; i++)
    await page.getByRole('button', { name: lang === 'cs' ? 'Další měsíc' : 'Next month' }).click();
  const dayName = new Intl.DateTimeFormat(intlLocale[lang], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
  await page.getByRole('button', { name: dayName, exact: true }).click();
  const [hours, minutes] = time.split(':');
  await page.getByLabel(lang === 'cs' ? 'Hodiny' : 'Hours', { exact: true }).fill(hours ?? '');
  await page.getByLabel(lang === 'cs' ? 'Minuty' : 'Minutes', { exact: true }).fill(minutes ?? '');
  await page
    .getByRole('button', { name: lang === 'cs' ? 'Potvrdit datum a čas' : 'Confirm the date and time' })
    .click();
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.waitForTimeout(150);
  await page.mouse.move(from.x + 2, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

// The time grid from 09:00 to 12:00 fits on the screen at once: dragging needs both ends visible.
test.use({ viewport: { width: 1400, height: 1000 } });

for (const lang of ['cs', 'en'] as const) {
  test(`a room, a weekly series, its overlap, a moved occurrence, the cancelled rest and the history (${lang})`, async ({
    page,
  }) => {
    const t = texts[lang];
    const customer = await newCustomer();
    const doctor = await newDoctor();
    await signIn(page, demo.admin);
    if (lang === 'en') await switchLanguage(page, 'EN');

    // A consulting room: the doctor is required.
    await page.getByTestId('nav-consultingrooms').click();
    await page.getByTestId('rooms-create').click();
    const roomName = `E2E ${lang} ${stamp()}`;
    await page.getByTestId('room-name').fill(roomName);
    await page.getByTestId('room-submit').click();
    await expect(page.getByText(t.doctorRequired)).toBeVisible();
    await page.getByTestId('room-doctor').fill(doctor);
    await page.getByRole('option', { name: doctor }).click();
    await page.getByTestId('room-color-5').click();
    // Surgery hours: 08:00–18:00 proposed, Friday left out.
    await page.getByTestId('room-day-5').click();
    await page.getByTestId('room-submit').click();
    await expect(page.getByText(t.roomCreated)).toBeVisible();
    await expect(page.getByTestId('room-detail-name')).toHaveText(roomName);
    await expect(page.getByTestId('room-detail-hours')).toContainText(t.hours);
    const roomId = /show\/(\d+)/.exec(page.url())?.[1];
    expect(roomId).toBeTruthy();

    // Next week in the week view, this room only.
    await page.goto(`/reservations?rooms=${roomId}`);
    await page.getByTestId('calendar-next').click();
    const headers = page.locator('th.fc-col-header-cell[data-date]');
    await expect(headers).toHaveCount(7);
    const tuesday = (await headers.nth(1).getAttribute('data-date')) ?? '';
    const wednesday = (await headers.nth(2).getAttribute('data-date')) ?? '';

    // Select 10:00–11:00 on Tuesday and book the customer, repeated 3 more weeks.
    await drag(page, await slotPoint(page, tuesday, '10:00'), await slotPoint(page, tuesday, '10:30'));
    await expect(page.getByTestId('reservation-form')).toBeVisible();
    // The day and time in the reader's format, 24-hour clock.
    await expect(page.getByTestId('reservation-start')).toHaveText(shownDateTime(tuesday, '10:00', lang));
    await expect(page.getByTestId('reservation-end')).toHaveText(shownDateTime(tuesday, '11:00', lang));
    await page.getByTestId('reservation-customer').fill(customer.surname);
    await page.getByRole('option', { name: new RegExp(customer.surname) }).click();
    await page.getByTestId('reservation-repeat').fill('3');
    await page.getByTestId('reservation-submit').click();
    await expect(page.getByText(t.series)).toBeVisible();
    const events = page.getByTestId('reservation-event');
    await expect(events).toHaveCount(1);
    await expect(events.first()).toContainText(customer.surname);
    await expect(events.first()).toContainText('10:00');

    // Booking over it is refused with the overlap message.
    // The start picked in the date-time field; the end keeps the 45 minutes proposed.
    await page.getByTestId('reservation-new').click();
    await pickDateTime(page, 'reservation-start', tuesday, '10:30', lang);
    await expect(page.getByTestId('reservation-start')).toHaveText(shownDateTime(tuesday, '10:30', lang));
    await expect(page.getByTestId('reservation-end')).toHaveText(shownDateTime(tuesday, '11:15', lang));
    await page.getByTestId('reservation-submit').click();
    await expect(page.getByText(t.overlap).first()).toBeVisible();
    await page.getByTestId('reservation-form-cancel').click();
    // The closing dialog's overlay would take the drag.
    await expect(page.getByTestId('reservation-form')).toBeHidden();
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);

    // Drag this occurrence to Wednesday: only this one.
    const target = await slotPoint(page, wednesday, '10:00');
    const box = await events.first().boundingBox();
    if (!box) throw new Error('no event');
    await drag(page, { x: box.x + box.width / 2, y: box.y + 8 }, { x: target.x, y: target.y - 4 });
    // The question says what moves, old → new, and "only this one" is the default.
    await expect(page.getByTestId('reservation-scope-change')).toContainText(/10:00–11:00.*→.*10:00–11:00/);
    await expect(page.getByTestId('reservation-scope-one')).toBeFocused();
    await page.getByTestId('reservation-scope-one').click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(
      page.locator(`td.fc-timegrid-col[data-date="${wednesday}"]`).getByTestId('reservation-event'),
    ).toHaveCount(1);

    // The week after: cancel this occurrence and the rest of the series.
    await page.getByTestId('calendar-next').click();
    await expect(events).toHaveCount(1);
    await events.first().click();
    await page.getByTestId('reservation-cancel').click();
    await page.getByTestId('reservation-scope-series').click();
    await expect(page.getByText(t.cancelled)).toBeVisible();
    await expect(events).toHaveCount(0);
    await page.getByTestId('calendar-next').click();
    await expect(page.locator('th.fc-col-header-cell[data-date]')).toHaveCount(7);
    await expect(events).toHaveCount(0);

    // The customer's history: the moved one upcoming, three cancelled.
    await page.goto(`/customers/view/${customer.id}`);
    await page.getByTestId('customer-reservations-link').click();
    await expect(page.getByTestId('customer-reservations-row')).toHaveCount(4);
    await expect(page.getByTestId('reservation-status')).toHaveText(t.upcoming);
    await expect(
      page.getByTestId('customer-reservations-row').filter({ hasText: t.cancelledState }),
    ).toHaveCount(3);
  });
}

for (const lang of ['cs', 'en'] as const) {
  test(`a booking over a free slot opens the slot, which is given the customer chosen (${lang})`, async ({
    page,
  }) => {
    const t = texts[lang];
    const customer = await newCustomer();
    const roomId = await newRoom(`E2E volný ${lang} ${stamp()}`);
    await signIn(page, demo.admin);
    if (lang === 'en') await switchLanguage(page, 'EN');
    await page.goto(`/reservations?rooms=${roomId}`);
    await page.getByTestId('calendar-next').click();
    const headers = page.locator('th.fc-col-header-cell[data-date]');
    await expect(headers).toHaveCount(7);
    const tuesday = (await headers.nth(1).getAttribute('data-date')) ?? '';

    // The room's free slot next Tuesday, 14:00–14:45 (published through the API, as the customer app's
    // slots are).
    const admin = await staffApi();
    const published = await admin.put('/api/admin/reservations', {
      data: {
        ConsultingRoomId: roomId,
        ReservationType: 1,
        ConsultationStart: `${tuesday}T14:00`,
        ConsultationEnd: `${tuesday}T14:45`,
      },
    });
    expect(published.status(), await published.text()).toBe(200);
    const slotId = ((await published.json()) as { items: { id: number }[] }).items[0]?.id;
    await page.reload();
    const events = page.getByTestId('reservation-event');
    await expect(events).toHaveCount(1);

    // A booking of the customer at 13:30–14:15 meets it: refused, with the way to the slot.
    const point = await slotPoint(page, tuesday, '13:30');
    await page.mouse.click(point.x, point.y);
    await expect(page.getByTestId('reservation-form')).toBeVisible();
    await page.getByTestId('reservation-customer').fill(customer.surname);
    await page.getByRole('option', { name: new RegExp(customer.surname) }).click();
    await page.getByTestId('reservation-submit').click();
    await expect(page.getByTestId('reservation-form').getByText(t.freeSlotRefused)).toBeVisible();
    const found = page.getByTestId('reservation-free-slot');
    await expect(found).toContainText(t.freeSlot(shownDay(tuesday, lang)));
    await found.getByTestId('reservation-open-free-slot').click();

    // The free slot opens, its "Book a customer" first; the form has the customer chosen for the booking.
    await expect(page.getByTestId('reservation-form')).toBeHidden();
    await expect(page.getByTestId('reservation-detail-time')).toContainText('14:00–14:45');
    await expect(page.getByTestId('reservation-free-hint')).toBeVisible();
    await page.getByTestId('reservation-assign').click();
    await expect(page.getByTestId('reservation-assign-hint')).toBeVisible();
    await expect(page.getByTestId('reservation-customer')).toHaveValue(new RegExp(customer.surname));
    await expect(page.getByTestId('reservation-start')).toHaveText(shownDateTime(tuesday, '14:00', lang));
    await page.getByTestId('reservation-submit').click();
    await expect(page.getByText(t.saved)).toBeVisible();

    // The slot itself is booked: still one occurrence, now the customer's.
    await expect(events).toHaveCount(1);
    await expect(events.first()).toContainText(customer.surname);
    const slot = await admin.get(`/api/admin/reservations/${slotId}`);
    expect(await slot.json()).toMatchObject({ id: slotId, customerId: customer.id, kind: 'booked' });
    await admin.dispose();
  });
}

/** The demo's three rooms, by name (other specs add rooms of their own): Vinohrady, Karlín, Smíchov. */
async function theDemoRooms() {
  const anonymous = await request.newContext({ baseURL });
  const listed = await anonymous.get('/api/admin/consultingrooms?pageSize=100&search=Ambulance', {
    headers: await bearer(anonymous, demo.admin),
  });
  const rooms = ((await listed.json()) as { items: { id: number; name: string }[] }).items.filter((r) =>
    /^Ambulance \d – /.test(r.name),
  );
  rooms.sort((a, b) => a.name.localeCompare(b.name));
  await anonymous.dispose();
  expect(rooms).toHaveLength(3);
  return rooms;
}

test('a new booking proposes the next time a room is open, and its time follows the room chosen until staff set one', async ({
  page,
}) => {
  // QA: the proposal was the next time any room opens (Karlín, 07:30), and it stayed for Smíchov,
  // which opens at 09:00. The browser's clock set to the coming Sunday evening: Monday is next.
  const now = new Date();
  const sunday = new Date(now.getTime() + ((7 - now.getUTCDay()) % 7) * 86_400_000);
  const day = sunday.toISOString().slice(0, 10);
  const monday = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.clock.setSystemTime(new Date(`${day}T19:30:00Z`));
  const [vinohrady, karlin, smichov] = await theDemoRooms();
  await signIn(page, demo.reception);
  await page.goto(`/reservations?rooms=${[vinohrady!.id, karlin!.id, smichov!.id].join(',')}`);
  // The rooms' hours known (each room a choice of the week's view).
  await expect(page.getByTestId('calendar-week-room').getByRole('radio')).toHaveCount(3);
  await page.getByTestId('reservation-new').click();
  const start = page.getByTestId('reservation-start');
  const end = page.getByTestId('reservation-end');
  await expect(start).toHaveText(shownDateTime(monday, '07:30', 'cs'));

  const room = page.getByTestId('reservation-room');
  const choose = async (name: string) => {
    await room.click();
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  };
  await choose(smichov!.name);
  await expect(start).toHaveText(shownDateTime(monday, '09:00', 'cs'));
  await expect(end).toHaveText(shownDateTime(monday, '09:45', 'cs'));
  await expect(page.getByTestId('reservation-outside-hours')).toBeHidden();
  await choose(karlin!.name);
  await expect(start).toHaveText(shownDateTime(monday, '07:30', 'cs'));

  // A time staff picked stays, whatever room they choose after it: then the form warns.
  await pickDateTime(page, 'reservation-start', monday, '08:00', 'cs');
  await expect(start).toHaveText(shownDateTime(monday, '08:00', 'cs'));
  await choose(smichov!.name);
  await expect(start).toHaveText(shownDateTime(monday, '08:00', 'cs'));
  await expect(page.getByTestId('reservation-outside-hours')).toBeVisible();
});

test('the calendar keeps its view and date in the address across a reload, splits the day into a column per room with its hours, and speaks the reader’s language', async ({
  page,
}) => {
  const demoRooms = await theDemoRooms();

  await signIn(page, demo.admin);
  await page.goto(`/reservations?rooms=${demoRooms.map((r) => r.id).join(',')}`);
  const view = page.getByTestId('calendar-view');
  await expect(page.getByTestId('calendar-today')).toHaveText('Dnes');
  await expect(view.getByText('Týden', { exact: true })).toBeVisible();
  await view.getByText('Den', { exact: true }).click();
  await page.getByTestId('calendar-next').click();
  await page.getByTestId('calendar-next').click();
  await expect(page).toHaveURL(/view=timeGridDay/);
  const date = new URL(page.url()).searchParams.get('date') ?? '';
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // A column per room, each headed by the room and its surgery hours, the same day in each.
  const columns = page.getByTestId('calendar-room-column');
  await expect(columns).toHaveCount(3);
  for (const [i, room] of demoRooms.entries()) await expect(columns.nth(i)).toContainText(room.name);
  await expect(columns.nth(1)).toContainText('po–pá 07:30–16:00');
  await expect(page.locator(`th.fc-col-header-cell[data-date="${date}"]`)).toHaveCount(3);

  await page.reload();
  await expect(page.locator(`th.fc-col-header-cell[data-date="${date}"]`)).toHaveCount(3);
  await expect(view.locator('input[value="timeGridDay"]')).toBeChecked();

  // Every room's header is as tall: the time grids beside each other line up.
  const gridTops = await page
    .locator('[data-testid=calendar-room-column] .fc-timegrid-body')
    .evaluateAll((grids) => grids.map((grid) => Math.round(grid.getBoundingClientRect().top)));
  expect(new Set(gridTops).size, `grid tops ${gridTops.join(', ')}`).toBe(1);

  // The week shows one room's week at a time, the room chosen above it (kept in the address).
  await view.getByText('Týden', { exact: true }).click();
  await expect(columns).toHaveCount(0);
  await expect(page.locator('th.fc-col-header-cell[data-date]')).toHaveCount(7);
  const weekRooms = page.getByTestId('calendar-week-room');
  await expect(weekRooms.getByRole('radio')).toHaveCount(3);
  await expect(weekRooms.getByRole('radio', { name: demoRooms[0]!.name })).toBeChecked();
  await weekRooms.getByText(demoRooms[1]!.name).click();
  await expect(page).toHaveURL(new RegExp(`weekRoom=${demoRooms[1]!.id}`));
  await page.reload();
  await expect(weekRooms.getByRole('radio', { name: demoRooms[1]!.name })).toBeChecked();
  // A slot chosen in the week is booked in that room; choosing the room again keeps it chosen.
  await page.getByTestId('reservation-new').click();
  const roomField = page.getByTestId('reservation-room');
  await roomField.click();
  await page.getByRole('option', { name: new RegExp(`^${demoRooms[2]!.name}`) }).click();
  await roomField.click();
  await page.getByRole('option', { name: new RegExp(`^${demoRooms[2]!.name}`) }).click();
  await expect(roomField).toHaveValue(new RegExp(`^${demoRooms[2]!.name}`));
  await page.keyboard.press('Escape');

  await switchLanguage(page, 'EN');
  await expect(page.getByTestId('calendar-today')).toHaveText('Today');
  await expect(view.getByText('Month', { exact: true })).toBeVisible();
  await expect(page.getByTestId('calendar-prev')).toHaveAccessibleName('Previous');
});
