import { useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Logout from '@mui/icons-material/Logout';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import ChildCareOutlined from '@mui/icons-material/ChildCareOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import SportsOutlined from '@mui/icons-material/SportsOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import type { Role } from '@kikstart/contract/roles';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../store/hooks.ts';
import { profileDisplayName } from '../../store/session-slice.ts';
import { useLogout } from '../../features/auth/use-logout.ts';
import { avatarInitials } from '../../lib/format/initials.ts';
import { uploadUrl } from '../../lib/upload-url.ts';
import { paths } from '../../lib/paths.ts';

/** The account pages, in menu order, each for the accounts with its role (every account has a profile). */
const MENU_ITEMS: { label: string; to: string; Icon: typeof DashboardOutlined; role?: Role }[] = [
  { label: 'Staff console', to: paths.admin, Icon: AdminPanelSettingsOutlined, role: 'admin' },
  { label: 'Coach portal', to: paths.coach, Icon: SportsOutlined, role: 'coach' },
  { label: 'Coach profile', to: paths.coachProfile, Icon: BadgeOutlined, role: 'coach' },
  { label: 'Dashboard', to: paths.dashboard, Icon: DashboardOutlined, role: 'parent' },
  { label: 'Children', to: paths.children, Icon: ChildCareOutlined, role: 'parent' },
  { label: 'Enrollments', to: paths.enrollments, Icon: EventNoteOutlined, role: 'parent' },
  { label: 'Gallery', to: paths.gallery, Icon: PhotoLibraryOutlined, role: 'parent' },
  { label: 'Payments', to: paths.transactions, Icon: ReceiptLongOutlined, role: 'parent' },
  { label: 'Billing', to: paths.billing, Icon: CardMembershipOutlined, role: 'parent' },
  { label: 'Profile', to: paths.profile, Icon: PersonOutlined },
];

/** Avatar button opening the account menu: Dashboard, Children, Enrollments, Payments, Billing, Profile and Sign out. */
export function SignedInMenu() {
  const userData = useAppSelector((s) => s.session.userData);
  const roles = userData?.roles ?? [];
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = profileDisplayName(userData);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Your account">
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`Account menu for ${name}`}
          aria-controls={anchor ? menuId : undefined}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
        >
          <Avatar
            src={uploadUrl(userData?.avatarUrl)}
            alt=""
            sx={{ width: 36, height: 36, bgcolor: 'primary.dark', color: '#fff', fontSize: 15, fontWeight: 700 }}
          >
            {avatarInitials(name) || '?'}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {MENU_ITEMS.filter(({ role }) => !role || roles.includes(role)).map(({ label, to, Icon }) => (
          <MenuItem key={to} component={RouterLink} to={to} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
