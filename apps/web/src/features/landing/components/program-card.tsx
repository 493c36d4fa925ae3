import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { ProgramTeaser } from '@kikstart/contract/content';
import { classTypeLabel, locationTypeLabel } from '@kikstart/contract/content';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';

/** One featured program: sport, title, summary, class type and location labels, price. */
export function ProgramCard({ program }: { program: ProgramTeaser }) {
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5, p: 3 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.4 }}>
          {program.sport}
        </Typography>
        <Typography variant="h3">{program.title}</Typography>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {program.summary}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <StatusChip tone="info-outline" label={classTypeLabel(program.classType)} />
          <StatusChip tone="secondary" label={locationTypeLabel(program.locationType)} />
        </Stack>
        {program.venueName && (
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <PlaceOutlined fontSize="small" aria-hidden />
            {program.venueName}
          </Typography>
        )}
        <Typography sx={(t) => ({ fontFamily: t.typography.h1.fontFamily, fontWeight: 700, fontSize: 22 })}>
          {formatMoneyFromCents(program.priceCents, program.currency)}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function ProgramCardSkeleton() {
  return (
    <Card aria-hidden sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Skeleton width="30%" />
        <Skeleton width="70%" height={36} />
        <Skeleton />
        <Skeleton width="85%" />
        <Skeleton variant="rounded" width={160} height={24} sx={{ my: 1.5 }} />
        <Skeleton width="25%" height={32} />
      </CardContent>
    </Card>
  );
}
