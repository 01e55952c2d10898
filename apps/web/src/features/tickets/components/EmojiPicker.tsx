import { Popover } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import Picker, { type EmojiDataLoader, EmojiStyle, SuggestionMode, Theme } from 'emoji-picker-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The emoji names the search reads, in the UI language (Turkish has no dataset: English names). Loaded on first
 * open, each a chunk of the bundle: nothing is fetched from a CDN.
 */
const DATASETS: Record<string, EmojiDataLoader> = {
  pt: () => import('emoji-picker-react/data/emojis-pt'),
  es: () => import('emoji-picker-react/data/emojis-es'),
  en: () => import('emoji-picker-react/data/emojis-en'),
  tr: () => import('emoji-picker-react/data/emojis-en'),
};

/**
 * The larger emoji list in a popover, on emoji-picker-react (issue 20 item 7): search, skin tones and recent emojis
 * (kept in the browser), drawn with the system's own emoji font (native style — no images from a CDN), in the
 * theme's light or dark mode. Escape closes it.
 */
export function EmojiPicker({
  anchor,
  onClose,
  onPick,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onPick: (emoji: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const mode = useTheme().palette.mode;
  const language = (i18n.language ?? 'pt').split('-')[0];
  const labels = useMemo(
    () => ({
      searchPlaceholder: t('tickets.emoji.search'),
      searchLabel: t('tickets.emoji.search'),
      searchClear: t('tickets.emoji.clear'),
      searchResultsNone: t('tickets.emoji.none'),
      searchResultsOne: t('tickets.emoji.one'),
      searchResultsMany: t('tickets.emoji.many'),
      categoryNavigation: t('tickets.emoji.categories'),
      loading: t('tickets.emoji.loading'),
      loadingError: t('tickets.emoji.loadingError'),
      retryLoading: t('tickets.emoji.retry'),
      skinToneNeutral: t('tickets.emoji.skinNeutral'),
      skinToneLight: t('tickets.emoji.skinLight'),
      skinToneMediumLight: t('tickets.emoji.skinMediumLight'),
      skinToneMedium: t('tickets.emoji.skinMedium'),
      skinToneMediumDark: t('tickets.emoji.skinMediumDark'),
      skinToneDark: t('tickets.emoji.skinDark'),
    }),
    [t],
  );
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { 'aria-label': t('tickets.emoji.title') } }}
    >
      <Picker
        open
        emojiStyle={EmojiStyle.NATIVE}
        theme={mode === 'dark' ? Theme.DARK : Theme.LIGHT}
        emojiData={DATASETS[language] ?? DATASETS.en}
        labels={labels}
        suggestedEmojisMode={SuggestionMode.RECENT}
        previewConfig={{ showPreview: false }}
        autoFocusSearch
        lazyLoadEmojis
        width={340}
        height={400}
        onEmojiClick={(data) => {
          onPick(data.emoji);
          onClose();
        }}
      />
    </Popover>
  );
}
