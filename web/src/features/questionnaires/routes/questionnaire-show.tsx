import { Permissions } from '@genodesk/contract/permissions';
import { isAskedOf, questionnaireSections, sectionAnswered } from '@genodesk/contract/questionnaires';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useQuestionnaire } from '../api/get-questionnaire';
import { SectionCard } from '../components/section-card';

export function QuestionnaireShowRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const questionnaire = useQuestionnaire(id);
  const canEdit = useCan(Permissions.CustomersEdit);
  const [editing, setEditing] = useState<string | null>(null);

  if (!Number.isInteger(id) || id <= 0 || questionnaire.isError) {
    return (
      <RedirectWithToast
        to={paths.questionnaires.list}
        message={t('questionnaires.loadFailed')}
        missing={isMissingRecord(id, questionnaire.error)}
      />
    );
  }
  if (!questionnaire.data) return <SectionLoader />;
  const q = questionnaire.data;
  const answersOf = (key: string) => q.sections.find((s) => s.section === key)?.answers ?? {};
  // A section the customer is not asked (pregnancy of a man) is left out, unless it holds answers.
  const shown = questionnaireSections.filter(
    (section) => isAskedOf(section, q.customerGender) || sectionAnswered(answersOf(section.key)),
  );
  const notAsked = questionnaireSections.filter((section) => !shown.includes(section));

  return (
    <>
      <PageHeader
        title={<span data-testid="questionnaire-customer">{q.customerFullName}</span>}
        description={
          <Group gap="sm">
            <Anchor
              component={Link}
              to={paths.customers.view(q.customerId)}
              fz="sm"
              data-testid="questionnaire-customer-link"
            >
              {q.customerEmail}
            </Anchor>
            {q.customerUnderage && (
              <Badge size="sm" color="orange" variant="light" tt="none">
                {t('customers.underage')}
              </Badge>
            )}
            <Text fz="sm" c="dimmed">
              {t('questionnaires.filledOn', { date: formatDateTime(q.filledAt, locale) })}
            </Text>
          </Group>
        }
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('questionnaires.title'), to: paths.questionnaires.list },
          { label: q.customerFullName },
        ]}
      />
      <Stack gap="md">
        {shown.map((section, index) => (
          <SectionCard
            key={section.key}
            questionnaireId={q.id}
            section={section}
            index={index}
            answers={answersOf(section.key)}
            customerGender={q.customerGender}
            editing={editing === section.key}
            canEdit={canEdit && (editing === null || editing === section.key)}
            onEdit={() => setEditing(section.key)}
            onDone={() => setEditing(null)}
          />
        ))}
        {notAsked.length > 0 && (
          <Text fz="sm" c="dimmed" data-testid="questionnaire-not-asked">
            {t(q.customerGender === 1 ? 'questionnaires.notAskedOfMen' : 'questionnaires.notAskedOfWomen', {
              sections: notAsked.map((section) => section.label[locale]).join(', '),
            })}
          </Text>
        )}
      </Stack>
    </>
  );
}

export const Component = QuestionnaireShowRoute;
