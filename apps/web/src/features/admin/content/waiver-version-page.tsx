import { Link as RouterLink, useParams } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/load-error.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { adminPath } from '../admin-paths.ts';
import { useWaiverVersion } from './api/get-waiver-version.ts';

/** /admin/content/waiver/:version: the exact text guardians signed under this version. */
export function WaiverVersionPage() {
  const { version = '' } = useParams();
  const { data, isPending, isError, refetch } = useWaiverVersion(version);
  return (
    <>
      <Link component={RouterLink} to={adminPath('content', 'waiver')} sx={{ display: 'inline-block', mb: 2 }}>
        Back to the waiver
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Waiver version {version}
      </Typography>
      {isError ? (
        <LoadError onRetry={() => void refetch()}>This waiver version could not be loaded.</LoadError>
      ) : isPending ? (
        <PageLoader label="Loading the waiver version" />
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>
            Published {formatDateTime(data.publishedAt)}
            {data.publishedBy ? ` by ${data.publishedBy}` : ''} · signed by {data.signatures}{' '}
            {data.signatures === 1 ? 'enrollment' : 'enrollments'}{' '}
            {data.current && <Chip size="small" color="success" label="Current" sx={{ ml: 1 }} />}
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: 24 }}>
              {data.title}
            </Typography>
            <Markdown>{data.body}</Markdown>
          </Paper>
        </>
      )}
    </>
  );
}
