import { createTemplateRequestSchema } from '@genodesk/contract/templates';
import { describe, expect, it } from 'vitest';
import {
  effectiveModes,
  initialWizardValues,
  stepOfField,
  stepProblems,
  toCreateRequest,
  typedGeneCodes,
  type WizardValues,
} from './wizard-logic';

const values = (changes: Partial<WizardValues>): WizardValues => ({ ...initialWizardValues(), ...changes });

describe('template wizard', () => {
  it('a new category forces a new subcategory and a new gene combination', () => {
    expect(effectiveModes(values({ categoryMode: 'new' }))).toEqual({
      category: 'new',
      subCategory: 'new',
      geneCombination: 'new',
    });
    expect(effectiveModes(values({ subCategoryMode: 'new' })).geneCombination).toBe('new');
    expect(effectiveModes(values({})).geneCombination).toBe('existing');
  });

  it('asks for a pick or a name on each level', () => {
    expect(stepProblems(1, values({}))).toEqual({ categoryId: { key: 'mustPickOne' } });
    expect(stepProblems(1, values({ categoryMode: 'new', category: '  ' }))).toEqual({
      category: { key: 'required' },
      categoryEn: { key: 'required' },
    });
    expect(stepProblems(1, values({ categoryMode: 'new', category: 'Spánek', categoryEn: 'Sleep' }))).toEqual(
      {},
    );
    expect(stepProblems(1, values({ categoryId: '3' }))).toEqual({});
    expect(stepProblems(2, values({ categoryMode: 'new', subCategory: 'Chronotyp' }))).toEqual({
      subCategoryEn: { key: 'required' },
    });
  });

  it('checks new gene codes with the contract rule', () => {
    const step3 = (geneCombination: string) =>
      stepProblems(3, values({ geneCombinationMode: 'new', geneCombination, phenotype: 'P', gender: '3' }));
    expect(step3('rs1, RS1')).toEqual({ geneCombination: { key: 'geneCodesDuplicate' } });
    expect(step3('rs1,,rs2')).toEqual({ geneCombination: { key: 'invalidGeneCodes' } });
    expect(step3('rs1, rs2')).toEqual({});
    expect(typedGeneCodes(' rs1 ,rs2 ')).toEqual(['rs1', 'rs2']);
    expect(typedGeneCodes('rs1,rs1')).toBeUndefined();
  });

  it('a new gene combination is a health risk until another clinical weight is chosen', () => {
    expect(initialWizardValues().clinicalWeight).toBe('2');
    const request = toCreateRequest(
      values({
        categoryId: '1',
        subCategoryId: '2',
        geneCombinationMode: 'new',
        geneCombination: 'rs1',
        phenotype: 'P',
        gender: '3',
        rows: [{ key: 'a', cells: ['A/A'] }],
        templateText: '<p>x</p>',
        risk: '1',
      }),
      ['rs1'],
    );
    expect(request.clinicalWeight).toBe(2);
    expect(createTemplateRequestSchema.safeParse(request).success).toBe(true);
    expect(createTemplateRequestSchema.safeParse({ ...request, clinicalWeight: 5 }).success).toBe(false);
  });

  it('requires the Czech text and a risk', () => {
    expect(stepProblems(5, values({ templateText: '<p></p>' }))).toEqual({
      templateText: { key: 'required' },
      risk: { key: 'mustPickOne' },
    });
  });

  it('builds the create call the contract accepts, by id or by name', () => {
    const request = toCreateRequest(
      values({
        categoryMode: 'new',
        category: ' Spánek ',
        categoryEn: ' Sleep ',
        subCategoryMode: 'existing',
        subCategoryId: '9',
        geneCombinationMode: 'existing',
        geneCombinationId: '4',
        geneCombination: 'rs1, rs2',
        phenotype: 'Chronotyp',
        gender: '3',
        clinicalWeight: '4',
        rows: [{ key: 'a', cells: ['C/T', 'AA'] }],
        templateText: '<p>Text</p>',
        templateEnText: '<p></p>',
        risk: '2',
        requiresConsultation: true,
        note: ' ',
      }),
      ['rs1', 'rs2'],
    );
    expect(request).toEqual({
      category: 'Spánek',
      categoryEn: 'Sleep',
      subCategory: '',
      subCategoryEn: '',
      geneCombination: 'rs1, rs2',
      phenotype: 'Chronotyp',
      phenotypeEn: undefined,
      gender: 3,
      clinicalWeight: 4,
      genotypeCombinations: [{ rs1: 'C/T', rs2: 'AA' }],
      templateText: '<p>Text</p>',
      templateEnText: undefined,
      note: undefined,
      risk: 2,
      requiresConsultation: true,
    });
    expect(createTemplateRequestSchema.safeParse(request).success).toBe(false);
    const existing = toCreateRequest(
      values({
        categoryId: '1',
        subCategoryId: '2',
        geneCombinationId: '4',
        rows: [{ key: 'a', cells: ['A/A'] }],
        templateText: '<p>x</p>',
        risk: '1',
      }),
      ['rs6025'],
    );
    expect(existing).toMatchObject({ categoryId: 1, subCategoryId: 2, geneCombinationId: 4 });
    // An existing gene combination keeps its own clinical weight.
    expect(existing).not.toHaveProperty('clinicalWeight');
    expect(createTemplateRequestSchema.safeParse(existing).success).toBe(true);
  });

  it('places server errors on their step', () => {
    expect(stepOfField('Category')).toBe(1);
    expect(stepOfField('subCategory')).toBe(2);
    expect(stepOfField('GeneCombination')).toBe(3);
    expect(stepOfField('clinicalWeight')).toBe(3);
    expect(stepOfField('genotypeCombinations.2')).toBe(4);
    expect(stepOfField('templateText')).toBe(5);
    expect(stepOfField('note')).toBe(6);
  });
});
