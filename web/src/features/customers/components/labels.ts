import { type RegistrationSource, registrationSourceLabels } from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';

export function registrationSourceName(source: number, locale: Locale): string {
  return registrationSourceLabels[source as RegistrationSource]?.[locale] ?? String(source);
}
