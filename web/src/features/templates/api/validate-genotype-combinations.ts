import type { GenotypeCombination, ValidateGenotypeCombinationsRequest } from '@genodesk/contract/templates';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function validateGenotypeCombinations(
  body: ValidateGenotypeCombinationsRequest,
): Promise<{ valid: true; genotypeCombinations: GenotypeCombination[] }> {
  return api.post('admin/templates/validate-genotype-combinations', body);
}

/** The server's create/edit check of genotype combinations (400 bad or equal rows, 409 used by another template). */
export function useValidateGenotypeCombinations() {
  return useMutation({ mutationFn: validateGenotypeCombinations });
}
