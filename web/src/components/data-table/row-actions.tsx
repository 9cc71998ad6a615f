import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface RowActionsProps {
  /** Test ids are `<testIdPrefix>-view-<id>`, `-edit-`, `-delete-`. */
  testIdPrefix: string;
  id: number;
  viewTo: string;
  /** Shown only when given (the caller checks the permission). */
  editTo?: string;
  onDelete?: () => void;
}

/** The view / edit / delete icons at the end of a list row; a click on them does not open the row. */
export function RowActions({ testIdPrefix, id, viewTo, editTo, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
      <Tooltip label={t('common.view')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          component={Link}
          to={viewTo}
          aria-label={t('common.view')}
          data-testid={`${testIdPrefix}-view-${id}`}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {editTo && (
        <Tooltip label={t('common.edit')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            component={Link}
            to={editTo}
            aria-label={t('common.edit')}
            data-testid={`${testIdPrefix}-edit-${id}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label={t('common.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('common.delete')}
            data-testid={`${testIdPrefix}-delete-${id}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
