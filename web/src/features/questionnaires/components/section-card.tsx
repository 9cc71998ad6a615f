import type { Locale } from '@genodesk/contract/locales';
import {
  type AnswerValue,
  isAnswered,
  isAskedOf,
  type Question,
  type QuestionnaireSection,
  type SectionAnswers,
} from '@genodesk/contract/questionnaires';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCorrectSection } from '../api/correct-section';

function showAnswer(
  question: Question,
  value: AnswerValue | undefined,
  locale: Locale,
  yes: string,
  no: string,
) {
  if (!isAnswered(value)) return null;
  switch (question.type) {
    case 'yesNo':
      return value ? yes : no;
    case 'choice':
      return question.options.find((o) => o.value === value)?.label[locale] ?? String(value);
    case 'number':
      return `${value}${question.unit ? ` ${question.unit}` : ''}`;
    default:
      return String(value);
  }
}

interface SectionCardProps {
  questionnaireId: number;
  section: QuestionnaireSection;
  /** Its number among the sections shown. */
  index: number;
  answers: SectionAnswers;
  /** The customer's gender: a question not asked of it is shown only when it has an answer. */
  customerGender: number;
  editing: boolean;
  canEdit: boolean;
  onEdit: () => void;
  onDone: () => void;
}

/** One of the 12 sections: its answers, and (one section at a time) their correction with its own save. */
export function SectionCard({
  questionnaireId,
  section,
  index,
  answers,
  customerGender,
  editing,
  canEdit,
  onEdit,
  onDone,
}: SectionCardProps) {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const save = useCorrectSection();
  const [draft, setDraft] = useState<SectionAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const questions = section.questions.filter(
    (q) => isAskedOf(q, customerGender) || isAnswered(answers[q.key]),
  );
  const answered = questions.filter((q) => showAnswer(q, answers[q.key], locale, '', '-') !== null).length;

  const start = () => {
    setDraft(Object.fromEntries(questions.map((q) => [q.key, answers[q.key] ?? null])));
    setErrors({});
    onEdit();
  };
  const set = (key: string, value: AnswerValue) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () =>
    save.mutate(
      { QuestionnaireId: questionnaireId, Section: section.key, Answers: draft },
      {
        onSuccess: () => {
          notifySuccess(t('questionnaires.saved', { section: section.label[locale] }));
          onDone();
        },
        onError: (error) => {
          if (isApiError(error)) {
            const fieldErrors: Record<string, string> = {};
            for (const [name, message] of Object.entries(error.fields))
              fieldErrors[name.replace(/^Answers\./, '')] = message;
            setErrors(fieldErrors);
          }
          notifyApiError(error, '', t('questionnaires.saveFailed'));
        },
      },
    );

  const input = (q: Question) => {
    const value = draft[q.key];
    const label = q.label[locale];
    const error = errors[q.key] ? tm(errors[q.key] ?? '') : undefined;
    const testId = `q-${section.key}-${q.key}`;
    switch (q.type) {
      case 'yesNo':
        return (
          <Stack gap={4} key={q.key}>
            <Text fz="sm" fw={500}>
              {label}
            </Text>
            <SegmentedControl
              size="xs"
              data={[
                { value: '', label: t('questionnaires.noAnswer') },
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ]}
              value={value === true ? 'true' : value === false ? 'false' : ''}
              onChange={(v) => set(q.key, v === '' ? null : v === 'true')}
              data-testid={testId}
            />
            {error && (
              <Text fz="xs" c="red">
                {error}
              </Text>
            )}
          </Stack>
        );
      case 'choice':
        return (
          <Select
            key={q.key}
            label={label}
            placeholder={t('questionnaires.noAnswer')}
            data={q.options.map((o) => ({ value: o.value, label: o.label[locale] }))}
            value={typeof value === 'string' ? value : null}
            onChange={(v) => set(q.key, v)}
            clearable
            error={error}
            data-testid={testId}
          />
        );
      case 'number':
        return (
          <NumberInput
            key={q.key}
            label={label}
            min={q.min}
            max={q.max}
            rightSection={q.unit ? <Text fz="xs">{q.unit}</Text> : undefined}
            value={typeof value === 'number' ? value : ''}
            onChange={(v) => set(q.key, v === '' ? null : Number(v))}
            error={error}
            data-testid={testId}
          />
        );
      default:
        return (
          <Textarea
            key={q.key}
            label={label}
            autosize
            minRows={1}
            maxLength={q.maxLength}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => set(q.key, e.currentTarget.value === '' ? null : e.currentTarget.value)}
            error={error}
            data-testid={testId}
          />
        );
    }
  };

  return (
    <Card withBorder radius="md" p="lg" data-testid={`q-section-${section.key}`}>
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <Title order={5}>{`${index + 1}. ${section.label[locale]}`}</Title>
          <Badge variant="light" color={answered ? 'teal' : 'gray'} tt="none">
            {t('questionnaires.answered', { count: answered, total: questions.length })}
          </Badge>
        </Group>
        {canEdit && !editing && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={start}
            data-testid={`q-section-${section.key}-edit`}
          >
            {t('questionnaires.correct')}
          </Button>
        )}
      </Group>
      {editing ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {questions.map(input)}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button loading={save.isPending} onClick={submit} data-testid={`q-section-${section.key}-save`}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {questions.map((q) => {
            const shown = showAnswer(q, answers[q.key], locale, t('common.yes'), t('common.no'));
            return (
              <Stack gap={0} key={q.key}>
                <Text fz="xs" c="dimmed">
                  {q.label[locale]}
                </Text>
                <Text
                  fz="sm"
                  c={shown === null ? 'dimmed' : undefined}
                  data-testid={`q-answer-${section.key}-${q.key}`}
                >
                  {shown ?? '—'}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}
