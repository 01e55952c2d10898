import CloudIcon from '@mui/icons-material/Cloud';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Badge, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The channel of a connection as an icon (WhatsApp green, Messenger blue, Instagram pink; the Cloud API with a cloud). */
export function ChannelIcon({ channel }: { channel: string }) {
  const { t } = useTranslation();
  const label = t(`connections.channels.${channel}`, { defaultValue: channel });
  const icon =
    channel === 'facebook' ? (
      <FacebookIcon sx={{ color: '#1877F2' }} />
    ) : channel === 'instagram' ? (
      <InstagramIcon sx={{ color: '#E1306C' }} />
    ) : (
      <WhatsAppIcon sx={{ color: '#25D366' }} />
    );
  return (
    <Box component="span" role="img" aria-label={label} title={label} sx={{ display: 'inline-flex' }}>
      {channel === 'whatsappapi' ? (
        <Badge overlap="circular" badgeContent={<CloudIcon sx={{ fontSize: 12, color: 'info.main' }} />}>
          {icon}
        </Badge>
      ) : (
        icon
      )}
    </Box>
  );
}
