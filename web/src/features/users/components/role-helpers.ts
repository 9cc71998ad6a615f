/** SPEC §5: the main doctor flag counts only for a role named Doctor (or its Czech equivalent). */
export function isDoctorRole(name: string | undefined | null): boolean {
  const normalized = (name ?? '').trim().toLowerCase();
  return normalized === 'doctor' || normalized === 'lékař' || normalized === 'lekar';
}
