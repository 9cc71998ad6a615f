import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { titleWhileCut } from './long-name';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  breadcrumbs?: { label: string; to?: string }[];
  actions?: ReactNode;
}

/**
 * A screen's title, its place and its actions. A title or a breadcrumb naming a record (a name of a
 * hundred letters) never widens the page: the title breaks anywhere, on three lines at most, and the
 * breadcrumb keeps to one line, each cut with an ellipsis and whole in its title; the actions keep
 * their size.
 */
export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  return (
    <Stack gap={6} mb="lg">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs separatorMargin={6} fz="sm" className="gd-breadcrumbs">
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <Anchor
                key={crumb.label}
                component={Link}
                to={crumb.to}
                fz="sm"
                c="dimmed"
                onPointerEnter={titleWhileCut}
              >
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} fz="sm" c="dimmed" onPointerEnter={titleWhileCut}>
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} miw={0}>
          <Title
            order={2}
            fw={700}
            className="gd-long-name"
            style={{ WebkitLineClamp: 3 }}
            onPointerEnter={titleWhileCut}
            data-testid="page-title"
          >
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm" className="gd-breaks-anywhere">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
