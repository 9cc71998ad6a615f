import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { PermissionItem } from '@genodesk/contract/users';
import {
  Badge,
  Box,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type Side = 'available' | 'assigned';

interface PermissionBoardProps {
  available: PermissionItem[];
  assigned: PermissionItem[];
  onMove: (item: PermissionItem, to: Side) => void;
  /** Shown but not changeable (the editor's own role). */
  disabled?: boolean;
}

/**
 * A card is one control (no button inside a draggable: axe's nested-interactive): a click or Enter
 * moves the permission to the other column; Space picks it up for a keyboard drag (arrows, Space to
 * drop, Escape to cancel), a pointer drags it. The arrow shows where a click sends it.
 */
function PermissionCard({
  item,
  side,
  onMove,
  overlay,
}: {
  item: PermissionItem;
  side: Side;
  /** Absent: the card only shows the permission (the overlay while dragging, a board that is disabled). */
  onMove?: () => void;
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  const fixed = overlay || !onMove;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `${side}:${item.name}`,
    data: { side, item },
    disabled: fixed,
  });
  const moveLabel = side === 'available' ? t('roles.assign') : t('roles.unassign');
  const control = fixed
    ? {}
    : {
        ...attributes,
        ...listeners,
        onClick: onMove,
        onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
          listeners?.onKeyDown?.(event);
          if (event.key === 'Enter' && !isDragging && !event.defaultPrevented) {
            event.preventDefault();
            onMove?.();
          }
        },
        'aria-roledescription': t('roles.draggable'),
      };
  return (
    <Paper
      ref={overlay ? undefined : setNodeRef}
      withBorder
      radius="md"
      px="sm"
      py={8}
      shadow={overlay ? 'lg' : undefined}
      className="gd-permission-card"
      style={{
        opacity: isDragging ? 0.35 : 1,
        cursor: fixed && !overlay ? 'default' : 'grab',
        touchAction: 'none',
        background: 'white',
      }}
      data-testid={overlay ? undefined : `${side}-permission-${item.name}`}
      data-permission={item.name}
      {...control}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconGripVertical size={16} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={500} truncate>
              {item.label}
            </Text>
            <Text fz="xs" c="dimmed" ff="monospace" truncate>
              {item.name}
            </Text>
            {/* Named by what it shows (WCAG 2.5.3), then what Enter does. */}
            {onMove && <VisuallyHidden>– {moveLabel}</VisuallyHidden>}
          </Stack>
        </Group>
        {onMove && (
          <ThemeIcon
            variant="light"
            color={side === 'available' ? 'teal' : 'red'}
            aria-hidden
            title={moveLabel}
            data-testid={
              side === 'available' ? `permission-add-${item.name}` : `permission-remove-${item.name}`
            }
          >
            {side === 'available' ? <IconArrowRight size={16} /> : <IconArrowLeft size={16} />}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Permissions by the area they open, in catalogue order: the area is the label before its dash
 * ("Zákazníci – upravit" is Zákazníci); a label without one is its own area.
 */
function groupByArea(items: PermissionItem[]): [string, PermissionItem[]][] {
  const areas = new Map<string, PermissionItem[]>();
  for (const item of items) {
    const area = item.label.split(' – ')[0] ?? item.label;
    areas.set(area, [...(areas.get(area) ?? []), item]);
  }
  return [...areas];
}

function PermissionColumn({
  side,
  title,
  items,
  onMove,
  disabled,
}: {
  side: Side;
  title: string;
  items: PermissionItem[];
  onMove: (item: PermissionItem) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: side });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="md"
      bg={isOver ? 'teal.0' : 'gray.0'}
      style={{
        borderStyle: isOver ? 'dashed' : undefined,
        borderColor: isOver ? 'var(--mantine-color-teal-5)' : undefined,
        transition: 'background 120ms',
      }}
      data-testid={`permissions-${side}`}
      aria-label={title}
      role="region"
    >
      <Group justify="space-between" mb="sm">
        <Text fw={700}>{title}</Text>
        <Badge
          variant="light"
          color={side === 'assigned' ? 'teal' : 'gray'}
          data-testid={`permissions-${side}-count`}
        >
          {items.length}
        </Badge>
      </Group>
      {/* Read-only cards are not focusable: the list itself then is, to scroll it by keyboard. */}
      <ScrollArea.Autosize
        mah="calc(100vh - 330px)"
        type="auto"
        offsetScrollbars
        viewportProps={disabled ? { tabIndex: 0 } : undefined}
      >
        <Stack gap={6} mih={120}>
          {items.length === 0 ? (
            <Box py="xl">
              <Text c="dimmed" ta="center" fz="sm">
                {side === 'assigned' ? t('roles.emptyAssigned') : t('roles.emptyAvailable')}
              </Text>
            </Box>
          ) : (
            groupByArea(items).map(([area, group]) => (
              <Stack key={area} gap={6} data-testid={`permissions-${side}-group`} data-area={area}>
                <Text fz="xs" fw={700} c="dimmed" tt="uppercase" mt={4}>
                  {area}
                </Text>
                {group.map((item) => (
                  <PermissionCard
                    key={item.name}
                    item={item}
                    side={side}
                    onMove={disabled ? undefined : () => onMove(item)}
                  />
                ))}
              </Stack>
            ))
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/** Available and assigned permissions; drag between the columns or use the arrow buttons. */
export function PermissionBoard({ available, assigned, onMove, disabled }: PermissionBoardProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<{ item: PermissionItem; side: Side } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // Enter is the card's quick move; Space alone picks a card up.
    useSensor(KeyboardSensor, {
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current as { item: PermissionItem; side: Side } | undefined;
    setDragging(data ?? null);
  };

  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const data = event.active.data.current as { item: PermissionItem; side: Side } | undefined;
    const target = event.over?.id;
    if (!data || (target !== 'available' && target !== 'assigned') || target === data.side) return;
    onMove(data.item, target);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PermissionColumn
          side="available"
          title={t('roles.available')}
          items={available}
          onMove={(item) => onMove(item, 'assigned')}
          disabled={disabled}
        />
        <PermissionColumn
          side="assigned"
          title={t('roles.assigned')}
          items={assigned}
          onMove={(item) => onMove(item, 'available')}
          disabled={disabled}
        />
      </SimpleGrid>
      <DragOverlay dropAnimation={null}>
        {dragging ? <PermissionCard item={dragging.item} side={dragging.side} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}
