/** Every query key of the Typebot page. */
export const typebotKeys = {
  /** The configured builder URL (GET /setting/typebotUrl). */
  builderUrl: ['typebot', 'builderUrl'] as const,
};
