import type { Locale } from '@genodesk/contract/locales';
import {
  type ClinicalWeight,
  clinicalWeightLabels,
  type Gender,
  genderLabels,
  riskLabels,
  type TemplateRisk,
} from '@genodesk/contract/templates';
import { nameIn } from '@/lib/format';

/** Risk colours (SPEC §4): 1 low/none green, 2 medium orange, 3 high red, 4 protective blue. */
export const riskColors: Record<TemplateRisk, string> = { 1: 'green', 2: 'orange', 3: 'red', 4: 'blue' };
export const risks = [1, 2, 3, 4] as const satisfies readonly TemplateRisk[];
export const genders = [1, 2, 3] as const satisfies readonly Gender[];
/** Clinical weights (issue 34), from the gravest: 1 actionable medical … 4 wellness / trait. */
export const clinicalWeights = [1, 2, 3, 4] as const satisfies readonly ClinicalWeight[];
export const clinicalWeightColors: Record<ClinicalWeight, string> = {
  1: 'red',
  2: 'orange',
  3: 'violet',
  4: 'teal',
};

export const riskLabel = (risk: number, locale: Locale) =>
  riskLabels[risk as TemplateRisk]?.[locale] ?? String(risk);
export const genderLabel = (gender: number, locale: Locale) =>
  genderLabels[gender as Gender]?.[locale] ?? String(gender);
export const clinicalWeightLabel = (weight: number, locale: Locale) =>
  clinicalWeightLabels[weight as ClinicalWeight]?.[locale] ?? String(weight);

/** A category's name in the UI language (the Czech one when there is no English). */
export const localName = (ref: { name: string; nameEn: string }, locale: Locale) =>
  nameIn(ref.name, ref.nameEn, locale);

/** A phenotype's name in the UI language. */
export const localPhenotype = (value: { phenotype: string; phenotypeEn: string }, locale: Locale) =>
  nameIn(value.phenotype, value.phenotypeEn, locale);
