import { type APIRequestContext, expect } from '@playwright/test';
import { demo, demoPassword } from './session';

/** A bearer header for a demo user, signed in through the API. */
export async function bearer(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/adminLogin', { data: { email, password: demoPassword } });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/**
 * The first release step (issue 35), as the lab does it: the demo laboratory specialist validates the
 * report's current content through the API (the screen's dialog is tested in release.spec.ts).
 */
export async function validateAsLab(request: APIRequestContext, productId: number | string) {
  const validated = await request.post('/api/admin/products/validate', {
    headers: await bearer(request, demo.lab),
    data: { ProductId: Number(productId), ControlsPassed: true, Note: 'e2e' },
  });
  expect(validated.status(), await validated.text()).toBe(200);
}

type Detail = {
  id: number;
  customerUnderage: boolean;
  assignedCustomer: { dateOfBirth: string | null };
  technicalValidation: unknown;
  notAssessed: unknown[];
  notDetermined: unknown[];
  release: { hasValidDnaConsent: boolean; consultationRequired: unknown[] };
};

/**
 * Generated reports (status 1, no inspection) a physician may release once validated: an adult
 * customer with a date of birth and a valid consent, nothing unassessed, no consultation owed, not yet
 * validated; in `sort` order (`id` the oldest first, `-id` the newest).
 */
export async function releasableReports(
  request: APIRequestContext,
  headers: Record<string, string>,
  sort: 'id' | '-id',
  count: number,
): Promise<number[]> {
  const list = await request.get(
    `/api/admin/products?status=1&requiresInspection=false&sort=${sort}&pageSize=100`,
    { headers },
  );
  expect(list.status(), await list.text()).toBe(200);
  const ids: number[] = [];
  for (const item of ((await list.json()) as { items: { id: number; customerUnderage: boolean }[] }).items) {
    if (ids.length === count) break;
    if (item.customerUnderage) continue;
    const response = await request.get(`/api/admin/products/getproduct?ProductId=${item.id}`, { headers });
    const detail = (await response.json()) as Detail;
    if (
      detail.assignedCustomer.dateOfBirth &&
      detail.technicalValidation === null &&
      detail.notAssessed.length === 0 &&
      detail.notDetermined.length === 0 &&
      detail.release.hasValidDnaConsent &&
      detail.release.consultationRequired.length === 0
    )
      ids.push(item.id);
  }
  if (ids.length < count)
    throw new Error(
      `the demo data has no ${count} reports to release (found ${ids.length}: ${ids.join(', ')})`,
    );
  return ids;
}
