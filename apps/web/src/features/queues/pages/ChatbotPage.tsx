import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import { useChatbot, useQueues, useSaveChatbot, useTargets } from '../../../shared/data/queues/useQueues';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { toast } from '../../../shared/toast';
import { Loading } from '../../../shared/ui/Loading';
import { PAGE_SX } from '../../../shared/ui/Page';
import { ChatbotEditor, fromDrafts, type StepDraft, toDrafts, validateFlow } from '../components/ChatbotEditor';

/** /chatbot/:id — one step of a flow and everything under it (seed 001 §2). */
export default function ChatbotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const bot = useChatbot(id);
  const save = useSaveChatbot();
  const queues = useQueues();
  const { plan } = useCompanyPlan();
  const allowIntegration = plan?.useIntegrations !== false;
  const targets = useTargets({ integrations: allowIntegration });
  const [steps, setSteps] = useState<StepDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (bot.data) setSteps(toDrafts([bot.data]));
  }, [bot.data]);

  if (bot.isLoading) return <Loading />;
  if (bot.isError || !bot.data) {
    const notFound = bot.error instanceof ApiError && bot.error.status === 404;
    return (
      <Box sx={PAGE_SX}>
        <Typography>{notFound ? t('queues.chatbot.notFound') : t('table.loadError')}</Typography>
        <Button sx={{ mt: 2 }} onClick={() => navigate('/queues')}>
          {t('queues.backToQueues')}
        </Button>
      </Box>
    );
  }

  const onSave = async () => {
    const check = validateFlow(steps);
    setErrors(check);
    if (Object.keys(check).length) return;
    const [root] = fromDrafts(steps);
    try {
      await save.mutateAsync({ id, values: root });
      toast.success(t('queues.chatbot.saved'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('queues.chatbot.pageTitle', { name: bot.data.name })}
        </Typography>
        <Button onClick={() => navigate('/queues')}>{t('queues.backToQueues')}</Button>
        <Button variant="contained" onClick={onSave} disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ChatbotEditor
          steps={steps}
          onChange={setSteps}
          errors={errors}
          rootFixed
          targets={{
            queues: (queues.data ?? []).map((q) => ({ id: q.id, name: q.name })),
            users: targets.users,
            integrations: targets.integrations,
            files: targets.files,
            allowIntegration,
          }}
        />
      </Paper>
    </Box>
  );
}
