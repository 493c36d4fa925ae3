import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import type { MoveDirection } from '@kikstart/contract/admin-catalog';

/**
 * The up and down arrows of the content list editor (content/components/list-editor.tsx), for
 * rows the API stores one by one: each click moves the row a place in the public order at once.
 * While a search is on, neighbors on screen are not neighbors in the order, so the arrows rest.
 */
export function OrderCell({
  name,
  position,
  total,
  searching,
  busy,
  onMove,
}: {
  name: string;
  /** 0-based place in the whole list. */
  position: number;
  total: number;
  searching: boolean;
  busy: boolean;
  onMove: (direction: MoveDirection) => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="span" sx={{ minWidth: 24, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {position + 1}
      </Box>
      <IconButton
        size="small"
        aria-label={`Move ${name} up`}
        disabled={searching || busy || position === 0}
        onClick={() => onMove('up')}
      >
        <ArrowUpward fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={`Move ${name} down`}
        disabled={searching || busy || position >= total - 1}
        onClick={() => onMove('down')}
      >
        <ArrowDownward fontSize="small" />
      </IconButton>
    </Box>
  );
}
