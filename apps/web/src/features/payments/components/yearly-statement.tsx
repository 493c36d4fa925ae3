import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDownloadStatement } from '../api/download-statement.ts';
import { useStatementYears } from '../api/get-statement-years.ts';

/**
 * The yearly dependent-care statement: a PDF of the care paid in a year, with the provider's
 * EIN, for FSA claims and the child-care tax credit. Shown once the family has paid for care.
 */
export function YearlyStatement() {
  const years = useStatementYears();
  const download = useDownloadStatement();
  const [chosen, setChosen] = useState<number | null>(null);
  const available = years.data?.years ?? [];
  if (!available.length) return null;
  const year = chosen !== null && available.includes(chosen) ? chosen : available[0]!;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="yearly-statement-title">
      <Typography id="yearly-statement-title" variant="h6" component="h2">
        Yearly statement for dependent-care accounts
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Each child’s paid care in the year, net of refunds, with our name, address and tax id: what a dependent-care
        account (FSA) or the child-care tax credit asks for.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="Year"
          value={year}
          onChange={(e) => setChosen(Number(e.target.value))}
          sx={{ minWidth: 140 }}
        >
          {available.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => download.mutate(year)} loading={download.isPending}>
          Download PDF
        </Button>
      </Stack>
    </Paper>
  );
}
