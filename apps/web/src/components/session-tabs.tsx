import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { paths, pathTo } from '../lib/paths.ts';

/** The coach portal's session pages: the roster (features/coach) and its photos (features/gallery). */
export function SessionTabs({
  programId,
  date,
  current,
}: {
  programId: string;
  date: string;
  current: 'roster' | 'photos';
}) {
  return (
    <Tabs
      value={current}
      aria-label="Session pages"
      // The brand red is too light for 15 px text (decision 0007): the chosen tab is dark and bold, the bar red.
      textColor="inherit"
      sx={{
        mb: 3,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root': { opacity: 1, color: 'text.secondary' },
        '& .MuiTab-root.Mui-selected': { color: 'text.primary', fontWeight: 700 },
        '@media print': { display: 'none' },
      }}
    >
      <Tab
        value="roster"
        label="Roster"
        component={RouterLink}
        to={pathTo(paths.coachSession, { programId, date })}
        aria-current={current === 'roster' ? 'page' : undefined}
      />
      <Tab
        value="photos"
        label="Photos"
        component={RouterLink}
        to={pathTo(paths.coachSessionPhotos, { programId, date })}
        aria-current={current === 'photos' ? 'page' : undefined}
      />
    </Tabs>
  );
}
