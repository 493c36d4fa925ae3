import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SIBLING_DISCOUNT_MAX, siblingDiscountSchema, type SiblingDiscount } from '@kikstart/contract/admin-money';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { useGetSiblingDiscount } from '../api/get-sibling-discount.ts';
import { useSetSiblingDiscount } from '../api/set-sibling-discount.ts';
import { NumberField } from './number-field.tsx';

const resolver: Resolver<SiblingDiscount> = zodResolver(siblingDiscountSchema);

function SiblingForm({ current }: { current: SiblingDiscount }) {
  const save = useSetSiblingDiscount();
  const form = useForm<SiblingDiscount>({ resolver, values: current });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ width: { xs: '100%', sm: 240 } }}>
          <NumberField
            control={form.control}
            name="percent"
            label="Sibling discount"
            suffix="%"
            required
            helperText={`0 to ${SIBLING_DISCOUNT_MAX}%`}
          />
        </Box>
        <SubmitButton loading={save.isPending} size="medium">
          Save discount
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** The sibling discount: every further child in a term pays this much less (docs/decisions/0013). */
export function SiblingDiscountCard() {
  const { data } = useGetSiblingDiscount();
  return (
    <Card variant="outlined" component="section" aria-labelledby="sibling-discount-heading">
      <CardContent>
        <Typography variant="h2" id="sibling-discount-heading" sx={{ fontSize: 20, mb: 0.5 }}>
          Sibling discount
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          In programs that run at the same time, the family&apos;s first child pays full price and each further child
          pays this much less. It applies to checkouts started from now on.
        </Typography>
        {data ? <SiblingForm current={data} /> : <Skeleton height={56} />}
      </CardContent>
    </Card>
  );
}
