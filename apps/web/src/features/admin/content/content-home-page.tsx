import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MARKDOWN_PAGES } from '@kikstart/contract/admin-content';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { adminPath } from '../admin-paths.ts';
import { useContentPages } from './api/get-content-pages.ts';
import { STRUCTURED_EDITORS } from './public-paths.ts';

/** /admin/content: every page and structured part staff edit, with its last change. */
export function ContentHomePage() {
  const { data, isPending, isError, refetch } = useContentPages();
  const stored = new Map(data?.map((p) => [p.key, p]));
  const lastEdit = (key: string) => {
    const page = stored.get(key);
    return page ? `Version ${page.version}, last changed ${formatDateTime(page.updatedAt)}` : undefined;
  };
  const pages = MARKDOWN_PAGES.filter((p) => stored.has(p.key));
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Content
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>
        Edit the site&apos;s pages and home page. A saved change shows on the public site at once.
      </Typography>
      {isError ? (
        <LoadError onRetry={() => void refetch()}>The content list could not be loaded.</LoadError>
      ) : isPending ? (
        <PageLoader label="Loading the content list" />
      ) : (
        <>
          <Typography variant="h2" sx={{ fontSize: 22, mb: 1 }}>
            Home page and site details
          </Typography>
          <Paper variant="outlined" sx={{ mb: 4 }}>
            <List disablePadding>
              {STRUCTURED_EDITORS.map((e) => (
                <ListItem key={e.path} disablePadding divider>
                  <ListItemButton component={RouterLink} to={adminPath('content', e.path)}>
                    <ListItemText
                      primary={e.label}
                      secondary={[e.summary, lastEdit(e.key)].filter(Boolean).join(' · ')}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
          <Typography variant="h2" sx={{ fontSize: 22, mb: 1 }}>
            Pages
          </Typography>
          {pages.length === 0 ? (
            <EmptyState
              title="No pages yet"
              text="The site's pages are created when the site is first set up. Restart the API on an empty database to create them."
              actions={
                <Button component={RouterLink} to={adminPath('')} variant="outlined">
                  Back to the console
                </Button>
              }
            />
          ) : (
            <Paper variant="outlined">
              <List disablePadding>
                {pages.map((p) => (
                  <ListItem key={p.key} disablePadding divider>
                    <ListItemButton component={RouterLink} to={adminPath('content', 'pages', p.key)}>
                      <ListItemText primary={p.label} secondary={lastEdit(p.key)} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
        </>
      )}
    </>
  );
}
