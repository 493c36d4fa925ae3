import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { adminPlanUpdateSchema, type AdminPlan, type AdminPlanUpdate } from '@kikstart/contract/admin-money';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { formatMoneyFromCents } from '../../../../lib/format/money.ts';
import { useUpdatePlan } from '../api/update-plan.ts';
import { NumberField } from './number-field.tsx';

const resolver: Resolver<AdminPlanUpdate> = zodResolver(adminPlanUpdateSchema);

/** One plan's price, children covered and whether it is offered; members keep the price they joined at. */
export function PlanCard({ plan }: { plan: AdminPlan }) {
  const update = useUpdatePlan();
  const form = useForm<AdminPlanUpdate>({
    resolver,
    values: { priceCents: plan.priceCents, maxChildren: plan.maxChildren, active: plan.active },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: plan.id, ...values });
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  const headingId = `plan-${plan.id}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h2" id={headingId} sx={{ fontSize: 20, mb: 0.5 }}>
          {plan.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {formatMoneyFromCents(plan.priceCents, plan.currency)} a {plan.interval} · {plan.liveMemberships} live{' '}
          {plan.liveMemberships === 1 ? 'membership' : 'memberships'}, each renewing at the price it was bought at
        </Typography>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NumberField
                control={form.control}
                name="priceCents"
                label={`Price a ${plan.interval}`}
                money
                required
                helperText="New memberships pay this price"
              />
              <NumberField control={form.control} name="maxChildren" label="Children covered" required />
            </Stack>
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
                  label="Offered to families"
                />
              )}
            />
            <div>
              <SubmitButton loading={update.isPending} size="medium">
                Save {plan.name}
              </SubmitButton>
            </div>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
