import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** 'Coach portal › … › current' above the coach pages (coaches have no parent dashboard). */
export function CoachBreadcrumbs({
  trail = [],
  current,
}: {
  trail?: { label: string; to: string }[];
  current: string;
}) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, '@media print': { display: 'none' } }}>
      <Link component={RouterLink} to={paths.coach}>
        Coach portal
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
