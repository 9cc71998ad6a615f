import {
  inNotation,
  noCallGenotype,
  notationAlleles,
  orderAlleles,
  readGenotype,
} from '@genodesk/contract/genotypes';
import { isEmptyRichText } from '@genodesk/contract/media';
import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import { displayGenotype, type GenotypeCombination } from '@genodesk/contract/templates';
import { Alert, Button, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
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
import { type GeneReadingItem, PhenotypeGene } from './report-categories';
import { localizedText } from './risk';

type NotatedGene = Pick<ReportPhenotype['genes'][number], 'code' | 'notation'>;

/**
 * A template's genotype (plus strand, as stored and as templates write it) read as the report page reads
 * the customer's (issues 34, 35), with the marker map's notation of its gene: the zygosity, HGVS c., the
 * alleles on the gene's strand and the plus-strand alleles — F5 rs6025's plus T/T is "homozygous for the
 * variant NM_000130.5:c.1601G>A, gene's strand A/A, plus strand T/T". Read from the notation by
 * `readGenotype`, never by matching letters; a gene the map does not know is shown as written (no
 * zygosity, no strand), a no-call as one.
 */
export function readTemplateGenotype(gene: NotatedGene, genotype: string): GeneReadingItem {
  const { code, notation } = gene;
  if (genotype === noCallGenotype)
    return { code, hgvsC: '', genotype, zygosity: 'noCall', geneGenotype: genotype, noCallReason: 'noCall' };
  const shown = displayGenotype(genotype) ?? genotype;
  // A genotype outside the map's notation (written before the map knew the gene) is shown as written:
  // read against the notation, it would say "wild type" for letters that are no allele of the marker.
  if (!notation || !inNotation(notation, shown))
    return { code, hgvsC: '', genotype: shown, zygosity: null, geneGenotype: null, noCallReason: null };
  const plus = orderAlleles(shown.split('/'), notationAlleles(notation).reference).join('/');
  const { zygosity, geneGenotype } = readGenotype(notation, plus);
  return { code, hgvsC: notation.hgvsC, genotype: plus, zygosity, geneGenotype, noCallReason: null };
}

/**
 * A template's genotype combination, each gene read with the phenotype's notation of it, in the order
 * of the phenotype's genes (the customer's genotype above it) whatever order the template wrote them in.
 */
export function readCombination(
  genes: readonly NotatedGene[],
  combination: GenotypeCombination,
): GeneReadingItem[] {
  const position = (code: string) => {
    const index = genes.findIndex((g) => g.code.toLowerCase() === code.toLowerCase());
    return index < 0 ? genes.length : index;
  };
  return Object.entries(combination)
    .sort(([a], [b]) => position(a) - position(b))
    .map(([code, genotype]) =>
      readTemplateGenotype(genes[position(code)] ?? { code, notation: null }, genotype),
    );
}

/** The own-text form's values: the texts' HTML and the risk picked (as the picker holds it). */
type OwnAssessment = { text: string; textEn: string; risk: string | null };

/**
 * What "own text" starts from: the phenotype's own text and risk when a doctor already assessed it with
 * one (no template), else nothing. A phenotype not assessed carries its gene combination's default
 * sentence ("…a doctor will review it"): a doctor who only picked a risk would publish it as theirs.
 */
export function ownAssessmentOf(phenotype: ReportPhenotype): OwnAssessment {
  const own = !phenotype.notAssessed && phenotype.assessedBy !== null && phenotype.templateId === null;
  if (!own) return { text: '', textEn: '', risk: null };
  const { text, textEn, risk } = phenotype;
  return { text, textEn, risk: risk === null ? null : String(risk) };
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
    const own = ownAssessmentOf(phenotype);
    setMode('template');
    setTemplateId(null);
    setRisk(own.risk);
    setText(own.text);
    setTextEn(own.textEn);
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
    if (mode === 'text' && (!risk || isEmptyRichText(text))) {
      // As the server judges it ('assessmentTextRequired'): the Czech text is the finding, the English
      // one may follow it.
      setErrors({
        ...(risk ? {} : { Risk: t('products.assess.pickRisk') }),
        ...(isEmptyRichText(text) ? { Text: t('products.assess.textRequired') } : {}),
      });
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

  const unmapped = phenotype?.genes.filter((gene) => !gene.notation) ?? [];
  return (
    <Modal
      opened={phenotype !== null}
      onClose={onClose}
      // Wide enough for a gene's reading on one line: marker, HGVS c., zygosity and both strands.
      size={920}
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
            {/* The customer's genes as the report page shows them: the API's reading (readGenotype). */}
            <Group gap="xs" wrap="wrap">
              {phenotype.genes.map((gene) => (
                <PhenotypeGene key={gene.code} gene={gene} testId="assess-genotype-gene" />
              ))}
            </Group>
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
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Text fz="sm" fw={600}>
                          {riskLabel(template.risk, locale)}
                        </Text>
                        {/* One box per genotype combination, a line per gene, read as the report reads it. */}
                        <Stack gap={6} mt={6} data-testid="assess-template-genotypes">
                          {template.genotypeCombinations.map((combination) => (
                            <Stack
                              key={JSON.stringify(combination)}
                              gap={0}
                              data-testid="assess-combination"
                              style={{
                                border: '1px solid var(--mantine-color-gray-3)',
                                borderRadius: 'var(--mantine-radius-sm)',
                              }}
                            >
                              {readCombination(phenotype.genes, combination).map((gene) => (
                                <PhenotypeGene
                                  key={gene.code}
                                  gene={gene}
                                  bordered={false}
                                  testId="assess-combination-gene"
                                />
                              ))}
                            </Stack>
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
                withAsterisk
                value={text}
                onChange={(html) => {
                  setText(html);
                  setErrors(({ Text: _, ...rest }) => rest);
                }}
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
