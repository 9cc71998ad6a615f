import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import { describeGenotypeCombinations } from '@genodesk/contract/templates';
import { Alert, Button, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { useGeneCombination } from '@/features/templates/api/get-gene-combination';
import { riskLabel } from '@/features/templates/components/labels';
import { RiskPicker } from '@/features/templates/components/risk-picker';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useAssessPhenotype } from '../api/assess-phenotype';
import { localizedText } from './risk';

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

  const genotypes = phenotype?.genes.map((gene) => `${gene.code} ${gene.genotype}`).join(', ') ?? '';
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
          <Text fz="sm">{t('products.assess.intro', { genotypes })}</Text>
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
                        <Text fz="xs" c="dimmed" ff="monospace">
                          {describeGenotypeCombinations(template.genotypeCombinations)}
                        </Text>
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
