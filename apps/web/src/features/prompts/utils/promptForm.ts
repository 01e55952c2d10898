import { PROMPT_DEFAULTS, PROMPT_MIN_LENGTH, type PromptBody, type PromptDto } from '@atendo/shared';

export const PROMPT_TEMPLATES = ['sales', 'support', 'customerService', 'blank'] as const;
export type PromptTemplate = (typeof PROMPT_TEMPLATES)[number];

export interface PromptFormValues {
  name: string;
  queueId: number | '';
  template: PromptTemplate;
  prompt: string;
  useExternalApi: boolean;
  apiUrl: string;
  apiJsonData: unknown;
  apiKey: string;
  model: string;
  temperature: number;
  maxTokens: number;
  maxMessages: number;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

export const EMPTY_PROMPT: PromptFormValues = {
  name: '',
  queueId: '',
  template: 'blank',
  prompt: '',
  useExternalApi: false,
  apiUrl: '',
  apiJsonData: null,
  apiKey: '',
  model: '',
  temperature: PROMPT_DEFAULTS.temperature,
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  maxMessages: PROMPT_DEFAULTS.maxMessages,
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: '',
};

export function fromDto(p: PromptDto): PromptFormValues {
  return {
    name: p.name,
    queueId: p.queueId ?? '',
    template: 'blank',
    prompt: p.prompt,
    useExternalApi: p.useExternalApi,
    apiUrl: p.apiUrl,
    apiJsonData: p.apiJsonData,
    apiKey: '',
    model: p.model,
    temperature: p.temperature,
    maxTokens: p.maxTokens,
    maxMessages: p.maxMessages,
    voice: p.voice,
    voiceKey: '',
    voiceRegion: p.voiceRegion,
  };
}

/** The 5 wizard steps (seed 001 §2 Prompts): the fields each one checks before Next. */
export const WIZARD_STEPS = ['name', 'queue', 'template', 'instructions', 'settings'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export type PromptErrors = Partial<Record<keyof PromptFormValues, string>>;

/** Seed 001 §5 "Prompt form", per step (i18n keys). `editing`: an empty key keeps the stored one. */
export function validateStep(step: WizardStep, v: PromptFormValues, o: { editing?: boolean } = {}): PromptErrors {
  const e: PromptErrors = {};
  if (step === 'name') {
    const name = v.name.trim();
    if (!name) e.name = 'prompts.errors.nameRequired';
    else if (name.length < 5) e.name = 'validation.tooShort';
    else if (name.length > 100) e.name = 'validation.tooLong';
  }
  if (step === 'queue' && v.queueId === '') e.queueId = 'prompts.errors.queueRequired';
  if (step === 'instructions') {
    const text = v.prompt.trim();
    if (!text) e.prompt = 'prompts.errors.instructionsRequired';
    else if (text.length < PROMPT_MIN_LENGTH) e.prompt = 'prompts.errors.instructionsTooShort';
    if (v.useExternalApi && !v.apiUrl.trim()) e.apiUrl = 'prompts.errors.apiUrlRequired';
  }
  if (step === 'settings') {
    if (!o.editing && !v.apiKey.trim()) e.apiKey = 'validation.required';
    if (!Number.isFinite(v.temperature) || v.temperature < 0 || v.temperature > 2) e.temperature = 'validation.invalid';
    if (!Number.isInteger(v.maxTokens) || v.maxTokens < 1) e.maxTokens = 'validation.required';
    if (!Number.isInteger(v.maxMessages) || v.maxMessages < 0 || v.maxMessages > 100) e.maxMessages = 'validation.required';
    if (v.voice !== 'texto') {
      if (!o.editing && !v.voiceKey.trim()) e.voiceKey = 'validation.required';
      if (!v.voiceRegion.trim()) e.voiceRegion = 'validation.required';
    }
  }
  return e;
}

/** Every step at once (the edit form, and the wizard's last submit). */
export function validateAll(v: PromptFormValues, o: { editing?: boolean } = {}): PromptErrors {
  return Object.assign({}, ...WIZARD_STEPS.map((s) => validateStep(s, v, o)));
}

/** Seed 001 §4: the external feed on sets the history to 0, off back to 20. */
export function toggleExternalApi(v: PromptFormValues, on: boolean): PromptFormValues {
  return { ...v, useExternalApi: on, maxMessages: on ? 0 : PROMPT_DEFAULTS.maxMessages };
}

export function toBody(v: PromptFormValues): PromptBody {
  return {
    name: v.name.trim(),
    prompt: v.prompt.trim(),
    queueId: Number(v.queueId),
    apiKey: v.apiKey.trim(),
    model: v.model.trim(),
    temperature: v.temperature,
    maxTokens: v.maxTokens,
    maxMessages: v.maxMessages,
    voice: v.voice,
    voiceKey: v.voiceKey.trim(),
    voiceRegion: v.voiceRegion.trim(),
    useExternalApi: v.useExternalApi,
    apiUrl: v.apiUrl.trim(),
    apiJsonData: v.apiJsonData ?? undefined,
  };
}
