ALTER TABLE "customer_genotypes" ADD COLUMN "no_call_reason" text;--> statement-breakpoint
ALTER TABLE "combination_rules" ADD COLUMN "clinical_weight" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "gene_combinations" ADD COLUMN "clinical_weight" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "markers" ADD COLUMN "gene_strand" text DEFAULT '+' NOT NULL;--> statement-breakpoint
-- Issue 34: one notation. Genotypes are stored on the plus strand of the marker map (an indel as I/D,
-- I the longer allele), the reference allele first; a no-call is '--' with its reason.
-- The CSV stored its no-call `--` as the genotype `-/-`; unless '-' is an allele of the gene's marker
-- (a deletion the catalogue wrote so), that is a no-call.
UPDATE "customer_genotypes" g SET "genotype" = '--' WHERE g."genotype" IN ('-/-', '-')
  AND NOT EXISTS (SELECT 1 FROM "markers" m WHERE lower(m.gene_code) = lower(g.gene_code)
    AND '-' IN (upper(m.catalogue_reference), upper(m.catalogue_alternative)));--> statement-breakpoint
UPDATE "customer_genotypes" SET "no_call_reason" = 'noCall' WHERE "genotype" = '--';--> statement-breakpoint
-- The gene's strand from the HGVS c. substitution (c.1601G>A against plus C/T is '-'), else from how
-- the catalogue wrote the alleles (their complements: '-').
UPDATE "markers" m SET "gene_strand" = CASE
    WHEN h.ref IS NOT NULL AND h.ref = translate(m.reference, 'ACGT', 'TGCA') AND h.alt = translate(m.alternative, 'ACGT', 'TGCA')
      AND NOT (h.ref = m.reference AND h.alt = m.alternative) THEN '-'
    WHEN h.ref IS NOT NULL THEN '+'
    WHEN length(m.reference) = 1 AND length(m.alternative) = 1
      AND m.catalogue_reference = translate(m.reference, 'ACGT', 'TGCA')
      AND m.catalogue_alternative = translate(m.alternative, 'ACGT', 'TGCA')
      AND NOT (m.catalogue_reference = m.reference AND m.catalogue_alternative = m.alternative) THEN '-'
    ELSE '+' END
  FROM (SELECT id,
          (regexp_match(upper(hgvs_c), 'C\.[^ ]*?([ACGT])>([ACGT])$'))[1] AS ref,
          (regexp_match(upper(hgvs_c), 'C\.[^ ]*?([ACGT])>([ACGT])$'))[2] AS alt
        FROM "markers") h
  WHERE h.id = m.id;--> statement-breakpoint
CREATE FUNCTION pg_temp.genodesk_plus_genotype(genotype text, catalogue_ref text, catalogue_alt text, ref text, alt text)
RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  allele text;
  alleles text[] := '{}';
BEGIN
  IF genotype IS NULL OR genotype = '--' THEN RETURN genotype; END IF;
  FOREACH allele IN ARRAY string_to_array(upper(genotype), '/') LOOP
    alleles := alleles || CASE WHEN allele = catalogue_ref THEN ref WHEN allele = catalogue_alt THEN alt ELSE allele END;
  END LOOP;
  IF array_length(alleles, 1) = 2 AND alleles[2] = ref AND alleles[1] <> ref THEN
    alleles := ARRAY[alleles[2], alleles[1]];
  END IF;
  RETURN array_to_string(alleles, '/');
END $$;--> statement-breakpoint
-- Every mapped marker: its catalogue alleles → the notation's (the same for most), and the reference first.
CREATE TEMPORARY TABLE genodesk_allele_change ON COMMIT DROP AS
  SELECT lower(gene_code) AS code, catalogue_ref, catalogue_alt, ref, alt FROM (
    SELECT gene_code, upper(catalogue_reference) AS catalogue_ref, upper(catalogue_alternative) AS catalogue_alt,
      CASE WHEN length(reference) = length(alternative) THEN reference
           WHEN length(reference) > length(alternative) THEN 'I' ELSE 'D' END AS ref,
      CASE WHEN length(reference) = length(alternative) THEN alternative
           WHEN length(alternative) > length(reference) THEN 'I' ELSE 'D' END AS alt
    FROM "markers") m;--> statement-breakpoint
UPDATE "customer_genotypes" g
  SET "genotype" = pg_temp.genodesk_plus_genotype(g.genotype, c.catalogue_ref, c.catalogue_alt, c.ref, c.alt)
  FROM genodesk_allele_change c WHERE c.code = lower(g.gene_code);--> statement-breakpoint
-- Keys out of the way first: a permutation of a gene's alleles (an A/T marker written T/A) would make
-- one row's new key another's old one, and the unique index is checked row by row.
UPDATE "template_genotype_combinations" t SET "genotype_key" = 'migrating-0029:' || t.id
  WHERE EXISTS (SELECT 1 FROM jsonb_object_keys(t.genotypes) k JOIN genodesk_allele_change c ON c.code = lower(k));--> statement-breakpoint
UPDATE "template_genotype_combinations" t SET
  "genotypes" = n.genotypes,
  "genotype_key" = n.genotype_key
  FROM (
    SELECT t2.id,
      jsonb_object_agg(e.key, to_jsonb(e.genotype)) AS genotypes,
      string_agg(lower(e.key) || '=' || e.sorted, ';' ORDER BY (lower(e.key) || '=' || e.sorted) COLLATE "C") AS genotype_key
    FROM "template_genotype_combinations" t2,
      LATERAL (
        SELECT j.key, v.genotype,
          (SELECT string_agg(a, '/' ORDER BY a COLLATE "C") FROM unnest(string_to_array(v.genotype, '/')) a) AS sorted
        FROM jsonb_each_text(t2.genotypes) j,
          LATERAL (SELECT coalesce(
            (SELECT pg_temp.genodesk_plus_genotype(j.value, c.catalogue_ref, c.catalogue_alt, c.ref, c.alt)
               FROM genodesk_allele_change c WHERE c.code = lower(j.key)),
            upper(j.value)) AS genotype) v
      ) e
    GROUP BY t2.id
  ) n
  WHERE n.id = t.id AND EXISTS (
    SELECT 1 FROM jsonb_object_keys(t.genotypes) k JOIN genodesk_allele_change c ON c.code = lower(k));--> statement-breakpoint
UPDATE "products" p SET "content" = jsonb_set(p.content, '{categories}', coalesce((
  SELECT jsonb_agg(jsonb_set(c, '{subcategories}', coalesce((
    SELECT jsonb_agg(jsonb_set(s, '{phenotypes}', coalesce((
      SELECT jsonb_agg(jsonb_set(ph, '{genes}', coalesce((
        SELECT jsonb_agg(CASE WHEN jsonb_typeof(gn->'genotype') = 'string' THEN jsonb_set(gn, '{genotype}', to_jsonb(coalesce(
          (SELECT pg_temp.genodesk_plus_genotype(gn->>'genotype', x.catalogue_ref, x.catalogue_alt, x.ref, x.alt)
             FROM genodesk_allele_change x WHERE x.code = lower(gn->>'code')),
          gn->>'genotype'))) ELSE gn END ORDER BY gi)
        FROM jsonb_array_elements(ph->'genes') WITH ORDINALITY AS g(gn, gi)), '[]'::jsonb)) ORDER BY pi)
      FROM jsonb_array_elements(s->'phenotypes') WITH ORDINALITY AS f(ph, pi)), '[]'::jsonb)) ORDER BY si)
    FROM jsonb_array_elements(c->'subcategories') WITH ORDINALITY AS b(s, si)), '[]'::jsonb)) ORDER BY ci)
  FROM jsonb_array_elements(p.content->'categories') WITH ORDINALITY AS a(c, ci)), '[]'::jsonb))
  -- Only the shape every generated content has (older or damaged ones stay as they are).
  WHERE EXISTS (SELECT 1 FROM genodesk_allele_change)
    AND jsonb_typeof(p.content->'categories') = 'array'
    AND NOT jsonb_path_exists(p.content, 'strict $.categories[*] ? (!(exists(@.subcategories)) || @.subcategories.type() != "array")', '{}', true)
    AND NOT jsonb_path_exists(p.content, 'strict $.categories[*].subcategories[*] ? (!(exists(@.phenotypes)) || @.phenotypes.type() != "array")', '{}', true)
    AND NOT jsonb_path_exists(p.content, 'strict $.categories[*].subcategories[*].phenotypes[*] ? (!(exists(@.genes)) || @.genes.type() != "array")', '{}', true);--> statement-breakpoint
DROP FUNCTION pg_temp.genodesk_plus_genotype(text, text, text, text, text);--> statement-breakpoint
ALTER TABLE "customer_genotypes" ADD CONSTRAINT "customer_genotypes_no_call" CHECK (("customer_genotypes"."genotype" = '--') = ("customer_genotypes"."no_call_reason" is not null));--> statement-breakpoint
ALTER TABLE "combination_rules" ADD CONSTRAINT "combination_rules_clinical_weight_range" CHECK ("combination_rules"."clinical_weight" between 1 and 4);--> statement-breakpoint
ALTER TABLE "gene_combinations" ADD CONSTRAINT "gene_combinations_clinical_weight_range" CHECK ("gene_combinations"."clinical_weight" between 1 and 4);--> statement-breakpoint
ALTER TABLE "markers" ADD CONSTRAINT "markers_gene_strand" CHECK ("markers"."gene_strand" in ('+', '-'));
