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
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', '@media print': { display: 'none' } }}
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
