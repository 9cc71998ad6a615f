import {
  inNotation,
  noCallGenotype,
  noCallReasonLabels,
  notationAlleles,
  orderAlleles,
  readGenotype,
  zygosityLabels,
} from '@genodesk/contract/genotypes';
import type { Locale } from '@genodesk/contract/locales';
import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import { displayGenotype, type GenotypeCombination } from '@genodesk/contract/templates';
import { Alert, Button, Group, List, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { useGeneCombination } from '@/features/templates/api/get-gene-combination';
import { riskLabel } from '@/features/templates/components/labels';
import { RiskPicker } from '@/features/templates/components/risk-picker';
import { isApiError } from '@/lib/api-client';
import { dismissNotice, notifyError, notifySuccess, productNoticeId } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useAssessPhenotype } from '../api/assess-phenotype';
import { localizedText } from './risk';

type PhenotypeGene = Pick<ReportPhenotype['genes'][number], 'code' | 'notation'>;

/**
 * A genotype (plus strand, as stored and as templates write it) as the clinician reads it, with the
 * marker map's notation of its gene (issue 34): "rs6025: homozygous for the variant
 * NM_000130.5:c.1601G>A (plus strand T/T)". Read from the notation, never by matching letters; a gene
 * the map does not know is shown as given, a no-call with its cause.
 */
export function genotypeLabel(
  gene: PhenotypeGene & { noCallReason?: ReportPhenotype['genes'][number]['noCallReason'] },
  genotype: string,
  locale: Locale,
  plusStrand: string,
): string {
  if (genotype === noCallGenotype)
    return `${gene.code}: ${zygosityLabels.noCall[locale]} (${noCallReasonLabels[gene.noCallReason ?? 'noCall'][locale]})`;
  const shown = displayGenotype(genotype) ?? genotype;
  // A genotype outside the map's notation (written before the map knew the gene) is shown as written:
  // read against the notation, it would say "wild type" for letters that are no allele of the marker.
  if (!gene.notation || !inNotation(gene.notation, shown)) return `${gene.code} ${shown}`;
  const plus = orderAlleles(shown.split('/'), notationAlleles(gene.notation).reference).join('/');
  const { zygosity } = readGenotype(gene.notation, plus);
  const hgvs = gene.notation.hgvsC ? ` ${gene.notation.hgvsC}` : '';
  return `${gene.code}: ${zygosityLabels[zygosity][locale]}${hgvs} (${plusStrand} ${plus})`;
}

/** A template's genotype combination, each gene read with the phenotype's notation of it. */
export function combinationLabel(
  genes: readonly PhenotypeGene[],
  combination: GenotypeCombination,
  locale: Locale,
  plusStrand: string,
): string {
  return Object.entries(combination)
    .map(([code, genotype]) => {
      const gene = genes.find((g) => g.code.toLowerCase() === code.toLowerCase()) ?? { code, notation: null };
      return genotypeLabel(gene, genotype, locale, plusStrand);
    })
    .join(', ');
}

interface AssessPhenotypeModalProps {
  product: Product;
  phenotype: ReportPhenotype | null;
  onClose: () => void;
}

/** The doctor assesses a phenotype no template matched: with one of its templates, or an own text and risk. */
export function AssessPhenotypeModal({ product, phenotype, onClose }: AssessPhenotypeModalProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const geneCombination = useGeneCombination(phenotype?.geneCombinationId ?? 0);
  const assess = useAssessPhenotype();
  const [mode, setMode] = useState<'template' | 'text'>('template');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [risk, setRisk] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [textEn, setTextEn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!phenotype) return;
    setMode('template');
    setTemplateId(null);
    setRisk(null);
    setText(phenotype.text);
    setTextEn(phenotype.textEn);
    setErrors({});
  }, [phenotype]);

  const submit = () => {
    if (!phenotype) return;
    const base = { ProductId: product.id, GeneCombinationId: phenotype.geneCombinationId };
    const body =
      mode === 'template'
        ? { ...base, TemplateId: Number(templateId) }
        : { ...base, Risk: Number(risk), Text: text, TextEn: textEn };
    if (mode === 'template' && !templateId) {
      setErrors({ TemplateId: t('products.assess.pickTemplate') });
      return;
    }
    if (mode === 'text' && !risk) {
      setErrors({ Risk: t('products.assess.pickRisk') });
      return;
    }
    assess.mutate(body, {
      onSuccess: () => {
        // A refusal that asked for this assessment (publication with open phenotypes) is answered now.
        dismissNotice(productNoticeId(product.id));
        notifySuccess(
          t('products.assess.done', {
            phenotype: localizedText(phenotype.phenotype, phenotype.phenotypeEn, locale),
          }),
        );
        onClose();
      },
      onError: (error) => {
        if (isApiError(error)) {
          setErrors(error.fields);
          notifyError(error.message, t('products.assess.failed'));
        } else notifyError(t('products.assess.failed'));
      },
    });
  };

  const plusStrand = t('results.genes.plusStrand');
  const unmapped = phenotype?.genes.filter((gene) => !gene.notation) ?? [];
  return (
    <Modal
      opened={phenotype !== null}
      onClose={onClose}
      size="xl"
      centered
      title={
        phenotype
          ? t('products.assess.title', {
              phenotype: localizedText(phenotype.phenotype, phenotype.phenotypeEn, locale),
            })
          : ''
      }
    >
      {phenotype && (
        <Stack gap="md" data-testid="assess-phenotype">
          <Text fz="sm">{t('products.assess.intro')}</Text>
          <Stack gap={4} data-testid="assess-genotype">
            <Text fz="sm" fw={600}>
              {t('products.assess.genotype')}
            </Text>
            <List size="sm">
              {phenotype.genes.map((gene) => (
                <List.Item key={gene.code} data-testid="assess-genotype-gene" data-gene={gene.code}>
                  {genotypeLabel(gene, gene.genotype, locale, plusStrand)}
                </List.Item>
              ))}
            </List>
            {unmapped.map((gene) => (
              <Text key={gene.code} fz="xs" c="dimmed">
                {t('products.assess.noNotation', { code: gene.code })}
              </Text>
            ))}
          </Stack>
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as 'template' | 'text')}
            data={[
              { value: 'template', label: t('products.assess.byTemplate') },
              { value: 'text', label: t('products.assess.byText') },
            ]}
            data-testid="assess-mode"
          />
          {mode === 'template' ? (
            <Radio.Group
              value={templateId}
              onChange={setTemplateId}
              label={t('products.assess.template')}
              error={errors.TemplateId}
            >
              <Stack gap="xs" mt="xs">
                {geneCombination.isError && <Alert color="red">{t('products.assess.templatesFailed')}</Alert>}
                {geneCombination.data?.templates.length === 0 && (
                  <Text fz="sm" c="dimmed">
                    {t('products.assess.noTemplates')}
                  </Text>
                )}
                {geneCombination.data?.templates.map((template) => (
                  <Radio.Card
                    key={template.id}
                    value={String(template.id)}
                    p="sm"
                    radius="md"
                    data-testid={`assess-template-${template.id}`}
                  >
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <div>
                        <Text fz="sm" fw={600}>
                          {riskLabel(template.risk, locale)}
                        </Text>
                        <Stack gap={0} data-testid="assess-template-genotypes">
                          {template.genotypeCombinations.map((combination) => (
                            <Text key={JSON.stringify(combination)} fz="xs" c="dimmed">
                              {combinationLabel(phenotype.genes, combination, locale, plusStrand)}
                            </Text>
                          ))}
                        </Stack>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Stack gap="md">
              <RiskPicker value={risk} onChange={setRisk} error={errors.Risk} testId="assess-risk" />
              <RichTextField
                label={t('products.assess.text')}
                value={text}
                onChange={setText}
                error={errors.Text}
                minHeight={120}
                testId="assess-text"
              />
              <RichTextField
                label={t('products.assess.textEn')}
                value={textEn}
                onChange={setTextEn}
                error={errors.TextEn}
                minHeight={120}
                testId="assess-text-en"
              />
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button loading={assess.isPending} onClick={submit} data-testid="assess-submit">
              {t('products.assess.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
