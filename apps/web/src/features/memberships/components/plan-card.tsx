import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import type { ReactNode } from 'react';
import type { Plan } from '@kikstart/contract/memberships';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';

/** One plan: name, price per interval, children covered, features, and the action it offers. */
export function PlanCard({
  plan,
  current,
  action,
}: {
  plan: Omit<Plan, 'coveredPrograms'>;
  current?: boolean;
  action: ReactNode;
}) {
  const headingId = `plan-${plan.slug}`;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', gap: 2, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h3" component="h2">
            {plan.name}
          </Typography>
          {current && <Chip label="Your plan" color="success" size="small" />}
        </Box>
        <Typography>
          <Box component="span" sx={{ fontSize: 36, fontWeight: 700 }}>
            {formatMoneyFromCents(plan.priceCents, plan.currency)}
          </Box>{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            per {plan.interval}
          </Box>
        </Typography>
        <Typography color="text.secondary">{plan.description}</Typography>
        <List dense disablePadding aria-label={`${plan.name} includes`}>
          {plan.features.map((f) => (
            <ListItem key={f} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckCircleOutlined fontSize="small" color="success" />
              </ListItemIcon>
              <ListItemText primary={f} />
            </ListItem>
          ))}
        </List>
        <Box sx={{ mt: 'auto' }}>{action}</Box>
      </CardContent>
    </Card>
  );
}
