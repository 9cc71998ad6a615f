import type { CombinationRule } from '@genodesk/contract/combination-rules';
import { isEmptyRichText } from '@genodesk/contract/media';
import { describeGenotypeCombinations } from '@genodesk/contract/templates';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { scrollToFirstError } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCombinationRule, useSaveCombinationRule } from '../api/combination-rules';
import { useGeneCombination } from '../api/get-gene-combination';
import { useGeneCombinations } from '../api/get-gene-combinations';
import { ClinicalWeightSelect } from '../components/clinical-weight-select';
import { localName, localPhenotype, riskLabel } from '../components/labels';
import { RiskPicker } from '../components/risk-picker';

type Condition = { key: number; geneCombinationId: number | null; label: string; templateIds: number[] };

let nextKey = 1;
const blank = (): Condition => ({ key: nextKey++, geneCombinationId: null, label: '', templateIds: [] });

/** One condition: a phenotype picked by search, and the templates of it that fulfil the rule. */
function ConditionRow({
  index,
  condition,
  canRemove,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  condition: Condition;
  canRemove: boolean;
  error?: string;
  onChange: (condition: Condition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [search, setSearch] = useState(condition.label);
  const [debounced] = useDebouncedValue(search, 250);
  const options = useGeneCombinations({ page: 1, pageSize: 30, search: debounced || undefined, locale });
  const detail = useGeneCombination(condition.geneCombinationId ?? 0);
  const data = (options.data?.items ?? []).map((g) => ({
    value: String(g.id),
    label: `${localPhenotype(g, locale)} (${g.combinationGeneCode})`,
  }));
  if (condition.geneCombinationId && !data.some((d) => d.value === String(condition.geneCombinationId)))
    data.unshift({ value: String(condition.geneCombinationId), label: condition.label });

  return (
    <Card withBorder radius="md" p="md" data-testid={`combination-condition-${index}`}>
      <Stack gap="sm">
        <Group align="flex-end" wrap="nowrap" gap="sm">
          <Select
            style={{ flex: 1 }}
            label={t('combinationRules.fields.phenotype', { n: index + 1 })}
            withAsterisk
            searchable
            data={data}
            value={condition.geneCombinationId ? String(condition.geneCombinationId) : null}
            searchValue={search}
            onSearchChange={setSearch}
            onChange={(value, option) =>
              onChange({
                ...condition,
                geneCombinationId: value ? Number(value) : null,
                label: option?.label ?? '',
                templateIds: [],
              })
            }
            nothingFoundMessage={t('combinationRules.noPhenotype')}
            error={error}
            data-testid={`combination-condition-${index}-phenotype`}
          />
          {canRemove && (
            <Tooltip label={t('combinationRules.removeCondition')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={t('combinationRules.removeCondition')}
                onClick={onRemove}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {detail.data && (
          <Checkbox.Group
            label={t('combinationRules.fields.templates')}
            description={t('combinationRules.templatesHint')}
            value={condition.templateIds.map(String)}
            onChange={(values) => onChange({ ...condition, templateIds: values.map(Number) })}
          >
            <Stack gap={6} mt="xs">
              {detail.data.templates.map((template) => (
                <Checkbox
                  key={template.id}
                  value={String(template.id)}
                  data-testid={`combination-condition-${index}-template-${template.id}`}
                  label={
                    <Text fz="sm" span>
                      {riskLabel(template.risk, locale)}
                      <Text span fz="xs" c="dimmed" ff="monospace">
                        {` · ${describeGenotypeCombinations(template.genotypeCombinations)}`}
                      </Text>
                    </Text>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      </Stack>
    </Card>
  );
}

function RuleForm({ rule }: { rule?: CombinationRule }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const save = useSaveCombinationRule();
  const [name, setName] = useState(rule?.name ?? '');
  const [nameEn, setNameEn] = useState(rule?.nameEn ?? '');
  const [risk, setRisk] = useState<string | null>(rule ? String(rule.risk) : null);
  // A new rule is a health risk (2) until chosen otherwise.
  const [clinicalWeight, setClinicalWeight] = useState(String(rule?.clinicalWeight ?? 2));
  const [text, setText] = useState(rule?.text ?? '');
  const [textEn, setTextEn] = useState(rule?.textEn ?? '');
  const [conditions, setConditions] = useState<Condition[]>(
    rule
      ? rule.conditions.map((c) => ({
          key: nextKey++,
          geneCombinationId: c.geneCombinationId,
          label: localPhenotype(c, locale),
          templateIds: c.templates.map((template) => template.id),
        }))
      : [blank(), blank()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.Name = t('combinationRules.required');
    if (!risk) found.Risk = t('combinationRules.required');
    if (isEmptyRichText(text)) found.Text = t('combinationRules.required');
    conditions.forEach((c, i) => {
      if (!c.geneCombinationId) found[`Conditions.${i}.GeneCombinationId`] = t('combinationRules.required');
      else if (!c.templateIds.length)
        found[`Conditions.${i}.GeneCombinationId`] = t('combinationRules.pickTemplates');
    });
    setErrors(found);
    if (Object.keys(found).length) return scrollToFirstError();
    const body = {
      Name: name,
      NameEn: nameEn,
      Risk: Number(risk),
      ClinicalWeight: Number(clinicalWeight),
      Text: text,
      TextEn: textEn,
      Conditions: conditions.map((c) => ({
        GeneCombinationId: c.geneCombinationId ?? 0,
        TemplateIds: c.templateIds,
      })),
    };
    save.mutate(rule ? { ...body, Id: rule.id } : body, {
      onSuccess: (saved) => {
        notifySuccess(t('combinationRules.saved', { name: localName(saved, locale) }));
        navigate(paths.combinationRules.list);
      },
      onError: (error) => {
        if (isApiError(error)) {
          setErrors(error.fields);
          notifyError(error.message, t('combinationRules.saveFailed'));
        } else notifyError(t('combinationRules.saveFailed'));
        scrollToFirstError();
      },
    });
  };

  const conditionError = (i: number) =>
    errors[`Conditions.${i}.GeneCombinationId`] ?? errors[`Conditions.${i}.TemplateIds`];
  return (
    <form onSubmit={submit} noValidate data-testid="combination-rule-form">
      <Stack gap="lg">
        <Card withBorder radius="md" p="xl">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <TextInput
                label={t('combinationRules.fields.nameCs')}
                withAsterisk
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={errors.Name}
                data-testid="combination-rule-name-cs"
              />
              <TextInput
                label={t('combinationRules.fields.nameEn')}
                value={nameEn}
                onChange={(e) => setNameEn(e.currentTarget.value)}
                error={errors.NameEn}
                data-testid="combination-rule-name-en"
              />
            </SimpleGrid>
            <RiskPicker value={risk} onChange={setRisk} error={errors.Risk} testId="combination-rule-risk" />
            <ClinicalWeightSelect
              value={clinicalWeight}
              onChange={setClinicalWeight}
              error={errors.ClinicalWeight}
              testId="combination-rule-clinical-weight"
            />
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Stack gap="md">
            <Title order={4}>{t('combinationRules.fields.conditions')}</Title>
            <Text fz="sm" c="dimmed">
              {t('combinationRules.conditionsHint')}
            </Text>
            {errors.Conditions && (
              <Alert color="red" variant="light" data-testid="combination-rule-conditions-error">
                {errors.Conditions}
              </Alert>
            )}
            {conditions.map((condition, i) => (
              <ConditionRow
                key={condition.key}
                index={i}
                condition={condition}
                canRemove={conditions.length > 2}
                error={conditionError(i)}
                onChange={(next) => setConditions((prev) => prev.map((c) => (c.key === next.key ? next : c)))}
                onRemove={() => setConditions((prev) => prev.filter((c) => c.key !== condition.key))}
              />
            ))}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setConditions((prev) => [...prev, blank()])}
                disabled={conditions.length >= 10}
                data-testid="combination-rule-add-condition"
              >
                {t('combinationRules.addCondition')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Stack gap="lg">
            <RichTextField
              label={t('combinationRules.fields.textCs')}
              withAsterisk
              value={text}
              onChange={setText}
              error={errors.Text}
              testId="combination-rule-text-cs"
            />
            <RichTextField
              label={t('combinationRules.fields.textEn')}
              value={textEn}
              onChange={setTextEn}
              error={errors.TextEn}
              testId="combination-rule-text-en"
            />
          </Stack>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.combinationRules.list)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="combination-rule-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Creates a combination rule, or (with `:id`) edits it. */
export function CombinationRuleFormRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const raw = useParams().id;
  const id = raw === undefined ? undefined : Number(raw);
  const rule = useCombinationRule(id ?? 0);
  if (id !== undefined && (!Number.isInteger(id) || id <= 0 || rule.isError))
    return (
      <RedirectWithToast
        to={paths.combinationRules.list}
        message={t('combinationRules.loadFailed')}
        missing={isMissingRecord(id, rule.error)}
      />
    );
  const title = id === undefined ? t('combinationRules.createTitle') : t('combinationRules.editTitle');
  return (
    <>
      <PageHeader
        title={title}
        description={rule.data ? localName(rule.data, locale) : t('combinationRules.description')}
        breadcrumbs={[
          { label: t('nav.groups.templates') },
          { label: t('combinationRules.title'), to: paths.combinationRules.list },
          { label: title },
        ]}
      />
      {id === undefined ? <RuleForm /> : rule.data ? <RuleForm rule={rule.data} /> : <SectionLoader />}
    </>
  );
}

export const Component = CombinationRuleFormRoute;
