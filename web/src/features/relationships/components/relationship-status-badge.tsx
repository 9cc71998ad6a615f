import { type RelationshipStatus, relationshipStatusLabels } from '@genodesk/contract/enums';
import { Badge } from '@mantine/core';
import { useLocale } from '@/lib/use-locale';

const colors: Record<RelationshipStatus, string> = {
  NOT_REQUESTED: 'gray',
  REQUESTED: 'yellow',
  ACCEPTED: 'teal',
};

export function RelationshipStatusBadge({ status }: { status: RelationshipStatus }) {
  const { locale } = useLocale();
  return (
    <Badge variant="light" color={colors[status]} tt="none" data-testid="relationship-status">
      {relationshipStatusLabels[status][locale]}
    </Badge>
  );
}
