/** A message template as the conversation sends it (issue 36): its Graph components and the text the customer sees. */
import {
  missingTemplateVariables,
  renderedTemplateText,
  renderMessageTemplate,
  type TemplateParameters,
  type TemplateSendBody,
  templateHeaderMedia,
  templateVariableIssue,
  templateVariables,
  V,
} from '@atendo/shared';
import type { OutboundContent } from '../../channels/types';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { MessageTemplatesService } from '../message-templates/message-templates.service';

/** The outbound content of an approved template: Graph components from the values, and the text the customer sees. */
export async function templateContent(
  templates: Pick<MessageTemplatesService, 'usable'> | undefined,
  ctx: TenantContext,
  whatsappId: number,
  b: TemplateSendBody,
): Promise<Extract<OutboundContent, { type: 'template' }>> {
  if (!templates) throw new AppError('ERR_CHANNEL_NOT_SUPPORTED', 409, { type: 'template' });
  const template = await templates.usable(ctx, whatsappId, b);
  const missing = missingTemplateVariables(template, b.parameters);
  if (missing.length) {
    throw new AppError(
      'ERR_VALIDATION',
      400,
      undefined,
      missing.map((v) => ({
        path: `parameters.${v.component}.${v.index}`,
        message: templateVariableIssue(v, b.parameters) === 'invalid' ? V.invalid : V.required,
      })),
    );
  }
  return {
    type: 'template',
    template: {
      name: template.name,
      language: template.language,
      components: graphTemplateComponents(template, b.parameters),
      text: renderedTemplateText(renderMessageTemplate(template, b.parameters)),
    },
  };
}

/** Graph API `components` of a template send: one per component with variables, the values in order. */
export function graphTemplateComponents(
  template: Parameters<typeof templateVariables>[0],
  parameters: TemplateParameters,
): Record<string, unknown>[] {
  const counts = new Map<string, number>();
  const media = templateHeaderMedia(template);
  for (const v of templateVariables(template)) counts.set(v.component, Math.max(counts.get(v.component) ?? 0, v.index));
  return [...counts].map(([component, n]) => {
    if (component === 'header' && media) {
      // A media header's one parameter: the file by its link, of the header's own type (Meta: 132012 otherwise).
      const kind = media.toLowerCase();
      return { type: 'header', parameters: [{ type: kind, [kind]: { link: parameters.header?.[0]?.trim() } }] };
    }
    const values = (parameters[component] ?? []).slice(0, n).map((text) => ({ type: 'text', text }));
    if (component.startsWith('button:')) {
      return { type: 'button', sub_type: 'url', index: Number(component.slice(7)), parameters: values };
    }
    return { type: component, parameters: values };
  });
}
