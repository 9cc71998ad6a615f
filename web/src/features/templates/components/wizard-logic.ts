import type { Message } from '@genodesk/contract/messages';
import { type CreateTemplateRequest, parseGeneCodes } from '@genodesk/contract/templates';
import { isEmptyRichText } from '@/components/rich-text/media-url';
import { type GenotypeRow, rowsToCombinations } from './genotype-rows';

export type Choice = 'existing' | 'new';

/** Everything the create wizard holds; Next and Back keep it all. */
export interface WizardValues extends Record<string, unknown> {
  categoryMode: Choice;
  categoryId: string | null;
  category: string;
  categoryEn: string;
  subCategoryMode: Choice;
  subCategoryId: string | null;
  subCategory: string;
  subCategoryEn: string;
  geneCombinationMode: Choice;
  geneCombinationId: string | null;
  geneCombination: string;
  phenotype: string;
  phenotypeEn: string;
  gender: string | null;
  /** A new gene combination's `ClinicalWeight` (1–4); health risk (2) until chosen. */
  clinicalWeight: string;
  rows: GenotypeRow[];
  /** the gene codes the rows' cells are aligned to */
  rowGenes: string[];
  templateText: string;
  templateEnText: string;
  risk: string | null;
  /** Its finding is released only after a consultation (issue 35). */
  requiresConsultation: boolean;
  note: string;
}

export const wizardSteps = [
  'category',
  'subCategory',
  'geneCombination',
  'genotypes',
  'text',
  'note',
] as const;
export const firstStep = 1;
export const lastStep = wizardSteps.length;

export const initialWizardValues = (): WizardValues => ({
  categoryMode: 'existing',
  categoryId: null,
  category: '',
  categoryEn: '',
  subCategoryMode: 'existing',
  subCategoryId: null,
  subCategory: '',
  subCategoryEn: '',
  geneCombinationMode: 'existing',
  geneCombinationId: null,
  geneCombination: '',
  phenotype: '',
  phenotypeEn: '',
  gender: null,
  clinicalWeight: '2',
  rows: [],
  rowGenes: [],
  templateText: '',
  templateEnText: '',
  risk: null,
  requiresConsultation: false,
  note: '',
});

/** A new category has no subcategories yet, and a new subcategory no gene combinations. */
export function effectiveModes(v: WizardValues): {
  category: Choice;
  subCategory: Choice;
  geneCombination: Choice;
} {
  const category = v.categoryMode;
  const subCategory = category === 'new' ? 'new' : v.subCategoryMode;
  const geneCombination = subCategory === 'new' ? 'new' : v.geneCombinationMode;
  return { category, subCategory, geneCombination };
}

/** The step (1-based) where a field of the create call is entered, for placing server errors. */
export function stepOfField(name: string): number {
  const field = name.toLowerCase();
  if (field.startsWith('genotypecombinations')) return 4;
  if (['category', 'categoryid', 'categoryen'].includes(field)) return 1;
  if (['subcategory', 'subcategoryid', 'subcategoryen'].includes(field)) return 2;
  if (
    ['genecombination', 'genecombinationid', 'phenotype', 'phenotypeen', 'gender', 'clinicalweight'].includes(
      field,
    )
  )
    return 3;
  if (['templatetext', 'templateentext', 'risk'].includes(field)) return 5;
  return 6;
}

/** What must be filled in before leaving a step (1–3, 5; the genotype table is checked on its own). */
export function stepProblems(step: number, v: WizardValues): Record<string, Message> {
  const modes = effectiveModes(v);
  const problems: Record<string, Message> = {};
  if (step === 1) {
    if (modes.category === 'existing' && !v.categoryId) problems.categoryId = { key: 'mustPickOne' };
    if (modes.category === 'new' && !v.category.trim()) problems.category = { key: 'required' };
    // Reports go out in both languages: a new category is named in each.
    if (modes.category === 'new' && !v.categoryEn.trim()) problems.categoryEn = { key: 'required' };
  }
  if (step === 2) {
    if (modes.subCategory === 'existing' && !v.subCategoryId) problems.subCategoryId = { key: 'mustPickOne' };
    if (modes.subCategory === 'new' && !v.subCategory.trim()) problems.subCategory = { key: 'required' };
    if (modes.subCategory === 'new' && !v.subCategoryEn.trim()) problems.subCategoryEn = { key: 'required' };
  }
  if (step === 3) {
    if (modes.geneCombination === 'existing' && !v.geneCombinationId)
      problems.geneCombinationId = { key: 'mustPickOne' };
    if (modes.geneCombination === 'new') {
      if (!v.geneCombination.trim()) problems.geneCombination = { key: 'required' };
      else {
        const parsed = parseGeneCodes(v.geneCombination);
        if (!parsed.ok) problems.geneCombination = { key: parsed.error };
      }
      if (!v.phenotype.trim()) problems.phenotype = { key: 'required' };
      if (!v.gender) problems.gender = { key: 'mustPickOne' };
    }
  }
  if (step === 5) {
    if (isEmptyRichText(v.templateText)) problems.templateText = { key: 'required' };
    if (!v.risk) problems.risk = { key: 'mustPickOne' };
  }
  return problems;
}

/** The gene codes of a new gene combination as typed, when they parse. */
export function typedGeneCodes(value: string): string[] | undefined {
  const parsed = parseGeneCodes(value);
  return parsed.ok ? parsed.value.codes : undefined;
}

const textOrUndefined = (value: string) => (value.trim() ? value.trim() : undefined);

/** PUT admin/templates/create: each level by id when picked, by name when new. */
export function toCreateRequest(v: WizardValues, geneCodes: readonly string[]): CreateTemplateRequest {
  const modes = effectiveModes(v);
  const request: CreateTemplateRequest = {
    genotypeCombinations: rowsToCombinations(geneCodes, v.rows),
    templateText: v.templateText,
    templateEnText: isEmptyRichText(v.templateEnText) ? undefined : v.templateEnText,
    note: textOrUndefined(v.note),
    risk: Number(v.risk),
    requiresConsultation: v.requiresConsultation,
  };
  if (modes.category === 'existing') request.categoryId = Number(v.categoryId);
  else {
    request.category = v.category.trim();
    request.categoryEn = v.categoryEn.trim();
  }
  if (modes.subCategory === 'existing') request.subCategoryId = Number(v.subCategoryId);
  else {
    request.subCategory = v.subCategory.trim();
    request.subCategoryEn = v.subCategoryEn.trim();
  }
  if (modes.geneCombination === 'existing') request.geneCombinationId = Number(v.geneCombinationId);
  else {
    request.geneCombination = v.geneCombination.trim();
    request.phenotype = v.phenotype.trim();
    request.phenotypeEn = textOrUndefined(v.phenotypeEn);
    request.gender = Number(v.gender);
    request.clinicalWeight = Number(v.clinicalWeight);
  }
  return request;
}
