import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import { openDemoModal } from '../lib/demo-events.ts';
import { paths } from '../lib/paths.ts';

/**
 * 'Request A Free Demo': opens the demo modal (features/leads) over the current page. It is the
 * submit button of a form that leads to /request-a-demo, so with scripts off it shows the demo
 * form there (decision 0033); with them the form's handler opens the modal instead, and a press
 * before the app runs is held and made again once it does (lib/early-input.ts), as for any form.
 */
export function RequestDemoButton({
  children = 'Request A Free Demo',
  inFlexRow = false,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick' | 'type'> & {
  children?: ReactNode;
  /**
   * In a flex row spaced by `gap` (the header): the form takes no box of its own. Otherwise (a
   * Stack, spaced by margins) the form stands where the button stood and the button fills it.
   */
  inFlexRow?: boolean;
}) {
  return (
    <Box
      component="form"
      method="get"
      action={paths.requestDemo}
      onSubmit={(event) => {
        event.preventDefault();
        openDemoModal();
      }}
      sx={inFlexRow ? { display: 'contents' } : { display: 'flex', flexDirection: 'column' }}
    >
      <Button variant="outlined" {...props} type="submit">
        {children}
      </Button>
    </Box>
  );
}
