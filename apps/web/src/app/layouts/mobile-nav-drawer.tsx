import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Close from '@mui/icons-material/Close';
import { NavLink } from 'react-router';
import { mainNav } from '../../lib/paths.ts';
import { accentTextColor } from '../../theme/palette.ts';
import { BrandLogo } from './brand-logo.tsx';
import { openDemoModal } from '../../lib/demo-events.ts';

/** The main navigation on small screens. Focus is trapped while open; Escape closes it. */
export function MobileNavDrawer({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  return (
    <Drawer id={id} anchor="left" open={open} onClose={onClose}>
      <Box component="nav" aria-label="Main" sx={{ width: 280 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', py: 1, pl: 2, pr: 1 }}>
          <BrandLogo onClick={onClose} />
          <IconButton onClick={onClose} aria-label="Close navigation menu">
            <Close />
          </IconButton>
        </Box>
        <Divider />
        <List>
          {mainNav.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                end={item.to === '/'}
                onClick={onClose}
                sx={(t) => ({
                  '&.active': {
                    color: accentTextColor(t.palette.mode),
                    fontWeight: 700,
                    borderLeft: `4px solid ${t.palette.primary.main}`,
                  },
                })}
              >
                <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Box sx={{ px: 2, pb: 2 }}>
          <Button
            variant="contained"
            fullWidth
            onClick={() => {
              onClose();
              openDemoModal();
            }}
          >
            Request A Free Demo
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
