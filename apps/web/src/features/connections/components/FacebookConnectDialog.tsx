import { FacebookConnectBody } from '@atendo/shared';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useFacebookConnect } from '../../../shared/data/connections/useConnections';
import { toast } from '../../../shared/toast';

/** The Meta app id for the Facebook login dialog (the API's FACEBOOK_APP_ID). Without it the login is pasted by hand. */
export const FACEBOOK_APP_ID: string = (import.meta.env as Record<string, string | undefined>).VITE_FACEBOOK_APP_ID ?? '';
/** Seed 001 §7: the social login uses Graph API version 13.0 with page-messaging scopes. */
const FB_VERSION = 'v13.0';
const SCOPES = 'public_profile,pages_show_list,pages_messaging,pages_manage_metadata,pages_read_engagement,business_management';
const IG_SCOPES = `${SCOPES},instagram_basic,instagram_manage_messages`;

interface FbLoginResponse {
  status?: string;
  authResponse?: { userID: string; accessToken: string };
}
type FbSdk = { init(o: object): void; login(cb: (r: FbLoginResponse) => void, o: object): void };

let sdk: Promise<FbSdk> | null = null;
function loadSdk(): Promise<FbSdk> {
  sdk ??= new Promise((resolve, reject) => {
    const w = window as unknown as { FB?: FbSdk; fbAsyncInit?: () => void };
    w.fbAsyncInit = () => {
      w.FB?.init({ appId: FACEBOOK_APP_ID, cookie: true, xfbml: false, version: FB_VERSION });
      if (w.FB) resolve(w.FB);
    };
    const script = document.createElement('script');
    script.src = 'https://connect.facebook.net/en_US/sdk.js';
    script.async = true;
    script.onerror = () => {
      sdk = null;
      reject(new Error('facebook sdk'));
    };
    document.body.appendChild(script);
  });
  return sdk;
}

/** Opens the Facebook login (SDK) and answers the user's id and token, or null when the login did not complete. */
export async function facebookLogin(instagram: boolean): Promise<FacebookConnectBody | null> {
  const fb = await loadSdk();
  const res = await new Promise<FbLoginResponse>((resolve) => fb.login(resolve, { scope: instagram ? IG_SCOPES : SCOPES }));
  if (res.status !== 'connected' || !res.authResponse) return null;
  return { facebookUserId: res.authResponse.userID, facebookUserToken: res.authResponse.accessToken, addInstagram: instagram };
}

/**
 * Connects the Pages (Facebook) or their Instagram accounts (Instagram) of a Facebook login. With VITE_FACEBOOK_APP_ID the
 * login dialog opens; without it (development, the Graph stand-in) the user id and token are pasted here.
 */
export function FacebookConnectDialog({ channel, onClose }: { channel: 'facebook' | 'instagram' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const connect = useFacebookConnect();
  const [userId, setUserId] = useState('');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const instagram = channel === 'instagram';

  async function submit(body: FacebookConnectBody) {
    try {
      const list = await connect.mutateAsync(body);
      if (list.length) toast.success(t('connections.facebook.connected', { count: list.length }));
      else toast.error(t('connections.facebook.noPages'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  }

  async function withSdk() {
    try {
      const body = await facebookLogin(instagram);
      if (!body) {
        toast.error(t('connections.facebook.loginFailed'));
        return;
      }
      await submit(body);
    } catch {
      toast.error(t('connections.facebook.loginFailed'));
    }
  }

  function manual() {
    const parsed = FacebookConnectBody.safeParse({ facebookUserId: userId, facebookUserToken: token, addInstagram: instagram });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    void submit(parsed.data);
  }

  return (
    <Dialog open={Boolean(channel)} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {instagram ? t('connections.facebook.titleInstagram') : t('connections.facebook.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">{instagram ? t('connections.facebook.helpInstagram') : t('connections.facebook.help')}</Alert>
          {FACEBOOK_APP_ID ? null : (
            <>
              <Alert severity="warning">{t('connections.facebook.noAppId')}</Alert>
              <TextField
                label={t('connections.facebook.userId')}
                value={userId}
                onChange={(e) => setUserId(e.target.value)}
                error={Boolean(errors.facebookUserId)}
                helperText={errors.facebookUserId ? t(errors.facebookUserId) : undefined}
              />
              <TextField
                label={t('connections.facebook.userToken')}
                value={token}
                onChange={(e) => setToken(e.target.value)}
                error={Boolean(errors.facebookUserToken)}
                helperText={errors.facebookUserToken ? t(errors.facebookUserToken) : undefined}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {FACEBOOK_APP_ID ? (
          <Button variant="contained" disabled={connect.isPending} onClick={withSdk}>
            {t('connections.facebook.login')}
          </Button>
        ) : (
          <Button variant="contained" disabled={connect.isPending} onClick={manual}>
            {t('connections.facebook.connect')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
