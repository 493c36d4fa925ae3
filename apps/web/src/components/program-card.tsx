import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { Link as RouterLink } from 'react-router';
import { classTypeLabel, locationTypeLabel } from '@kikstart/contract/program-labels';
import type { ProgramSummary } from '@kikstart/contract/programs';
import { StatusChip } from './status-chip.tsx';
import { ProgramImage } from './program-image.tsx';
import { paths, pathTo } from '../lib/paths.ts';
import {
  audienceText,
  dateRangeText,
  priceText,
  scheduleText,
  seatsText,
  venueText,
} from '../lib/format/program-text.ts';

const Line = ({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) => (
  <Typography component="p" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
    {icon}
    <span>{children}</span>
  </Typography>
);

/**
 * One program as the catalog and the home page's featured programs show it: picture, what,
 * where, when, for whom, price and seats. The whole card links to the program's page.
 */
export function ProgramCard({
  program,
  headingLevel = 'h2',
  eager = false,
}: {
  program: ProgramSummary;
  /** h2 under the catalog's h1; h3 inside a home page section. */
  headingLevel?: 'h2' | 'h3';
  /** The first card of a list, on the first screen: its picture is fetched at once (LCP). */
  eager?: boolean;
}) {
  const full = program.seatsLeft <= 0;
  return (
    <Card component="article" aria-labelledby={`program-${program.id}`} sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={pathTo(paths.programDetails, { id: program.id })}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <ProgramImage program={program} eager={eager} />
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, p: 3, flex: 1 }}>
          <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.4 }}>
            {program.sport}
          </Typography>
          <Typography variant="h3" component={headingLevel} id={`program-${program.id}`}>
            {program.title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <StatusChip tone="info-outline" label={classTypeLabel(program.classType)} />
            <StatusChip tone="secondary" label={locationTypeLabel(program.locationType)} />
          </Stack>
          <Typography color="text.secondary">{program.summary}</Typography>
          <Line icon={<PlaceOutlined fontSize="small" aria-hidden />}>{venueText(program)}</Line>
          <Line icon={<ScheduleOutlined fontSize="small" aria-hidden />}>{scheduleText(program)}</Line>
          <Line icon={<EventOutlined fontSize="small" aria-hidden />}>{dateRangeText(program)}</Line>
          <Line icon={<GroupsOutlined fontSize="small" aria-hidden />}>{audienceText(program)}</Line>
          <Stack
            direction="row"
            sx={{ mt: 'auto', pt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography sx={(t) => ({ fontFamily: t.typography.h1.fontFamily, fontWeight: 700, fontSize: 22 })}>
              {priceText(program)}
            </Typography>
            <StatusChip tone={full ? 'warning' : 'success'} label={seatsText(program.seatsLeft)} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The card's shape while loading: the same picture box and lines, so nothing jumps when data arrives. */
export function ProgramCardSkeleton() {
  return (
    <Card aria-hidden sx={{ height: '100%' }}>
      <Skeleton animation="wave" variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <CardContent sx={{ p: 3 }}>
        <Skeleton animation="wave" width="30%" />
        <Skeleton animation="wave" width="70%" height={36} />
        <Skeleton animation="wave" variant="rounded" width={180} height={24} sx={{ my: 1 }} />
        <Skeleton animation="wave" />
        <Skeleton animation="wave" width="85%" />
        <Skeleton animation="wave" width="60%" />
        <Skeleton animation="wave" width="65%" />
        <Skeleton animation="wave" width="55%" />
        <Skeleton animation="wave" width="25%" height={32} />
      </CardContent>
    </Card>
  );
}
