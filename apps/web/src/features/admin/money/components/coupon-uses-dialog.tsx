import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AdminCoupon, CouponUse } from '@kikstart/contract/admin-money';
import { formatMoneyFromCents } from '../../../../lib/format/money.ts';
import { useGetCouponUses } from '../api/get-coupon-uses.ts';

const USE_LABELS: Record<CouponUse['status'], string> = {
  redeemed: 'paid',
  reserved: 'checkout open',
  released: 'not paid, released',
};

function Uses({ coupon }: { coupon: AdminCoupon }) {
  const { data } = useGetCouponUses(coupon.id);
  if (!data) return <Skeleton height={80} />;
  if (!data.items.length)
    return <Typography color="text.secondary">No checkout has used {coupon.code} yet.</Typography>;
  return (
    <List dense aria-label={`Checkouts that used ${coupon.code}`}>
      {data.items.map((u) => (
        <ListItem key={u.checkoutId} disableGutters>
          <ListItemText
            primary={`${u.familyEmail ?? 'Deleted account'}: −${formatMoneyFromCents(u.couponDiscountCents, u.currency)} of ${formatMoneyFromCents(u.totalCents + u.couponDiscountCents, u.currency)}`}
            secondary={`${new Date(u.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })} · ${USE_LABELS[u.status]}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Which checkouts used a coupon: the family, the discount and whether it was paid. */
export function CouponUsesDialog({ coupon }: { coupon: AdminCoupon }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Uses of ${coupon.code}`}>
        Uses
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth>
        <DialogTitle id={titleId}>Uses of {coupon.code}</DialogTitle>
        <DialogContent>{open && <Uses coupon={coupon} />}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
