import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { bearer, demo } from './session';

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
 * The run's claims on demo reports: a file per report id, created exclusively, so two tests looking
 * at once (in parallel workers) never take the same report to validate, assess or publish; the
 * folder sits beside the run's data folder, one per run.
 */
const claims = `${process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'genodesk-e2e-'))}-claims`;

/** Takes the report for the calling test; false when another test of the run has it. */
export function claimReport(id: number | string): boolean {
  mkdirSync(claims, { recursive: true });
  try {
    writeFileSync(path.join(claims, String(id)), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Generated reports (status 1, no inspection) a physician may release once validated: an adult
 * customer with a date of birth and a valid consent, nothing unassessed, no consultation owed, not yet
 * validated; in `sort` order (`id` the oldest first, `-id` the newest). Each is claimed for the
 * caller: no other test of the run gets it, whichever worker it runs in.
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
      detail.release.consultationRequired.length === 0 &&
      claimReport(item.id)
    )
      ids.push(item.id);
  }
  if (ids.length < count)
    throw new Error(
      `the demo data has no ${count} reports to release (found ${ids.length}: ${ids.join(', ')})`,
    );
  return ids;
}
