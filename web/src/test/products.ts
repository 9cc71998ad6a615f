import type { Product, ReportRelease } from '@genodesk/contract/products';

type Withheld = { phenotype: string; phenotypeEn: string; reason: string };

/**
 * Only what the release panel and the editor read of a report: not yet validated, one phenotype not
 * assessed (which could be withheld, #5), one withheld (#6), of a woman with a valid consent.
 * `overrides` change the staff's texts, the release's state and the customer.
 */
export function productForRelease(
  overrides: Partial<Record<'requestingPhysician' | 'indication', string>> & {
    technicalValidation?: unknown;
    notAssessed?: { phenotype: string; phenotypeEn: string };
    withheld?: Partial<Withheld>;
    release?: Partial<Pick<ReportRelease, 'hasValidDnaConsent'>>;
    customer?: Partial<Product['assignedCustomer']>;
  } = {},
): Product {
  const { notAssessed, withheld, release, customer, ...texts } = overrides;
  return {
    id: 12,
    status: 1,
    publishedAt: null,
    lastChangeAt: null,
    isArchived: false,
    section: 'results',
    doctor: null,
    requestingPhysician: null,
    indication: null,
    technicalValidation: null,
    customerName: 'Eva Blažková',
    customerUnderage: false,
    assignedCustomer: {
      id: 7,
      fullName: 'Eva Blažková',
      email: 'eva@example.test',
      dateOfBirth: '1985-03-16',
      gender: 2,
      notifyByEmail: true,
      language: 'cs',
      ...customer,
    },
    doctorIntro: '',
    doctorIntroReproductiveGenetics: '',
    doctorIntroReproductiveGeneticsEnabled: false,
    legalGuardianName: null,
    legalGuardianEmail: null,
    requiresInspection: false,
    ...texts,
    notAssessed: [{ geneCombinationId: 5, phenotype: 'Laktóza', phenotypeEn: 'Lactose', ...notAssessed }],
    notDetermined: [],
    release: {
      hasValidDnaConsent: true,
      fourEyes: false,
      consultationRequired: [],
      consultationHeld: false,
      testedMarkers: 40,
      noCalls: 1,
      callRate: 0.975,
      ...release,
      withheld: [
        {
          geneCombinationId: 6,
          phenotype: 'Kofein',
          phenotypeEn: 'Caffeine',
          reason: 'Konzultace',
          by: { id: 2, userName: 'MUDr. Jan Novák' },
          at: '2026-11-24T09:00:00.000Z',
          ...withheld,
        },
      ],
    },
  } as unknown as Product;
}
