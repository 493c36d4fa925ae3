import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SandboxCheckout } from '@kikstart/contract/payments';

/** Stripe's test cards and what each does, as the server lists them. */
export function TestCardList({ cards }: { cards: SandboxCheckout['testCards'] }) {
  return (
    <Box
      component="section"
      aria-labelledby="test-cards-heading"
      sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <Typography id="test-cards-heading" sx={{ fontWeight: 700, mb: 0.5 }}>
        Test cards
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {cards.map((c) => (
          <li key={c.number}>
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 15 }}>
              {c.number}
            </Box>{' '}
            {c.outcome}
          </li>
        ))}
      </Box>
    </Box>
  );
}
