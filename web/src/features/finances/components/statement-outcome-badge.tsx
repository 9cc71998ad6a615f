import type { StatementLineOutcome } from '@genodesk/contract/finances';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<StatementLineOutcome, string> = {
  matched: 'teal',
  unknownVariableSymbol: 'red',
  amountDiffers: 'orange',
  alreadyPaid: 'yellow',
  notCredit: 'gray',
};

/** What a statement line did: paid a transfer, or why it did not. */
export function StatementOutcomeBadge({ outcome }: { outcome: StatementLineOutcome }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={colors[outcome]}
      tt="none"
      data-testid="statement-line-outcome"
      data-outcome={outcome}
    >
      {t(`finances.statements.outcomes.${outcome}`)}
    </Badge>
  );
}
