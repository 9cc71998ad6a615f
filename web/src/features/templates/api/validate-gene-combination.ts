import type { ValidateGeneCombinationRequest } from '@genodesk/contract/templates';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function validateGeneCombination(
  body: ValidateGeneCombinationRequest,
): Promise<{ valid: true; combinationGeneCode: string; geneCodes: string[] }> {
  return api.post('admin/genecombinations/validate-gene-combination', body);
}

/** 400 'Some of the genes have the same code', 409 'Gene combination already exists!'. */
export function useValidateGeneCombination() {
  return useMutation({ mutationFn: validateGeneCombination });
}
