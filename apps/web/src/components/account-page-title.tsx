import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AccountBreadcrumbs } from './account-breadcrumbs.tsx';

/**
 * A parent-area page's container: it fills the screen, so the footer stays below the fold while the
 * page's code and data load and after they arrive, instead of showing and then jumping away (or in).
 */
export const accountPageSx = { py: { xs: 4, md: 6 }, minHeight: '100vh' } as const;

/** The top of a parent-area page: breadcrumbs, the title with an optional action beside it, and a line on what the page is for. */
export function AccountPageTitle({
  title,
  trail,
  intro,
  action,
}: {
  title: string;
  trail?: { label: string; to: string }[];
  intro?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <>
      <AccountBreadcrumbs trail={trail} current={title} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: intro ? 1 : 4 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 } }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {intro}
        </Typography>
      )}
    </>
  );
}
