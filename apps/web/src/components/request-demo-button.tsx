import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import { openDemoModal } from '../lib/demo-events.ts';

/** 'Request A Free Demo': opens the demo modal (features/leads) over the current page. */
export function RequestDemoButton(props: Omit<ButtonProps, 'href' | 'onClick'>) {
  return (
    <Button variant="outlined" {...props} onClick={() => openDemoModal()}>
      Request A Free Demo
    </Button>
  );
}
