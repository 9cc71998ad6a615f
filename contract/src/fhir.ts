import { z } from 'zod';
import { idSchema, numeric } from './common.js';

// A released report version as an HL7 FHIR R4 Bundle (issue 40): `GET fhir/DiagnosticReport/{id}` and
// `…/_history/{version}`.

/** `/{id}`: the report's id (the newest released version). */
export const fhirReportParamsSchema = z.object({ id: idSchema });

/** `/{id}/_history/{version}`: one released version. */
export const fhirReportVersionParamsSchema = z.object({
  id: idSchema,
  version: numeric(
    z
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(1, 'invalidValue')
      .max(100_000, 'invalidValue'),
  ),
});

/** The media type of a FHIR resource in JSON. */
export const fhirJsonType = 'application/fhir+json';
