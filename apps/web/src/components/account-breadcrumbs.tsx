import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths.ts';

/** 'Dashboard › … › current' above every parent-area page. */
export function AccountBreadcrumbs({
  trail = [],
  current,
}: {
  trail?: { label: string; to: string }[];
  current: string;
}) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} to={paths.dashboard}>
        Dashboard
      </Link>
      {trail.map((t) => (
        <Link key={t.to} component={RouterLink} to={t.to}>
          {t.label}
        </Link>
      ))}
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
