import Check from '@mui/icons-material/Check';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Security from '@mui/icons-material/SecurityOutlined';
import { Avatar, Divider, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileDialog } from '../../features/profile/components/ProfileDialog';
import { saveLanguagePreference } from '../../features/profile/hooks/useUpdateProfile';
import { SecurityDialog } from '../../features/security/components/SecurityDialog';
import { changeLanguage, LANGUAGES, type LanguageCode, normalizeLanguage } from '../../shared/i18n';
import { mediaUrl } from '../../shared/media';
import { useCurrentUser, useSession } from '../../shared/session/context';

export function ProfileMenu() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [security, setSecurity] = useState(false);
  const menuId = useId();
  const current = normalizeLanguage(i18n.language) ?? 'pt';

  const pickLanguage = async (code: LanguageCode) => {
    setAnchor(null);
    await changeLanguage(code);
    void saveLanguagePreference(user, code);
  };

  return (
    <>
      <Tooltip title={t('profileMenu.label')}>
        <IconButton
          color="inherit"
          aria-label={t('profileMenu.label')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Avatar src={mediaUrl(user.profileImage)} alt="" sx={{ width: 32, height: 32 }}>
            {user.name[0]?.toUpperCase()}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setEditing(true);
          }}
        >
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('profileMenu.profile')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setSecurity(true);
          }}
        >
          <ListItemIcon>
            <Security fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('profileMenu.security')}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>{t('profileMenu.language')}</ListSubheader>
        {LANGUAGES.map((lang) => (
          <MenuItem
            key={lang.code}
            lang={lang.htmlLang}
            selected={lang.code === current}
            aria-current={lang.code === current ? 'true' : undefined}
            onClick={() => void pickLanguage(lang.code)}
          >
            <ListItemIcon>{lang.code === current && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{lang.label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('profileMenu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <ProfileDialog open={editing} onClose={() => setEditing(false)} />
      <SecurityDialog open={security} onClose={() => setSecurity(false)} />
    </>
  );
}
