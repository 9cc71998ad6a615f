import type { Product } from '@genodesk/contract/products';

type Withheld = { phenotype: string; phenotypeEn: string; reason: string };

/**
 * Only what the release panel reads of a report: not yet validated, one phenotype not assessed (which
 * could be withheld, #5), one withheld (#6). `overrides` change the staff's texts.
 */
export function productForRelease(
  overrides: Partial<Record<'requestingPhysician' | 'indication', string>> & {
    technicalValidation?: unknown;
    notAssessed?: { phenotype: string; phenotypeEn: string };
    withheld?: Partial<Withheld>;
  } = {},
): Product {
  const { notAssessed, withheld, ...texts } = overrides;
  return {
    id: 12,
    status: 1,
    publishedAt: null,
    isArchived: false,
    doctor: null,
    requestingPhysician: null,
    indication: null,
    technicalValidation: null,
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
